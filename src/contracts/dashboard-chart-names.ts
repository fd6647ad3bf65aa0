// The dashboard's charts by name, with the permission each needs and its path: no zod, so the
// dashboard's first load can choose the charts a role may read before the chart code loads.
import type { Permission } from './roles';

export const CHART_NAMES = ['bookings', 'booking-value', 'cancellations', 'hosts', 'decisions', 'chats'] as const;
export type ChartName = (typeof CHART_NAMES)[number];

/** The longest range a chart answers: three years, a day for a leap year included. */
export const MAX_CHART_DAYS = 1_096;

/** What a role must read to see a chart: the list its numbers count (decisions come from the audit trail). */
export const CHART_PERMISSIONS: Readonly<Record<ChartName, Permission>> = {
  bookings: 'bookings.read',
  'booking-value': 'bookings.read',
  cancellations: 'bookings.read',
  hosts: 'hosts.read',
  decisions: 'activity.read',
  chats: 'chats.read',
};

/**
 * The live resources whose changes move each chart (the triggers of migration 0022; src/contracts/live.ts):
 * a booking for the booking charts; a host or their verification for the hosts chart; an audit entry
 * (a first decision) for the decision chart; a conversation (opened, or its first staff reply) for the
 * chat chart. Not properties: renaming a host rewrites their properties' copies of the name, so the
 * decision chart would be asked again for every rename; a property deleted straight in the database
 * (its waits go with it) shows at the next load or the next first decision.
 */
export const CHART_LIVE_RESOURCES: Readonly<Record<ChartName, readonly string[]>> = {
  bookings: ['bookings'],
  'booking-value': ['bookings'],
  cancellations: ['bookings'],
  hosts: ['hosts'],
  decisions: ['activity'],
  chats: ['chats'],
};

/** The chart's call as the back-office's data provider takes it (under /api). */
export const chartCall = (name: ChartName): string => `admin/dashboard/charts/${name}`;
export const chartPath = (name: ChartName): string => `/api/${chartCall(name)}`;
