// Cases (issue 51, point 5; docs/decisions/048-cases.md): a feedback of 1 or 2 stars, or a booking a
// member flags, opens a case with a deadline; members take the next case, one case to one member,
// and close it with a resolution. The calls, their shapes and their messages, shared by server and web.
import { z } from 'zod';
import { idParamsSchema } from './common';
import { MAX_PAGE_SIZE } from './paging';

export { CASE_PATHS, CASES_LIVE_RESOURCE } from './case-calls';

/** What a case is about: a guest's feedback, or a booking. */
export const CASE_SOURCES = ['feedback', 'booking'] as const;
export type CaseSource = (typeof CASE_SOURCES)[number];

/** Where a case waits: a feedback of 1 or 2 stars, or a booking a member flagged. One queue a source. */
export const CASE_QUEUES = ['low-rating', 'flagged-booking'] as const;
export type CaseQueue = (typeof CASE_QUEUES)[number];
export const QUEUE_OF_SOURCE: Readonly<Record<CaseSource, CaseQueue>> = { feedback: 'low-rating', booking: 'flagged-booking' };

export const CASE_STATUSES = ['open', 'closed'] as const;
export type CaseStatus = (typeof CASE_STATUSES)[number];

/** The list's filters: open cases that are the caller's, no one's, past their deadline, or every open one; and the closed. */
export const CASE_FILTERS = ['open', 'mine', 'unowned', 'overdue', 'closed'] as const;
export type CaseFilter = (typeof CASE_FILTERS)[number];

/** Feedback of this many stars or fewer opens a case (the trigger of migration 0055 says the same). */
export const LOW_RATING_MAX_STARS = 2;
export const MAX_RESOLUTION_LENGTH = 2000;
export const MAX_FLAG_REASON_LENGTH = 500;
/** The deadline without CASE_DEADLINE_HOURS. */
export const DEFAULT_CASE_DEADLINE_HOURS = 24;
export const CASES_PAGE_SIZE = 20;

export const CASE_MESSAGES = {
  notFound: 'No such case.',
  bookingNotFound: 'No such booking.',
  closed: 'This case is closed already.',
  notOwner: 'Only the member who holds this case may release it.',
  resolutionRequired: 'Write how the case was resolved.',
  resolutionTooLong: `The resolution must be at most ${MAX_RESOLUTION_LENGTH} characters.`,
  reasonRequired: 'Say why the booking is flagged.',
  reasonTooLong: `The reason must be at most ${MAX_FLAG_REASON_LENGTH} characters.`,
} as const;

/** What a case is about, as its row shows it: the feedback's stars and comment, or the booking's id and the flag's reason. */
export const caseSchema = z.object({
  id: z.number().int(),
  source: z.enum(CASE_SOURCES),
  sourceId: z.number().int(),
  queue: z.enum(CASE_QUEUES),
  status: z.enum(CASE_STATUSES),
  ownerId: z.number().int().nullable(),
  ownerName: z.string().nullable(),
  openedAt: z.string(),
  dueAt: z.string(),
  firstActionAt: z.string().nullable(),
  closedAt: z.string().nullable(),
  closedBy: z.number().int().nullable(),
  resolution: z.string().nullable(),
  /** The flag's reason, for a flagged booking. */
  reason: z.string().nullable(),
  /** The feedback's stars and comment, for a low rating. */
  rating: z.number().int().nullable(),
  comment: z.string().nullable(),
});
export type Case = z.infer<typeof caseSchema>;

export const casesQuerySchema = z.object({
  filter: z.enum(CASE_FILTERS).default('open'),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(CASES_PAGE_SIZE),
});

/** One page of cases, soonest deadline first (closed: latest closed first), with the total. */
export const casePageSchema = z.object({ cases: z.array(caseSchema), total: z.number().int() });
export type CasePage = z.infer<typeof casePageSchema>;

/** POST .../take-next: the case the caller now holds, or none when no open case is free. */
export const takenCaseSchema = z.object({ case: caseSchema.nullable() });
export type TakenCase = z.infer<typeof takenCaseSchema>;

const requiredText = (max: number, required: string, tooLong: string) =>
  z
    .string(required)
    .max(max, { message: tooLong, abort: true })
    .refine((text) => text.trim().length > 0, required);

export const closeCaseRequestSchema = z.object({
  resolution: requiredText(MAX_RESOLUTION_LENGTH, CASE_MESSAGES.resolutionRequired, CASE_MESSAGES.resolutionTooLong),
});

export const flagBookingRequestSchema = z.object({
  reason: requiredText(MAX_FLAG_REASON_LENGTH, CASE_MESSAGES.reasonRequired, CASE_MESSAGES.reasonTooLong),
});

/** POST .../flag: the booking's open case, and whether this call opened it (false: it was open already). */
export const flaggedBookingSchema = z.object({ case: caseSchema, isNew: z.boolean() });
export type FlaggedBooking = z.infer<typeof flaggedBookingSchema>;

export const caseParamsSchema = idParamsSchema;

/** Seconds until the deadline (negative: overdue by that much). */
export const secondsLeft = (dueAt: string, now: Date) => Math.round((new Date(dueAt).getTime() - now.getTime()) / 1000);
