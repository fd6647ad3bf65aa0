// Where the back-office's maps (a listing's detail, the dashboard's map of every listing) take their
// background tiles: OpenStreetMap, or the tile server named by VITE_MAP_TILE_URL at build time (an own
// cache or a server inside the network; the Content-Security-Policy's img-src must allow its origin,
// server/lib/security-headers.ts). A map whose tiles fail still works: see each map's fallback.

export const TILE_URL: string = import.meta.env.VITE_MAP_TILE_URL ?? 'https://{s}.tile.openstreetmap.org/{z}/{x}/{y}.png';
export const TILE_ATTRIBUTION = '&copy; <a href="https://www.openstreetmap.org/copyright">OpenStreetMap</a> contributors';
/** Tiles that neither load nor fail (a stalled network) count as unavailable after this long. */
export const TILE_WAIT_MS = 10_000;
