// A screen that shows figures drawn from several lists (the dashboard's counts and charts) reads them
// again when the live stream reports a change to one of those lists: at most once per interval however
// many changes arrive (a burst of bookings is one read), the last change always read, and once after
// the stream comes back from a break. A screen that is not shown (a hidden tab, a chart scrolled away)
// keeps what it owes and reads once when it is shown again.
import { useCallback, useEffect, useMemo, useRef } from 'react';
import type { LiveAction } from '../../contracts/live';
import { RECONNECTED_TOPIC, resourceChannel, useLiveEvents } from './use-live-events';

/** The least time between two reads, so a marketplace writing many rows a second costs one read a second. */
const LIVE_REFETCH_MS = 1000;

const EVERY_ACTION: readonly LiveAction[] = ['created', 'updated', 'deleted'];

interface LiveRefetchOptions {
  /** The least time between two reads (LIVE_REFETCH_MS by default). */
  everyMs?: number;
  /** The changes that call for a read (every one by default); a resync and a reconnection always do. */
  actions?: readonly LiveAction[];
  /** While false, a change is owed, not read: it is read once this turns true. */
  isShown?: boolean;
}

export function useLiveRefetch(
  resources: readonly string[],
  refetch: () => void,
  { everyMs = LIVE_REFETCH_MS, actions = EVERY_ACTION, isShown = true }: LiveRefetchOptions = {},
): void {
  const pending = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const isOwed = useRef(false);
  const lastRead = useRef(0);
  const latest = useRef({ refetch, isShown });
  useEffect(() => {
    latest.current = { refetch, isShown };
  });
  useEffect(() => () => clearTimeout(pending.current), []);
  const key = `${resources.join(',')};${actions.join(',')}`;
  const topics = useMemo(() => {
    const [names = '', types = ''] = key.split(';');
    // Following nothing: no read at all, not even after a reconnection.
    if (names === '') return [];
    return [...names.split(',').map((name) => ({ channel: resourceChannel(name), types: [...types.split(','), 'resync'] })), RECONNECTED_TOPIC];
  }, [key]);
  const schedule = useCallback(() => {
    // A read already waits for its turn: it will see this change too.
    if (pending.current !== undefined) return;
    pending.current = setTimeout(
      () => {
        pending.current = undefined;
        if (!latest.current.isShown) return;
        isOwed.current = false;
        lastRead.current = Date.now();
        latest.current.refetch();
      },
      Math.max(0, lastRead.current + everyMs - Date.now()),
    );
  }, [everyMs]);
  useLiveEvents(topics, () => {
    isOwed.current = true;
    if (latest.current.isShown) schedule();
  });
  // Shown again: what was owed meanwhile is read once.
  useEffect(() => {
    if (isShown && isOwed.current) schedule();
  }, [isShown, schedule]);
}
