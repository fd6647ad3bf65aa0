// The live streams of one server process (docs/decisions/026-live-changes.md). While at least one is
// open, the process reads the new changes every `pollMs` (one indexed query, however many streams)
// and hands each stream those its member's role may read, with the sidebar's counts when they move:
// a list's changes to the roles that read the list, and Activity's entries only to the roles that
// read their kind of record (the rule Activity's own list follows), so a stream tells no one of an
// entry, a record id or a count they may not read.
// Every process reads the same table, so a change made through any of them, or straight in the
// database, reaches every browser; a browser that reconnects elsewhere replays from its last id.
import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import {
  LIVE_EVENTS,
  LIVE_PRESENCE_STALE_SECONDS,
  type LiveBadges,
  type LiveChange,
  type LiveEndReason,
  type LiveLimits,
  type PresenceResource,
} from '../../../src/contracts/live';
import { AUDIT_ENTITY_TYPES, type AuditEntityType } from '../../../src/contracts/audit';
import type { Permission, Role } from '../../../src/contracts/roles';
import { MENTIONS_LIVE_RESOURCE } from '../../../src/contracts/record-note';
import { CASES_LIVE_RESOURCE } from '../../../src/contracts/case-calls';
import { counterName } from '../../db/counters';
import { LIST_DEFINITIONS } from '../../list-definitions';
import { ROLE_TABLE } from '../../role-table';
import type { Clock } from '../../lib/clock';
import { createCursorSeal, type CursorSeal } from './live-cursors';
import {
  PRESENCE_PREFIX,
  type BadgeCounter,
  type ChangeRow,
  type LiveCursor,
  type LiveRepository,
  type PresenceRecord,
  type StreamRefusal,
} from './live.repository';

/** A session's state, as the stream rechecks it (auth service's `sessionState`). */
export type SessionState = { isLive: true; role: Role; endsAt: Date } | { isLive: false; reason: LiveEndReason };

/** The changes one read takes at most; a longer backlog is read at once in further rounds. */
const BATCH_SIZE = 1000;
/** How long changes are kept for a reconnecting browser. */
const KEEP_CHANGES_MS = 10 * 60 * 1000;
/** Every so often: a comment to every stream (proxies close quiet ones), renew the stream records, forget old changes. */
const HEARTBEAT_MS = 15_000;
/** A stream record not renewed for this long belongs to a process that died: it stops counting. */
const STALE_STREAM_MS = 3 * HEARTBEAT_MS;
/** Bytes a stream may have waiting for a reader that does not drain; past them it is dropped (the browser reconnects and replays). */
export const MAX_BUFFERED_BYTES = 256 * 1024;
/** Resources the server reads for itself and never forwards. */
const SESSIONS = 'sessions';
const STAFF = 'staff';
/** Activity's changes: an audit entry each, read by kind of record. */
const ACTIVITY = 'activity';
/**
 * The lists whose sidebar entry shows a count (their declaration's `badge`), each with the counter of
 * its rows in the badge's status. (Here, not in the repository: drizzle-kit reads repositories, and
 * the list definitions load with a top-level await it cannot compile.)
 */
const BADGES: readonly BadgeCounter[] = LIST_DEFINITIONS.flatMap((list) =>
  list.badge ? [{ list: list.name, counter: counterName(list.name, list.badge.status) }] : [],
);
/** The resources whose changes can move a sidebar count: the lists that declare a badge, the conversations and the cases. */
const BADGE_SOURCES = new Set([...BADGES.map((badge) => badge.list), 'chats', 'messages', CASES_LIVE_RESOURCE]);

/** One open stream: its member as of now, and the socket it writes to. */
export interface LiveStream {
  readonly id: string;
  readonly sessionId: number;
  readonly administratorId: number;
  role: Role;
  /** When the session ends unless it is used meanwhile (idle) or at the latest (absolute). */
  endsAt: Date;
  /** Writes one SSE message; answers false when the reader is too far behind (the stream is then ended). */
  write: (message: string) => boolean;
  /** Ends the response (after what was written). */
  close: () => void;
  /** Cuts the connection at once (the process is stopping). */
  abort: () => void;
  /** The badges last sent, as JSON, so unchanged counts are not sent again. */
  sentBadges?: string;
  /** Messages held while the stream replays what it missed. */
  held?: string[];
}

