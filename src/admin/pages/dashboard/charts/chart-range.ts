// The range the charts show: the last 7, 30, 90 or 365 days up to today, or days the member picks.
// Days are the server's UTC days (src/contracts/dashboard-charts.ts).
import dayjs from 'dayjs';

export const PRESETS = ['last7', 'last30', 'last90', 'last365'] as const;
export type Preset = (typeof PRESETS)[number];
const PRESET_DAYS: Record<Preset, number> = { last7: 7, last30: 30, last90: 90, last365: 365 };

export interface ChartRange {
  from: string;
  to: string;
}

const DAY_MS = 86_400_000;
const utcDay = (time: number) => new Date(time).toISOString().slice(0, 10);

/** The preset's days, ending today (UTC). */
export function presetRange(preset: Preset, now = Date.now()): ChartRange {
  return { from: utcDay(now - (PRESET_DAYS[preset] - 1) * DAY_MS), to: utcDay(now) };
}

/** A picked pair of days as a range; dayjs values from antd's RangePicker. */
export const pickedRange = (start: dayjs.Dayjs, end: dayjs.Dayjs): ChartRange => ({ from: start.format('YYYY-MM-DD'), to: end.format('YYYY-MM-DD') });
