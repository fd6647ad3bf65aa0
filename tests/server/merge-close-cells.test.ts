import { describe, expect, it } from 'vitest';
import { mergeCloseCells, type PlacedCell } from '../../server/modules/listings-map/merge-close-cells';

const cell = (x: number, y: number, count: number, firstId = Math.round(x * 1000 + y)): PlacedCell => ({
  x,
  y,
  count,
  latitude: -y / 100,
  longitude: x / 100,
  south: -y / 100,
  north: -y / 100,
  west: x / 100,
  east: x / 100,
  firstId,
});

describe('mergeCloseCells', () => {
  it('joins neighbours either side of a cell edge into the larger, summing counts, weighting the centre and joining the boxes', () => {
    const [joined, ...rest] = mergeCloseCells([cell(60, 10, 3), cell(70, 10, 1, 7), cell(300, 300, 2)]);
    expect(rest).toEqual([expect.objectContaining({ count: 2, longitude: 3 })]);
    expect(joined).toMatchObject({ count: 4, west: 0.6, east: 0.7 });
    expect(joined.longitude).toBeCloseTo((0.6 * 3 + 0.7) / 4, 12);
  });

  it('keeps groups a marker width apart or more as they are', () => {
    const cells = [cell(10, 10, 1, 1), cell(10 + 56, 10, 5, 3), cell(200, 10, 1, 2)];
    expect(mergeCloseCells(cells).map((group) => [group.count, group.firstId])).toEqual([
      [5, 3],
      [1, 1],
      [1, 2],
    ]);
  });

  it('answers as many listings as it was given', () => {
    const cells = Array.from({ length: 400 }, (_, index) => cell((index % 20) * 40 + (index % 3) * 7, Math.floor(index / 20) * 40, (index % 5) + 1));
    const total = (groups: { count: number }[]) => groups.reduce((sum, group) => sum + group.count, 0);
    const merged = mergeCloseCells(cells);
    expect(total(merged)).toBe(total(cells));
    expect(merged.length).toBeLessThan(cells.length);
  });
});
