// Batch decisions on a list that declares them (`batch` in src/contracts/list-declaration.ts): the
// request, the per-row answer and the undo of a member's own recent decisions (docs/decisions/027).
import { z } from 'zod';
import { idParamsSchema } from './common';
import { MAX_BATCH_ROWS } from './list-declaration';
import { RECORD_ACTION_NAME_PATTERN } from './record-action';
import { decisionReasonSchema } from './listings';

export { MAX_BATCH_ROWS, type BatchDecision } from './list-declaration';
export { UNDO_WINDOW_SECONDS } from './record-action';

export const BATCH_TOO_LARGE_MESSAGE = `A batch holds at most ${MAX_BATCH_ROWS} records.`;
export const BATCH_DUPLICATE_MESSAGE = 'Each record may appear only once in a batch.';
export const BATCH_TARGET_MESSAGE = 'Send either ids or match, not both and not neither.';
/** An action that requires a reason, called without one (`<action>`: its name). */
export const BATCH_REASON_REQUIRED_MESSAGE = 'A reason is required to <action>.';

const batchIdsSchema = z
  .array(idParamsSchema.shape.id.pipe(z.number()))
  .min(1, 'A batch holds at least one record.')
  .max(MAX_BATCH_ROWS, BATCH_TOO_LARGE_MESSAGE)
  .refine((ids) => new Set(ids).size === ids.length, BATCH_DUPLICATE_MESSAGE);

/** What "select all N that match" sends: the list's search and filter, resolved by the server to its first rows. */
export const batchMatchSchema = z.object({
  q: z.string().max(200).optional(),
  status: z.string().max(100).optional(),
  sort: z.string().max(100).optional(),
  order: z.enum(['asc', 'desc']).optional(),
});
export type BatchMatch = z.infer<typeof batchMatchSchema>;

/**
 * POST <list>/decisions. `decision` is any action's name here; each list's route narrows it to its own
 * bulk actions (`batchDecisionRequestSchemaOf`), so its API document names them.
 */
export const batchDecisionRequestSchema = z
  .object({
    decision: z.string().regex(RECORD_ACTION_NAME_PATTERN),
    reason: decisionReasonSchema.optional(),
    /** The records the member selected. */
    ids: batchIdsSchema.optional(),
    /** Instead of ids: the first MAX_BATCH_ROWS rows of the list's current search and filter, in its order. */
    match: batchMatchSchema.optional(),
  })
  .refine((body) => (body.ids === undefined) !== (body.match === undefined), { message: BATCH_TARGET_MESSAGE });

/** A list's batch request: its decision one of its bulk actions' names. */
export const batchDecisionRequestSchemaOf = (decisions: readonly [string, ...string[]]) =>
  z
    .object({ ...batchDecisionRequestSchema.shape, decision: z.enum(decisions) })
    .refine((body) => (body.ids === undefined) !== (body.match === undefined), { message: BATCH_TARGET_MESSAGE });

export const batchUndoRequestSchema = z.object({ ids: batchIdsSchema });

/**
 * What happened to one row: `decided` / `undone` (changed, with its audit entry); `alreadyDecided`
 * (someone decided it first; `by` names them); `changed` (it moved since the member read it, or since
 * their decision, for an undo); `notFound` (no such record of this list's kind); `notUndoable` (no
 * decision of theirs within the undo window to take back).
 */
export const BATCH_OUTCOMES = ['decided', 'undone', 'alreadyDecided', 'changed', 'notFound', 'notUndoable'] as const;
export type BatchOutcome = (typeof BATCH_OUTCOMES)[number];

export const batchRowResultSchema = z.object({
  id: z.number().int(),
  outcome: z.enum(BATCH_OUTCOMES),
  /** The row's status after the call (null when not found). */
  status: z.string().nullable(),
  /** Who made the row's latest decision, when another member's decision is why it was skipped. */
  by: z.string().nullable(),
});
export type BatchRowResult = z.infer<typeof batchRowResultSchema>;

export const batchResultSchema = z.object({
  /** One result per record, in the order of the request's ids (or of the list, for a match). */
  results: z.array(batchRowResultSchema),
  /** How many rows changed. */
  changed: z.number().int(),
});
export type BatchResult = z.infer<typeof batchResultSchema>;
