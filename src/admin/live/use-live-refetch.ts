// A screen that shows figures drawn from several lists (the dashboard's counts) reads them again when
// the live stream reports a change to one of those lists: at most once a second however many changes
// arrive (a burst of bookings is one read), the last change always read, and once after the stream
// comes back from a break.
import { useEffect, useMemo, useRef } from 'react';
import { RECONNECTED_TOPIC, resourceChannel, useLiveEvents } from './use-live-events';

/** The least time between two reads, so a marketplace writing many rows a second costs one read a second. */
export const LIVE_REFETCH_MS = 1000;

export function useLiveRefetch(resources: readonly string[], refetch: () => void, everyMs = LIVE_REFETCH_MS): void {
  const pending = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const lastRead = useRef(0);
  useEffect(() => () => clearTimeout(pending.current), []);
  const key = resources.join(',');
  const topics = useMemo(
    () => [...key.split(',').map((name) => ({ channel: resourceChannel(name), types: ['created', 'updated', 'deleted', 'resync'] })), RECONNECTED_TOPIC],
    [key],
  );
  useLiveEvents(topics, () => {
    // A read already waits for its turn: it will see this change too.
    if (pending.current !== undefined) return;
    pending.current = setTimeout(
      () => {
        pending.current = undefined;
        lastRead.current = Date.now();
        refetch();
      },
      Math.max(0, lastRead.current + everyMs - Date.now()),
    );
  });
}
