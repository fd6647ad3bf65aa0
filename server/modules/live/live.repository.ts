// The live stream's SQL (docs/decisions/026-live-changes.md): the changes the row triggers of
// migration 0022 append, read in commit-safe order; the open streams of every process, counted per
// session and per member; who reviews which record; and the sidebar's counts.
import { randomBytes } from 'node:crypto';
import { and, eq, inArray, lt, sql } from 'drizzle-orm';
import type { LiveAction, LiveViewer, PresenceResource } from '../../../src/contracts/live';
import type { Database } from '../../db/client';
import { readCounters } from '../../db/counters';
import { administrators, liveChanges, liveCursorKey, livePresence, liveStreams } from '../../db/schema';
import { rowsOf } from '../../db/rows';

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

/** `pg_advisory_xact_lock(class, key)`: one member's streams are counted one connect at a time, on every process. */
const STREAM_COUNT_LOCK_CLASS = 748_201_917;
/** `pg_advisory_xact_lock(class, key)`: one member's presences are counted one at a time. */
const PRESENCE_COUNT_LOCK_CLASS = 748_201_918;

/** Why a stream was not recorded: its session, or its member across sessions, holds as many as allowed. */
export type StreamRefusal = 'session' | 'member';

/** What PUT presence did: a first note, a renewal, nothing (no such record), or nothing (the member is present on as many as allowed). */
export type PresenceOutcome = 'noted' | 'renewed' | 'no-record' | 'too-many';

/** One record of a list with review screens. */
export interface PresenceRecord {
  resource: PresenceResource;
  id: number;
}

/** The record a presence is about, as its list reads it: a host is a user who is a host; a listing or property, a property. */
const RECORD_EXISTS: Record<PresenceResource, (id: number) => ReturnType<typeof sql>> = {
  hosts: (id) => sql`SELECT EXISTS (SELECT 1 FROM users WHERE id = ${id} AND is_host) AS "exists"`,
  listings: (id) => sql`SELECT EXISTS (SELECT 1 FROM properties WHERE id = ${id}) AS "exists"`,
  'property-approvals': (id) => sql`SELECT EXISTS (SELECT 1 FROM properties WHERE id = ${id}) AS "exists"`,
};

/** Ids as one PostgreSQL array literal, one parameter however many. */
const idArray = (ids: Iterable<number>) => `{${[...ids].map((id) => Math.trunc(id)).join(',')}}`;

/** The change that tells every process a record's viewers moved: `presence:<list>` (never forwarded as such). */
export const PRESENCE_PREFIX = 'presence:';

/** A sidebar count: the list it belongs to and the counter it reads (server/db/counters.ts). */
export interface BadgeCounter {
  list: string;
  counter: string;
}

