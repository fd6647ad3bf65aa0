// List pages, cached under the versions of the tables they read (migration 0007).
//
// A search must count its matches exactly ("Showing 1 to 10 of 37,386 results"), and at a million
// rows that costs tens of milliseconds however it is indexed; a deep page walks thousands of index
// entries. Every statement that writes a listed table gives the table a new version in the same
// transaction, so "this page of this list, over these versions" names one answer: it is computed
// once, kept in memory, and served until one of its tables changes. Reading the versions first and
// computing second means a cached answer is never older than the versions it is stored under. Each
// process keeps its own cache; correctness never depends on it, because every request reads the
// current versions from the database.
import { eq, sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { dataVersionsNow, listCountersNow } from '../db/schema';
import { searchTerm } from './paging';

/** The tables whose writes the triggers of migration 0007 version (review_waits: migration 0025, the dashboard's decision chart). */
export type VersionedTable = 'bookings' | 'email_subscribers' | 'feedbacks' | 'host_interest_submissions' | 'properties' | 'review_waits' | 'users';

/** Counts a page's total, remembered for its search (see `PageCache.page`). */
type RememberTotal = (count: () => Promise<number>) => Promise<number>;

export interface PageCache {
  /**
   * The answer of `compute` for `key` over the current versions of `tables`: served from memory when
   * it was computed over the same versions before; concurrent callers of one cold key share its
   * single computation. A failed computation is not kept.
   */
  remember<T>(list: string, tables: readonly VersionedTable[], key: unknown, compute: () => Promise<T>): Promise<T>;
  /**
   * One page of a list (its rows and total), remembered under everything in the query that decides
   * it. `compute` counts its total through `rememberTotal`: a searched total is remembered without
   * page and sort, so paging through the results or re-sorting them counts once; an unsearched total
   * is counted directly. Both share the one version lookup of the request. With `counter`, the
   * counter that holds the page's exact total (the source's `counterOf`), the total is read in that
   * same lookup, and `rememberTotal` answers it without counting.
   */
  page<T>(
    list: string,
    tables: readonly VersionedTable[],
    query: PageQuery,
    compute: (rememberTotal: RememberTotal) => Promise<T>,
    counter?: string,
  ): Promise<T>;
  /** Answers served from memory and computed since the start, and the answers kept now (for /metrics). */
  stats(): { hits: number; misses: number; entries: number };
}

/** The paged form of a list call, as far as it decides the answer. */
export interface PageQuery {
  q?: string;
  status?: string;
  sort?: string;
  order?: string;
  page?: number;
  pageSize?: number;
}

interface PageCacheOptions {
  /** How many answers to keep, least recently used dropped first; 0 turns the cache off. */
  maxEntries: number;
}

export function createPageCache(db: Database, { maxEntries }: PageCacheOptions): PageCache {
  const entries = new Map<string, Promise<unknown>>();
  const counts = { hits: 0, misses: 0 };

  // A table's version and a counter are each the sum of their slots' values (migration 0009). Every
  // list page reads them: prepared once per connection, the lookup is parsed and planned once.
  const versionsAndCounter = db
    .select({ isCounter: sql<boolean>`false`, name: dataVersionsNow.name, value: sql<string>`sum(${dataVersionsNow.value})::text` })
    .from(dataVersionsNow)
    .where(sql`${dataVersionsNow.name} = ANY(${sql.placeholder('tables')}::text[])`)
    .groupBy(dataVersionsNow.name)
    .unionAll(
      db
        .select({ isCounter: sql<boolean>`true`, name: listCountersNow.name, value: sql<string>`sum(${listCountersNow.value})::text` })
        .from(listCountersNow)
        // No counter named: null matches no row.
        .where(eq(listCountersNow.name, sql.placeholder('counter')))
        .groupBy(listCountersNow.name),
    )
    .prepare('list_versions_and_counter');

  /**
   * The versions of `tables` as one key ('' when the answer must not be cached), and the value of
   * `counter` if one is named: one statement, so the counter is the total at exactly those versions.
   */
  async function readVersions(tables: readonly VersionedTable[], counter?: string): Promise<{ versions: string; counted?: number }> {
    // A list over no versioned table is read afresh every time.
    if (tables.length === 0) return { versions: '' };
    const rows = await versionsAndCounter.execute({ tables: [...tables], counter: counter ?? null });
    const values = new Map(rows.filter((row) => !row.isCounter).map((row) => [row.name, row.value]));
    // A counter never written reads 0, as readCounters reads it.
    const counted = counter === undefined ? undefined : Number(rows.find((row) => row.isCounter)?.value ?? 0);
    // A table without a version row is never cached (every answer would share the version "missing").
    if (tables.some((table) => !values.has(table))) return { versions: '', counted };
    return { versions: tables.map((table) => `${table}=${values.get(table)}`).join(','), counted };
  }

  /** The remembered answer for `cacheKey`, or `compute`'s, kept for the next caller. */
  function rememberAt<T>(cacheKey: string, compute: () => Promise<T>): Promise<T> {
    const cached = entries.get(cacheKey);
    if (cached) {
      counts.hits += 1;
      // Most recently used last: a Map iterates in insertion order, so the first key is the eldest.
      entries.delete(cacheKey);
      entries.set(cacheKey, cached);
      return cached as Promise<T>;
    }
    counts.misses += 1;
    const pending = compute();
    entries.set(cacheKey, pending);
    if (entries.size > maxEntries) entries.delete(entries.keys().next().value as string);
    pending.catch(() => {
      if (entries.get(cacheKey) === pending) entries.delete(cacheKey);
    });
    return pending;
  }

  const keyOf = (list: string, key: unknown, versions: string) => `${list}\n${JSON.stringify(key)}\n${versions}`;
  const countDirectly: RememberTotal = (count) => count();

  return {
    stats: () => ({ ...counts, entries: entries.size }),

    async remember(list, tables, key, compute) {
      if (maxEntries === 0) return compute();
      const { versions } = await readVersions(tables);
      return versions === '' ? compute() : rememberAt(keyOf(list, key, versions), compute);
    },

    async page(list, tables, query, compute, counter) {
      if (maxEntries === 0) return compute(countDirectly);
      const { versions, counted } = await readVersions(tables, counter);
      const readTotal: RememberTotal | undefined = counted === undefined ? undefined : () => Promise.resolve(counted);
      if (versions === '') return compute(readTotal ?? countDirectly);
      const term = searchTerm(query.q);
      const { status, sort, order, page, pageSize } = query;
      const rememberTotal: RememberTotal =
        readTotal ?? (term === undefined ? countDirectly : (count) => rememberAt(keyOf(`${list} total`, { term, status }, versions), count));
      return rememberAt(keyOf(list, { term, status, sort, order, page, pageSize }, versions), () => compute(rememberTotal));
    },
  };
}
