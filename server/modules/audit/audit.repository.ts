// SQL for the audit trail.
import { and, asc, count, desc, eq, ilike, inArray, notInArray, or, sql, type SQL } from 'drizzle-orm';
import type { PgSelect } from 'drizzle-orm/pg-core';
import { activityKindPermission, readsActivityKind, type ActivityRow } from '../../../src/contracts/activity';
import { AUDIT_ENTITY_TYPES } from '../../../src/contracts/audit';
import type { Role } from '../../../src/contracts/roles';
import { createdRangeCondition, createdRangeOf } from '../../lib/created-range';
import type { ListFilter, ListRequest, ListSource } from '../../lib/list-source';
import { SEARCH_TOTAL_INLINE_UP_TO, tableListSource } from '../../lib/table-list-source';
import type { Database, Transaction } from '../../db/client';
import { readCounter } from '../../db/counters';
import { administrators, auditEvents } from '../../db/schema';
import type { AuditEntityType } from '../../../src/contracts/audit';

export interface NewAuditEvent {
  administratorId: number | null;
  action: string;
  entityType: AuditEntityType;
  entityId: number;
  reason?: string | null;
  before?: unknown;
  after?: unknown;
  /** The record's name, where the database can no longer read it (a deleted host); else a trigger reads it (migration 0024). */
  entityName?: string | null;
  createdAt: Date;
}

/** An event with who did it by name, not by id (for a role that may not read staff e-mails). */
const shownEventByName = {
  id: auditEvents.id,
  action: auditEvents.action,
  entityType: auditEvents.entityType,
  entityId: auditEvents.entityId,
  entityName: auditEvents.entityName,
  reason: auditEvents.reason,
  before: auditEvents.before,
  after: auditEvents.after,
  createdAt: auditEvents.createdAt,
  administratorName: administrators.name,
};
/** An event as a history shows it: who by e-mail and name, not by id. */
const shownEvent = { ...shownEventByName, administratorEmail: administrators.email };
const withAdministrator = eq(administrators.id, auditEvents.administratorId);

type ActivityRecord = ActivityRow & { createdAt: Date };
type ActivityFilter = ListFilter<AuditEntityType>;

/**
 * Activity's views (src/contracts/activity.ts `readsActivityKind`): the whole trail, or the trail
 * without the kinds of record a role may not read (`without promo staff`: a Moderator's); a view
 * without staff accounts is also without staff e-mails.
 */
const EVERY_ENTRY = 'every entry';
const WITHOUT = 'without ';

/** The view of a role: the whole trail, or named by the kinds it leaves out. */
function viewOfRole(role: Role): string {
  const hidden = AUDIT_ENTITY_TYPES.filter((kind) => !readsActivityKind(role, kind));
  return hidden.length === 0 ? EVERY_ENTRY : `${WITHOUT}${hidden.join(' ')}`;
}

/** Every kind some role may be kept from: what a call without a view (an unknown caller) leaves out. */
const NARROWEST: readonly AuditEntityType[] = AUDIT_ENTITY_TYPES.filter((kind) => activityKindPermission(kind) !== undefined);

/** The kinds of record a call's view leaves out. */
function hiddenKindsOf(filter: ActivityFilter): readonly AuditEntityType[] {
  if (filter.view === EVERY_ENTRY) return [];
  if (typeof filter.view !== 'string' || !filter.view.startsWith(WITHOUT)) return NARROWEST;
  const named = filter.view.slice(WITHOUT.length).split(' ');
  return AUDIT_ENTITY_TYPES.filter((kind) => named.includes(kind));
}

const isEveryEntry = (filter: ActivityFilter) => hiddenKindsOf(filter).length === 0;
/** Staff e-mails are read, shown and searched only in a view with the entries about staff accounts. */
const showsStaffEmails = (filter: ActivityFilter) => !hiddenKindsOf(filter).includes('staff');
const staffIdOf = (filter: ActivityFilter) => (typeof filter.filters?.staffId === 'number' ? filter.filters.staffId : undefined);

/** Activity's `createdFrom` / `createdTo`: the entries written on those UTC days (a week of the dashboard's decision chart). */
const writtenInRange = (filters: { readonly [name: string]: unknown } | undefined) => createdRangeCondition(auditEvents.createdAt, createdRangeOf(filters));

