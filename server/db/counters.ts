// Reads the exact list totals that triggers keep in list_counters (a counter is the sum of its slots,
// migration 0009; list_counters_now adds the created bookings not folded yet, decision 033): the
// triggers of migrations 0004 and 0018 keep those of the lists whose rows are not one table's (hosts
// among the users, bookings, the two lists of the properties, feedbacks with the sum of their ratings,
// `feedback-ratings`, and Activity's cells), each named in its list's source; any other list's is
// kept by the generic row trigger its source brings (list-counter-triggers.ts, decision 024).
import { inArray, sql } from 'drizzle-orm';
import type { Database } from './client';
import { listCountersNow } from './schema';

/** A maintained total: a list's, by its name (`listings`), or a migration's other counter (`feedback-ratings`). */
export type CountedList = string;

/** A list's total, or its total for one status (as stored, e.g. `Confirmed` or `pending`): the counter's name. */
export function counterName(list: CountedList, status?: string): string {
  return status === undefined ? list : `${list}:${status}`;
}

/** The values of the named counters in one lookup; a counter never written reads 0. */
export async function readCounters<Name extends string>(db: Database, names: readonly Name[]): Promise<Record<Name, number>> {
  const rows = await db
    .select({ name: listCountersNow.name, value: sql<string>`sum(${listCountersNow.value})` })
    .from(listCountersNow)
    .where(inArray(listCountersNow.name, [...names]))
    .groupBy(listCountersNow.name);
  const values = new Map(rows.map((row) => [row.name, Number(row.value)]));
  return Object.fromEntries(names.map((name) => [name, values.get(name) ?? 0])) as Record<Name, number>;
}

export async function readCounter(db: Database, list: CountedList, status?: string): Promise<number> {
  return readNamedCounter(db, counterName(list, status));
}

/** One counter by its name (`counterName`'s). */
export async function readNamedCounter(db: Database, name: string): Promise<number> {
  const values = await readCounters(db, [name]);
  return values[name];
}
