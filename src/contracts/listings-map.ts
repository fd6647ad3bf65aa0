// GET /api/admin/listings-map: the listings of a map view, grouped per grid cell by the database
// (docs/decisions/029-listings-map-grid-in-postgresql.md).
import { z } from 'zod';
import { LISTINGS_MAP_MAX_BOX_PIXELS, LISTINGS_MAP_MAX_ZOOM, MAX_MAP_LATITUDE, boxPixels } from './listings-map-grid';
import { LISTING_STATUSES } from './statuses';

const ZOOM_MESSAGE = `zoom must be a whole number from 0 to ${LISTINGS_MAP_MAX_ZOOM}`;
export const MAP_SOUTH_AFTER_NORTH_MESSAGE = 'south must not be greater than north';
export const MAP_WEST_AFTER_EAST_MESSAGE = 'west must not be greater than east (ask a box across the 180th meridian as two boxes)';
export const mapBoxTooLargeMessage = (zoom: number) =>
  `The box is larger than ${LISTINGS_MAP_MAX_BOX_PIXELS.toLocaleString('en-US')} pixels a side at zoom ${zoom}: zoom in or ask a smaller box.`;

/** A number from the query string: '' and words are refused, not read as 0 or NaN. */
const coordinate = (name: string, limit: number) =>
  z
    .string()
    .max(32, `${name} must be a decimal number of degrees`)
    .regex(/^-?\d{1,3}(\.\d{1,20})?$/, `${name} must be a decimal number of degrees`)
    .transform(Number)
    .pipe(z.number().min(-limit, `${name} must be at least ${-limit}`).max(limit, `${name} must be at most ${limit}`));

export const listingsMapQuerySchema = z
  .object({
    zoom: z
      .string()
      .regex(/^\d{1,2}$/, ZOOM_MESSAGE)
      .transform(Number)
      .pipe(z.number().int().max(LISTINGS_MAP_MAX_ZOOM, ZOOM_MESSAGE)),
    west: coordinate('west', 180),
    south: coordinate('south', MAX_MAP_LATITUDE),
    east: coordinate('east', 180),
    north: coordinate('north', MAX_MAP_LATITUDE),
    status: z.enum(LISTING_STATUSES).optional(),
  })
  .superRefine((query, context) => {
    const issue = (message: string, path: string) => context.addIssue({ code: 'custom', message, path: [path] });
    if (query.south > query.north) return issue(MAP_SOUTH_AFTER_NORTH_MESSAGE, 'south');
    if (query.west > query.east) return issue(MAP_WEST_AFTER_EAST_MESSAGE, 'west');
    const { width, height } = boxPixels(query, query.zoom);
    if (width > LISTINGS_MAP_MAX_BOX_PIXELS || height > LISTINGS_MAP_MAX_BOX_PIXELS) issue(mapBoxTooLargeMessage(query.zoom), 'zoom');
  });
export type ListingsMapQuery = z.infer<typeof listingsMapQuerySchema>;

export const listingsMapSchema = z.object({
  zoom: z.number().int(),
  /** Listings in the answer's cells (the asked box widened to whole cells). */
  total: z.number().int(),
  clusters: z.array(
    z.object({
      latitude: z.number(),
      longitude: z.number(),
      count: z.number().int(),
      south: z.number(),
      west: z.number(),
      north: z.number(),
      east: z.number(),
    }),
  ),
  listings: z.array(z.object({ id: z.number().int(), title: z.string(), status: z.enum(LISTING_STATUSES), latitude: z.number(), longitude: z.number() })),
});
export type ListingsMap = z.infer<typeof listingsMapSchema>;
