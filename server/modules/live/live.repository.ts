// The live stream's SQL (docs/decisions/026-live-changes.md): the changes the row triggers of
// migration 0022 append, read in commit-safe order; the open streams of every process, counted per
// session; and the sidebar's counts.
import { and, eq, inArray, lt, sql } from 'drizzle-orm';
import type { LiveAction, LiveViewer, PresenceResource } from '../../../src/contracts/live';
import type { Database } from '../../db/client';
import { readCounters } from '../../db/counters';
import { administrators, liveChanges, livePresence, liveStreams } from '../../db/schema';

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

/** The change that tells every process a record's viewers moved: `presence:<list>` (never forwarded as such). */
export const PRESENCE_PREFIX = 'presence:';

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

    /**
     * Forgets the changes older than `before`: a stream that was away longer reads its screen again.
     * A created booking not folded yet into the counters stays (decision 033).
     */
    async deleteChangesBefore(before: Date): Promise<void> {
      await db.execute(sql`DELETE FROM live_changes AS change
        WHERE change.changed_at < ${before.toISOString()}::timestamptz
          AND (change.xid, change.id) <= (SELECT fold.xid, fold.id FROM booking_fold AS fold)`);
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

    /**
     * Notes that a member reviews a record, now. A first note (not a renewal) is recorded as a change,
     * so every process tells its streams. Answers whether it was a first note.
     */
    async present(administratorId: number, resource: PresenceResource, recordId: number, now: Date): Promise<boolean> {
      return db.transaction(async (transaction) => {
        const [row] = rowsOf<{ isNew: boolean }>(
          await transaction.execute(sql`INSERT INTO live_presence (resource, record_id, administrator_id, seen_at)
            VALUES (${resource}, ${recordId}, ${administratorId}, ${now})
            ON CONFLICT (resource, record_id, administrator_id) DO UPDATE SET seen_at = EXCLUDED.seen_at
            RETURNING (xmax = 0) AS "isNew"`),
        );
        if (row.isNew) await transaction.insert(liveChanges).values({ resource: `${PRESENCE_PREFIX}${resource}`, action: 'updated', rowId: recordId });
        return row.isNew;
      });
    },

    /** A member's review screen closed. */
    async absent(administratorId: number, resource: PresenceResource, recordId: number): Promise<void> {
      await db.transaction(async (transaction) => {
        const gone = await transaction
          .delete(livePresence)
          .where(and(eq(livePresence.administratorId, administratorId), eq(livePresence.resource, resource), eq(livePresence.recordId, recordId)))
          .returning({ recordId: livePresence.recordId });
        if (gone.length > 0) await transaction.insert(liveChanges).values({ resource: `${PRESENCE_PREFIX}${resource}`, action: 'updated', rowId: recordId });
      });
    },

    /** Forgets the presences not renewed since `freshSince` (closed laptops), telling every process. */
    async sweepPresence(freshSince: Date): Promise<void> {
      await db.transaction(async (transaction) => {
        const gone = await transaction
          .delete(livePresence)
          .where(lt(livePresence.seenAt, freshSince))
          .returning({ resource: livePresence.resource, recordId: livePresence.recordId });
        const records = new Map(gone.map((row) => [`${row.resource}\n${row.recordId}`, row]));
        if (records.size > 0) {
          await transaction
            .insert(liveChanges)
            .values([...records.values()].map((row) => ({ resource: `${PRESENCE_PREFIX}${row.resource}`, action: 'updated' as const, rowId: row.recordId })));
        }
      });
    },

    /** Who reviews which record of `resource` now (of `recordIds` only, when given), by name. */
    async viewers(resource: PresenceResource, freshSince: Date, recordIds?: readonly number[]): Promise<{ id: number; viewers: LiveViewer[] }[]> {
      const rows = await db
        .select({ id: livePresence.recordId, administratorId: livePresence.administratorId, name: administrators.name })
        .from(livePresence)
        .innerJoin(administrators, eq(administrators.id, livePresence.administratorId))
        .where(
          and(
            eq(livePresence.resource, resource),
            sql`${livePresence.seenAt} >= ${freshSince}`,
            recordIds === undefined ? undefined : inArray(livePresence.recordId, [...recordIds]),
          ),
        )
        .orderBy(livePresence.recordId, livePresence.seenAt);
      const records = new Map<number, LiveViewer[]>();
      for (const row of rows) records.set(row.id, [...(records.get(row.id) ?? []), { administratorId: row.administratorId, name: row.name }]);
      return [...records].map(([id, viewers]) => ({ id, viewers }));
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
