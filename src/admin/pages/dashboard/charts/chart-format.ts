// How a chart's numbers and days read in the shown language: counts, shares and durations through
// Intl for that language, money in dollars as everywhere in the back-office, days through dayjs, whose
// global locale follows the admin's language (src/admin/ui-locale.ts).
import dayjs from 'dayjs';
import { formatMoney } from '../../../../lib/format';
import type { ValueKind } from './chart-specs';

type Translate = (key: string, options?: Record<string, unknown>) => string;

export interface ChartFormat {
  value(kind: ValueKind, value: number | string | null | undefined): string;
  /**
   * A value as its axis draws it: durations in hours or minutes rather than the answer's seconds, so
   * the axis picks round ticks in the unit it names (`unit`); every other kind as it is.
   */
  toAxis(kind: ValueKind, value: unknown): number | null;
  /** An axis value back in the answer's unit (seconds for durations), for the tooltip. */
  fromAxis(kind: ValueKind, value: number): number;
  /** An axis tick (an axis value): short. */
  tick(kind: ValueKind, value: number): string;
  /** The unit an axis of durations names, in the shown language; undefined for other kinds. */
  unit(kind: ValueKind): string | undefined;
  day(day: string): string;
  period(point: { from: string; to: string }): string;
}

/** Durations come in seconds; their axes count hours or minutes. */
const SECONDS_PER_UNIT: Partial<Record<ValueKind, number>> = { hours: 3600, minutes: 60 };

export function chartFormat(language: string, translate: Translate): ChartFormat {
  const count = new Intl.NumberFormat(language);
  const share = new Intl.NumberFormat(language, { style: 'percent', maximumFractionDigits: 1 });
  const decimal = new Intl.NumberFormat(language, { maximumFractionDigits: 1 });
  const compact = new Intl.NumberFormat(language, { notation: 'compact', maximumFractionDigits: 1 });
  const day = (text: string) => dayjs(text).format('D MMM YYYY');
  const value = (kind: ValueKind, raw: number | string | null | undefined): string => {
    if (raw === null || raw === undefined) return translate('admin.charts.none');
    const number = Number(raw);
    if (kind === 'money') return formatMoney(number);
    if (kind === 'share') return share.format(number);
    if (kind === 'hours' || kind === 'minutes') return translate(`admin.charts.${kind}`, { value: decimal.format(number / SECONDS_PER_UNIT[kind]!) });
    return count.format(number);
  };
  return {
    value,
    toAxis: (kind, raw) => (raw === null || raw === undefined ? null : Number(raw) / (SECONDS_PER_UNIT[kind] ?? 1)),
    fromAxis: (kind, axisValue) => axisValue * (SECONDS_PER_UNIT[kind] ?? 1),
    tick: (kind, axisValue) =>
      kind === 'share' ? share.format(axisValue) : kind === 'hours' || kind === 'minutes' ? decimal.format(axisValue) : compact.format(axisValue),
    unit: (kind) => (kind === 'hours' || kind === 'minutes' ? translate(`admin.charts.units.${kind}`) : undefined),
    day,
    period: (point) => (point.from === point.to ? day(point.from) : `${day(point.from)} – ${day(point.to)}`),
  };
}
