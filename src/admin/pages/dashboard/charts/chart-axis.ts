// Which days the time axis of a chart labels, chosen from the labels' measured widths so that no two
// labels overlap and none runs past the chart's edge, at whatever width the chart is drawn. recharts
// would choose them itself, but it measures a label in the page's default font, not the chart's, and
// so drew labels over each other or cut the last one off where the two fonts differ.

/** Space kept between two labels of the time axis, in pixels. */
export const TICK_GAP = 16;

/** The margin a chart keeps on its right, beyond its right axis, when no label needs more. */
const RIGHT_MARGIN = 8;

const DAY_MS = 86_400_000;

export interface TimeAxisInput {
  /** Each bucket's first and last day, in order. */
  buckets: readonly { from: string; to: string }[];
  /** The drawn width of a bucket's label, in pixels. */
  labelWidth: (index: number) => number;
  /** The chart's whole width, in pixels. */
  chartWidth: number;
  /** The space left of the plot (the chart's left margin and its left axis). */
  leftOfPlot: number;
  /** The right axis's width, or 0 when there is none. */
  rightAxisWidth: number;
}

export interface TimeAxis {
  /** The `from` of each bucket that gets a label, in order. */
  ticks: string[];
  /** The chart's right margin: enough for the last label to end inside the chart. */
  rightMargin: number;
}

/**
 * A week cut at the range's start (fewer than seven days, followed by a whole week) gets no label of
 * its own: its label would stand a whole bucket's width from the next one's, a day later ("8 Nov",
 * "9 Nov"). The tooltip and the table still name its days.
 */
function isCutFirstWeek(buckets: TimeAxisInput['buckets']): boolean {
  const [first, second] = buckets;
  if (!first || !second) return false;
  const days = (bucket: { from: string; to: string }) => (Date.parse(bucket.to) - Date.parse(bucket.from)) / DAY_MS + 1;
  return days(second) === 7 && days(first) < 7;
}

/**
 * The labels of a time axis whose buckets are bands of equal width (recharts' band scale: a bucket's
 * label is centred on its band). The last bucket always has its label; the others are taken every
 * `step` buckets back from it, the smallest step at which the widest label and TICK_GAP fit between
 * two labels, and a label that would start left of the chart is left out.
 */
export function timeAxis({ buckets, labelWidth, chartWidth, leftOfPlot, rightAxisWidth }: TimeAxisInput): TimeAxis {
  const count = buckets.length;
  if (count === 0 || chartWidth <= 0) return { ticks: [], rightMargin: RIGHT_MARGIN };
  const last = count - 1;
  // The last label is centred half a band left of the plot's end: the margin it needs beyond the right
  // axis solves margin + rightAxis >= width / 2 - band / 2, where the band shrinks as the margin grows.
  const plotWithoutMargin = chartWidth - leftOfPlot - rightAxisWidth;
  const needed = (labelWidth(last) / 2 - plotWithoutMargin / (2 * count) - rightAxisWidth) / (1 - 1 / (2 * count));
  const rightMargin = Math.max(RIGHT_MARGIN, Math.ceil(needed) + 1);
  const band = (plotWithoutMargin - rightMargin) / count;
  if (band <= 0) return { ticks: [buckets[last]!.from], rightMargin };
  const firstLabelled = isCutFirstWeek(buckets) ? 1 : 0;
  let widest = 0;
  for (let index = firstLabelled; index < count; index += 1) widest = Math.max(widest, labelWidth(index));
  const step = Math.max(1, Math.ceil((widest + TICK_GAP) / band));
  const ticks: string[] = [];
  for (let index = last; index >= firstLabelled; index -= step) {
    const centre = leftOfPlot + (index + 0.5) * band;
    if (index !== last && centre - labelWidth(index) / 2 < 0) break;
    ticks.unshift(buckets[index]!.from);
  }
  return { ticks, rightMargin };
}
