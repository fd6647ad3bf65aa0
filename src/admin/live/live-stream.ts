// The tab's one live stream (src/contracts/live.ts): GET with the session's bearer token in the
// Authorization header, with the caller's headers (the app's background mark, so the stream never
// counts as activity for the idle timeout), through @microsoft/fetch-event-source, which sends
// `Last-Event-ID` itself when it reconnects. Loaded on its own (live-connection.tsx): it imports
// nothing of the back-office, so its chunk leaves the first download's chunks as they are.
// A dropped or refused-for-now stream reconnects, a little later each time; 401, 403 and
// `event: end` stop it for good, and the caller hands the session to the auth provider.
import { fetchEventSource, type EventSourceMessage, type FetchEventSourceInit } from '@microsoft/fetch-event-source';
import { LIVE_EVENTS, type LiveBadges, type LiveChange, type LiveChanges, type LiveEndReason, type LivePresence } from '../../contracts/live';

/** fetchEventSource's signature: the tests give their own. */
export type OpenEventSource = (url: string, init: FetchEventSourceInit) => Promise<void>;

/** Why the stream stopped for good: the server refused it (401, 403, with its body's `reason`) or ended the session. */
export type LiveStop = { status: number; reason?: unknown } | { end: LiveEndReason };

export interface LiveStreamHandlers {
  onChanges: (changes: LiveChange[]) => void;
  onBadges: (badges: LiveBadges) => void;
  /** What was missed cannot be replayed: read again what the screen shows. */
  onResync: () => void;
  /** Someone opened or left a record's review screen. */
  onPresence?: (presence: LivePresence) => void;
  /** The stream is open (again, after a break: what the server replays follows). */
  onOpen?: () => void;
  onStop: (stop: LiveStop) => void;
}

class StopError extends Error {
  constructor(readonly stop: LiveStop) {
    super('live stream stopped');
  }
}

const FIRST_RETRY_MS = 1000;
const LAST_RETRY_MS = 30_000;

/** The wait before the next attempt: doubling from 1 s to 30 s, spread so that tabs do not return together. */
export function retryDelay(failures: number, random: () => number = Math.random): number {
  const delay = Math.min(LAST_RETRY_MS, FIRST_RETRY_MS * 2 ** Math.max(0, failures - 1));
  return Math.round(delay * (0.75 + random() / 2));
}

function parsed<Data>(message: EventSourceMessage): Data | undefined {
  try {
    return JSON.parse(message.data) as Data;
  } catch {
    return undefined;
  }
}

export interface LiveStreamRequest {
  url: string;
  token: string;
  /** Headers beyond the token (the background mark). */
  headers?: Readonly<Record<string, string>>;
}

/** Opens the stream and answers the function that closes it. */
export function openLiveStream(request: LiveStreamRequest, handlers: LiveStreamHandlers, open: OpenEventSource = fetchEventSource): () => void {
  const controller = new AbortController();
  let failures = 0;
  const stop = (reason: LiveStop) => {
    if (controller.signal.aborted) return;
    controller.abort();
    handlers.onStop(reason);
  };
  open(request.url, {
    signal: controller.signal,
    headers: { ...request.headers, Authorization: `Bearer ${request.token}` },
    async onopen(response) {
      if (response.status === 401 || response.status === 403) {
        const body = (await response.json().catch(() => ({}))) as { reason?: unknown };
        throw new StopError({ status: response.status, reason: body.reason });
      }
      // Anything else that is not the stream (a proxy's 502, a 429 past the streams allowed) is tried again later.
      if (!response.ok || !response.headers.get('content-type')?.startsWith('text/event-stream')) {
        throw new Error(`live stream answered ${response.status}`);
      }
      failures = 0;
      handlers.onOpen?.();
    },
    onmessage(message) {
      if (message.event === LIVE_EVENTS.changes) {
        const changes = parsed<LiveChanges>(message)?.changes;
        if (Array.isArray(changes) && changes.length > 0) handlers.onChanges(changes);
      } else if (message.event === LIVE_EVENTS.badges) {
        const badges = parsed<LiveBadges>(message);
        if (badges) handlers.onBadges(badges);
      } else if (message.event === LIVE_EVENTS.resync) {
        handlers.onResync();
      } else if (message.event === LIVE_EVENTS.presence) {
        const presence = parsed<LivePresence>(message);
        if (presence && Array.isArray(presence.viewers)) handlers.onPresence?.(presence);
      } else if (message.event === LIVE_EVENTS.end) {
        stop({ end: parsed<{ reason: LiveEndReason }>(message)?.reason ?? 'revoked' });
      }
    },
    onclose() {
      // The server or a proxy closed a stream that did not say `end`: a process went away; connect again.
      throw new Error('live stream closed');
    },
    onerror(error) {
      if (error instanceof StopError) throw error;
      failures += 1;
      return retryDelay(failures);
    },
  }).catch((error: unknown) => {
    if (error instanceof StopError) stop(error.stop);
  });
  return () => controller.abort();
}
