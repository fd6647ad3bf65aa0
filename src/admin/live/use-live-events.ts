// How a screen that is not a list (a conversation, a record's detail) follows the live stream: it
// subscribes to the hub's channels (Refine's `resources/<name>`, live-connection.tsx) for as long as
// it is mounted, and each event calls its latest callback. Without a hub (a test) nothing arrives.
import type { LiveEvent } from '@refinedev/core';
import { useEffect, useRef } from 'react';
import { LIVE_RECONNECTED_CHANNEL, useLive } from './live-hub';

export interface LiveTopic {
  channel: string;
  types: string[];
}

/** The channel of a resource's changes, as the connection publishes them (resync included). */
export function resourceChannel(name: string): string {
  return `resources/${name}`;
}

/** The stream opened again after a break: a screen that keeps its own cursor reads after it once. */
export const RECONNECTED_TOPIC: LiveTopic = { channel: LIVE_RECONNECTED_CHANNEL, types: ['reconnected'] };

/** The ids an event is about, as strings (the stream sends numbers; routes give strings). */
export function idsOf(event: LiveEvent): string[] {
  return (event.payload.ids ?? []).map(String);
}

/** Calls the latest `onEvent` for every event on `topics` while mounted; the subscriptions stay put across renders. */
export function useLiveEvents(topics: readonly LiveTopic[], onEvent: (event: LiveEvent) => void): void {
  const { hub } = useLive();
  const latest = useRef(onEvent);
  useEffect(() => {
    latest.current = onEvent;
  });
  const key = JSON.stringify(topics);
  useEffect(() => {
    if (!hub) return undefined;
    const shown = JSON.parse(key) as LiveTopic[];
    const subscriptions = shown.map(({ channel, types }) => hub.subscribe({ channel, types, callback: (event: LiveEvent) => latest.current(event) }));
    return () => subscriptions.forEach((subscription) => hub.unsubscribe(subscription));
  }, [hub, key]);
}
