// Feedback: the list's source of rows for the list engine (server/lib/list-engine.ts).
import type { Feedback, FeedbackSort } from '../../../src/contracts/feedbacks';
import type { ListSource } from '../../lib/list-engine';
import type { FeedbackCursor, FeedbackRow, FeedbacksRepository } from './feedbacks.repository';

const BATCH_SIZE = 1000;
/** Up to this many matches, a search collects them by index and counts them with its page; beyond, it is broad. */
const NARROW_SEARCH_MATCHES = 2000;

function toFeedback(row: FeedbackRow): Feedback {
  return {
    id: row.id,
    rating: row.rating,
    comments: row.comments,
    createdAt: row.createdAt.toISOString(),
    User: row.userName === null ? null : { name: row.userName, email: row.userEmail, country: row.userCountry },
  };
}

export function createFeedbacksService({ repository }: { repository: FeedbacksRepository }) {
  const listSource: ListSource<Feedback, FeedbackSort, never> = {
    tables: ['feedbacks', 'users'],

    /** Whether a search matches more than NARROW_SEARCH_MATCHES feedbacks (counted no further). */
    async prepare(request) {
      if (request.pattern === undefined) return request;
      const matches = await repository.countUpTo(request.pattern, NARROW_SEARCH_MATCHES + 1);
      return { ...request, hints: { isBroad: matches > NARROW_SEARCH_MATCHES } };
    },

    async page(request) {
      const rows = await repository.listPage({
        pattern: request.pattern,
        isBroad: request.hints?.isBroad === true,
        sort: request.sort,
        order: request.order,
        limit: request.limit,
        offset: request.offset,
      });
      return rows.map(toFeedback);
    },

    count: (filter) => repository.count(filter.pattern),

    /** A broad search's total counts tens of thousands of feedbacks: it follows the rows. */
    isTotalCostly: (filter) => filter.hints?.isBroad === true,

    /** The whole list newest first (the list has no CSV, so no filter reaches here), by keyset on created_at and id. */
    async *batches() {
      let cursor: FeedbackCursor | undefined;
      for (;;) {
        const rows = await repository.listBefore(cursor, BATCH_SIZE);
        if (rows.length === 0) return;
        yield rows.map(toFeedback);
        if (rows.length < BATCH_SIZE) return;
        const last = rows[rows.length - 1];
        cursor = { createdAt: last.cursor, id: last.id };
      }
    },
  };
  return { listSource };
}

export type FeedbacksService = ReturnType<typeof createFeedbacksService>;
