// Where the live stream (src/contracts/live.ts) meets the screens: Refine's liveProvider, whose
// subscriptions the stream's changes are published to, and the sidebar's counts and the polite
// announcement the stream last made. It loads with the shell and stays small: the stream itself,
// its library and its texts load later, in their own chunk (live-connection.tsx).
import type { LiveEvent, LiveProvider } from '@refinedev/core';
import { createContext, useContext, useSyncExternalStore } from 'react';
import type { LiveBadges } from '../../contracts/live';

type Subscription = Parameters<LiveProvider['subscribe']>[0];

/** Where the connection publishes a list's presence events (use-presence.ts reads them). */
export const presenceChannel = (resource: string) => `presence/${resource}`;

/** Where the connection says `reconnected` when its stream opens again after a break. */
export const LIVE_RECONNECTED_CHANNEL = 'live/connection';

interface LiveState {
  /** The sidebar's counts; undefined until the stream first sends them. */
  badges?: LiveBadges;
  /** What the live region says now (a trailing space alternates, so the same words are read again). */
  announcement: string;
}

export interface LiveHub extends Required<LiveProvider> {
  read: () => LiveState;
  watch: (listener: () => void) => () => void;
  setBadges: (badges: LiveBadges) => void;
  announce: (text: string) => void;
}

/** One per tab: Refine's hooks subscribe to it; the stream publishes to it. */
export function createLiveHub(): LiveHub {
  const subscriptions = new Set<Subscription>();
  const listeners = new Set<() => void>();
  let state: LiveState = { announcement: '' };
  const update = (next: Partial<LiveState>) => {
    state = { ...state, ...next };
    for (const listener of listeners) listener();
  };
  return {
    subscribe: (subscription: Subscription) => subscriptions.add(subscription) && subscription,
    unsubscribe: (subscription: Subscription) => void subscriptions.delete(subscription),
    publish: (event: LiveEvent) => {
      for (const { channel, types, callback } of [...subscriptions]) {
        if (channel === event.channel && (types.includes('*') || types.includes(event.type))) callback(event);
      }
    },
    read: () => state,
    watch: (listener) => {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
    setBadges: (badges) => update({ badges }),
    announce: (text) => update({ announcement: state.announcement === text ? `${text} ` : text }),
  };
}

export const LiveHubContext = createContext<LiveHub | undefined>(undefined);

const NO_STATE: LiveState = { announcement: '' };
const NO_WATCH = () => () => undefined;

/** The tab's hub (undefined where the screen runs without one: a component test) and its state. */
export function useLive(): { hub?: LiveHub; state: LiveState } {
  const hub = useContext(LiveHubContext);
  const state = useSyncExternalStore(hub?.watch ?? NO_WATCH, hub?.read ?? (() => NO_STATE));
  return { hub, state };
}
