// The live stream of a signed-in tab, opened by the frame (layout/admin-layout.tsx), so neither the
// landing page nor /login ever open it: it publishes the stream's changes to Refine's subscriptions
// (the lists, list/use-live-list.ts), keeps the sidebar's counts, and says politely what moved in
// the page's one live region. When the stream stops for good (401, 403, `event: end`) the auth
// provider's usual path ends the session. The stream's code, its library and its texts load after
// the frame has drawn, in chunks of their own (live-stream.ts imports nothing of the back-office).
import { useOnError, type HttpError, type LiveEvent } from '@refinedev/core';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { LIVE_STREAM_PATH, type LiveBadges, type LiveChange } from '../../contracts/live';
import { SESSION_EXPIRED_REASON } from '../../contracts/session';
import { API_BASE_URL, BACKGROUND_ACTIVITY_HEADERS } from '../../lib/api-client';
import { readToken } from '../../lib/session';
import { VisuallyHidden } from '../components/visually-hidden';
import { RESOURCES } from '../resources';
import { LIVE_RECONNECTED_CHANNEL, presenceChannel, useLive, type LiveHub } from './live-hub';
import type { LiveStop, LiveStreamHandlers, OpenEventSource } from './live-stream';

/** The stream's address under the API root (VITE_API_URL may put the API elsewhere). */
const LIVE_STREAM_URL = `${API_BASE_URL}${LIVE_STREAM_PATH.replace(/^\/api/, '')}`;

/** Refine's channel of what a change is about: the resource showing the list it names. */
function channelOf(resource: string): string {
  const entry = RESOURCES.find((candidate) => candidate.list?.name === resource || candidate.name === resource);
  return `resources/${entry?.name ?? resource}`;
}

/** One event per resource and action, in the order of their first change: a list reloads once per message. */
function liveEventsOf(changes: readonly LiveChange[], date = new Date()): LiveEvent[] {
  const events = new Map<string, LiveEvent>();
  for (const { resource, action, id } of changes) {
    const key = `${resource} ${action}`;
    const event = events.get(key) ?? { channel: channelOf(resource), type: action, payload: { ids: [] }, date };
    event.payload.ids?.push(id);
    events.set(key, event);
  }
  return [...events.values()];
}

/** The 401 (with its reason) or 403 the auth provider's onError reads as the end of the session. */
function sessionErrorOf(stop: LiveStop): HttpError {
  if ('end' in stop) {
    return { statusCode: 401, message: 'live stream ended', ...(stop.end === 'expired' ? { reason: SESSION_EXPIRED_REASON } : {}) };
  }
  return { statusCode: stop.status, message: 'live stream refused', reason: stop.reason };
}

/** The sidebar's counts that moved since the last ones, as the words the live region says. */
function useBadgeWords() {
  const { t } = useTranslation();
  return (previous: LiveBadges | undefined, next: LiveBadges): string =>
    previous === undefined
      ? ''
      : (Object.keys(next) as (keyof LiveBadges)[])
          .filter((key) => next[key] !== previous[key])
          .map((key) => {
            const entry = RESOURCES.find((candidate) => candidate.name === key);
            return `${entry ? t(entry.labelKey) : key}: ${t(`live.badges.${key}`, { count: next[key] })}`;
          })
          .join('. ');
}

function handlersOf(hub: LiveHub, latest: { current: { onStop: (stop: LiveStop) => void; badgeWords: ReturnType<typeof useBadgeWords> } }): LiveStreamHandlers {
  let opened = 0;
  return {
    // Opened again after a break: a screen with its own cursor (an open conversation) reads after it once.
    onOpen: () => {
      opened += 1;
      if (opened > 1) hub.publish({ channel: LIVE_RECONNECTED_CHANNEL, type: 'reconnected', payload: {}, date: new Date() });
    },
    onChanges: (changes) => liveEventsOf(changes).forEach(hub.publish),
    onBadges: (badges) => {
      const words = latest.current.badgeWords(hub.read().badges, badges);
      hub.setBadges(badges);
      if (words) hub.announce(words);
    },
    onResync: () => RESOURCES.forEach(({ name }) => hub.publish({ channel: `resources/${name}`, type: 'resync', payload: {}, date: new Date() })),
    // Read by the review screens and their lists (use-presence.ts).
    onPresence: (presence) => hub.publish({ channel: presenceChannel(presence.resource), type: 'presence', payload: { ...presence }, date: new Date() }),
    onStop: (stop) => latest.current.onStop(stop),
  };
}

interface LiveConnectionProps {
  /** The event source (tests give their own); fetchEventSource by default. */
  open?: OpenEventSource;
}

/** Opens the tab's stream while mounted (the signed-in frame) and draws the page's one polite live region. */
export function LiveConnection({ open }: LiveConnectionProps) {
  const { hub, state } = useLive();
  const { mutate: reportError } = useOnError();
  const badgeWords = useBadgeWords();
  const latest = useRef({ onStop: (stop: LiveStop) => reportError(sessionErrorOf(stop)), badgeWords });
  useEffect(() => {
    latest.current = { onStop: (stop) => reportError(sessionErrorOf(stop)), badgeWords };
  });
  useEffect(() => {
    const token = readToken();
    if (!hub || !token) return undefined;
    let close: (() => void) | undefined;
    let isClosed = false;
    void Promise.all([import('./live-stream'), import('../../i18n/live-catalogue')]).then(([stream, catalogue]) => {
      if (isClosed) return;
      catalogue.registerLiveCatalogue();
      close = stream.openLiveStream({ url: LIVE_STREAM_URL, token, headers: BACKGROUND_ACTIVITY_HEADERS }, handlersOf(hub, latest), open);
    });
    return () => {
      isClosed = true;
      close?.();
    };
  }, [hub, open]);
  return (
    <VisuallyHidden>
      <span aria-live="polite">{state.announcement}</span>
    </VisuallyHidden>
  );
}
