// SQL for the map of every listing: the listings of a block of grid cells, counted per cell in one
// statement (docs/decisions/029-listings-map-grid-in-postgresql.md), then the titles of lone listings.
import { inArray, sql, type SQL } from 'drizzle-orm';
import { MAX_MAP_LATITUDE } from '../../../src/contracts/listings-map-grid';
import type { ListingStatus } from '../../../src/contracts/statuses';
import type { DatabaseHandle } from '../../db/client';
import { properties } from '../../db/schema';

/** A block of cells at one grid size, and a latitude / longitude box around it that the index can range over. */
export interface CellBlock {
  cellsPerSide: number;
  firstColumn: number;
  lastColumn: number;
  firstRow: number;
  lastRow: number;
  /** Wider than the cells by a hair: the cells themselves decide which rows count. */
  outer: { west: number; south: number; east: number; north: number };
}

export interface CellRow {
  count: number;
  latitude: number;
  longitude: number;
  south: number;
  west: number;
  north: number;
  east: number;
  /** The cell's least id: its listing's when it holds one. */
  firstId: number;
}

export interface LoneListing {
  id: number;
  title: string;
  status: ListingStatus;
}

export function createListingsMapRepository(handle: Pick<DatabaseHandle, 'query' | 'db'>) {
  return {
    /**
     * The groups of the block's cells. Rows are taken by the outer box, which the index ranges over;
     * the few on its hair-wide margin are clamped into the block's edge cells. The titles of lone
     * listings come from `findListings`: joined here, the planner (which cannot know there are at most
     * a few thousand cells) expects a group per row and plans a join over the whole table.
     */
    async countCells(block: CellBlock, status: ListingStatus | undefined): Promise<CellRow[]> {
      const cells = sql`${block.cellsPerSide}::float8`;
      const within = (cell: SQL, first: number, last: number) => sql`greatest(least(${cell}, ${last}::float8), ${first}::float8)`;
      // The same Web Mercator as src/contracts/listings-map-grid.ts; the poles clamp into the edge rows.
      const column = within(sql`floor((longitude + 180) / 360 * ${cells})`, block.firstColumn, block.lastColumn);
      const clampedLatitude = sql`greatest(least(latitude, ${MAX_MAP_LATITUDE}::float8), ${-MAX_MAP_LATITUDE}::float8)`;
      const row = within(sql`floor((0.5 - ln(tan(pi() / 4 + radians(${clampedLatitude}) / 2)) / (2 * pi())) * ${cells})`, block.firstRow, block.lastRow);
      const { outer } = block;
      return handle.query<CellRow>(sql`
        SELECT count(*)::int AS count, avg(latitude) AS latitude, avg(longitude) AS longitude,
               min(latitude) AS south, max(latitude) AS north, min(longitude) AS west, max(longitude) AS east, min(id) AS "firstId"
        FROM properties
        WHERE latitude BETWEEN ${outer.south}::float8 AND ${outer.north}::float8
          AND longitude BETWEEN ${outer.west}::float8 AND ${outer.east}::float8
          ${status === undefined ? sql`` : sql`AND listing_status = ${status}`}
        GROUP BY ${column}, ${row}
      `);
    },

    async findListings(ids: number[]): Promise<LoneListing[]> {
      if (ids.length === 0) return [];
      const rows = await handle.db
        .select({ id: properties.id, title: properties.title, status: properties.listingStatus })
        .from(properties)
        .where(inArray(properties.id, ids));
      return rows as LoneListing[];
    },
  };
}

export type ListingsMapRepository = ReturnType<typeof createListingsMapRepository>;
