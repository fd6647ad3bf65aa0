// The map of every listing: a view's box at its zoom becomes a block of whole grid cells, and each
// cell with listings becomes a cluster with its count, or the one listing it holds (neighbours whose
// markers would overlap joined into one, merge-close-cells.ts). Nothing is kept
// between calls: every answer is counted from the table as it is now, so a listing written by any
// process, or straight into the database, is on the next load (docs/decisions/029).
import { LISTINGS_MAP_CELL_PIXELS, cellsPerSide, mercatorX, mercatorY, type MapBox } from '../../../src/contracts/listings-map-grid';
import type { ListingsMap, ListingsMapQuery } from '../../../src/contracts/listings-map';
import type { CellBlock, ListingsMapRepository } from './listings-map.repository';
import { mergeCloseCells } from './merge-close-cells';

/** Rows right on a cell's edge are placed by the database's own arithmetic; the outer box only needs to hold them. */
const EDGE_MARGIN_DEGREES = 1e-6;

const longitudeAt = (x: number) => x * 360 - 180;
const latitudeAt = (y: number) => (360 / Math.PI) * Math.atan(Math.exp((0.5 - y) * 2 * Math.PI)) - 90;

/** The whole cells the box touches at the zoom, so that a cell's count never depends on where the view's edge cut it. */
export function cellBlockOf(box: MapBox, zoom: number): CellBlock {
  const cells = cellsPerSide(zoom);
  const cellAt = (fraction: number) => Math.min(cells - 1, Math.max(0, Math.floor(fraction * cells)));
  const firstColumn = cellAt(mercatorX(box.west));
  const lastColumn = cellAt(mercatorX(box.east));
  const firstRow = cellAt(mercatorY(box.north));
  const lastRow = cellAt(mercatorY(box.south));
  return {
    cellsPerSide: cells,
    firstColumn,
    lastColumn,
    firstRow,
    lastRow,
    outer: {
      west: firstColumn === 0 ? -180 : longitudeAt(firstColumn / cells) - EDGE_MARGIN_DEGREES,
      east: lastColumn === cells - 1 ? 180 : longitudeAt((lastColumn + 1) / cells) + EDGE_MARGIN_DEGREES,
      // The top and bottom rows hold everything beyond Web Mercator's edge too.
      north: firstRow === 0 ? 90 : latitudeAt(firstRow / cells) + EDGE_MARGIN_DEGREES,
      south: lastRow === cells - 1 ? -90 : latitudeAt((lastRow + 1) / cells) - EDGE_MARGIN_DEGREES,
    },
  };
}

export function createListingsMapService({ repository }: { repository: ListingsMapRepository }) {
  return {
    async view(query: ListingsMapQuery): Promise<ListingsMap> {
      const worldPixels = cellsPerSide(query.zoom) * LISTINGS_MAP_CELL_PIXELS;
      const cells = await repository.countCells(cellBlockOf(query, query.zoom), query.status);
      const groups = mergeCloseCells(cells.map((cell) => ({ ...cell, x: mercatorX(cell.longitude) * worldPixels, y: mercatorY(cell.latitude) * worldPixels })));
      const lone = new Map(
        (await repository.findListings(groups.filter((group) => group.count === 1).map((group) => group.firstId))).map((listing) => [listing.id, listing]),
      );
      const answer: ListingsMap = { zoom: query.zoom, total: 0, clusters: [], listings: [] };
      for (const { count, latitude, longitude, south, west, north, east, firstId } of groups) {
        if (count > 1) {
          answer.clusters.push({ count, latitude, longitude, south, west, north, east });
          answer.total += count;
          continue;
        }
        // A listing deleted between the two statements is left out.
        const listing = lone.get(firstId);
        if (!listing) continue;
        answer.listings.push({ ...listing, latitude, longitude });
        answer.total += 1;
      }
      return answer;
    },
  };
}

export type ListingsMapService = ReturnType<typeof createListingsMapService>;