export function createLiveRepository(db: Database) {
  return {
    /**
     * Where a process starts reading: before the oldest transaction still running, so a change that
     * commits after this moment is read, and those committed before are not.
     */
    /** The key the stream's cursors are sealed under: made by the first process to ask, the same for every other. */
    async cursorKey(): Promise<Buffer> {
      await db
        .insert(liveCursorKey)
        .values({ key: randomBytes(32).toString('hex') })
        .onConflictDoNothing();
      const [row] = await db.select({ key: liveCursorKey.key }).from(liveCursorKey);
      return Buffer.from(row.key, 'hex');
    },

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
     * Records a stream of a member's session unless the session already holds `limits.perSession`
     * streams, or the member `limits.perMember` across their sessions, seen since `freshSince` on any
     * process (the count is in the database, under the member's advisory lock, so it holds across
     * processes). Answers undefined when recorded, else which limit refused it.
     */
    async openStream(
      id: string,
      member: { sessionId: number; administratorId: number },
      limits: { perSession: number; perMember: number },
      freshSince: Date,
    ): Promise<StreamRefusal | undefined> {
      return db.transaction(async (transaction) => {
        await transaction.execute(sql`SELECT pg_advisory_xact_lock(${STREAM_COUNT_LOCK_CLASS}, ${member.administratorId}::int)`);
        const ofMember = sql`SELECT session.id FROM admin_sessions AS session WHERE session.administrator_id = ${member.administratorId}`;
        await transaction.execute(sql`DELETE FROM live_streams WHERE seen_at < ${freshSince.toISOString()}::timestamptz AND session_id IN (${ofMember})`);
        const [counts] = rowsOf<{ session: number; member: number }>(
          await transaction.execute(sql`SELECT count(*) FILTER (WHERE session_id = ${member.sessionId})::int AS session, count(*)::int AS member
            FROM live_streams WHERE session_id IN (${ofMember})`),
        );
        if (counts.session >= limits.perSession) return 'session';
        if (counts.member >= limits.perMember) return 'member';
        await transaction.insert(liveStreams).values({ id, sessionId: member.sessionId });
        return undefined;
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
     * Notes that a member reviews a record, now, if the record exists and the member is present on
     * fewer than `limit` other records seen since `freshSince` (counted under the member's advisory
     * lock, on every process). A first note (not a renewal) is recorded as a change, so every process
     * tells its streams.
     */
    async present(administratorId: number, { resource, id: recordId }: PresenceRecord, now: Date, limit: number, freshSince: Date): Promise<PresenceOutcome> {
      return db.transaction(async (transaction) => {
        await transaction.execute(sql`SELECT pg_advisory_xact_lock(${PRESENCE_COUNT_LOCK_CLASS}, ${administratorId}::int)`);
        const [found] = rowsOf<{ exists: boolean }>(await transaction.execute(RECORD_EXISTS[resource](recordId)));
        if (!found.exists) return 'no-record';
        const [{ others }] = rowsOf<{ others: number }>(
          await transaction.execute(sql`SELECT count(*)::int AS others FROM live_presence
            WHERE administrator_id = ${administratorId} AND seen_at >= ${freshSince.toISOString()}::timestamptz AND NOT (resource = ${resource} AND record_id = ${recordId})`),
        );
        if (others >= limit) return 'too-many';
        const [row] = rowsOf<{ isNew: boolean }>(
          await transaction.execute(sql`INSERT INTO live_presence (resource, record_id, administrator_id, seen_at)
            VALUES (${resource}, ${recordId}, ${administratorId}, ${now})
            ON CONFLICT (resource, record_id, administrator_id) DO UPDATE SET seen_at = EXCLUDED.seen_at
            RETURNING (xmax = 0) AS "isNew"`),
        );
        if (row.isNew) await transaction.insert(liveChanges).values({ resource: `${PRESENCE_PREFIX}${resource}`, action: 'updated', rowId: recordId });
        return row.isNew ? 'noted' : 'renewed';
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

    /** Who reviews which record of `resource` now, by name. */
    async viewers(resource: PresenceResource, freshSince: Date): Promise<{ id: number; viewers: LiveViewer[] }[]> {
      const rows = await db
        .select({ id: livePresence.recordId, administratorId: livePresence.administratorId, name: administrators.name })
        .from(livePresence)
        .innerJoin(administrators, eq(administrators.id, livePresence.administratorId))
        .where(and(eq(livePresence.resource, resource), sql`${livePresence.seenAt} >= ${freshSince}`))
        .orderBy(livePresence.recordId, livePresence.seenAt);
      const records = new Map<number, LiveViewer[]>();
      for (const row of rows) records.set(row.id, [...(records.get(row.id) ?? []), { administratorId: row.administratorId, name: row.name }]);
      return [...records].map(([id, viewers]) => ({ id, viewers }));
    },

    /**
     * Who reviews each of `records` now, by name, in one statement however many records and lists
     * (one `= ANY` array parameter a list): a record nobody reviews is absent from the answer.
     */
    async viewersOf(records: readonly PresenceRecord[], freshSince: Date): Promise<(PresenceRecord & { viewers: LiveViewer[] })[]> {
      if (records.length === 0) return [];
      const idsByResource = new Map<PresenceResource, Set<number>>();
      for (const { resource, id } of records) idsByResource.set(resource, (idsByResource.get(resource) ?? new Set()).add(id));
      const ofRecords = sql.join(
        [...idsByResource].map(([resource, ids]) => sql`(presence.resource = ${resource} AND presence.record_id = ANY(${idArray(ids)}::int[]))`),
        sql` OR `,
      );
      const rows = rowsOf<{ resource: PresenceResource; id: number; administratorId: number; name: string }>(
        await db.execute(sql`SELECT presence.resource, presence.record_id AS id, presence.administrator_id AS "administratorId", member.name
          FROM live_presence AS presence JOIN administrators AS member ON member.id = presence.administrator_id
          WHERE presence.seen_at >= ${freshSince.toISOString()}::timestamptz AND (${ofRecords})
          ORDER BY presence.resource, presence.record_id, presence.seen_at`),
      );
      const found = new Map<string, PresenceRecord & { viewers: LiveViewer[] }>();
      for (const row of rows) {
        const key = `${row.resource}\n${row.id}`;
        const record = found.get(key) ?? { resource: row.resource, id: Number(row.id), viewers: [] };
        record.viewers.push({ administratorId: Number(row.administratorId), name: row.name });
        found.set(key, record);
      }
      return [...found.values()];
    },

    /** The kind of record (`entity_type`) of each of these audit entries, in one statement: Activity's changes are read by kind. */
    async activityKinds(entryIds: readonly number[]): Promise<Map<number, string>> {
      if (entryIds.length === 0) return new Map();
      const rows = rowsOf<{ id: number; kind: string }>(
        await db.execute(sql`SELECT id, entity_type AS kind FROM audit_events WHERE id = ANY(${idArray(entryIds)}::bigint[])`),
      );
      return new Map(rows.map((row) => [Number(row.id), row.kind]));
    },

    /** The sidebar's counts: each of `badges` (the lists that declare one), and the unread conversations. */
    async badges(badges: readonly BadgeCounter[]): Promise<Record<string, number>> {
      const counters = await readCounters(
        db,
        badges.map((badge) => badge.counter),
      );
      const [{ unread }] = rowsOf<{ unread: number }>(await db.execute(sql`SELECT count(*)::int AS unread FROM conversations WHERE unread_count > 0`));
      return { ...Object.fromEntries(badges.map((badge) => [badge.list, counters[badge.counter]])), chats: Number(unread) };
    },
  };
}

export type LiveRepository = ReturnType<typeof createLiveRepository>;
