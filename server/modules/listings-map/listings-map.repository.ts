// SQL for the map of every listing: the listings of a block of grid cells, counted per cell in one
// statement (docs/decisions/029-listings-map-grid-in-postgresql.md).
import { sql } from 'drizzle-orm';
import { MAX_MAP_LATITUDE } from '../../../src/contracts/listings-map-grid';
import type { ListingStatus } from '../../../src/contracts/statuses';
import type { DatabaseHandle } from '../../db/client';

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
  /** The cell's listing when it holds exactly one, else null. */
  id: number | null;
  title: string | null;
  status: ListingStatus | null;
}

export function createListingsMapRepository(handle: Pick<DatabaseHandle, 'query'>) {
  return {
    async countCells(block: CellBlock, status: ListingStatus | undefined): Promise<CellRow[]> {
      const cells = sql`${block.cellsPerSide}::float8`;
      // The same Web Mercator as src/contracts/listings-map-grid.ts; the poles clamp into the edge rows.
      const column = sql`least(floor((longitude + 180) / 360 * ${cells}), ${cells} - 1)`;
      const clampedLatitude = sql`greatest(least(latitude, ${MAX_MAP_LATITUDE}::float8), ${-MAX_MAP_LATITUDE}::float8)`;
      const row = sql`least(floor((0.5 - ln(tan(pi() / 4 + radians(${clampedLatitude}) / 2)) / (2 * pi())) * ${cells}), ${cells} - 1)`;
      const { outer } = block;
      return handle.query<CellRow>(sql`
        WITH placed AS (
          SELECT id, latitude, longitude, ${column} AS cell_column, ${row} AS cell_row
          FROM properties
          WHERE latitude BETWEEN ${outer.south}::float8 AND ${outer.north}::float8
            AND longitude BETWEEN ${outer.west}::float8 AND ${outer.east}::float8
            ${status === undefined ? sql`` : sql`AND listing_status = ${status}`}
        ),
        cells AS (
          SELECT count(*)::int AS count, avg(latitude) AS latitude, avg(longitude) AS longitude,
                 min(latitude) AS south, max(latitude) AS north, min(longitude) AS west, max(longitude) AS east, min(id) AS first_id
          FROM placed
          WHERE cell_column BETWEEN ${block.firstColumn}::float8 AND ${block.lastColumn}::float8
            AND cell_row BETWEEN ${block.firstRow}::float8 AND ${block.lastRow}::float8
          GROUP BY cell_column, cell_row
        )
        -- A cell of one listing names it; the join reads only those few rows.
        SELECT cells.count, cells.latitude, cells.longitude, cells.south, cells.west, cells.north, cells.east,
               properties.id, properties.title, properties.listing_status AS status
        FROM cells
        LEFT JOIN properties ON cells.count = 1 AND properties.id = cells.first_id
      `);
    },
  };
}

export type ListingsMapRepository = ReturnType<typeof createListingsMapRepository>;
