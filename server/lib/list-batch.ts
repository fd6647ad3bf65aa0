// Selection and batch decisions for a list that declares `batch` (src/contracts/list-declaration.ts,
// docs/decisions/027-review-workbench.md): `POST <path>/decisions` decides the selected rows, or the
// first rows of a search and filter, and `POST <path>/decisions/undo` takes back the member's own
// recent decisions. The routes follow from the list's declared actions (src/contracts/record-action.ts,
// decision 044): the batch's permission, the one its bulk actions share, is checked once, before any
// route code runs; each row then goes through the compare-and-set its actions make, as a single call's
// row does, so a batch can do nothing one decision could not.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import {
  BATCH_REASON_REQUIRED_MESSAGE,
  MAX_BATCH_ROWS,
  batchDecisionRequestSchema,
  batchResultSchema,
  batchUndoRequestSchema,
  type BatchMatch,
} from '../../src/contracts/batch-decisions';
import type { ListDefinition } from '../../src/contracts/list-declaration';
import { BadRequestError } from '../errors';
import { adminRoute } from './route-schema';

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
        body: batchDecisionRequestSchema,
        ok: batchResultSchema,
      }),
      async (request) => {
        const { decision, reason, ids, match } = request.body;
        const action = bulk.get(decision);
        if (!action) throw new BadRequestError(`This list offers: ${batch.decisions.join(', ')}.`);
        if (action.reason?.isRequired && !reason?.trim()) throw new BadRequestError(BATCH_REASON_REQUIRED_MESSAGE);
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
