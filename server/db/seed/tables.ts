// The tables the generators fill, and the row counts reported after a run.
import { sql } from 'drizzle-orm';
import type { DatabaseHandle } from '../client';

/** Parents before children, the order rows must be loaded in. */
export const SEEDED_TABLES = [
  'users',
  'host_verifications',
  'properties',
  'property_images',
  'bookings',
  'feedbacks',
  'promos',
  'conversations',
  'messages',
  'host_interest_submissions',
  'email_subscribers',
  'audit_events',
] as const;

type SeededTable = (typeof SEEDED_TABLES)[number];

type RowCounts = Record<SeededTable, number>;

export interface SeedSummary {
  /** True when the database already held data and nothing was written. */
  isSkipped: boolean;
  reason?: string;
  counts: RowCounts;
  elapsedMs: number;
}

export async function countRows(handle: DatabaseHandle): Promise<RowCounts> {
  const selects = SEEDED_TABLES.map((table) => `SELECT '${table}' AS name, count(*)::int AS count FROM ${table}`);
  const rows = await handle.query<{ name: SeededTable; count: number }>(sql.raw(selects.join(' UNION ALL ')));
  const byName = new Map(rows.map((row) => [row.name, Number(row.count)]));
  return Object.fromEntries(SEEDED_TABLES.map((table) => [table, byName.get(table) ?? 0])) as RowCounts;
}

export async function hasUsers(handle: DatabaseHandle): Promise<boolean> {
  const rows = await handle.query<{ found: boolean }>(sql`SELECT EXISTS (SELECT 1 FROM users) AS found`);
  return Boolean(rows[0]?.found);
}
