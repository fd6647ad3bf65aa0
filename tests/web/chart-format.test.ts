import * as fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { changeLanguage, i18n, registerCatalogue } from '../../src/i18n';
import english from '../../src/i18n/locales/en/admin-charts.json';
import somali from '../../src/i18n/locales/so/admin-charts.json';
import { TICK_GAP, timeAxis, type TimeAxis, type TimeAxisInput } from '../../src/admin/pages/dashboard/charts/chart-axis';
import { chartFormat } from '../../src/admin/pages/dashboard/charts/chart-format';
import { CHART_SPECS } from '../../src/admin/pages/dashboard/charts/chart-specs';

// The charts' texts, as the charts' chunk registers them.
registerCatalogue({ en: english, so: somali });

const formatIn = async (language: 'en' | 'so') => {
  await changeLanguage(language);
  return chartFormat(language, (key, options) => i18n.t(key, options ?? {}));
};

describe('chart axes of durations', () => {
  it('draw hours and minutes rather than seconds, so the ticks are round numbers of the unit the axis names', async () => {
    const format = await formatIn('en');
    // A median wait of 3 days and a first reply after 90 s, as the charts' answers give them.
    expect(format.toAxis('hours', 259_200)).toBe(72);
    expect(format.toAxis('minutes', 90)).toBe(1.5);
    expect(format.tick('hours', 72)).toBe('72');
    expect(format.unit('hours')).toBe('Hours');
    expect(format.unit('minutes')).toBe('Minutes');
    // The tooltip reads the drawn value back in seconds: the same text as the table's.
    expect(format.value('hours', format.fromAxis('hours', 72))).toBe(format.value('hours', 259_200));
    expect(format.value('minutes', format.fromAxis('minutes', 1.5))).toBe('1.5 min');
  });

  it('leave a missing duration missing, and every other kind as it comes, without a unit', async () => {
    const format = await formatIn('en');
    expect(format.toAxis('hours', null)).toBeNull();
    expect(format.toAxis('minutes', undefined)).toBeNull();
    expect(format.toAxis('count', 1200)).toBe(1200);
    expect(format.toAxis('money', '85.5')).toBe(85.5);
    expect(format.fromAxis('share', 0.25)).toBe(0.25);
    expect(format.unit('count')).toBeUndefined();
    expect(format.unit('share')).toBeUndefined();
    expect(format.tick('count', 2400)).toBe('2.4K');
  });

  it('name their unit in Somali', async () => {
    const format = await formatIn('so');
    expect(format.unit('hours')).toBe('Saacadood');
    expect(format.unit('minutes')).toBe('Daqiiqado');
    await changeLanguage('en');
  });
});

/** Weekly buckets from `from` to `to` as the server cuts them: Monday to Sunday, cut at the range's ends. */
function weeks(from: string, to: string): { from: string; to: string }[] {
  const day = (time: number) => new Date(time).toISOString().slice(0, 10);
  const end = Date.parse(to);
  const buckets: { from: string; to: string }[] = [];
  for (let start = Date.parse(from); start <= end;) {
    const sunday = start + ((7 - new Date(start).getUTCDay()) % 7) * 86_400_000;
    buckets.push({ from: day(start), to: day(Math.min(sunday, end)) });
    start = sunday + 86_400_000;
  }
  return buckets;
}

/** Where each labelled bucket's label starts and ends: centred on its band, as recharts draws it. */
function labelBoxes(axis: TimeAxis, input: TimeAxisInput): { from: string; left: number; right: number }[] {
  const { buckets, chartWidth, leftOfPlot, rightAxisWidth, labelWidth } = input;
  const band = (chartWidth - leftOfPlot - rightAxisWidth - axis.rightMargin) / buckets.length;
  return axis.ticks.map((from) => {
    const index = buckets.findIndex((bucket) => bucket.from === from);
    const centre = leftOfPlot + (index + 0.5) * band;
    return { from, left: centre - labelWidth(index) / 2, right: centre + labelWidth(index) / 2 };
  });
}