/**
 * A call narrowed to some days. The counter cells know kinds, staff members and actions but not
 * days, so its totals are counted from its rows: the (created_at, id) indexes, alone or under a kind
 * or a staff member, hold the range in one stretch (decision 019).
 */
const isDateRanged = (filter: ActivityFilter) => createdRangeOf(filter.filters) !== undefined;

/** Activity's own filters: `staffId`, one staff member's entries, and the created-on range. */
const byListFilters = (filters: { readonly [name: string]: unknown }) =>
  and(typeof filters.staffId === 'number' ? eq(auditEvents.administratorId, filters.staffId) : undefined, writtenInRange(filters));

/**
 * Activity's counters (migration 0018): `activity`, the trail's total, and one cell per kind of record,
 * staff member and action (`activity:listing:3:listing.decline`, `-` for an account no longer on
 * record), each the sum of its slots (decision 016). Every unsearched total is a sum of cells, and
 * so is the part of a search's total that a staff member's name or e-mail or the action matches.
 */
const activityCells = sql`SELECT split_part(name, ':', 2) AS entity_type,
    NULLIF(split_part(name, ':', 3), '-')::integer AS administrator_id,
    regexp_replace(name, '^([^:]*:){3}', '') AS action,
    sum(value) AS value
  FROM list_counters WHERE name LIKE 'activity:%' GROUP BY name`;

/** The call's filters over the cells: kind of record, view, staff member. */
function cellFilters(filter: ActivityFilter): SQL {
  const staffId = staffIdOf(filter);
  return sql.join(
    [
      sql`true`,
      filter.status === undefined ? undefined : sql`cells.entity_type = ${filter.status}`,
      isEveryEntry(filter)
        ? undefined
        : sql`cells.entity_type NOT IN (${sql.join(
            hiddenKindsOf(filter).map((kind) => sql`${kind}`),
            sql`, `,
          )})`,
      staffId === undefined ? undefined : sql`cells.administrator_id = ${staffId}`,
    ].filter((part) => part !== undefined),
    sql` AND `,
  );
}

/**
 * The same filters over the rows, and the created-on range, which only the rows know. `byIndex`
 * false writes the kind and the staff member in a form no index answers, so the matches are read
 * from the trigram indexes instead (see KIND_WALKED_UP_TO).
 */
function rowFilters(filter: ActivityFilter, byIndex = true): SQL | undefined {
  const staffId = staffIdOf(filter);
  return and(
    filter.status === undefined ? undefined : byIndex ? eq(auditEvents.entityType, filter.status) : sql`(${auditEvents.entityType} || '') = ${filter.status}`,
    isEveryEntry(filter) ? undefined : notInArray(auditEvents.entityType, [...hiddenKindsOf(filter)]),
    staffId === undefined ? undefined : byIndex ? eq(auditEvents.administratorId, staffId) : sql`(${auditEvents.administratorId} + 0) = ${staffId}`,
    writtenInRange(filter.filters),
  );
}

/**
 * A search's two counts under the call's filters, as one row: `filtered`, every entry, and
 * `byStaffOrAction`, those a matched staff member wrote or whose action matches (the statement's
 * `staff` and `actions`). Summed from the cells; under a created-on range, counted from the range's
 * rows in one pass.
 */
function searchCounts(filter: ActivityFilter): SQL {
  if (isDateRanged(filter)) {
    return sql`SELECT count(*) AS filtered,
        count(*) FILTER (WHERE ${auditEvents.administratorId} = ANY (staff.ids) OR ${auditEvents.action} = ANY (actions.names)) AS "byStaffOrAction"
      FROM ${auditEvents}, staff, actions WHERE ${rowFilters(filter) as SQL}`;
  }
  return sql`SELECT (SELECT coalesce(sum(cells.value), 0) FROM cells WHERE ${cellFilters(filter)}) AS filtered,
      (SELECT coalesce(sum(cells.value), 0) FROM cells, staff, actions WHERE ${cellFilters(filter)}
        AND (cells.administrator_id = ANY (staff.ids) OR cells.action = ANY (actions.names))) AS "byStaffOrAction"`;
}

/** What a search matches, found before any entry is read (`prepare`), and its total. */
interface ActivitySearch {
  /** Staff members whose name (or, in the whole trail, e-mail) matches. */
  staffIds: number[];
  /** Actions that match, from the cells: a few dozen values, never the trail. */
  actions: string[];
  /** Entries under the call's filters, searched or not. */
  filtered: number;
  /** Entries the search matches under them: exact, or at least this many where `isTotalExact` is false. */
  total: number;
  /** False when the reasons alone matched more than SEARCH_TOTAL_INLINE_UP_TO entries and were counted no further. */
  isTotalExact: boolean;
}