export interface LiveDeps {
  repository: LiveRepository;
  clock: Clock;
  log: FastifyBaseLogger;
  pollMs: number;
  /** The permission that reads a resource's changes; undefined: no one's (deny by default). */
  permissionOf: (resource: string) => Permission | undefined;
  /**
   * Whether a role reads Activity's entries about a kind of record (an audit entry's `entity_type`):
   * the rule Activity's list follows (server/modules/audit), besides the list's own permission.
   */
  readsActivityKind: (role: Role, kind: AuditEntityType) => boolean;
  limits: LiveLimits;
  sessionState: (sessionId: number) => Promise<SessionState>;
  /**
   * The open cases past their deadline (the Cases entry's badge). Time passing makes a case overdue
   * with no write to tell of it, so the badges are read again at every heartbeat too (decision 048).
   */
  overdueCases: () => Promise<number>;
}

export const sseMessage = (event: string, data: unknown, id?: string) =>
  `${id === undefined ? '' : `id: ${id}\n`}event: ${event}\ndata: ${JSON.stringify(data)}\n\n`;

/** Why a stream was refused: its session or member holds as many as allowed (429), or this process does (503). */
export type LiveRefusal = StreamRefusal | 'process';

export function createLiveService({ repository, clock, log, pollMs, permissionOf, readsActivityKind, limits, sessionState, overdueCases }: LiveDeps) {
  /** Every sidebar count: the lists' and the conversations' from the repository, the overdue cases counted now. */
  const readBadges = async (): Promise<LiveBadges> => ({ ...(await repository.badges(BADGES)), [CASES_LIVE_RESOURCE]: await overdueCases() });

  const streams = new Set<LiveStream>();
  /** Streams being opened now (their records are being counted): they count against the process's limit. */
  let opening = 0;
  let cursor: LiveCursor | undefined;
  /** The seal of the cursors sent as `id:` (live-cursors.ts), its key read once from the database. */
  let sealing: Promise<CursorSeal> | undefined;
  const cursorSeal = () =>
    (sealing ??= repository
      .cursorKey()
      .then(createCursorSeal)
      .catch((error: unknown) => {
        sealing = undefined;
        throw error;
      }));
  let timer: NodeJS.Timeout | undefined;
  let heartbeat: NodeJS.Timeout | undefined;
  let isClosed = false;
  /** Moves on at every stop: a reading that began before it ends without a word. */
  let readings = 0;
  let badges: LiveBadges | undefined;

  const mayRead = (stream: LiveStream, resource: string) => {
    const permission = permissionOf(resource);
    return permission !== undefined && ROLE_TABLE.hasPermission(stream.role, permission);
  };

  /** The kind of record of each audit entry among the changes, or none: one statement a read. */
  const activityKindsOf = (rows: readonly ChangeRow[]) =>
    repository.activityKinds([...new Set(rows.filter((row) => row.resource === ACTIVITY).map((row) => row.rowId))]);

  /**
   * Whether `role` may read a change: the permission of its list, and for an Activity entry the
   * entry's kind of record (an entry whose kind is unknown, gone from the table, is read by no one).
   */
  const mayReadChange = ({ role, administratorId }: Pick<LiveStream, 'role' | 'administratorId'>, change: LiveChange, kinds: ReadonlyMap<number, string>) => {
    // A mention in a note is named by the member mentioned, and theirs alone.
    if (change.resource === MENTIONS_LIVE_RESOURCE) return change.id === administratorId;
    const permission = permissionOf(change.resource);
    if (permission === undefined || !ROLE_TABLE.hasPermission(role, permission)) return false;
    if (change.resource !== ACTIVITY) return true;
    const kind = kinds.get(change.id);
    return kind !== undefined && (AUDIT_ENTITY_TYPES as readonly string[]).includes(kind) && readsActivityKind(role, kind as AuditEntityType);
  };

  function drop(stream: LiveStream): void {
    if (!streams.delete(stream)) return;
    stream.close();
    repository.closeStream(stream.id).catch((error: unknown) => log.warn({ err: error }, 'live: could not forget a closed stream'));
    if (streams.size === 0) stop();
  }

  function send(stream: LiveStream, message: string): void {
    if (stream.held) {
      stream.held.push(message);
      return;
    }
    if (!stream.write(message)) {
      log.info({ event: 'live.dropped', administratorId: stream.administratorId }, 'live: a stream whose reader fell behind was dropped');
      drop(stream);
    }
  }

  function end(stream: LiveStream, reason: LiveEndReason): void {
    stream.held = undefined;
    stream.write(sseMessage(LIVE_EVENTS.end, { reason }));
    drop(stream);
  }

  /** The counts `stream`'s role may read. */
  function badgesFor(stream: LiveStream, all: LiveBadges): LiveBadges {
    const shown: Record<string, number> = {};
    for (const [resource, count] of Object.entries(all)) if (mayRead(stream, resource)) shown[resource] = count;
    return shown;
  }

  /** The badges as each role sees them, as JSON: computed once a role for every change of the counts. */
  let shownBadges = new Map<Role, string>();

  function sendBadges(stream: LiveStream): void {
    if (!badges) return;
    let shown = shownBadges.get(stream.role);
    if (shown === undefined) {
      shown = JSON.stringify(badgesFor(stream, badges));
      shownBadges.set(stream.role, shown);
    }
    if (shown === stream.sentBadges) return;
    stream.sentBadges = shown;
    send(stream, `event: ${LIVE_EVENTS.badges}\ndata: ${shown}\n\n`);
  }

  /** A session or member changed (signed out, revoked, disabled, role changed) or its time came: recheck it. */
  async function recheck(matches: (stream: LiveStream) => boolean): Promise<void> {
    const checked = new Map<number, SessionState>();
    for (const stream of [...streams].filter(matches)) {
      let state = checked.get(stream.sessionId);
      if (!state) {
        state = await sessionState(stream.sessionId);
        checked.set(stream.sessionId, state);
      }
      if (!state.isLive) end(stream, state.reason);
      else {
        stream.role = state.role;
        stream.endsAt = state.endsAt;
      }
    }
  }

  /** The changes of one read, each once, as the browser sees them. */
  function changesOf(rows: readonly ChangeRow[]): LiveChange[] {
    const seen = new Set<string>();
    const changes: LiveChange[] = [];
    for (const row of rows) {
      const key = `${row.resource}\n${row.action}\n${row.rowId}`;
      if (row.resource === SESSIONS || row.resource.startsWith(PRESENCE_PREFIX) || seen.has(key)) continue;
      seen.add(key);
      changes.push({ resource: row.resource, action: row.action, id: row.rowId });
    }
    return changes;
  }

  /** Hands each stream the changes its role may read: one message a role, written to all its streams. */
  function deliver(changes: readonly LiveChange[], kinds: ReadonlyMap<number, string>, id: string, to: Iterable<LiveStream>): void {
    // One message a role, or a member's own when a change is a mention (theirs alone).
    const isPersonal = changes.some((change) => change.resource === MENTIONS_LIVE_RESOURCE);
    const messages = new Map<string, string | undefined>();
    for (const stream of to) {
      const key = isPersonal ? `${stream.role} ${stream.administratorId}` : stream.role;
      if (!messages.has(key)) {
        const visible = changes.filter((change) => mayReadChange(stream, change, kinds));
        messages.set(key, visible.length > 0 ? sseMessage(LIVE_EVENTS.changes, { changes: visible }, id) : undefined);
      }
      const message = messages.get(key);
      if (message !== undefined) send(stream, message);
    }
  }

  const presenceSince = () => new Date(clock.now().getTime() - LIVE_PRESENCE_STALE_SECONDS * 1000);

  /**
   * Someone opened or left records' review screens: each record's viewers, to every stream that may
   * read its list. One statement for all the records of a read, however many.
   */
  async function deliverPresence(rows: readonly ChangeRow[]): Promise<void> {
    const records = new Map<string, PresenceRecord>();
    for (const row of rows) {
      if (row.resource.startsWith(PRESENCE_PREFIX)) {
        records.set(`${row.resource}\n${row.rowId}`, { resource: row.resource.slice(PRESENCE_PREFIX.length) as PresenceResource, id: row.rowId });
      }
    }
    if (records.size === 0) return;
    const found = new Map(
      (await repository.viewersOf([...records.values()], presenceSince())).map((record) => [`${PRESENCE_PREFIX}${record.resource}\n${record.id}`, record]),
    );
    for (const [key, { resource, id }] of records) {
      const message = sseMessage(LIVE_EVENTS.presence, { resource, id, viewers: found.get(key)?.viewers ?? [] });
      for (const stream of streams) if (mayRead(stream, resource)) send(stream, message);
    }
  }

  async function refreshBadges(): Promise<void> {
    badges = await readBadges();
    shownBadges = new Map();
    for (const stream of streams) sendBadges(stream);
  }

  async function poll(): Promise<void> {
    // The last stream may close while this reads (stop() forgets the cursor): a reading of a stopped
    // process ends there, and does not put a stale cursor back.
    const reading = readings;
    let position = cursor ?? (await repository.head());
    for (;;) {
      const rows = await repository.changesAfter(position, BATCH_SIZE);
      if (reading !== readings) return;
      if (rows.length === 0) break;
      const last = rows[rows.length - 1];
      position = { xid: last.xid, id: last.id };
      cursor = position;
      const sessionIds = new Set(rows.filter((row) => row.resource === SESSIONS).map((row) => row.rowId));
      const memberIds = new Set(rows.filter((row) => row.resource === STAFF).map((row) => row.rowId));
      if (sessionIds.size + memberIds.size > 0) {
        await recheck((stream) => sessionIds.has(stream.sessionId) || memberIds.has(stream.administratorId));
      }
      const changes = changesOf(rows);
      deliver(changes, await activityKindsOf(rows), (await cursorSeal()).seal(position), streams);
      await deliverPresence(rows);
      if (rows.some((row) => BADGE_SOURCES.has(row.resource))) await refreshBadges();
      if (rows.length < BATCH_SIZE) break;
    }
    const now = clock.now();
    await recheck((stream) => stream.endsAt <= now);
  }

  function schedule(): void {
    if (isClosed || streams.size === 0) return;
    timer = setTimeout(() => {
      timer = undefined;
      poll()
        .catch((error: unknown) => log.warn({ err: error }, 'live: reading the changes failed; trying again'))
        .finally(schedule);
    }, pollMs);
  }

  async function beat(): Promise<void> {
    for (const stream of streams) send(stream, ': ping\n\n');
    await repository.renewStreams(
      [...streams].map((stream) => stream.id),
      clock.now(),
    );
    await repository.deleteChangesBefore(new Date(clock.now().getTime() - KEEP_CHANGES_MS));
    await repository.sweepPresence(presenceSince());
    // A case falls overdue by time alone: its badge is counted again (sent only when it moved).
    await refreshBadges();
  }

  function start(): void {
    if (timer || heartbeat) return;
    heartbeat = setInterval(() => {
      beat().catch((error: unknown) => log.warn({ err: error }, 'live: the heartbeat failed'));
    }, HEARTBEAT_MS);
    heartbeat.unref();
    schedule();
  }

  function stop(): void {
    readings += 1;
    clearTimeout(timer);
    clearInterval(heartbeat);
    timer = undefined;
    heartbeat = undefined;
    // The next stream starts reading from its own moment (or its Last-Event-ID).
    cursor = undefined;
    badges = undefined;
  }

  /** Sends what `stream` missed since `from`, then what arrived meanwhile. */
  async function replay(stream: LiveStream, from: LiveCursor | undefined, upTo: LiveCursor): Promise<void> {
    if (!from || !(await repository.isKept(from))) {
      stream.held = undefined;
      send(stream, sseMessage(LIVE_EVENTS.resync, {}));
      return;
    }
    let position = from;
    while (position.xid !== upTo.xid || position.id !== upTo.id) {
      const rows = (await repository.changesAfter(position, BATCH_SIZE)).filter(
        (row) => BigInt(row.xid) < BigInt(upTo.xid) || (row.xid === upTo.xid && row.id <= upTo.id),
      );
      if (rows.length === 0) break;
      const last = rows[rows.length - 1];
      position = { xid: last.xid, id: last.id };
      const kinds = await activityKindsOf(rows);
      const visible = changesOf(rows).filter((change) => mayReadChange(stream, change, kinds));
      if (visible.length > 0 && stream.write(sseMessage(LIVE_EVENTS.changes, { changes: visible }, (await cursorSeal()).seal(position))) === false)
        return drop(stream);
    }
    const held = stream.held ?? [];
    stream.held = undefined;
    for (const message of held) send(stream, message);
  }

  return {
    /**
     * Opens a stream for a signed-in member, or answers why not: their session holds
     * `limits.streamsPerSession` or they hold `limits.streamsPerMember` across their sessions, on
     * every process (429), or this process holds `limits.streamsPerProcess` (503).
     * `lastEventId` is the browser's Last-Event-ID, if it reconnects.
     */
    async open(
      member: { sessionId: number; administratorId: number; role: Role; endsAt: Date },
      connection: Pick<LiveStream, 'write' | 'close' | 'abort'>,
      lastEventId: string | undefined,
    ): Promise<{ stream: LiveStream; refused?: undefined } | { stream?: undefined; refused: LiveRefusal }> {
      if (streams.size + opening >= limits.streamsPerProcess) {
        log.warn({ event: 'live.process-full', streams: streams.size }, 'live: a stream was refused, this process holds as many as allowed');
        return { refused: 'process' };
      }
      const id = randomUUID();
      const freshSince = new Date(clock.now().getTime() - STALE_STREAM_MS);
      // Counted against the process from here, while its record is counted and until it is added.
      opening += 1;
      let stream: LiveStream;
      let upTo: LiveCursor;
      try {
        const refused = await repository.openStream(id, member, { perSession: limits.streamsPerSession, perMember: limits.streamsPerMember }, freshSince);
        if (refused) return { refused };
        // Where this process's reading takes over from a replay: from here on, the stream gets what is read.
        cursor ??= await repository.head();
        upTo = cursor;
        stream = { id, ...member, ...connection, held: lastEventId === undefined ? undefined : [] };
        streams.add(stream);
      } finally {
        opening -= 1;
      }
      start();
      if (!badges) {
        badges = await readBadges();
        shownBadges = new Map();
      }
      if (lastEventId !== undefined) await replay(stream, (await cursorSeal()).open(lastEventId), upTo);
      sendBadges(stream);
      return { stream };
    },

    /** The permission that reads a resource's changes and presence (undefined: no one's). */
    permissionOf,

    /** Streams per session, member and process, and records a member may be present on. */
    limits,

    /**
     * A member's review screen of a record is open (said again while it stays open): answers
     * `no-record` when the list has no such record and `too-many` when the member is present on
     * `limits.presencePerMember` others, and notes nothing then.
     */
    present: (administratorId: number, record: PresenceRecord) =>
      repository.present(administratorId, record, clock.now(), limits.presencePerMember, presenceSince()),

    /** A member's review screen of a record closed. */
    async absent(administratorId: number, resource: PresenceResource, id: number): Promise<void> {
      await repository.absent(administratorId, resource, id);
    },

    /** Who reviews which record of a list now. */
    viewers: (resource: PresenceResource) => repository.viewers(resource, presenceSince()),

    /** The connection closed (the browser went away): forget the stream. */
    close(stream: LiveStream): void {
      drop(stream);
    },

    /** How many streams this process holds. */
    get size(): number {
      return streams.size;
    },

    /** Ends every stream (the process is stopping): the browsers reconnect to another and replay. */
    shutdown(): void {
      isClosed = true;
      for (const stream of [...streams]) {
        drop(stream);
        stream.abort();
      }
      stop();
    },
  };
}

export type LiveService = ReturnType<typeof createLiveService>;
