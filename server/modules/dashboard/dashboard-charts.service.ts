// The dashboard's charts (decision 028): the bucket a call asks for, or a day up to DAILY_UP_TO_DAYS
// days and a week beyond (the weekly charts always a week), and the database's rows in the contract's
// shape. Numbers come out of PostgreSQL exact; this only turns its numeric text into JSON numbers.
import { BOOKING_STATUSES } from '../../../src/contracts/statuses';
import {
  DAILY_UP_TO_DAYS,
  daysInRange,
  type BookingChart,
  type BookingChartQuery,
  type BookingValueChart,
  type Bucket,
  type CancellationChart,
  type ChartQuery,
  type ChatChart,
  type DecisionChart,
  type HostChart,
} from '../../../src/contracts/dashboard-charts';
import type { PageCache } from '../../lib/page-cache';
import type { ChartRange, DashboardChartsRepository } from './dashboard-charts.repository';

const numberOrNull = (value: string | number | null): number | null => (value === null ? null : Number(value));

/** Charts drawn day by day on short ranges; the others are weekly unless a call asks for days. */
function rangeOf(query: ChartQuery, defaultBucket: Bucket | 'auto'): ChartRange {
  const automatic: Bucket = daysInRange(query.from, query.to) <= DAILY_UP_TO_DAYS ? 'day' : 'week';
  return { from: query.from, to: query.to, bucket: query.bucket ?? (defaultBucket === 'auto' ? automatic : defaultBucket) };
}

export function createDashboardChartsService({ repository, pages }: { repository: DashboardChartsRepository; pages: Pick<PageCache, 'remember'> }) {
  return {
    async bookings(query: BookingChartQuery): Promise<BookingChart> {
      const range = rangeOf(query, 'auto');
      const points = await repository.bookings(range, query.status ?? BOOKING_STATUSES);
      return { ...range, points };
    },

    async bookingValue(query: ChartQuery): Promise<BookingValueChart> {
      const range = rangeOf(query, 'auto');
      const rows = await repository.bookingValue(range);
      return {
        ...range,
        points: rows.map((row) => ({
          from: row.from,
          to: row.to,
          value: Number(row.value),
          bookings: row.bookings,
          averageBookingValue: numberOrNull(row.average_booking_value),
        })),
        total: Number(rows[0]?.total ?? 0),
        averagePerBucket: Number(rows[0]?.average_per_bucket ?? 0),
      };
    },

    async cancellations(query: ChartQuery): Promise<CancellationChart> {
      const range = rangeOf(query, 'week');
      const rows = await repository.cancellations(range);
      return {
        ...range,
        points: rows.map((row) => ({
          from: row.from,
          to: row.to,
          bookings: row.bookings,
          cancelled: row.cancelled,
          disputed: row.disputed,
          cancellationRate: numberOrNull(row.cancellation_rate),
          disputedShare: numberOrNull(row.disputed_share),
        })),
      };
    },

    async hosts(query: ChartQuery): Promise<HostChart> {
      const range = rangeOf(query, 'week');
      const rows = await repository.hosts(range);
      return { ...range, points: rows.map((row) => ({ from: row.from, to: row.to, newHosts: row.new_hosts, backlog: row.backlog })) };
    },

    async decisions(query: ChartQuery): Promise<DecisionChart> {
      const range = rangeOf(query, 'week');
      // Kept under review_waits' version, so it is computed again only once a decision has been recorded
      // since (the answer is never older than that version): a range's cut weeks still sort their waits.
      const rows = await pages.remember('dashboard decisions', ['review_waits'], range, () => repository.decisions(range));
      return {
        ...range,
        points: rows.map((row) => ({
          from: row.from,
          to: row.to,
          listingDecisions: row.listing_decisions,
          listingMedianSeconds: numberOrNull(row.listing_median),
          listingP90Seconds: numberOrNull(row.listing_p90),
          propertyDecisions: row.property_decisions,
          propertyMedianSeconds: numberOrNull(row.property_median),
          propertyP90Seconds: numberOrNull(row.property_p90),
        })),
      };
    },

    async chats(query: ChartQuery): Promise<ChatChart> {
      const range = rangeOf(query, 'auto');
      const rows = await repository.chats(range);
      return {
        ...range,
        points: rows.map((row) => ({ from: row.from, to: row.to, opened: row.opened, medianFirstReplySeconds: numberOrNull(row.median_first_reply) })),
      };
    },
  };
}

export type DashboardChartsService = ReturnType<typeof createDashboardChartsService>;
