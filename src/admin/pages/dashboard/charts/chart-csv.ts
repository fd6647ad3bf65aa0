// A chart's series as CSV: the bucket's first and last day, then each series by its key, numbers as
// the API answers them (no thousands separators, no currency), so a spreadsheet reads them as numbers.
import type { ChartPoint } from './chart-figure';
import type { SeriesSpec } from './chart-specs';

export function chartCsv(series: readonly SeriesSpec[], points: readonly ChartPoint[]): string {
  const header = ['from', 'to', ...series.map((entry) => entry.key)];
  const rows = points.map((point) => [point.from, point.to, ...series.map((entry) => (point[entry.key] === null ? '' : String(point[entry.key])))]);
  return `${[header, ...rows].map((row) => row.join(',')).join('\r\n')}\r\n`;
}

/** Saves `text` as `fileName` through a link the browser downloads. */
export function downloadCsv(fileName: string, text: string): void {
  const url = URL.createObjectURL(new Blob([text], { type: 'text/csv;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.click();
  // The download has started from the object URL; it is not needed after this turn.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
