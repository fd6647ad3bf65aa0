// The live stream's SQL (docs/decisions/026-live-changes.md): the changes the row triggers of
// migration 0022 append, read in commit-safe order; the open streams of every process, counted per
// session; and the sidebar's counts.
import { and, eq, inArray, lt, sql } from 'drizzle-orm';
import type { LiveAction } from '../../../src/contracts/live';
import type { Database } from '../../db/client';
import { readCounters } from '../../db/counters';
import { liveChanges, liveStreams } from '../../db/schema';

/** Where a reader stands in the changes: the last (transaction id, change id) it has read. */
export interface LiveCursor {
  xid: string;
  id: number;
}

export interface ChangeRow {
  xid: string;
  id: number;
  resource: string;
  action: LiveAction;
  rowId: number;
}

/** `pg_advisory_xact_lock(class, key)`: one session's streams are counted one connect at a time. */
const STREAM_COUNT_LOCK_CLASS = 748_201_915;

const rowsOf = <Row>(result: unknown) => (result as { rows: Row[] }).rows;

export function createLiveRepository(db: Database) {
  return {
    /**
     * Where a process starts reading: before the oldest transaction still running, so a change that
     * commits after this moment is read, and those committed before are not.
     */
    async head(): Promise<LiveCursor> {
      const [row] = rowsOf<{ xid: string }>(await db.execute(sql`SELECT pg_snapshot_xmin(pg_current_snapshot())::text AS xid`));
      return { xid: row.xid, id: 0 };
    },

    /**
     * The changes after `cursor`, at most `limit`, in (transaction id, change id) order, from
     * transactions older than every one still running. Those are all committed or rolled back, and
     * any transaction still to write one has a larger id: a change is never passed over, though
     * transactions commit out of order. A long transaction delays what comes after it, never loses it.
     */
    async changesAfter(cursor: LiveCursor, limit: number): Promise<ChangeRow[]> {
      const result = await db.execute(sql`SELECT xid::text AS xid, id, resource, action, row_id AS "rowId"
        FROM live_changes
        WHERE (xid, id) > (${cursor.xid}::xid8, ${cursor.id}::bigint) AND xid < pg_snapshot_xmin(pg_current_snapshot())
        ORDER BY xid, id
        LIMIT ${limit}`);
      return rowsOf<ChangeRow>(result).map((row) => ({ ...row, id: Number(row.id), rowId: Number(row.rowId) }));
    },

    /** Whether the change a cursor names is still kept: a stream can replay from it only then. */
    async isKept(cursor: LiveCursor): Promise<boolean> {
      const result = await db.execute(sql`SELECT 1 FROM live_changes WHERE id = ${cursor.id} AND xid = ${cursor.xid}::xid8`);
      return rowsOf(result).length > 0;
    },

    /** Forgets the changes older than `before`: a stream that was away longer reads its screen again. */
    async deleteChangesBefore(before: Date): Promise<void> {
      await db.delete(liveChanges).where(lt(liveChanges.changedAt, before));
    },

    /**
     * Records a stream of `sessionId` unless the session already holds `limit` streams seen since
     * `freshSince`, on any process. Answers whether it was recorded.
     */
    async openStream(id: string, sessionId: number, limit: number, freshSince: Date): Promise<boolean> {
      return db.transaction(async (transaction) => {
        await transaction.execute(sql`SELECT pg_advisory_xact_lock(${STREAM_COUNT_LOCK_CLASS}, ${sessionId}::int)`);
        await transaction.delete(liveStreams).where(and(eq(liveStreams.sessionId, sessionId), lt(liveStreams.seenAt, freshSince)));
        const [{ open }] = await transaction
          .select({ open: sql<number>`count(*)::int` })
          .from(liveStreams)
          .where(eq(liveStreams.sessionId, sessionId));
        if (open >= limit) return false;
        await transaction.insert(liveStreams).values({ id, sessionId });
        return true;
      });
    },

    async renewStreams(ids: readonly string[], now: Date): Promise<void> {
      if (ids.length > 0)
        await db
          .update(liveStreams)
          .set({ seenAt: now })
          .where(inArray(liveStreams.id, [...ids]));
    },

    async closeStream(id: string): Promise<void> {
      await db.delete(liveStreams).where(eq(liveStreams.id, id));
    },

    /** The sidebar's counts: hosts awaiting verification, listings and properties awaiting a decision, unread conversations. */
    async badges(): Promise<{ hosts: number; listings: number; 'property-approvals': number; chats: number }> {
      const counters = await readCounters(db, ['hosts:Pending', 'listings:Pending', 'property-approvals:pending']);
      const [{ unread }] = rowsOf<{ unread: number }>(await db.execute(sql`SELECT count(*)::int AS unread FROM conversations WHERE unread_count > 0`));
      return {
        hosts: counters['hosts:Pending'],
        listings: counters['listings:Pending'],
        'property-approvals': counters['property-approvals:pending'],
        chats: Number(unread),
      };
    },
  };
}

export type LiveRepository = ReturnType<typeof createLiveRepository>;
