import { useCallback, useEffect, useRef } from 'react';

/** How long list searches wait after the last keystroke before asking the server. */
export const SEARCH_DEBOUNCE_MS = 300;

/**
 * A stable function that runs `callback` once calls have paused for `delayMs` (search boxes: one
 * request per pause in typing, not one per key). The latest callback is used; a pending run is
 * dropped on unmount.
 */
export function useDebouncedCallback<Arguments extends unknown[]>(
  callback: (...values: Arguments) => void,
  delayMs: number = SEARCH_DEBOUNCE_MS,
): (...values: Arguments) => void {
  const latest = useRef(callback);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  useEffect(() => {
    latest.current = callback;
  }, [callback]);

  useEffect(() => () => clearTimeout(timer.current), []);

  return useCallback(
    (...values: Arguments) => {
      clearTimeout(timer.current);
      timer.current = setTimeout(() => latest.current(...values), delayMs);
    },
    [delayMs],
  );
}
