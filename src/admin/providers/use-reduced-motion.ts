import { useSyncExternalStore } from 'react';

const QUERY = '(prefers-reduced-motion: reduce)';

function subscribe(onChange: () => void): () => void {
  const list = window.matchMedia?.(QUERY);
  list?.addEventListener?.('change', onChange);
  return () => list?.removeEventListener?.('change', onChange);
}

const isReduced = () => window.matchMedia?.(QUERY).matches === true;

/**
 * Whether the member's system asks for less motion (WCAG 2.3.3): antd's fades, slides and zooms are
 * then left out, and its dialogs, drawers, menus and messages appear and leave at once. Followed live,
 * as the system setting changes.
 */
export function useReducedMotion(): boolean {
  return useSyncExternalStore(subscribe, isReduced, () => false);
}
