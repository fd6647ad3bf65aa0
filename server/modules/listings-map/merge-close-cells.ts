// Cells are counted on a fixed grid, so two groups either side of a cell's edge can sit a few pixels
// apart and their markers overlap. One pass joins such neighbours: the larger group takes in every
// group of the 3 × 3 cells around it whose centre is closer than a marker's width, adding up counts
// and boxes, so every count stays exact and the answer stays linear in its cells.
import { LISTINGS_MAP_CELL_PIXELS } from '../../../src/contracts/listings-map-grid';
import type { CellRow } from './listings-map.repository';

/** Wider than the largest marker (50 px), so joined markers never overlap. */
export const MIN_MARKER_DISTANCE_PIXELS = 56;

/** A cell's group with its centre in screen pixels at the zoom. */
export interface PlacedCell extends CellRow {
  x: number;
  y: number;
}

const keyOf = (column: number, row: number) => `${column}:${row}`;

export function mergeCloseCells(cells: PlacedCell[]): CellRow[] {
  const byCell = new Map<string, PlacedCell>();
  for (const cell of cells) byCell.set(keyOf(Math.floor(cell.x / LISTINGS_MAP_CELL_PIXELS), Math.floor(cell.y / LISTINGS_MAP_CELL_PIXELS)), cell);
  const taken = new Set<PlacedCell>();
  const merged: CellRow[] = [];
  for (const cell of [...cells].sort((a, b) => b.count - a.count)) {
    if (taken.has(cell)) continue;
    taken.add(cell);
    const { x: _x, y: _y, ...group } = cell;
    const column = Math.floor(cell.x / LISTINGS_MAP_CELL_PIXELS);
    const row = Math.floor(cell.y / LISTINGS_MAP_CELL_PIXELS);
    for (let dx = -1; dx <= 1; dx += 1) {
      for (let dy = -1; dy <= 1; dy += 1) {
        const neighbour = byCell.get(keyOf(column + dx, row + dy));
        if (!neighbour || taken.has(neighbour) || Math.hypot(neighbour.x - cell.x, neighbour.y - cell.y) >= MIN_MARKER_DISTANCE_PIXELS) continue;
        taken.add(neighbour);
        const count = group.count + neighbour.count;
        group.latitude = (group.latitude * group.count + neighbour.latitude * neighbour.count) / count;
        group.longitude = (group.longitude * group.count + neighbour.longitude * neighbour.count) / count;
        group.count = count;
        group.south = Math.min(group.south, neighbour.south);
        group.west = Math.min(group.west, neighbour.west);
        group.north = Math.max(group.north, neighbour.north);
        group.east = Math.max(group.east, neighbour.east);
      }
    }
    merged.push(group);
  }
  return merged;
}
