// The grid of the map of every listing (docs/decisions/029-listings-map-grid-in-postgresql.md), shared
// by the server, which counts listings per cell, and the map, which asks for the cells of its view.
// No zod here: the map's chunk reads these constants and functions without the schema library.

/** The deepest zoom the map offers (OpenStreetMap's tiles go to 19). */
export const LISTINGS_MAP_MAX_ZOOM = 18;

/** A cell's side in screen pixels at its zoom: one marker per cell, so markers never crowd closer than this. */
export const LISTINGS_MAP_CELL_PIXELS = 64;

/**
 * The widest and the tallest box one call may ask, in screen pixels at its zoom: at most 64 × 64 cells,
 * so one answer never holds more than 4,096 markers, whatever the data.
 */
export const LISTINGS_MAP_MAX_BOX_PIXELS = 4096;

/** Web Mercator stops here: the map cannot show farther north or south. */
export const MAX_MAP_LATITUDE = 85.0511287798066;

/** Tiles are 256 pixels a side at every zoom; the world is 2^zoom tiles wide. */
const worldPixels = (zoom: number) => 256 * 2 ** zoom;

/** How many cells the world is wide (and tall) at a zoom. */
export const cellsPerSide = (zoom: number) => worldPixels(zoom) / LISTINGS_MAP_CELL_PIXELS;

/** A longitude as a fraction of the world's width, 0 at 180° west. */
export const mercatorX = (longitude: number) => (longitude + 180) / 360;

/** A latitude as a fraction of the world's height, 0 at the top (Web Mercator). */
export function mercatorY(latitude: number): number {
  const clamped = Math.max(-MAX_MAP_LATITUDE, Math.min(MAX_MAP_LATITUDE, latitude));
  return 0.5 - Math.log(Math.tan(Math.PI / 4 + (clamped * Math.PI) / 360)) / (2 * Math.PI);
}

export interface MapBox {
  west: number;
  south: number;
  east: number;
  north: number;
}

/** The box's size in screen pixels at a zoom. */
export function boxPixels(box: MapBox, zoom: number): { width: number; height: number } {
  return {
    width: (mercatorX(box.east) - mercatorX(box.west)) * worldPixels(zoom),
    height: (mercatorY(box.south) - mercatorY(box.north)) * worldPixels(zoom),
  };
}

/** The status filter's "every status". */
export const ALL_MAP_STATUSES = 'all';

/** A group of listings drawn as one marker with its count; its box is where its listings are. */
export interface MapCluster {
  latitude: number;
  longitude: number;
  count: number;
  south: number;
  west: number;
  north: number;
  east: number;
}

/** A cell holding one listing: drawn as the listing, which opens its detail. */
export interface MapListing {
  id: number;
  title: string;
  status: string;
  latitude: number;
  longitude: number;
}