/**
 * A search whose total is a lower bound walks the time index when it reaches its page within this
 * many entries by that bound (page 1 of a word in every tenth reason: about 100), and otherwise reads
 * every match from the indexes and sorts them.
 */
const WALK_UP_TO = 100_000;

/**
 * A walk stops after this many entries. Matches are not spread evenly in time (a word in the titles
 * of listings added last year): "house", oldest first, walked 3.3 million of ten million entries to
 * fill its first page (4.7 s). Short of its page by then, the page reads every match from the indexes
 * instead: a word that dense in the entries walked would have filled it.
 */
const WALK_BOUND = 20_000;

/**
 * A search's count of the entries its reason or record name matches stops at one past
 * SEARCH_TOTAL_INLINE_UP_TO. Under a kind of record or a staff member, PostgreSQL then expects to
 * find that many soon by walking the kind's (or member's) own index and testing each entry, which
 * holds only if matches are spread evenly: "bea" matches 43,000 entries, none about a host, and the
 * walk read all 535,000 host entries (0.9 s against 0.06 s from the trigram indexes). Past this many
 * entries under the call's filters, the count reads the trigram indexes' matches and tests those.
 */
const KIND_WALKED_UP_TO = 50_000;

const searchOf = (filter: ActivityFilter) => filter.hints?.activitySearch as ActivitySearch | undefined;

/**
 * The rows a search matches: a matched staff member or action, or the reason. `isIndexed`: in the
 * form the indexes answer (staff member, action, reason trigrams), for a search that matches few
 * entries; otherwise in a form no index answers, so the page walks its time index and stops at the
 * page's last row, for a search that matches many.
 */
function matchedBy(search: ActivitySearch, pattern: string, isIndexed: boolean, kind: string | undefined): SQL {
  const { staffIds, actions } = search;
  return or(
    staffIds.length === 0 ? undefined : inArray(isIndexed ? sql`${auditEvents.administratorId}` : sql`coalesce(${auditEvents.administratorId}, 0)`, staffIds),
    actions.length === 0 ? undefined : inArray(isIndexed ? sql`${auditEvents.action}` : sql`(${auditEvents.action} || '')`, actions),
    isIndexed ? textMatches(auditEvents.reason, pattern, kind) : ilike(sql`coalesce(${auditEvents.reason}, '')`, pattern),
    isIndexed ? textMatches(auditEvents.entityName, pattern, kind) : ilike(sql`coalesce(${auditEvents.entityName}, '')`, pattern),
  ) as SQL;
}

/**
 * The reason or the record's name contains the term, as their trigram indexes find it. Under one kind
 * of record, `<kind>:<text>` is matched instead: its index (migration 0046) then answers that kind's
 * matches alone. Through the text's own index, "private" under Promos read the 444,000 entries about
 * properties and listings so named, at ten million entries, to find none about a promo: 4.2 s against
 * 4 ms. A kind has no `%`, `_` or `:`; it is escaped all the same.
 */
function textMatches(column: typeof auditEvents.reason | typeof auditEvents.entityName, pattern: string, kind: string | undefined): SQL {
  if (kind === undefined) return ilike(column, pattern);
  const escapedKind = kind.replace(/[\\%_]/g, (character) => `\\${character}`);
  return sql`((${auditEvents.entityType} || ':' || ${column}) ILIKE ${`${escapedKind}:${pattern}`} AND ${column} IS NOT NULL)`;
}

/**
 * Activity: the whole trail, read afresh (it is not versioned), as the caller's role may see it. A
 * role with ACTIVITY_STAFF_ACCOUNTS_PERMISSION reads every entry with each staff member's e-mail;
 * any other reads no entry about a staff account, and who acted by name only: the e-mail is neither
 * read, nor shown, nor searched (a search would spell it out letter by letter). A role that may not
 * read promos reads no entry about a promo (`readsActivityKind`). Totals come from the
 * counters (a search's from the cells its staff members and actions match, plus the reasons that
 * match elsewhere), so no call counts the trail; where those reasons are more than
 * SEARCH_TOTAL_INLINE_UP_TO, the page comes first and the total from the list's `/total` call. A
 * created-on range (`createdFrom`, `createdTo`) is counted from its own rows, which the counters
 * cannot tell apart by day: the trail of those days, not the whole of it.
 */
