// The live stream (docs/decisions/026-live-changes.md): one Server-Sent Events stream per browser tab
// tells the back-office what changed, whoever changed it (a colleague, the marketplace's own backend
// writing straight into the database). No zod: the back-office's shell reads it.
//
// On the wire (text/event-stream), each message one of:
// - `event: changes` with `id: <cursor>` and `data: {"changes":[LiveChange, ...]}`: rows that changed,
//   each once, in the order they were committed; send the last `id` back as `Last-Event-ID` when
//   reconnecting and nothing in between is missed;
// - `event: badges` with `data: LiveBadges`: the sidebar's counts, on connecting and whenever one moves;
// - `event: resync` with `data: {}`: what was missed cannot be replayed (the cursor is too old or
//   unknown): read again what the screen shows;
// - `event: end` with `data: {"reason": "expired" | "revoked"}`: the session is over; the stream closes;
// - `event: presence` with `data: LivePresence`: who has one record's review screen open, whenever
//   someone opens or leaves it (LIVE_PRESENCE_PATH);
// - a comment line (`: ping`) now and then, which keeps proxies from closing a quiet stream.

/** GET with the session's bearer token in the Authorization header (never in the URL). */
export const LIVE_STREAM_PATH = '/api/admin/live';

/** Streams one session may hold open at once, across every server process; the next gets 429. */
export const LIVE_STREAMS_PER_SESSION = 10;
/** Streams one member may hold open at once, across their sessions and every server process; the next gets 429. */
export const LIVE_STREAMS_PER_MEMBER = 20;
/**
 * Streams one server process holds at once (each is a socket and a file descriptor, and 500 is what
 * `npm run bench -- --live-streams 500` measures); the next gets 503, and its browser tries again,
 * through the load balancer, perhaps on another process.
 */
export const LIVE_STREAMS_PER_PROCESS = 500;
/** Records one member may say they review at once (PUT LIVE_PRESENCE_PATH); the next gets 429 until one is left or goes stale. */
export const LIVE_PRESENCE_PER_MEMBER = 20;

/** The limits above, as the server's configuration holds them (tests pass smaller ones). */
export interface LiveLimits {
  streamsPerSession: number;
  streamsPerMember: number;
  streamsPerProcess: number;
  presencePerMember: number;
}

export const LIVE_LIMITS: Readonly<LiveLimits> = {
  streamsPerSession: LIVE_STREAMS_PER_SESSION,
  streamsPerMember: LIVE_STREAMS_PER_MEMBER,
  streamsPerProcess: LIVE_STREAMS_PER_PROCESS,
  presencePerMember: LIVE_PRESENCE_PER_MEMBER,
};

/** The SSE event names. */
export const LIVE_EVENTS = { changes: 'changes', badges: 'badges', resync: 'resync', end: 'end', presence: 'presence' } as const;

export const LIVE_ACTIONS = ['created', 'updated', 'deleted'] as const;
export type LiveAction = (typeof LIVE_ACTIONS)[number];

/**
 * What a change is about: a list's name (src/contracts/lists/, e.g. `bookings`, `hosts`, `listings`,
 * `property-approvals`), or `chats` (a conversation: its id) and `messages` (a message: `id` is its
 * conversation's id), or `suspensions` (a guest or a host suspended or reinstated: their user id). A
 * member receives only the changes of what their role may read.
 */
export type LiveResource = string;

/** A suspension or reinstatement (migration 0049), read by every role: the screens that name people follow it. */
export const SUSPENSIONS_LIVE_RESOURCE = 'suspensions';

/** One row that changed. */
export interface LiveChange {
  resource: LiveResource;
  action: LiveAction;
  id: number;
}

export interface LiveChanges {
  changes: LiveChange[];
}

/**
 * The sidebar's exact counts by resource, each sent only to a role that may read it: each list's
 * that declares a `badge` (hosts awaiting verification, listings and properties awaiting a decision)
 * and `chats`, the conversations with unread messages.
 */
export type LiveBadges = Readonly<Record<string, number>>;

export const LIVE_END_REASONS = ['expired', 'revoked'] as const;
export type LiveEndReason = (typeof LIVE_END_REASONS)[number];

/**
 * Presence: a review screen says, with PUT (and again every LIVE_PRESENCE_RENEW_SECONDS while it stays
 * open), that its member is reviewing `{ resource, id }`, and DELETE when it closes; GET
 * `?resource=` answers who reviews which record of a list now. A presence not renewed for
 * LIVE_PRESENCE_STALE_SECONDS is gone (a closed laptop).
 */
export const LIVE_PRESENCE_PATH = '/api/admin/live/presence';
export const LIVE_PRESENCE_RENEW_SECONDS = 20;
export const LIVE_PRESENCE_STALE_SECONDS = 45;
/** The lists whose records have review screens. */
export const PRESENCE_RESOURCES = ['hosts', 'listings', 'property-approvals'] as const;
export type PresenceResource = (typeof PRESENCE_RESOURCES)[number];

export interface LiveViewer {
  administratorId: number;
  name: string;
}

/** Who has one record's review screen open (the reader included; the screen leaves itself out). */
export interface LivePresence {
  resource: PresenceResource;
  id: number;
  viewers: LiveViewer[];
}
