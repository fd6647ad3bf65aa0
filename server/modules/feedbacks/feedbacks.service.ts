// Feedback: the whole list newest first, and one page of it.
import { FEEDBACKS_PAGE_SIZE, type Feedback, type FeedbackListQuery } from '../../../src/contracts/feedbacks';
import type { PageCache, VersionedTable } from '../../lib/page-cache';
import { containsPattern, resolvePage, searchTerm } from '../../lib/paging';
import type { FeedbackCursor, FeedbackRow, FeedbacksRepository } from './feedbacks.repository';

/** The tables a page of this list reads: a write to any of them renews its cached pages. */
const LISTED_TABLES: readonly VersionedTable[] = ['feedbacks', 'users'];

const BATCH_SIZE = 1000;

function toFeedback(row: FeedbackRow): Feedback {
  return {
    id: row.id,
    rating: row.rating,
    comments: row.comments,
    createdAt: row.createdAt.toISOString(),
    User: row.userName === null ? null : { name: row.userName, email: row.userEmail, country: row.userCountry },
  };
}

export function createFeedbacksService({ repository, pages }: { repository: FeedbacksRepository; pages: PageCache }) {
  return {
    /** The whole list newest first, one batch at a time (keyset on created_at and id). */
    async *batches(): AsyncGenerator<FeedbackRow[]> {
      let cursor: FeedbackCursor | undefined;
      for (;;) {
        const rows = await repository.listBefore(cursor, BATCH_SIZE);
        if (rows.length === 0) return;
        yield rows;
        if (rows.length < BATCH_SIZE) return;
        const last = rows[rows.length - 1];
        cursor = { createdAt: last.cursor, id: last.id };
      }
    },

    toFeedback,

    async listPage(query: FeedbackListQuery): Promise<{ rows: Feedback[]; total: number }> {
      return pages.page('feedbacks', LISTED_TABLES, query, async (rememberTotal) => {
        const window = resolvePage(query, FEEDBACKS_PAGE_SIZE);
        const term = searchTerm(query.q);
        const pattern = term === undefined ? undefined : containsPattern(term);
        // The page and its total run side by side, each on its own connection.
        const [rows, total] = await Promise.all([
          repository.listPage({ pattern, sort: query.sort, order: query.order ?? 'asc', limit: window.limit, offset: window.offset }),
          rememberTotal(() => repository.count(pattern)),
        ]);
        return { rows: rows.map(toFeedback), total };
      });
    },
  };
}

export type FeedbacksService = ReturnType<typeof createFeedbacksService>;