export function activityListSource(db: Database): ListSource<ActivityRow, 'createdAt', AuditEntityType> {
  const staffMatching = (pattern: string, filter: ActivityFilter) =>
    db
      .select({ id: administrators.id })
      .from(administrators)
      .where(showsStaffEmails(filter) ? or(ilike(administrators.email, pattern), ilike(administrators.name, pattern)) : ilike(administrators.name, pattern));
  const trail = {
    db,
    table: auditEvents,
    join: (query: PgSelect) => query.leftJoin(administrators, withAdministrator),
    sortColumns: { createdAt: auditEvents.createdAt },
    statusColumn: auditEvents.entityType,
  };
  // Their pages and batches unsearched, and their batches searched (an export walks the time index).
  const toEveryEntryRow = (row: ActivityRecord): ActivityRow => ({ ...row, createdAt: row.createdAt.toISOString() });
  const toRowByName = (row: Omit<ActivityRecord, 'administratorEmail'>): ActivityRow => ({
    ...row,
    administratorEmail: null,
    createdAt: row.createdAt.toISOString(),
  });
  /** A view's source: its columns (with staff e-mails or by name alone) and the kinds it leaves out. */
  function viewSource(view: string): ListSource<ActivityRow, 'createdAt', AuditEntityType> {
    const inView = { view };
    const hidden = hiddenKindsOf(inView);
    const staffWhose = (column: typeof administrators.name | typeof administrators.email, pattern: string) =>
      inArray(auditEvents.administratorId, db.select({ id: administrators.id }).from(administrators).where(ilike(column, pattern)));
    // The staff member by name, and by e-mail only in a view that shows e-mails (as staffMatching).
    const searchColumns = {
      administratorEmail: (pattern: string) => (showsStaffEmails(inView) ? staffWhose(administrators.email, pattern) : undefined),
      administratorName: (pattern: string) => staffWhose(administrators.name, pattern),
      action: auditEvents.action,
      reason: auditEvents.reason,
      entityName: auditEvents.entityName,
    };
    const filter = (filters: { readonly [name: string]: unknown }) =>
      and(hidden.length === 0 ? undefined : notInArray(auditEvents.entityType, [...hidden]), byListFilters(filters));
    return showsStaffEmails(inView)
      ? tableListSource<ActivityRecord, ActivityRow, 'createdAt', AuditEntityType>({
          ...trail,
          columns: shownEvent,
          searchColumns,
          filter,
          toRow: toEveryEntryRow,
        })
      : tableListSource<Omit<ActivityRecord, 'administratorEmail'>, ActivityRow, 'createdAt', AuditEntityType>({
          ...trail,
          columns: shownEventByName,
          searchColumns,
          filter,
          toRow: toRowByName,
        });
  }
  /** Each view's source, made at its first call: a handful (one per set of kinds some role may not read). */
  const sources = new Map<string, ListSource<ActivityRow, 'createdAt', AuditEntityType>>();
  /**
   * The source that answers a call's view, and the call as it must read it. A call without a view
   * (an unknown caller) gets the narrowest one. tableListSource applies `filter` only to a call that
   * gives filters, so a call of a narrower view always gives some, if none of the list's own.
   */
  const viewed = <Filter extends ActivityFilter>(filter: Filter) => {
    const hidden = hiddenKindsOf(filter);
    const view = hidden.length === 0 ? EVERY_ENTRY : `${WITHOUT}${hidden.join(' ')}`;
    let source = sources.get(view);
    if (!source) sources.set(view, (source = viewSource(view)));
    return { source, filter: hidden.length === 0 ? filter : { ...filter, filters: filter.filters ?? {} } };
  };

  /**
   * Staff members and actions a search matches, and its total, in one statement (one snapshot). With
   * `reasonsUpTo`, the entries matched by their reason alone are counted no further than one past it:
   * a word in many reasons ("the") is thousands of entries whose exact count costs far more than
   * their first page, and follows from the list's `/total` call (decision 021).
   */
  async function findSearch(pattern: string, filter: ActivityFilter, reasonsUpTo?: number): Promise<ActivitySearch> {
    // The reason or the record's name, each from its trigram index.
    const isNarrowedByIndex =
      (filter.status === undefined && staffIdOf(filter) === undefined) || isDateRanged(filter) || (await countUnsearched(filter)) <= KIND_WALKED_UP_TO;
    const byReasonAlone = sql`SELECT 1 FROM ${auditEvents} WHERE ${and(or(textMatches(auditEvents.reason, pattern, filter.status), textMatches(auditEvents.entityName, pattern, filter.status)), rowFilters(filter, isNarrowedByIndex))}
          AND coalesce(${auditEvents.administratorId}, 0) <> ALL (staff.ids) AND ${auditEvents.action} <> ALL (actions.names)`;
    const result = await db.execute(sql`WITH cells AS (${activityCells}),
      staff AS (SELECT coalesce(array_agg(matched.id ORDER BY matched.id), '{}') AS ids FROM (${staffMatching(pattern, filter)}) AS matched),
      actions AS (SELECT coalesce(array_agg(DISTINCT cells.action), '{}') AS names FROM cells WHERE cells.action ILIKE ${pattern}),
      counts AS (${searchCounts(filter)})
      SELECT staff.ids AS "staffIds", actions.names AS actions, counts.filtered::text AS filtered, counts."byStaffOrAction"::text AS "byStaffOrAction",
        (SELECT count(*) FROM (${byReasonAlone} ${reasonsUpTo === undefined ? sql`` : sql`LIMIT ${reasonsUpTo + 1}`}) AS matched)::text AS "byReasonAlone"
      FROM staff, actions, counts`);
    const [row] = (result as unknown as { rows: { staffIds: number[]; actions: string[]; filtered: string; byStaffOrAction: string; byReasonAlone: string }[] })
      .rows;
    return {
      staffIds: row.staffIds.map(Number),
      actions: row.actions,
      filtered: Number(row.filtered),
      total: Number(row.byStaffOrAction) + Number(row.byReasonAlone),
      isTotalExact: reasonsUpTo === undefined || Number(row.byReasonAlone) <= reasonsUpTo,
    };
  }

  /** An unsearched total: the trail's counter, the cells under the call's filters, or a created-on range's rows. */
  async function countUnsearched(filter: ActivityFilter): Promise<number> {
    if (isDateRanged(filter)) {
      const [row] = await db.select({ total: count() }).from(auditEvents).where(rowFilters(filter));
      return row.total;
    }
    if (isEveryEntry(filter) && filter.status === undefined && staffIdOf(filter) === undefined) return readCounter(db, 'activity');
    const result = await db.execute(sql`WITH cells AS (${activityCells})
      SELECT coalesce(sum(cells.value), 0)::text AS total FROM cells WHERE ${cellFilters(filter)}`);
    return Number((result as unknown as { rows: { total: string }[] }).rows[0].total);
  }

  /**
   * One page of a search. A search matching many entries walks the time index and stops after the
   * page (page 1 of one matching a tenth of the trail reads about 100 entries); one matching few reads
   * its matches from the indexes and sorts them. Which is cheaper follows from the counts.
   */
  async function searchPage(request: ListRequest<'createdAt', AuditEntityType> & { limit: number; offset: number }): Promise<ActivityRow[]> {
    const search = searchOf(request) as ActivitySearch;
    if (search.total === 0 || (search.isTotalExact && request.offset >= search.total)) return [];
    // The entries walked to reach the page's end, at most (a total that is a lower bound overstates it).
    const walked = ((request.offset + request.limit) * search.filtered) / search.total;
    const isWalk = search.isTotalExact ? walked <= 2 * search.total : walked <= WALK_UP_TO;
    const ids = (isWalk ? await walkedPage(request, search) : undefined) ?? (await indexedPage(request, search));
    if (ids.length === 0) return [];
    const order = request.order === 'desc' ? desc : asc;
    const rows = (columns: typeof shownEvent | typeof shownEventByName) =>
      db
        .select(columns)
        .from(auditEvents)
        .leftJoin(administrators, withAdministrator)
        .where(inArray(auditEvents.id, ids))
        .orderBy(order(auditEvents.createdAt), order(auditEvents.id)) as unknown as Promise<ActivityRecord[]>;
    return showsStaffEmails(request) ? (await rows(shownEvent)).map(toEveryEntryRow) : (await rows(shownEventByName)).map(toRowByName);
  }

  type PageRequest = ListRequest<'createdAt', AuditEntityType> & { limit: number; offset: number };
  const directionOf = (request: PageRequest) => sql.raw(request.order === 'desc' ? 'DESC' : 'ASC');
  const idsOf = (result: unknown) => (result as { rows: { id: number | string }[] }).rows.map((row) => Number(row.id));

  /**
   * A page's ids from the time index, each entry tested, within WALK_BOUND entries; undefined when
   * those held less than the page (the rest of the matches lie elsewhere in time, or the trail ends:
   * the indexes answer either). The walk stops as soon as the page is full.
   */
  async function walkedPage(request: PageRequest, search: ActivitySearch): Promise<number[] | undefined> {
    const direction = directionOf(request);
    const hit = matchedBy(search, request.pattern as string, false, request.status);
    const ids = idsOf(
      await db.execute(sql`SELECT walked.id FROM (SELECT ${auditEvents.id} AS id, ${auditEvents.createdAt} AS created_at, ${hit} AS hit
          FROM ${auditEvents} WHERE ${rowFilters(request) ?? sql`true`}
          ORDER BY ${auditEvents.createdAt} ${direction}, ${auditEvents.id} ${direction} LIMIT ${WALK_BOUND}) AS walked
        WHERE walked.hit ORDER BY walked.created_at ${direction}, walked.id ${direction} LIMIT ${request.limit} OFFSET ${request.offset}`),
    );
    return ids.length === request.limit ? ids : undefined;
  }

  /** A page's ids from every match the indexes give, sorted. OFFSET 0 keeps the matches a subquery of their own. */
  async function indexedPage(request: PageRequest, search: ActivitySearch): Promise<number[]> {
    const direction = directionOf(request);
    const where = and(rowFilters(request), matchedBy(search, request.pattern as string, true, request.status));
    return idsOf(
      await db.execute(sql`SELECT matched.id FROM (SELECT ${auditEvents.id}, ${auditEvents.createdAt} FROM ${auditEvents} WHERE ${where} OFFSET 0) AS matched
        ORDER BY matched.created_at ${direction}, matched.id ${direction} LIMIT ${request.limit} OFFSET ${request.offset}`),
    );
  }

  return {
    tables: [],
    // What every view searches (its own pages of a search read the same fields: matchedBy).
    searches: viewed({}).source.searches,
    viewOf: (caller) => viewOfRole(caller.role),
    async prepare(request) {
      if (request.pattern === undefined) return request;
      return { ...request, hints: { ...request.hints, activitySearch: await findSearch(request.pattern, request, SEARCH_TOTAL_INLINE_UP_TO) } };
    },
    isTotalCostly: (filter) => searchOf(filter)?.isTotalExact === false,
    page(request) {
      if (request.pattern !== undefined && searchOf(request)) return searchPage(request);
      const { source, filter } = viewed(request);
      return source.page(filter);
    },
    async count(filter) {
      if (filter.pattern === undefined) return countUnsearched(filter);
      const prepared = searchOf(filter);
      return (prepared?.isTotalExact ? prepared : await findSearch(filter.pattern, filter)).total;
    },
    batches(request) {
      const { source, filter } = viewed(request);
      return source.batches(filter);
    },
  };
}

