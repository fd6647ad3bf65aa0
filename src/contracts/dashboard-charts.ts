// The dashboard's charts (docs/product.md §7, decision 028): one call per chart, each over a range of
// whole UTC days, answered in buckets of a day or a week with every bucket present (a day without
// bookings is a zero, not a gap). The server computes each number in the database; the web app only draws.
import { z } from 'zod';
import { BOOKING_STATUSES } from './statuses';
import { DAY_MESSAGE, daySchema } from './common';
import { CHART_NAMES, MAX_CHART_DAYS, type ChartName } from './dashboard-chart-names';

export { CHART_NAMES, MAX_CHART_DAYS, type ChartName };

export const CHART_MESSAGES = {
  notADate: DAY_MESSAGE,
  endBeforeStart: 'The range must end on or after the day it starts.',
  tooLong: `A range may span at most ${MAX_CHART_DAYS.toLocaleString('en-US')} days.`,
  unknownStatus: `Unknown booking status: the chart knows ${BOOKING_STATUSES.join(', ')}.`,
} as const;

const DAY_MS = 86_400_000;
/** Days from `from` to `to`, both counted. */
export const daysInRange = (from: string, to: string): number => Math.round((Date.parse(to) - Date.parse(from)) / DAY_MS) + 1;

export const BUCKETS = ['day', 'week'] as const;
export type Bucket = (typeof BUCKETS)[number];

/** Ranges up to this many days are drawn day by day unless the call asks for weeks. */
export const DAILY_UP_TO_DAYS = 92;

const rangeFields = { from: daySchema, to: daySchema, bucket: z.enum(BUCKETS).optional() };

type RangeLike = { from: string; to: string };
/** Checked once both days are known to be days: the end not before the start, the span bounded. */
function checkRange(range: RangeLike, context: z.core.$RefinementCtx<RangeLike>) {
  if (range.to < range.from) context.addIssue({ code: 'custom', message: CHART_MESSAGES.endBeforeStart, path: ['to'] });
  else if (daysInRange(range.from, range.to) > MAX_CHART_DAYS) context.addIssue({ code: 'custom', message: CHART_MESSAGES.tooLong, path: ['to'] });
}

/** The query of every chart: from, to (YYYY-MM-DD, both included) and optionally the bucket. Nothing else. */
export const chartQuerySchema = z.strictObject(rangeFields).superRefine(checkRange);
export type ChartQuery = z.infer<typeof chartQuerySchema>;

/** The bookings chart may keep some statuses: `status=pending,confirmed`. */
export const bookingChartQuerySchema = z
  .strictObject({
    ...rangeFields,
    status: z
      .string()
      .max(200)
      .transform((text) => text.split(','))
      .pipe(z.array(z.enum(BOOKING_STATUSES, { error: CHART_MESSAGES.unknownStatus })).min(1))
      .optional(),
  })
  .superRefine(checkRange);
export type BookingChartQuery = z.infer<typeof bookingChartQuerySchema>;

/** One bucket: its first and last day (a week cut at the range's ends keeps only its days in range). */
const bucketFields = { from: z.string(), to: z.string() };
const chartEnvelope = <Point extends z.ZodType>(point: Point) =>
  z.object({ from: z.string(), to: z.string(), bucket: z.enum(BUCKETS), points: z.array(point) });

export const bookingChartSchema = chartEnvelope(
  z.object({ ...bucketFields, ...Object.fromEntries(BOOKING_STATUSES.map((status) => [status, z.number().int()])), total: z.number().int() }) as z.ZodObject<
    typeof bucketFields & Record<(typeof BOOKING_STATUSES)[number] | 'total', z.ZodNumber>
  >,
);
export type BookingChart = z.infer<typeof bookingChartSchema>;

export const bookingValueChartSchema = chartEnvelope(
  z.object({
    ...bucketFields,
    /** The sum of the totals of the bucket's bookings that are not cancelled. */
    value: z.number(),
    bookings: z.number().int(),
    /** value / bookings, to the cent; null without bookings. */
    averageBookingValue: z.number().nullable(),
  }),
).extend({ total: z.number(), averagePerBucket: z.number() });
export type BookingValueChart = z.infer<typeof bookingValueChartSchema>;

export const cancellationChartSchema = chartEnvelope(
  z.object({
    ...bucketFields,
    bookings: z.number().int(),
    cancelled: z.number().int(),
    disputed: z.number().int(),
    /** Shares from 0 to 1 to four places; null without bookings. */
    cancellationRate: z.number().nullable(),
    disputedShare: z.number().nullable(),
  }),
);
export type CancellationChart = z.infer<typeof cancellationChartSchema>;

export const hostChartSchema = chartEnvelope(
  z.object({
    ...bucketFields,
    newHosts: z.number().int(),
    /** Hosts whose verification was submitted and not yet decided at the end of the bucket's last day. */
    backlog: z.number().int(),
  }),
);
export type HostChart = z.infer<typeof hostChartSchema>;

const waitFields = (kind: 'listing' | 'property') => ({
  [`${kind}Decisions`]: z.number().int(),
  /** Seconds from submission to the first decision; null without decisions. */
  [`${kind}MedianSeconds`]: z.number().nullable(),
  [`${kind}P90Seconds`]: z.number().nullable(),
});
export const decisionChartSchema = chartEnvelope(
  z.object({ ...bucketFields, ...waitFields('listing'), ...waitFields('property') }) as z.ZodObject<
    typeof bucketFields &
      Record<`${'listing' | 'property'}Decisions`, z.ZodNumber> &
      Record<`${'listing' | 'property'}${'Median' | 'P90'}Seconds`, z.ZodNullable<z.ZodNumber>>
  >,
);
export type DecisionChart = z.infer<typeof decisionChartSchema>;

export const chatChartSchema = chartEnvelope(
  z.object({
    ...bucketFields,
    opened: z.number().int(),
    /** Of the bucket's conversations answered by staff, the median seconds to the first staff reply; null when none was. */
    medianFirstReplySeconds: z.number().nullable(),
  }),
);
export type ChatChart = z.infer<typeof chatChartSchema>;