describe('the time axis of a chart', () => {
  it('gives a week cut to one day at the range start no label beside the next week one day later', () => {
    // The last 30 days on 7 Dec 2026: 8 Nov is a Sunday, a week of its own.
    const buckets = weeks('2026-11-08', '2026-12-07');
    expect(buckets.slice(0, 2)).toEqual([
      { from: '2026-11-08', to: '2026-11-08' },
      { from: '2026-11-09', to: '2026-11-15' },
    ]);
    const input = { buckets, labelWidth: () => 70, chartWidth: 1000, leftOfPlot: 56, rightAxisWidth: 0 };
    const axis = timeAxis(input);
    expect(axis.ticks).toEqual(['2026-11-09', '2026-11-16', '2026-11-23', '2026-11-30', '2026-12-07']);
    // The last label, centred on its band, ends inside the chart.
    expect(labelBoxes(axis, input).at(-1)!.right).toBeLessThanOrEqual(1000);
  });

  it('labels every bucket that has room, a whole week included, and always the last', () => {
    const input = { buckets: weeks('2026-11-02', '2026-11-29'), labelWidth: () => 70, chartWidth: 800, leftOfPlot: 56, rightAxisWidth: 64 };
    expect(timeAxis(input)).toEqual({ ticks: ['2026-11-02', '2026-11-09', '2026-11-16', '2026-11-23'], rightMargin: 8 });
    // Narrow: every second week, counted back from the last.
    expect(timeAxis({ ...input, chartWidth: 330 }).ticks).toEqual(['2026-11-09', '2026-11-23']);
  });

  it('never draws two labels over each other or past either edge, whatever the width, buckets and labels', () => {
    const day = (offset: number) => new Date(Date.UTC(2026, 0, 1) + offset * 86_400_000).toISOString().slice(0, 10);
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 700 }),
        fc.integer({ min: 1, max: 400 }),
        fc.boolean(),
        fc.integer({ min: 240, max: 1600 }),
        fc.array(fc.integer({ min: 30, max: 120 }), { minLength: 1, maxLength: 8 }),
        fc.constantFrom(0, 56, 64),
        (start, days, isWeekly, chartWidth, widths, rightAxisWidth) => {
          const buckets = isWeekly
            ? weeks(day(start), day(start + days - 1))
            : Array.from({ length: days }, (_, index) => ({ from: day(start + index), to: day(start + index) }));
          const input = { buckets, labelWidth: (index: number) => widths[index % widths.length]!, chartWidth, leftOfPlot: 56, rightAxisWidth };
          const axis = timeAxis(input);
          const boxes = labelBoxes(axis, input);
          expect(boxes.at(-1)?.from).toBe(buckets.at(-1)!.from);
          // The last label ends inside the chart (the margin makes room for it), the others start inside it.
          expect(boxes.at(-1)!.right).toBeLessThanOrEqual(chartWidth + 1e-6);
          for (const box of boxes.slice(0, -1)) expect(box.left).toBeGreaterThanOrEqual(0);
          for (let index = 1; index < boxes.length; index += 1) expect(boxes[index]!.left - boxes[index - 1]!.right).toBeGreaterThanOrEqual(TICK_GAP - 1e-6);
        },
      ),
      { numRuns: 300 },
    );
  });
});

describe('the charts’ axes', () => {
  it('draw a right axis only for a series of another unit than the left axis’s: one unit, one scale', () => {
    for (const spec of CHART_SPECS) {
      const drawn = spec.series.filter((series) => series.kind !== 'column');
      const units = (side: 'left' | 'right') => new Set(drawn.filter((series) => (series.axis ?? 'left') === side).map((series) => series.value));
      for (const unit of units('right')) expect(units('left').has(unit), `${spec.name}: ${unit} on both axes`).toBe(false);
    }
    // Gross booking value: the sums and the average booking value are dollars, so one axis.
    expect(CHART_SPECS.find((spec) => spec.name === 'booking-value')!.series.some((series) => series.axis === 'right')).toBe(false);
  });
});
