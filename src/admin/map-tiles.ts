// Where the back-office's maps (a listing's detail, the dashboard's map of every listing) take their
// background tiles: OpenStreetMap, or the tile server named by VITE_MAP_TILE_URL at build time (an own
// cache or a server inside the network; the Content-Security-Policy's img-src must allow its origin,
// server/lib/security-headers.ts). A map whose tiles fail still works: see each map's fallback.
import { useCallback, useEffect, useMemo, useRef } from 'react';

export const TILE_URL: string = import.meta.env.VITE_MAP_TILE_URL ?? 'https://{s}.tile.openstreetmap.org/{z}/{x}/{y}.png';
export const TILE_ATTRIBUTION = '&copy; <a href="https://www.openstreetmap.org/copyright">OpenStreetMap</a> contributors';
/** Tiles that neither load nor fail (a stalled network) count as unavailable after this long. */
const TILE_WAIT_MS = 10_000;

/**
 * Watches a map's tiles for its fallback: `onUnavailable` is called once, when a tile fails or when
 * none has loaded within TILE_WAIT_MS. Answers the TileLayer's event handlers.
 */
export function useTileWatch(onUnavailable: () => void): { tileload: () => void; tileerror: () => void } {
  const hasTile = useRef(false);
  const hasReported = useRef(false);
  const report = useRef(onUnavailable);
  useEffect(() => {
    report.current = onUnavailable;
  }, [onUnavailable]);
  const fail = useCallback(() => {
    if (hasReported.current) return;
    hasReported.current = true;
    report.current();
  }, []);
  useEffect(() => {
    const timer = window.setTimeout(() => {
      if (!hasTile.current) fail();
    }, TILE_WAIT_MS);
    return () => window.clearTimeout(timer);
  }, [fail]);
  return useMemo(
    () => ({
      tileload: () => {
        hasTile.current = true;
      },
      tileerror: fail,
    }),
    [fail],
  );
}