export function createAuditRepository(db: Database) {
  return {
    async insert(executor: Database | Transaction, event: NewAuditEvent): Promise<void> {
      await executor.insert(auditEvents).values({
        ...event,
        reason: event.reason ?? null,
        before: event.before ?? null,
        after: event.after ?? null,
      });
    },

    async insertMany(executor: Database | Transaction, events: readonly NewAuditEvent[]): Promise<void> {
      await executor
        .insert(auditEvents)
        .values(events.map((event) => ({ ...event, reason: event.reason ?? null, before: event.before ?? null, after: event.after ?? null })));
    },

    async listFor(entityType: AuditEntityType, entityId: number, limit = 100) {
      return db
        .select(shownEvent)
        .from(auditEvents)
        .leftJoin(administrators, withAdministrator)
        .where(and(eq(auditEvents.entityType, entityType), eq(auditEvents.entityId, entityId)))
        .orderBy(desc(auditEvents.id))
        .limit(limit);
    },

    /** Every staff account, disabled ones too (their entries stay), by name: Activity's staff filter. */
    async staffNames() {
      return db.select({ id: administrators.id, name: administrators.name }).from(administrators).orderBy(asc(administrators.name), asc(administrators.id));
    },
  };
}

export type AuditRepository = ReturnType<typeof createAuditRepository>;
