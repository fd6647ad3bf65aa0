// Selection and batch decisions for a list that declares `batch` (src/contracts/list-declaration.ts,
// docs/decisions/027-review-workbench.md): `POST <path>/decisions` decides the selected rows, or the
// first rows of a search and filter, and `POST <path>/decisions/undo` takes back the member's own
// recent decisions. The routes follow from the list's declared actions (src/contracts/record-action.ts,
// decision 044): the batch's permission, the one its bulk actions share, is checked once, before any
// route code runs; each row then goes through the compare-and-set its actions make, as a single call's
// row does, so a batch can do nothing one decision could not.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  BATCH_REASON_REQUIRED_MESSAGE,
  MAX_BATCH_ROWS,
  batchDecisionRequestSchemaOf,
  batchResultSchema,
  batchRowResultSchema,
  batchUndoRequestSchema,
  type BatchMatch,
} from '../../src/contracts/batch-decisions';
import { idParamsSchema } from '../../src/contracts/common';
import type { ListDefinition } from '../../src/contracts/list-declaration';
import { MAX_DECISION_REASON_LENGTH, type RecordAction } from '../../src/contracts/record-action';
import { BadRequestError, ConflictError, NotFoundError } from '../errors';
import { adminRoute } from './route-schema';

/** Refuses a reason the action does not take as it is: missing where required, longer than it keeps. */
function checkReason(action: RecordAction, reason: string | undefined): void {
  if (action.reason?.isRequired && !reason?.trim()) throw new BadRequestError(BATCH_REASON_REQUIRED_MESSAGE.replace('<action>', action.name));
  const maxLength = action.reason?.maxLength ?? MAX_DECISION_REASON_LENGTH;
  if (reason !== undefined && reason.length > maxLength) throw new BadRequestError(`The reason must be at most ${maxLength} characters`);
}

/** The body of an action's call for one record: the reason, where it asks one (the whole body may be left out). */
const singleActionRequestSchema = z.object({ reason: z.string().max(MAX_DECISION_REASON_LENGTH).optional() }).nullish();

/**
 * The calls for one record of a list's actions that have a `path` and no answer of their module's own
 * (`hasOwnAnswer`): `POST /api/<path>` with the action's permission, answered with the row's outcome
 * (`decided` and its status), 409 when the row is not in a status the action moves from (someone
 * decided it first), 404 when there is no such row. The compare-and-set, audit entry and outbox
 * event are the batch's, for a batch of one.
 */
export function listActionRoutes(definition: ListDefinition<z.ZodObject, string, string>): FastifyPluginAsyncZod {
  const calls = (definition.actions ?? []).filter((action) => action.path !== undefined && action.hasOwnAnswer !== true);
  return async (app) => {
    const { review } = app.services;
    for (const action of calls) {
      app.post(
        `/api/${action.path!}`,
        adminRoute(
          definition.tag,
          `${action.name} one of ${definition.name}: from ${action.isFromExcept ? 'any status but ' : ''}${action.from.join(', ')} to ${action.to}`,
          {
            description: `One record's ${action.name}, by compare-and-set: 409 when it is no longer in a status it moves from (decided first), 404 when there is no such record. One audit entry.${action.reason ? ` A reason${action.reason.isRequired ? ' is required' : ' may be given'} (at most ${action.reason.maxLength} characters).` : ''}`,
            access: action.permission,
            params: idParamsSchema,
            body: singleActionRequestSchema,
            ok: batchRowResultSchema,
            errors: [404, 409],
          },
        ),
        async (request) => {
          const reason = request.body?.reason;
          checkReason(action, reason);
          const { id } = request.params;
          const row = await review.decideRecord(definition.name, request.admin!.administratorId, id, action.name, reason?.trim() || undefined);
          if (!row || row.outcome === 'notFound') throw new NotFoundError(`No such record of ${definition.name}.`);
          if (row.outcome !== 'applied') throw new ConflictError(`This record is ${row.status ?? 'gone'}: someone decided it first.`);
          return { id, outcome: 'decided' as const, status: row.status, by: null };
        },
      );
    }
  };
}

/** The ids of a match: the list's first MAX_BATCH_ROWS rows for that search and filter, in its order. */
export type MatchResolver = (match: BatchMatch, limit: number) => Promise<number[]>;

/** The batch routes of one list; `resolveMatch` reads its rows as its pages do (list-engine.ts). */
export function listBatchRoutes(definition: ListDefinition<z.ZodObject, string, string>, resolveMatch: MatchResolver): FastifyPluginAsyncZod {
  const batch = definition.batch!;
  const base = definition.paths[0];
  const bulk = new Map((definition.actions ?? []).filter((action) => action.isBulk).map((action) => [action.name, action]));
  const isUndoable = [...bulk.values()].some((action) => action.undoSeconds !== undefined);
  return async (app) => {
    const { review } = app.services;

    app.post(
      `${base}/decisions`,
      adminRoute(definition.tag, `Decide up to ${MAX_BATCH_ROWS} ${definition.name} at once, each row by its own compare-and-set`, {
        description: `Either ids (at most ${MAX_BATCH_ROWS}, each once) or match (the list's q, status, sort and order: its first ${MAX_BATCH_ROWS} rows). Decisions: ${batch.decisions.join(', ')}. Every row answers what happened to it; a row someone else decided first is skipped and names them; one audit entry per row changed.`,
        access: batch.permission,
        body: batchDecisionRequestSchemaOf(batch.decisions),
        ok: batchResultSchema,
      }),
      async (request) => {
        const { decision, reason, ids, match } = request.body;
        const action = bulk.get(decision);
        if (!action) throw new BadRequestError(`This list offers: ${batch.decisions.join(', ')}.`);
        checkReason(action, reason);
        const selected = ids ?? (await resolveMatch(match!, MAX_BATCH_ROWS));
        return review.decide(definition.name, request.admin!.administratorId, selected, decision, reason ?? null);
      },
    );

    if (!isUndoable) return;
    app.post(
      `${base}/decisions/undo`,
      adminRoute(definition.tag, `Undo the caller's own decisions on ${definition.name} of the last seconds`, {
        description:
          "Each row goes back to its status before the caller's decision, only while it still holds what that decision made it; a row changed since is reported (changed, naming who), never overwritten. One audit entry per row put back.",
        access: batch.permission,
        body: batchUndoRequestSchema,
        ok: batchResultSchema,
      }),
      async (request) => review.undo(definition.name, request.admin!.administratorId, request.body.ids),
    );
  };
}
