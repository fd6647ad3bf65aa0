// What each dashboard chart draws from its call's answer (src/contracts/dashboard-charts.ts): its
// series (bars, stacked or not, and lines, on the left or right axis), how each value reads, and the
// list a bucket opens, filtered to the bucket's days through the lists' createdFrom/createdTo filters.
import type { ChartName } from '../../../../contracts/dashboard-chart-names';
import { findResource } from '../../../resources';

export type ValueKind = 'count' | 'money' | 'share' | 'hours' | 'minutes';

export interface SeriesSpec {
  key: string;
  kind: 'bar' | 'line' | 'column';
  /** Bars sharing a stack are drawn on top of each other. */
  stack?: string;
  /** The right axis is for a series of another unit than the left's: one unit, one scale. */
  axis?: 'left' | 'right';
  value: ValueKind;
  /** An antd colour token's name. */
  color: 'colorPrimary' | 'colorWarning' | 'colorError' | 'colorSuccess' | 'colorInfo' | 'colorTextTertiary' | 'purple' | 'cyan';
}

export interface ChartSpec {
  name: ChartName;
  /** Drawn; a `column` kind is only in the table and the CSV. */
  series: readonly SeriesSpec[];
  /** The list a bucket opens, by its resource's name (its address is the registry's), and the filters besides the bucket's days. */
  list?: { resource: string; query?: Readonly<Record<string, string>> };
}

/** A count shown only in the chart's table and CSV, beside what the chart draws. */
const countColumn = (key: string): SeriesSpec => ({ key, kind: 'column', value: 'count', color: 'colorTextTertiary' });

export const CHART_SPECS: readonly ChartSpec[] = [
  {
    name: 'bookings',
    series: [
      { key: 'confirmed', kind: 'bar', stack: 'status', value: 'count', color: 'colorPrimary' },
      { key: 'pending', kind: 'bar', stack: 'status', value: 'count', color: 'colorWarning' },
      { key: 'cancelled', kind: 'bar', stack: 'status', value: 'count', color: 'colorError' },
      { key: 'completed', kind: 'bar', stack: 'status', value: 'count', color: 'colorSuccess' },
      countColumn('total'),
    ],
    list: { resource: 'bookings' },
  },
  {
    name: 'booking-value',
    series: [
      { key: 'value', kind: 'bar', value: 'money', color: 'colorPrimary' },
      // Dollars like the bars: one axis, so the average reads against the same scale as the sums.
      { key: 'averageBookingValue', kind: 'line', value: 'money', color: 'colorWarning' },
      countColumn('bookings'),
    ],
    list: { resource: 'bookings' },
  },
  {
    name: 'cancellations',
    series: [
      { key: 'cancellationRate', kind: 'line', value: 'share', color: 'colorError' },
      { key: 'disputedShare', kind: 'line', value: 'share', color: 'purple' },
      countColumn('bookings'),
      countColumn('cancelled'),
      countColumn('disputed'),
    ],
    list: { resource: 'bookings', query: { status: 'cancelled' } },
  },
  {
    name: 'hosts',
    series: [
      { key: 'newHosts', kind: 'bar', value: 'count', color: 'colorPrimary' },
      // Hosts like the bars: one axis.
      { key: 'backlog', kind: 'line', value: 'count', color: 'colorWarning' },
    ],
    list: { resource: 'hosts' },
  },
  {
    name: 'decisions',
    series: [
      { key: 'listingMedianSeconds', kind: 'line', value: 'hours', color: 'colorPrimary' },
      { key: 'listingP90Seconds', kind: 'line', value: 'hours', color: 'cyan' },
      { key: 'propertyMedianSeconds', kind: 'line', value: 'hours', color: 'colorWarning' },
      { key: 'propertyP90Seconds', kind: 'line', value: 'hours', color: 'colorError' },
      countColumn('listingDecisions'),
      countColumn('propertyDecisions'),
    ],
    // The week's entries in Activity, the first decisions among them.
    list: { resource: 'activity' },
  },
  {
    name: 'chats',
    series: [
      { key: 'opened', kind: 'bar', value: 'count', color: 'colorPrimary' },
      { key: 'medianFirstReplySeconds', kind: 'line', axis: 'right', value: 'minutes', color: 'colorWarning' },
    ],
    // The conversations opened in the bucket.
    list: { resource: 'chats' },
  },
];

/** The list of a bucket and its filters: the bucket's days as the list's createdFrom and createdTo (list/list-address.ts writes its address). */
export function listOf(spec: ChartSpec, point: { from: string; to: string }): { path: string; filters: Record<string, string> } | undefined {
  if (!spec.list) return undefined;
  return { path: findResource(spec.list.resource).routes.list, filters: { ...spec.list.query, createdFrom: point.from, createdTo: point.to } };
}
