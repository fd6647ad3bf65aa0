// How a chart's numbers and days read in the shown language: counts, shares and durations through
// Intl for that language, money in dollars as everywhere in the back-office, days through dayjs, whose
// global locale follows the admin's language (src/admin/ui-locale.ts).
import dayjs from 'dayjs';
import { formatMoney } from '../../../../lib/format';
import type { ValueKind } from './chart-specs';

type Translate = (key: string, options?: Record<string, unknown>) => string;

export interface ChartFormat {
  value(kind: ValueKind, value: number | string | null | undefined): string;
  /** An axis tick: short. */
  tick(kind: ValueKind, value: number): string;
  day(day: string): string;
  period(point: { from: string; to: string }): string;
}

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
    if (kind === 'hours') return translate('admin.charts.hours', { value: decimal.format(number / 3600) });
    if (kind === 'minutes') return translate('admin.charts.minutes', { value: decimal.format(number / 60) });
    return count.format(number);
  };
  return {
    value,
    tick: (kind, raw) =>
      kind === 'share'
        ? share.format(raw)
        : kind === 'hours'
          ? decimal.format(raw / 3600)
          : kind === 'minutes'
            ? decimal.format(raw / 60)
            : compact.format(raw),
    day,
    period: (point) => (point.from === point.to ? day(point.from) : `${day(point.from)} – ${day(point.to)}`),
  };
}
