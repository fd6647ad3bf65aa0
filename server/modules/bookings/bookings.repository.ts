// SQL for bookings with their guest and property, and the bookings list's source of rows.
import { and, asc, count, desc, eq, gt, inArray, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import type { Booking, BookingParties } from '../../../src/contracts/bookings';
import type { BookingSort } from '../../../src/contracts/lists/bookings';
import { BOOKING_STATUSES, type BookingStatus } from '../../../src/contracts/statuses';
import type { Database, Transaction } from '../../db/client';
import { createdRangeCondition, createdRangeOf, type CreatedRange } from '../../lib/created-range';
import { counterName, readCounter, readCounters } from '../../db/counters';
import { bookingNames, bookings, properties, users } from '../../db/schema';
import { deferredPage, idsOf, keysetBatches, pageRowsById, type ListFilter, type ListSource } from '../../lib/list-source';
import { contains, HAS_TRIGRAM, lengthTestOf } from '../../lib/paging';
import { rowsOf } from '../../db/rows';

interface BookingFilter {
  status?: BookingStatus;
  /** A LIKE pattern for guest name and e-mail, property title and address, already escaped. */
  pattern?: string;
  /** A booking id the search names exactly. */
  id?: number;
  /**
   * A narrow search's guests and properties, found once for the call (`findSearchSources`): the page,
   * the count and the export read their bookings by key, with no pattern left to plan.
   */
  sources?: SearchSources;
  /**
   * A broad search under the Guest or Property sort: its matches on the sort's own side, and on the
   * other side when they are few (`findSortSides`), so the page is walked in the sort's order from
   * the matching guests or properties themselves.
   */
  sides?: SortSides;
  /** Booked from and to these days (the list's createdFrom and createdTo). */
  created?: CreatedRange;
}

/** The guests and properties a search matches, at most `limit` in all (`findSearchSources`). */
interface SearchSources {
  guestIds: number[];
  propertyIds: number[];
}

/**
 * A broad search's matches split by the side a Guest or Property sort orders by: `own`, every guest
 * (Guest sort) or property (Property sort) the term matches, at most SORT_SIDE_LIMIT; `other`, every
 * one of the other side, when they have few bookings, else undefined (many: the walk tests them).
 */
interface SortSides {
  own: RankedSide;
  other?: number[];
}

/** A side's ids in its sort's order, by name then id, and each one's name rank (equal names share one). */
interface RankedSide {
  ids: number[];
  ranks: number[];
}

/** How many guests and properties a term matches, estimated from samples (`estimateSources`); undefined when unknown. */
interface SourceEstimate {
  guests?: number;
  properties?: number;
}

interface BookingPageRequest extends BookingFilter {
  sort?: BookingSort;
  order: 'asc' | 'desc';
  limit: number;
  offset: number;
}

const rowColumns = {
  id: bookings.id,
  status: bookings.status,
  checkInDate: bookings.checkInDate,
  checkOutDate: bookings.checkOutDate,
  total: bookings.total,
  adultCount: bookings.adultCount,
  childrenCount: bookings.childrenCount,
  isPetComing: bookings.isPetComing,
  isCancelled: bookings.isCancelled,
  isDisputed: bookings.isDisputed,
  guestName: users.name,
  guestEmail: users.email,
  guestSuspendedAt: users.suspendedAt,
  propertyTitle: properties.title,
  propertyAddress: properties.address,
};

export type BookingRow = {
  id: number;
  status: string;
  checkInDate: string | null;
  checkOutDate: string | null;
  total: number;
  adultCount: number;
  childrenCount: number;
  isPetComing: boolean;
  isCancelled: boolean;
  isDisputed: boolean;
  guestName: string | null;
  guestEmail: string | null;
  guestSuspendedAt: Date | null;
  propertyTitle: string | null;
  propertyAddress: string | null;
};

/** Ids as a PostgreSQL array literal, one parameter (they are integers read from the database). */
const intArray = (ids: readonly number[]) => `{${ids.map((id) => Math.trunc(id)).join(',')}}`;

const guestContains = (pattern: string) => sql`${contains(sql`guest.name`, pattern)} OR ${contains(sql`guest.email`, pattern)}`;
const propertyContains = (pattern: string) => sql`${contains(sql`property.title`, pattern)} OR ${contains(sql`property.address`, pattern)}`;
const matchingGuests = (pattern: string) => sql`SELECT guest.id FROM users AS guest WHERE ${guestContains(pattern)}`;
const matchingProperties = (pattern: string) => sql`SELECT property.id FROM properties AS property WHERE ${propertyContains(pattern)}`;
const matchingGuestNames = (pattern: string) => sql`SELECT guest.id, guest.name FROM users AS guest WHERE ${guestContains(pattern)}`;
const matchingPropertyTitles = (pattern: string) => sql`SELECT property.id, property.title FROM properties AS property WHERE ${propertyContains(pattern)}`;

/**
 * Ids of the bookings of a narrow search's guests and properties, and of the id it names, each once,
 * under the call's status: each branch reads the (guest_id, status, id) or (property_id, status, id)
 * index alone for a few hundred keys at most, so a million bookings are never scanned.
 */
function matchingIds(sources: SearchSources, filter: BookingFilter): SQL {
  const ofStatus = (alias: string) => (filter.status === undefined ? sql`` : sql` AND ${sql.raw(alias)}.status = ${filter.status}`);
  const byId = filter.id === undefined ? sql`` : sql` UNION SELECT by_id.id FROM bookings AS by_id WHERE by_id.id = ${filter.id}${ofStatus('by_id')}`;
  return sql`SELECT by_guest.id FROM bookings AS by_guest WHERE by_guest.guest_id = ANY(${intArray(sources.guestIds)}::int[])${ofStatus('by_guest')}
    UNION SELECT by_property.id FROM bookings AS by_property WHERE by_property.property_id = ANY(${intArray(sources.propertyIds)}::int[])${ofStatus('by_property')}${byId}`;
}

/**
 * Whether a booking's own guest or property matches a broad search: one primary-key probe each,
 * as scalar subqueries so the planner cannot turn them into sets built over every match (a broad
 * search matches hundreds of thousands of guests). Walking bookings in the list's order, a page
 * of a dense search is full after a few dozen probes.
 */
const guestMatches = (pattern: string) => sql`COALESCE((SELECT ${guestContains(pattern)} FROM users AS guest WHERE guest.id = ${bookings.guestId}), false)`;
const propertyMatches = (pattern: string) =>
  sql`COALESCE((SELECT ${propertyContains(pattern)} FROM properties AS property WHERE property.id = ${bookings.propertyId}), false)`;

function searchCondition(filter: BookingFilter & { pattern: string }): SQL {
  // An array, not IN (subquery): given the set, the planner hashed it against a scan of every booking
  // (1.3 s for 5,000 matches sorted by total); from an array it reads each match by primary key.
  if (filter.sources) return sql`${bookings.id} = ANY(ARRAY(${matchingIds(filter.sources, filter)}))`;
  const byId = filter.id === undefined ? sql`` : sql` OR ${bookings.id} = ${filter.id}`;
  return sql`(${guestMatches(filter.pattern)} OR ${propertyMatches(filter.pattern)}${byId})`;
}

function filterCondition(filter: BookingFilter): SQL | undefined {
  return and(
    createdRangeCondition(bookings.createdAt, filter.created),
    filter.status ? eq(bookings.status, filter.status) : undefined,
    filter.pattern ? searchCondition({ ...filter, pattern: filter.pattern }) : undefined,
  );
}

/**
 * With a narrow search, sort keys of bookings are wrapped in no-op expressions: the planner cannot
 * know how the few matches spread over an index, and walking one in sort order until a page is
 * full may read the whole table. Sorting the matched rows is bounded by the search instead.
 */
function sortKey(column: AnyColumn, isSearching: boolean): SQL | AnyColumn {
  if (!isSearching) return column;
  return column === bookings.status ? sql`(${column} || '')` : sql`(${column} + 0)`;
}

function orderBy(sort: BookingSort | undefined, order: 'asc' | 'desc', isSearching: boolean): SQL[] {
  const direction = order === 'asc' ? asc : desc;
  const key = (column: AnyColumn) => sortKey(column, isSearching);
  const nullsLast = (column: AnyColumn) => (order === 'asc' ? sql`${key(column)} ASC NULLS LAST` : sql`${key(column)} DESC NULLS LAST`);
  const tiebreaker = direction(key(bookings.id));
  switch (sort) {
    case undefined:
      return [desc(key(bookings.id))];
    case 'id':
      return [tiebreaker];
    case 'User.name':
    case 'Property.title':
      return [sql`${JOINED_SORTS[sort]} IS NULL`, direction(JOINED_SORTS[sort]), tiebreaker];
    case 'checkInDate':
      return [nullsLast(bookings.checkInDate), tiebreaker];
    case 'checkOutDate':
      return [nullsLast(bookings.checkOutDate), tiebreaker];
    case 'total':
      return [direction(key(bookings.total)), tiebreaker];
    case 'status':
      return [direction(key(bookings.status)), tiebreaker];
  }
}

/**
 * What the Guest and Property sorts order by: the guest's name and the property's title, null when
 * there is none or it is empty. A page walks booking_names, which holds them by status (decision 034);
 * these read them from the booking's own guest and property, for a search's few matches, a booked-on
 * range and the bookings the fold has not reached.
 */
const JOINED_SORTS = {
  'User.name': sql`NULLIF((SELECT guest.name FROM users AS guest WHERE guest.id = ${bookings.guestId}), '')`,
  'Property.title': sql`NULLIF((SELECT property.title FROM properties AS property WHERE property.id = ${bookings.propertyId}), '')`,
} as const;

/** The column of booking_names each sort walks. */
const NAMED_COLUMNS = {
  'User.name': bookingNames.guestName,
  'Property.title': bookingNames.propertyTitle,
} as const;

type JoinedSort = keyof typeof JOINED_SORTS;

const isJoinedSort = (sort: BookingSort | undefined): sort is JoinedSort => sort === 'User.name' || sort === 'Property.title';

/**
 * `broadWalkBound`: how many bookings a broad search's page walks before it looks the term's guests
 * and properties up (BROAD_WALK_BOUND; tests make it small to reach both ways on a few bookings).
 */
/** The row of `parties`: the guest's, the property's and the host's columns, null where one is gone. */
interface PartiesRow {
  guestId: number | null;
  guestName: string | null;
  guestSuspendedAt: Date | string | null;
  propertyId: number | null;
  propertyTitle: string | null;
  hostId: number | null;
  hostName: string | null;
  hostSuspendedAt: Date | string | null;
}

export function createBookingsRepository(db: Database, { broadWalkBound = BROAD_WALK_BOUND } = {}) {
  const selectRows = () =>
    db.select(rowColumns).from(bookings).leftJoin(users, eq(users.id, bookings.guestId)).leftJoin(properties, eq(properties.id, bookings.propertyId));
  /** The rows of these bookings, in the order of their ids. */
  const rowsInOrder = pageRowsById<BookingRow>(bookings, selectRows().$dynamic());

  /**
   * The named bookings of a broad search under the Guest or Property sort, in the sort's order, to
   * the page's end. Walking the sort's whole order and testing each booking met a common first name
   * last: its guests sit together in the order ("Sagal" under the Guest sort: 8 to 10 s at a million).
   * So the matches come from three parts, each in the sort's order and each cut at the page's end:
   * - the bookings of the sort's own matches (`sides.own`, the guests for the Guest sort), those
   *   sorted by name first and their bookings read by the (guest_id, status, id) index in that order:
   *   a page reads the first few guests' bookings, however the matches gather in the order;
   * - those of the other side's matches: read by key and sorted when they have few bookings
   *   (`sides.other`), else walked in the sort's order from booking_names, where a match on the other
   *   side has nothing to do with the sort's name and so comes soon; either way without the bookings the
   *   first part has (own side matched too);
   * - the booking the term names by its id, unless a side has it.
   */
  function sidesPage(request: BookingPageRequest, sort: JoinedSort, sides: SortSides): SQL {
    const pattern = request.pattern!;
    const isGuestSort = sort === 'User.name';
    const way = sql.raw(request.order === 'asc' ? 'ASC' : 'DESC');
    const reach = request.offset + request.limit;
    const ofStatus = (alias: string) => (request.status === undefined ? sql`` : sql` AND ${sql.raw(alias)}.status = ${request.status}`);
    const own = isGuestSort
      ? {
          table: sql`users AS guest`,
          alias: sql`guest`,
          name: sql`guest.name`,
          key: sql`guest_id`,
          contains: guestContains(pattern),
          matches: guestMatches(pattern),
        }
      : {
          table: sql`properties AS property`,
          alias: sql`property`,
          name: sql`property.title`,
          key: sql`property_id`,
          contains: propertyContains(pattern),
          matches: propertyMatches(pattern),
        };
    const other = isGuestSort ? { key: sql`property_id`, matches: propertyMatches(pattern) } : { key: sql`guest_id`, matches: guestMatches(pattern) };
    const name = JOINED_SORTS[sort];
    // `sides.own` comes ranked by name (`findRankedSide`): its guests' (or properties') names and
    // bookings are read rank by rank from the first, as far as the page reaches, and never sorted again.
    const ownPart = sql`SELECT found.id, own.name FROM (
        SELECT side.id, side.rank FROM unnest(${intArray(sides.own.ids)}::int[], ${intArray(sides.own.ranks)}::int[]) AS side(id, rank)
        ORDER BY side.rank ${way}) AS ordered
      CROSS JOIN LATERAL (SELECT NULLIF(${own.name}, '') AS name FROM ${own.table} WHERE ${own.alias}.id = ordered.id) AS own
      CROSS JOIN LATERAL (SELECT by_own.id FROM ${bookings} AS by_own WHERE by_own.${own.key} = ordered.id${ofStatus('by_own')}) AS found
      WHERE own.name IS NOT NULL
      ORDER BY ordered.rank ${way}, found.id ${way} LIMIT ${reach}`;
    // The other side's bookings, each with one probe of its own guest (or property): its name and
    // whether it matches too (OFFSET 0 keeps the probe a probe, not a join over the whole table).
    const otherPart = sides.other
      ? sql`SELECT by_other.id, own.name FROM ${bookings} AS by_other
          CROSS JOIN LATERAL (SELECT NULLIF(${own.name}, '') AS name, COALESCE((${own.contains}), false) AS matches
            FROM ${own.table} WHERE ${own.alias}.id = by_other.${own.key} OFFSET 0) AS own
          WHERE by_other.${other.key} = ANY(${intArray(sides.other)}::int[])${ofStatus('by_other')} AND own.name IS NOT NULL AND NOT own.matches
          ORDER BY 2 ${way}, 1 ${way} LIMIT ${reach}`
      : sql`SELECT merged.id, merged.name FROM (
            (SELECT ${bookingNames.bookingId} AS id, ${NAMED_COLUMNS[sort]} AS name FROM ${bookingNames} JOIN ${bookings} ON ${bookings.id} = ${bookingNames.bookingId}
              WHERE ${request.status === undefined ? sql`` : sql`${bookingNames.status} = ${request.status} AND `}${NAMED_COLUMNS[sort]} IS NOT NULL
                AND ${other.matches} AND NOT ${own.matches}
              ORDER BY ${NAMED_COLUMNS[sort]} ${way}, ${bookingNames.bookingId} ${way} LIMIT ${reach})
            UNION ALL
            SELECT ${bookings.id}, ${name} FROM ${bookings}
              WHERE ${bookings.id} = ANY(ARRAY(SELECT unfolded_booking_ids()))${request.status === undefined ? sql`` : sql` AND ${bookings.status} = ${request.status}`}
                AND NOT EXISTS (SELECT 1 FROM ${bookingNames} WHERE ${bookingNames.bookingId} = ${bookings.id})
                AND ${name} IS NOT NULL AND ${other.matches} AND NOT ${own.matches}
          ) AS merged ORDER BY 2 ${way}, 1 ${way} LIMIT ${reach}`;
    const idPart =
      request.id === undefined
        ? sql``
        : sql` UNION ALL SELECT ${bookings.id}, ${name} FROM ${bookings}
            WHERE ${bookings.id} = ${request.id}${request.status === undefined ? sql`` : sql` AND ${bookings.status} = ${request.status}`}
              AND ${name} IS NOT NULL AND NOT ${own.matches} AND NOT ${other.matches}`;
    return sql`SELECT parts.id FROM ((${ownPart}) UNION ALL (${otherPart})${idPart}) AS parts(id, name)
      ORDER BY parts.name ${way}, parts.id ${way} LIMIT ${request.limit} OFFSET ${request.offset}`;
  }

  /**
   * A page under the Guest or Property sort, unsearched or of a broad search, in the order of
   * `orderBy`: bookings with a name to sort by, walked from booking_names' (status, name, booking_id)
   * index in either direction, or its (name, booking_id) index when no status is chosen (a page
   * costs its offset in index entries, never a sort of every booking), with the bookings the fold
   * has not reached yet, named from their guests and properties; then those without a name (no guest
   * or property, or an empty name), which are few, by id in the same order. A broad search tests each
   * booking the walks pass by its guest's and property's keys: a page of a dense search is full soon.
   */
  async function pageByJoinedName(request: BookingPageRequest, sort: JoinedSort): Promise<BookingRow[]> {
    const named = NAMED_COLUMNS[sort];
    const name = JOINED_SORTS[sort];
    const way = sql.raw(request.order === 'asc' ? 'ASC' : 'DESC');
    const statuses = request.status ? [request.status] : BOOKING_STATUSES;
    const search = request.pattern ? sql` AND ${searchCondition({ ...request, pattern: request.pattern })}` : sql``;
    const walked = request.pattern ? sql`${bookingNames} JOIN ${bookings} ON ${bookings.id} = ${bookingNames.bookingId}` : sql`${bookingNames}`;
    /** The bookings not in booking_names yet (decision 034), with or without a name. */
    const unfolded = (isNamed: boolean) => sql`SELECT ${bookings.id} AS id, ${name} AS name FROM ${bookings}
      WHERE ${bookings.id} = ANY(ARRAY(SELECT unfolded_booking_ids())) AND ${inArray(bookings.status, [...statuses])}
        AND NOT EXISTS (SELECT 1 FROM ${bookingNames} WHERE ${bookingNames.bookingId} = ${bookings.id})
        AND ${name} ${sql.raw(isNamed ? 'IS NOT NULL' : 'IS NULL')}${search}`;
    // The walk stops where the page ends, from the (status, name, booking_id) index under a status
    // and from the (name, booking_id) index without one. Unsearched, it comes from a function that
    // keeps its plan (migration 0039): sent as a statement, it was planned at every call (about 1.2 ms
    // against 2.1 to 2.4 ms to run).
    const reach = request.offset + request.limit;
    const walkPage = () => {
      const ofStatus = request.status === undefined ? sql`` : sql`${bookingNames.status} = ${request.status} AND `;
      const walk = sql`SELECT ${bookingNames.bookingId} AS id, ${named} AS name FROM ${walked}
        WHERE ${ofStatus}${named} IS NOT NULL${search}
        ORDER BY ${named} ${way}, ${bookingNames.bookingId} ${way} LIMIT ${reach}`;
      return sql`SELECT merged.id FROM ((${walk}) UNION ALL (${unfolded(true)})) AS merged
        ORDER BY merged.name ${way}, merged.id ${way} LIMIT ${request.limit} OFFSET ${request.offset}`;
    };
    const namedPage = await db.execute(
      request.pattern && request.sides
        ? sidesPage(request, sort, request.sides)
        : request.pattern
          ? walkPage()
          : sql`SELECT page.id FROM booking_name_page(${sort === 'User.name'}, ${request.order !== 'asc'}, ${request.status ?? null}::text,
            ${reach}::int, ${request.limit}::int, ${request.offset}::int) AS page`,
    );
    let ids = idsOf(namedPage);
    if (ids.length < request.limit) {
      // Every status named, so that the index's leading column finds the unnamed bookings of each.
      const unnamed = sql`SELECT ${bookingNames.bookingId} AS id FROM ${walked}
        WHERE ${inArray(bookingNames.status, [...statuses])} AND ${named} IS NULL${search}
        UNION ALL SELECT unnamed.id FROM (${unfolded(false)}) AS unnamed`;
      // The page starts among the unnamed bookings: skip what the named ones did not cover.
      let skipped = 0;
      if (ids.length === 0) {
        const namedTotal = request.pattern
          ? await countOf(sql`SELECT ${bookingNames.bookingId} FROM ${walked} WHERE ${inArray(bookingNames.status, [...statuses])} AND ${named} IS NOT NULL${search}
              UNION ALL SELECT named.id FROM (${unfolded(true)}) AS named`)
          : (await readCounter(db, 'bookings', request.status)) - (await countOf(unnamed));
        skipped = Math.max(0, request.offset - namedTotal);
      }
      const rest = await db.execute(sql`SELECT unnamed.id FROM (${unnamed}) AS unnamed
        ORDER BY unnamed.id ${way} LIMIT ${request.limit - ids.length} OFFSET ${skipped}`);
      ids = [...ids, ...idsOf(rest)];
    }
    return rowsInOrder(ids);
  }

  /**
   * The guests (or properties) a term matches, at most `limit`: from the trigram indexes by
   * `booking_search_side` (migration 0041) for a term with a trigram, else left to the planner.
   */
  async function findSide(pattern: string, isGuests: boolean, limit: number): Promise<number[]> {
    const result = await db.execute(
      HAS_TRIGRAM.test(pattern)
        ? sql`SELECT booking_search_side(${isGuests}, ${pattern}, ${lengthTestOf(pattern)}, ${limit}) AS ids`
        : sql`SELECT ARRAY(${isGuests ? matchingGuests(pattern) : matchingProperties(pattern)} LIMIT ${limit}) AS ids`,
    );
    return (result as unknown as { rows: { ids: number[] }[] }).rows[0].ids.map(Number);
  }

  /**
   * The same, ranked in the Guest (or Property) sort's order (`RankedSide`): by
   * `booking_search_side_ranked` (migration 0050) for a term with a trigram, else left to the planner.
   */
  async function findRankedSide(pattern: string, isGuests: boolean, limit: number): Promise<RankedSide> {
    const name = sql.raw(isGuests ? 'name' : 'title');
    const result = await db.execute(
      HAS_TRIGRAM.test(pattern)
        ? sql`SELECT ids, ranks FROM booking_search_side_ranked(${isGuests}, ${pattern}, ${lengthTestOf(pattern)}, ${limit})`
        : sql`SELECT coalesce(array_agg(ranked.id ORDER BY ranked.rank, ranked.id), '{}') AS ids, coalesce(array_agg(ranked.rank ORDER BY ranked.rank, ranked.id), '{}') AS ranks
            FROM (SELECT found.id, dense_rank() OVER (ORDER BY NULLIF(found.${name}, '')) AS rank
              FROM (${isGuests ? matchingGuestNames(pattern) : matchingPropertyTitles(pattern)} LIMIT ${limit}) AS found) AS ranked`,
    );
    const [row] = (result as unknown as { rows: { ids: number[]; ranks: number[] }[] }).rows;
    return { ids: row.ids.map(Number), ranks: row.ranks.map(Number) };
  }

  /**
   * A broad search's page under a sort of the booking's own (date, total, status, id). Walking the
   * sort's index and testing each booking's guest and property (two key probes) fills a page after a
   * few dozen bookings when the matches are spread through the order; when they gather at its far
   * end (a city whose stays cost less, under the Total sort from the top: "hargeisa" walked 700,000
   * bookings, 6.4 s at a million), it tests nearly every booking. So the walk first goes at most
   * BROAD_WALK_BOUND bookings; a page it does not fill is walked again testing each booking's keys
   * against the term's guests and properties found first (at most BROAD_SIDE_LIMIT of each), a hashed
   * lookup rather than two probes: 0.28 s for that walk on a loaded machine. A term with more of
   * either goes on testing.
   */
  async function broadPage(request: BookingPageRequest & { pattern: string }): Promise<BookingRow[]> {
    const order = orderBy(request.sort, request.order, false);
    const statusOnly = filterCondition({ status: request.status });
    const firstBookings = sql`(SELECT * FROM ${bookings}${statusOnly ? sql` WHERE ${statusOnly}` : sql``}
      ORDER BY ${sql.join(order, sql`, `)} LIMIT ${broadWalkBound}) AS ${bookings}`;
    // The status again outside: so the planner knows the walk's rows come in the order asked (the
    // status is one value there too) and stops at the page's end, instead of sorting all of them.
    const bounded = await db.execute(sql`SELECT ${bookings.id} AS id FROM ${firstBookings} WHERE ${and(statusOnly, searchCondition(request))}
      ORDER BY ${sql.join(order, sql`, `)} LIMIT ${request.limit} OFFSET ${request.offset}`);
    const ids = idsOf(bounded);
    if (ids.length === request.limit) return rowsInOrder(ids);
    const guestIds = await findSide(request.pattern, true, BROAD_SIDE_LIMIT + 1);
    const propertyIds = guestIds.length > BROAD_SIDE_LIMIT ? [] : await findSide(request.pattern, false, BROAD_SIDE_LIMIT + 1);
    const isKeyed = guestIds.length <= BROAD_SIDE_LIMIT && propertyIds.length <= BROAD_SIDE_LIMIT;
    const byId = request.id === undefined ? sql`` : sql` OR ${bookings.id} = ${request.id}`;
    const keyed = sql`(${bookings.guestId} = ANY(${intArray(guestIds)}::int[]) OR ${bookings.propertyId} = ANY(${intArray(propertyIds)}::int[])${byId})`;
    return deferredPage<BookingRow>(db, {
      table: bookings,
      where: isKeyed ? and(statusOnly, keyed) : filterCondition(request),
      order,
      limit: request.limit,
      offset: request.offset,
      rows: rowsInOrder,
    });
  }

  /** How many rows a statement answers. */
  async function countOf(rows: SQL): Promise<number> {
    const result = await db.execute(sql`SELECT count(*)::int AS count FROM (${rows}) AS counted`);
    return Number((result as unknown as { rows: { count: number }[] }).rows[0].count);
  }

  /**
   * A narrow search's page in id order, from the ids its guests' and properties' indexes give, with
   * no booking read but the page's (the other sorts read each match's sort key from its row).
   */
  async function narrowPageById(request: BookingPageRequest & { sources: SearchSources }): Promise<BookingRow[]> {
    const direction = sql.raw(request.sort === 'id' && request.order === 'asc' ? 'ASC' : 'DESC');
    const result = await db.execute(sql`SELECT found.id FROM (${matchingIds(request.sources, request)}) AS found
      ORDER BY found.id ${direction} LIMIT ${request.limit} OFFSET ${request.offset}`);
    return rowsInOrder((result as unknown as { rows: { id: number }[] }).rows.map((row) => Number(row.id)));
  }

  return {
    /** One batch of the whole list, or of the bookings a filter selects, in id order, after `afterId`. */
    async listAfter(afterId: number, limit: number, filter: BookingFilter = {}): Promise<BookingRow[]> {
      return selectRows()
        .where(and(filterCondition(filter), gt(bookings.id, afterId)))
        .orderBy(asc(bookings.id))
        .limit(limit);
    },

    async listPage(request: BookingPageRequest): Promise<BookingRow[]> {
      const { sources, created } = request;
      // A booked-on range is a day or a week of bookings: read from its index, not by the shortcuts below.
      // A narrow search's few matches and a booked-on range are sorted by name below instead.
      if (!created && !sources && isJoinedSort(request.sort)) return pageByJoinedName(request, request.sort);
      if (!created && request.pattern && sources && (request.sort === undefined || request.sort === 'id')) return narrowPageById({ ...request, sources });
      if (!created && request.pattern && !sources) return broadPage({ ...request, pattern: request.pattern });
      // The page's ids first, then only their guests and properties: a search's matches are not all joined to be sorted.
      return deferredPage<BookingRow>(db, {
        table: bookings,
        where: filterCondition(request),
        order: orderBy(request.sort, request.order, sources !== undefined),
        limit: request.limit,
        offset: request.offset,
        rows: rowsInOrder,
      });
    },

    async count(filter: BookingFilter): Promise<number> {
      // Unsearched totals come from the counters the triggers keep; a search is counted for real.
      // A booked-on range (a day or a week) is counted from its index, search and status included.
      if (filter.created) {
        const [row] = await db.select({ total: count() }).from(bookings).where(filterCondition(filter));
        return row.total;
      }
      if (!filter.pattern) return readCounter(db, 'bookings', filter.status);
      // Distinct ids from the (guest_id, status, id) and (property_id, status, id) indexes: no pass over every booking.
      const status = filter.status === undefined ? sql`` : sql` AND matched.status = ${filter.status}`;
      const byId = filter.id === undefined ? sql`` : sql` UNION SELECT matched.id FROM bookings AS matched WHERE matched.id = ${filter.id}${status}`;
      const found = filter.sources
        ? matchingIds(filter.sources, filter)
        : sql`SELECT matched.id FROM bookings AS matched WHERE matched.guest_id IN (${matchingGuests(filter.pattern)})${status}
          UNION SELECT matched.id FROM bookings AS matched WHERE matched.property_id IN (${matchingProperties(filter.pattern)})${status}${byId}`;
      return countOf(found);
    },

    /** How many bookings a search's guests and properties have under the filter's status, counted up to `limit` only. */
    async countUpTo(sources: SearchSources, filter: BookingFilter, limit: number): Promise<number> {
      return countOf(sql`SELECT 1 FROM (${matchingIds(sources, filter)}) AS found LIMIT ${limit}`);
    },

    /**
     * The guests and properties a search matches, at most `limit` in all, guests first, in one
     * statement: a common term stops at the limit instead of filling an array of each (the search
     * then goes broad, `prepare`). A term with three letters or digits in a row has a trigram and is
     * looked up in the trigram indexes through `booking_search_sources` (migration 0035): one call,
     * planned once a connection, where BEGIN, SET LOCAL, the look-up and COMMIT were four. Over 100
     * words and 3-letter fragments drawn from the data at a million bookings, the indexes found the
     * first 501 of each in 7.1 ms on average against 14.8 ms left to the planner, and 2,001 of each in
     * 12.0 ms against 22.1 ms ("com", in nearly every e-mail, is the exception: 31 ms against 20 ms).
     * A term without a trigram (a letter or two, punctuation) gives a forced index scan nothing to narrow
     * (it would read each index whole): it is left to the planner, which reads the tables.
     */
    async findSearchSources(pattern: string, limit: number): Promise<SearchSources> {
      const result = await db.execute(
        HAS_TRIGRAM.test(pattern)
          ? sql`SELECT guest_ids AS "guestIds", property_ids AS "propertyIds" FROM booking_search_sources(${pattern}, ${lengthTestOf(pattern)}, ${limit})`
          : sql`SELECT found.ids AS "guestIds", ARRAY(${matchingProperties(pattern)} LIMIT ${limit} - cardinality(found.ids)) AS "propertyIds"
              FROM (SELECT ARRAY(${matchingGuests(pattern)} LIMIT ${limit}) AS ids) AS found`,
      );
      const [row] = (result as unknown as { rows: { guestIds: number[]; propertyIds: number[] }[] }).rows;
      return { guestIds: row.guestIds.map(Number), propertyIds: row.propertyIds.map(Number) };
    },

    /**
     * How many guests and properties a term matches, estimated from a sample of each table
     * (`booking_search_estimate`, migration 0050) before any index is read; the properties are not
     * sampled once the guests alone reach NARROW_SEARCH_SOURCES. Undefined sides are unknown.
     */
    async estimateSources(pattern: string): Promise<SourceEstimate> {
      const lower = pattern.toLowerCase();
      // "%najma%" and "%Najma%" (a pattern's first character is its %).
      const capital = `%${lower.charAt(1).toUpperCase()}${lower.slice(2)}`;
      const result = await db.execute(
        sql`SELECT guests, properties FROM booking_search_estimate(${lower}, ${capital}, ${ESTIMATE_FIRST_ROWS}, ${ESTIMATE_SAMPLE_ROWS}, ${ESTIMATE_SAMPLE_HITS}, ${NARROW_SEARCH_SOURCES})`,
      );
      const [row] = (result as unknown as { rows: { guests: number | null; properties: number | null }[] }).rows;
      return { guests: row.guests ?? undefined, properties: row.properties ?? undefined };
    },

    /**
     * A broad search's sides under the Guest or Property sort (`SortSides`): the sort's own side whole,
     * or undefined past SORT_SIDE_LIMIT (a term in that many names is spread through the order, and the
     * walk finds its matches soon); the other side when it has at most NARROW_SEARCH_SOURCES matches
     * with at most OTHER_SIDE_BOOKINGS bookings under the filter's status. A side estimated at twice
     * its limit (`estimateSources`) is not looked up.
     */
    async findSortSides(pattern: string, sort: BookingSort | undefined, filter: BookingFilter, estimate?: SourceEstimate): Promise<SortSides | undefined> {
      if (!isJoinedSort(sort)) return undefined;
      const isGuestSort = sort === 'User.name';
      // A side estimated at twice a limit is past it: its look-up (30,000 rows read one by one) is skipped.
      const [ownEstimate, otherEstimate] = isGuestSort ? [estimate?.guests, estimate?.properties] : [estimate?.properties, estimate?.guests];
      if ((ownEstimate ?? 0) > 2 * SORT_SIDE_LIMIT) return undefined;
      const own = await findRankedSide(pattern, isGuestSort, SORT_SIDE_LIMIT + 1);
      if (own.ids.length > SORT_SIDE_LIMIT) return undefined;
      if ((otherEstimate ?? 0) > 2 * NARROW_SEARCH_SOURCES) return { own };
      const other = await findSide(pattern, !isGuestSort, NARROW_SEARCH_SOURCES + 1);
      if (other.length > NARROW_SEARCH_SOURCES) return { own };
      const key = sql.raw(isGuestSort ? 'property_id' : 'guest_id');
      const status = filter.status === undefined ? sql`` : sql` AND found.status = ${filter.status}`;
      const otherBookings = await countOf(
        sql`SELECT 1 FROM ${bookings} AS found WHERE found.${key} = ANY(${intArray(other)}::int[])${status} LIMIT ${OTHER_SIDE_BOOKINGS + 1}`,
      );
      return otherBookings > OTHER_SIDE_BOOKINGS ? { own } : { own, other };
    },

    async summarize() {
      const counters = await readCounters(db, ['bookings', 'bookings:confirmed', 'bookings:pending', 'bookings:cancelled', 'bookings:completed']);
      return {
        total: counters.bookings,
        confirmed: counters['bookings:confirmed'],
        pending: counters['bookings:pending'],
        cancelled: counters['bookings:cancelled'],
        completed: counters['bookings:completed'],
      };
    },

    /** Who a booking is between (its guest, property and host, each null when gone); undefined when there is no such booking. */
    async parties(id: number): Promise<BookingParties | undefined> {
      const result = await db.execute(sql`SELECT guest.id AS "guestId", guest.name AS "guestName", guest.suspended_at AS "guestSuspendedAt",
          property.id AS "propertyId", property.title AS "propertyTitle",
          host.id AS "hostId", host.name AS "hostName", host.suspended_at AS "hostSuspendedAt"
        FROM bookings AS booking
          LEFT JOIN users AS guest ON guest.id = booking.guest_id
          LEFT JOIN properties AS property ON property.id = booking.property_id
          LEFT JOIN users AS host ON host.id = property.host_id
        WHERE booking.id = ${id}`);
      const [row] = rowsOf<PartiesRow>(result);
      if (row === undefined) return undefined;
      const party = (partyId: number | null, name: string | null, suspendedAt: Date | string | null) =>
        partyId === null ? null : { id: partyId, name: name ?? '', suspendedAt: suspendedAt === null ? null : new Date(suspendedAt).toISOString() };
      return {
        guest: party(row.guestId, row.guestName, row.guestSuspendedAt),
        property: row.propertyId === null ? null : { id: row.propertyId, title: row.propertyTitle ?? '' },
        host: party(row.hostId, row.hostName, row.hostSuspendedAt),
      };
    },

    /**
     * A move's compare-and-set (src/contracts/booking-moves.ts): the booking moves to `to` only while
     * its status is one of `from`, locked first so concurrent moves queue and the later ones find it
     * moved. Answers the status it had and whether it moved; undefined when there is no such booking.
     * `name` is the booking as Activity names it: its guest and property.
     */
    async moveStatus(
      transaction: Transaction,
      id: number,
      move: { from: readonly string[]; to: string; isCancelling: boolean },
    ): Promise<{ previousStatus: string; isMoved: boolean; name: string } | undefined> {
      const result = await transaction.execute(sql`WITH previous AS (
          SELECT id, status FROM bookings WHERE id = ${id} FOR UPDATE
        ),
        moved AS (
          UPDATE bookings AS b SET status = ${move.to}, is_cancelled = b.is_cancelled OR ${move.isCancelling}
          FROM previous WHERE b.id = previous.id AND previous.status = ANY(${`{${move.from.join(',')}}`}::text[])
          RETURNING b.id
        )
        SELECT previous.status AS "previousStatus", moved.id IS NOT NULL AS "isMoved",
          concat_ws(' · ', guest.name, property.title) AS name
        FROM previous LEFT JOIN moved ON moved.id = previous.id
          JOIN bookings AS booking ON booking.id = previous.id
          LEFT JOIN users AS guest ON guest.id = booking.guest_id
          LEFT JOIN properties AS property ON property.id = booking.property_id`);
      const [row] = (result as unknown as { rows: { previousStatus: string; isMoved: boolean; name: string }[] }).rows;
      return row === undefined ? undefined : { previousStatus: row.previousStatus, isMoved: row.isMoved === true, name: row.name };
    },
  };
}

export type BookingsRepository = ReturnType<typeof createBookingsRepository>;

/** Up to this many matching guests and properties, a search reads their bookings by index. */
const FEW_SEARCH_SOURCES = 500;
/** Up to this many, it does when they have at most NARROW_SEARCH_BOOKINGS bookings (`prepare`). */
const NARROW_SEARCH_SOURCES = 2000;
/**
 * Up to this many matching bookings, reading them by index and sorting them costs less than walking
 * the list's order: each booking the walk tests is two primary-key probes (about 0.2 ms at a million),
 * and with 10,000 matches a page of 8 takes some 800 of them on page 1 and ten times as many on
 * page 10, where sorting the matches costs the same on every page.
 */
const NARROW_SEARCH_BOOKINGS = 10_000;
/**
 * When the first FEW_SEARCH_SOURCES guests and properties already have this many bookings, a quarter
 * of NARROW_SEARCH_BOOKINGS for a quarter of NARROW_SEARCH_SOURCES, the search is taken as broad.
 */
const FEW_SOURCES_BOOKINGS = 2500;
const sourceCount = (sources: SearchSources) => sources.guestIds.length + sources.propertyIds.length;
/**
 * Up to this many bookings of the other side's matches, a broad search under the Guest or Property
 * sort reads them by key and sorts them (`sidesPage`), one probe of each booking's own guest or
 * property; past it, the walk of the sort's order meets them soon enough (3,000 of a million is one
 * in 330 bookings: a page of 8 in about 2,700 index entries).
 */
const OTHER_SIDE_BOOKINGS = 3000;
/**
 * Up to this many guests (or properties) matching a broad search, the Guest (or Property) sort reads
 * their bookings in name order from them (`sidesPage`). A term in more names than this (a tenth of a
 * million bookings' guests) is spread through the order, and walking the order finds its matches soon.
 */
const SORT_SIDE_LIMIT = 30_000;
/**
 * Up to this many guests and properties each, a broad search's page that the first walk did not fill
 * tests bookings against them by key (`broadPage`): "mogadishu" is in the addresses of 45,000 of a
 * million bookings' 150,000 properties.
 */
const BROAD_SIDE_LIMIT = 100_000;
/**
 * Rows of users and of properties sampled to estimate a term's matches (`estimateSources`), and the
 * matches at which a sample stops: 20 in 2,000 rows is 1 % of the table, 3,000 guests at a million
 * bookings, well past NARROW_SEARCH_SOURCES. A term in none of them costs 2,000 rows read of each.
 */
const ESTIMATE_SAMPLE_ROWS = 2000;
/** The first rows of a table that, without a match, end its sample (a rare term). */
const ESTIMATE_FIRST_ROWS = 400;
const ESTIMATE_SAMPLE_HITS = 20;
/** Bookings a broad search's page walks in the sort's order, testing each by probes, before it looks its guests and properties up (`broadPage`). */
const BROAD_WALK_BOUND = 5000;
/** Rows per export batch: large enough that a broad search's subqueries run few times, small enough to stay flat. */
const EXPORT_BATCH_SIZE = 5000;

const isBookingStatus = (value: string): value is BookingStatus => (BOOKING_STATUSES as readonly string[]).includes(value);

function toBooking(row: BookingRow): Booking {
  return {
    id: row.id,
    // The database only holds the four statuses (CHECK constraint); this narrows the type.
    status: isBookingStatus(row.status) ? row.status : 'pending',
    checkInDate: row.checkInDate,
    checkOutDate: row.checkOutDate,
    total: Number(row.total),
    adultCount: row.adultCount,
    childrenCount: row.childrenCount,
    isPetComing: row.isPetComing,
    isCancelled: row.isCancelled,
    isDisputed: row.isDisputed,
    User: row.guestName === null ? null : { name: row.guestName, email: row.guestEmail, suspendedAt: row.guestSuspendedAt?.toISOString() ?? null },
    Property: row.propertyTitle === null || row.propertyAddress === null ? null : { title: row.propertyTitle, address: row.propertyAddress },
  };
}

/**
 * The bookings list: the repository's SQL wrapped for the list engine. A search first finds its
 * guests and properties (`prepare`), so the page, the count and the export read a narrow one by key.
 */
export function bookingsListSource(db: Database): ListSource<Booking, BookingSort, BookingStatus> {
  const repository = createBookingsRepository(db);
  /** The list's filter as the repository reads it. */
  const filterOf = (request: ListFilter<BookingStatus>): BookingFilter => ({
    status: request.status,
    pattern: request.pattern,
    id: request.searchedId,
    sources: request.hints?.sources as SearchSources | undefined,
    sides: request.hints?.sides as SortSides | undefined,
    created: createdRangeOf(request.filters),
  });

  return {
    tables: ['bookings', 'properties', 'users'],
    // Guests by name and e-mail, properties by title and address (decision 037), and the booking's id.
    searches: { fields: ['User.name', 'User.email', 'Property.title', 'Property.address'], isById: true },

    /**
     * A search whose guests and properties have few bookings reads them by index (`matchingIds`); one
     * whose bookings are many walks the list's order, where a page fills after a few dozen probes.
     * A term that samples of the tables put in more than NARROW_SEARCH_SOURCES guests and properties
     * is broad at once: no trigram index is read (decision 045). Up to FEW_SEARCH_SOURCES guests and properties, the search is narrow. Past that, their bookings
     * decide ("en3" matches 588 users but 9 bookings: a walk would test every one of the million):
     * when the first FEW_SEARCH_SOURCES already have FEW_SOURCES_BOOKINGS of them ("com", "ama"), the
     * rest would have more, and the search is broad without finding the rest (a look-up of 2,001 costs
     * two to four times one of 501); otherwise up to NARROW_SEARCH_SOURCES are found and their
     * bookings counted up to NARROW_SEARCH_BOOKINGS. Either plan answers the same rows.
     */
    async prepare(request) {
      if (request.pattern === undefined) return request;
      const filter = filterOf(request);
      const withSources = (sources: SearchSources | undefined) => ({ ...request, hints: { sources } });
      const estimate = await repository.estimateSources(request.pattern);
      /** A broad search: under the Guest or Property sort, with its sides (`findSortSides`). */
      const broad = async () => ({
        ...request,
        hints: { sources: undefined, sides: await repository.findSortSides(request.pattern!, request.sort, filter, estimate) },
      });
      // A term estimated in more guests and properties than a narrow search reads is broad: a common
      // one is not looked up in the trigram indexes at all (decision 045).
      if ((estimate.guests ?? 0) + (estimate.properties ?? 0) > NARROW_SEARCH_SOURCES) return broad();
      const first = await repository.findSearchSources(request.pattern, FEW_SEARCH_SOURCES + 1);
      if (sourceCount(first) <= FEW_SEARCH_SOURCES) return withSources(first);
      if ((await repository.countUpTo(first, filter, FEW_SOURCES_BOOKINGS + 1)) > FEW_SOURCES_BOOKINGS) return broad();
      const sources = await repository.findSearchSources(request.pattern, NARROW_SEARCH_SOURCES + 1);
      const isNarrow =
        sourceCount(sources) <= NARROW_SEARCH_SOURCES && (await repository.countUpTo(sources, filter, NARROW_SEARCH_BOOKINGS + 1)) <= NARROW_SEARCH_BOOKINGS;
      return isNarrow ? withSources(sources) : broad();
    },

    async page(request) {
      const rows = await repository.listPage({ ...filterOf(request), sort: request.sort, order: request.order, limit: request.limit, offset: request.offset });
      return rows.map(toBooking);
    },

    count: (filter) => repository.count(filterOf(filter)),

    /** An unsearched total without a booked-on range is the counter `count` reads. */
    counterOf: (filter) => (filter.pattern !== undefined || createdRangeOf(filter.filters) ? undefined : counterName('bookings', filter.status)),

    /** A broad search counts tens or hundreds of thousands of bookings: its total follows its rows. */
    isTotalCostly: (filter) => filter.pattern !== undefined && filter.hints?.sources === undefined,

    /**
     * Every booking the filter selects, in id order (the whole array and the CSV export; the list's
     * sort does not apply): keyset batches on the id keep memory flat and every batch cheap at a
     * million rows, where the list's sorts (nulls last, the Guest and Property sorts' two walks in
     * `pageByJoinedName`) would each need a cursor of their own.
     */
    batches(request) {
      const filter = filterOf(request);
      const isFiltered = filter.pattern !== undefined || filter.status !== undefined;
      return keysetBatches(
        (last: BookingRow | undefined, limit) => repository.listAfter(last?.id ?? 0, limit, filter),
        toBooking,
        isFiltered ? EXPORT_BATCH_SIZE : undefined,
      );
    },
  };
}
