// SQL for feedback with its author, and the feedback list's source of rows.
import { and, asc, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { Feedback } from '../../../src/contracts/feedbacks';
import type { FeedbackSort } from '../../../src/contracts/lists/feedbacks';
import type { Database } from '../../db/client';
import { readCounter } from '../../db/counters';
import { feedbacks, users } from '../../db/schema';
import { deferredPage, keysetBatches, pageRowsById, type ListSource } from '../../lib/list-source';

interface FeedbackPageRequest {
  /** A LIKE pattern for comments and the author's name, already escaped. */
  pattern?: string;
  /** The search matches many: walk the list's order and test each feedback instead of collecting the matches. */
  isBroad?: boolean;
  sort?: FeedbackSort;
  order: 'asc' | 'desc';
  limit: number;
  offset: number;
}

const rowColumns = {
  id: feedbacks.id,
  rating: feedbacks.rating,
  comments: feedbacks.comments,
  createdAt: feedbacks.createdAt,
  // JavaScript dates keep milliseconds only; the cursor must keep the stored microseconds.
  cursor: sql<string>`${feedbacks.createdAt}::text`,
  userName: users.name,
  userEmail: users.email,
  userCountry: users.country,
  userSuspendedAt: users.suspendedAt,
};

export type FeedbackRow = {
  id: number;
  rating: number;
  comments: string | null;
  createdAt: Date;
  cursor: string;
  userName: string | null;
  userEmail: string | null;
  userCountry: string | null;
  userSuspendedAt: Date | null;
};

/** Ids of the feedback a search matches: two indexed branches instead of a join scanned with ILIKE. */
function matchingIds(pattern: string): SQL {
  return sql`SELECT by_comment.id FROM feedbacks AS by_comment WHERE by_comment.comments ILIKE ${pattern}
    UNION ALL SELECT by_author.id FROM feedbacks AS by_author
    WHERE by_author.user_id IN (SELECT author.id FROM users AS author WHERE author.name ILIKE ${pattern})`;
}

/**
 * A broad search's test of one feedback: its comment, and its author's name by one primary-key probe
 * (a scalar subquery, so the planner cannot build the set of every matching author). Walking the
 * list's order, a page of a dense search is full after a few dozen rows.
 */
const matchesBroadly = (pattern: string) =>
  sql`(${feedbacks.comments} ILIKE ${pattern} OR COALESCE((SELECT author.name ILIKE ${pattern} FROM users AS author WHERE author.id = ${feedbacks.userId}), false))`;

const filterCondition = (pattern: string | undefined, isBroad = false) =>
  pattern === undefined ? undefined : isBroad ? matchesBroadly(pattern) : sql`${feedbacks.id} IN (${matchingIds(pattern)})`;

// Spelled out so the order matches feedbacks_created_idx (created_at DESC NULLS LAST, id DESC NULLS LAST)
// in both directions; the columns are never null, so the placement of nulls changes no result.
const newestFirst = [sql`${feedbacks.createdAt} DESC NULLS LAST`, sql`${feedbacks.id} DESC NULLS LAST`];
const oldestFirst = [sql`${feedbacks.createdAt} ASC NULLS FIRST`, sql`${feedbacks.id} ASC NULLS FIRST`];

function orderBy(sort: FeedbackSort | undefined, order: 'asc' | 'desc'): SQL[] {
  if (sort === 'rating') return [order === 'asc' ? asc(feedbacks.rating) : desc(feedbacks.rating), ...newestFirst];
  if (sort === 'createdAt' && order === 'asc') return oldestFirst;
  return newestFirst;
}

function createFeedbacksRepository(db: Database) {
  const selectRows = () => db.select(rowColumns).from(feedbacks).leftJoin(users, eq(users.id, feedbacks.userId));
  const pageRows = pageRowsById<FeedbackRow>(feedbacks, selectRows().$dynamic());

  return {
    /** One batch of the whole list, newest first, after the row `last` (from the newest when undefined). */
    async listBefore(last: FeedbackRow | undefined, limit: number): Promise<FeedbackRow[]> {
      const after = last ? sql`(${feedbacks.createdAt}, ${feedbacks.id}) < (${last.cursor}::timestamptz, ${last.id})` : undefined;
      return selectRows()
        .where(and(after))
        .orderBy(...newestFirst)
        .limit(limit);
    },

    async listPage(request: FeedbackPageRequest): Promise<FeedbackRow[]> {
      const order = orderBy(request.sort, request.order);
      return deferredPage(db, {
        table: feedbacks,
        where: filterCondition(request.pattern, request.isBroad),
        order,
        limit: request.limit,
        offset: request.offset,
        rows: pageRows,
      });
    },

    async count(pattern: string | undefined): Promise<number> {
      // The unsearched total comes from the counter the triggers keep; a search is counted for real.
      if (!pattern) return readCounter(db, 'feedbacks');
      const [row] = await db
        .select({ count: sql<number>`count(*)::int` })
        .from(feedbacks)
        .where(filterCondition(pattern));
      return row.count;
    },

    /** How many feedbacks a search matches, counting no further than `limit`. */
    async countUpTo(pattern: string, limit: number): Promise<number> {
      const [row] = await db.select({ count: sql<number>`count(*)::int` }).from(sql`(${matchingIds(pattern)} LIMIT ${limit}) AS found`);
      return row.count;
    },
  };
}

/** Up to this many matches, a search collects them by index and counts them with its page; beyond, it is broad. */
const NARROW_SEARCH_MATCHES = 2000;

function toFeedback(row: FeedbackRow): Feedback {
  return {
    id: row.id,
    rating: row.rating,
    comments: row.comments,
    createdAt: row.createdAt.toISOString(),
    User:
      row.userName === null
        ? null
        : { name: row.userName, email: row.userEmail, country: row.userCountry, suspendedAt: row.userSuspendedAt?.toISOString() ?? null },
  };
}

/** The feedback list: the repository's SQL wrapped for the list engine. */
export function feedbacksListSource(db: Database): ListSource<Feedback, FeedbackSort, never> {
  const repository = createFeedbacksRepository(db);
  return {
    tables: ['feedbacks', 'users'],
    // The comment and its author's name (matchingIds, matchesBroadly).
    searches: { fields: ['comments', 'User.name'], isById: false },

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

    /** The unsearched total is the counter `count` reads. */
    counterOf: (filter) => (filter.pattern ? undefined : 'feedbacks'),

    /** A broad search's total counts tens of thousands of feedbacks: it follows the rows. */
    isTotalCostly: (filter) => filter.hints?.isBroad === true,

    /** The whole list newest first, its default order (the list has no CSV, so no filter reaches here), by keyset on created_at and id. */
    batches: () => keysetBatches(repository.listBefore, toFeedback),
  };
}
