// Reads the exact list totals that the triggers of migration 0004 keep in list_counters (a counter is
// the sum of its slots, migration 0009).
import { inArray, sql } from 'drizzle-orm';
import type { Database } from './client';
import { listCounters } from './schema';

/** The lists with a maintained total; `feedback-ratings` is the sum of feedback ratings. */
export type CountedList =
  | 'hosts'
  | 'bookings'
  | 'listings'
  | 'property-approvals'
  | 'feedbacks'
  | 'feedback-ratings'
  | 'host-information'
  | 'email-subscribers'
  /** The audit trail; its cells per kind, staff member and action are read by the audit repository. */
  | 'activity';

/** A list's total, or its total for one status (as stored, e.g. `Confirmed` or `pending`). */
function counterName(list: CountedList, status?: string): string {
  return status === undefined ? list : `${list}:${status}`;
}

/** The values of the named counters in one lookup; a counter never written reads 0. */
export async function readCounters<Name extends string>(db: Database, names: readonly Name[]): Promise<Record<Name, number>> {
  const rows = await db
    .select({ name: listCounters.name, value: sql<string>`sum(${listCounters.value})` })
    .from(listCounters)
    .where(inArray(listCounters.name, [...names]))
    .groupBy(listCounters.name);
  const values = new Map(rows.map((row) => [row.name, Number(row.value)]));
  return Object.fromEntries(names.map((name) => [name, values.get(name) ?? 0])) as Record<Name, number>;
}

export async function readCounter(db: Database, list: CountedList, status?: string): Promise<number> {
  const name = counterName(list, status);
  const values = await readCounters(db, [name]);
  return values[name];
}
