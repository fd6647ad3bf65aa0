// SQL for guests (users who are not hosts): the guests list's source of rows, and the guest page's
// reads (their details, bookings, feedback and conversations).
import { and, asc, count, desc, eq, gt, isNotNull, sql, type SQL } from 'drizzle-orm';
import type { GuestListItem } from '../../../src/contracts/guests';
import type { GuestSort } from '../../../src/contracts/lists/guests';
import type { Database } from '../../db/client';
import { readNamedCounter } from '../../db/counters';
import { bookings, conversations, feedbacks, properties, users } from '../../db/schema';
import { deferredPage, keysetBatches, pageRowsById, searchedPage, type ListFilter, type ListSource } from '../../lib/list-source';
import { contains } from '../../lib/paging';

// `NOT is_host` as written in the partial indexes (WHERE NOT is_host), so the planner matches them.
const isGuest = sql`NOT ${users.isHost}`;

/** The guests' total, kept by the users' row triggers (migration 0045). */
const GUESTS_COUNTER = 'guests';

const listColumns = {
  id: users.id,
  name: users.name,
  email: users.email,
  phoneCountryCode: users.phoneCountryCode,
  phone: users.phone,
  createdAt: users.createdAt,
  suspendedAt: users.suspendedAt,
};

type GuestListRecord = {
  id: number;
  name: string;
  email: string | null;
  phoneCountryCode: string | null;
  phone: string | null;
  createdAt: Date;
  suspendedAt: Date | null;
};

export type GuestRecord = GuestListRecord & { country: string | null; lastSeenAt: Date | null; suspensionReason: string | null };

const sortColumns = { id: users.id, name: users.name, email: users.email, phone: users.phone, createdAt: users.createdAt } as const;
/** The sorts whose empty values ('' or null) come last in both directions, as the hosts' names and e-mails. */
const EMPTY_LAST = new Set<GuestSort>(['name', 'email', 'phone']);

/** The column behind each of the list's search fields, from the trigram indexes over every user (migration 0001). */
const SEARCH_COLUMNS = { name: users.name, email: users.email };

/** The guests a search matches: name or e-mail, or the id it names. */
function searchCondition(pattern: string, id: number | undefined): SQL {
  const byId = id === undefined ? sql`` : sql` OR ${users.id} = ${id}`;
  return sql`(${sql.join(
    Object.values(SEARCH_COLUMNS).map((column) => contains(column, pattern)),
    sql` OR `,
  )}${byId})`;
}

function orderBy(sort: GuestSort | undefined, order: 'asc' | 'desc'): SQL[] {
  if (!sort) return [desc(users.id)];
  const direction = order === 'asc' ? asc : desc;
  const column = sortColumns[sort];
  const emptyLast = EMPTY_LAST.has(sort) ? [asc(sql`(${column} IS NULL OR ${column} = '')`)] : [];
  return [...emptyLast, direction(column), direction(users.id)];
}

/** The country code and number as one text, or null when there is no number. */
const phoneOf = (record: Pick<GuestListRecord, 'phoneCountryCode' | 'phone'>) =>
  record.phone?.trim() ? [record.phoneCountryCode?.trim(), record.phone.trim()].filter(Boolean).join(' ') : null;

export const toGuestListItem = (record: GuestListRecord): GuestListItem => ({
  id: record.id,
  name: record.name,
  email: record.email,
  phone: phoneOf(record),
  createdAt: record.createdAt.toISOString(),
  suspendedAt: record.suspendedAt?.toISOString() ?? null,
});

/**
 * The guests list: pages in the list's order through the sort's partial index (migration 0045); the
 * whole list (the whole array and CSV) in id order, a batch at a time along the primary key, because
 * an order with empty values last in both directions mixes directions, which no keyset resumes.
 */
export function guestsListSource(db: Database): ListSource<GuestListItem, GuestSort> {
  const selectRows = () => db.select(listColumns).from(users).$dynamic();
  const rows = pageRowsById<GuestListRecord>(users, selectRows());
  // The Suspended filter reads the few suspended users from their own index (migration 0049).
  const selected = (filter: ListFilter) => and(isGuest, filter.filters?.suspended ? isNotNull(users.suspendedAt) : undefined);
  const where = (filter: ListFilter) => and(selected(filter), filter.pattern ? searchCondition(filter.pattern, filter.searchedId) : undefined);
  // A search or the Suspended filter is counted for real.
  const counterOf = (filter: ListFilter) => (filter.pattern || filter.filters ? undefined : GUESTS_COUNTER);
  return {
    tables: ['users'],
    searches: { fields: Object.keys(SEARCH_COLUMNS), isById: true },

    async page(request) {
      const order = orderBy(request.sort, request.order);
      const records = request.pattern
        ? await searchedPage(db, {
            table: users,
            where: selected(request),
            search: searchCondition(request.pattern, request.searchedId),
            order,
            limit: request.limit,
            offset: request.offset,
            rows,
          })
        : await deferredPage(db, { table: users, where: selected(request), order, limit: request.limit, offset: request.offset, rows });
      return records.map(toGuestListItem);
    },

    // The unsearched, unfiltered total comes from the counter the triggers keep.
    counterOf,

    async count(filter) {
      const named = counterOf(filter);
      if (named !== undefined) return readNamedCounter(db, named);
      const [row] = await db.select({ total: count() }).from(users).where(where(filter));
      return row.total;
    },

    batches: (request) =>
      keysetBatches<GuestListRecord, GuestListItem>(
        (last, limit) =>
          selectRows()
            .where(and(where(request), gt(users.id, last?.id ?? 0)))
            .orderBy(asc(users.id))
            .limit(limit),
        toGuestListItem,
      ),
  };
}

/** One section's page: `limit` rows from `offset`, newest first. */
export interface SectionRange {
  limit: number;
  offset: number;
}

export function createGuestsRepository(db: Database) {
  return {
    /** The guest, or undefined for an unknown id or a host's. */
    async findGuest(id: number): Promise<GuestRecord | undefined> {
      const [row] = await db
        .select({
          ...listColumns,
          country: users.country,
          lastSeenAt: users.lastSeenAt,
          suspensionReason: users.suspensionReason,
        })
        .from(users)
        .where(and(isGuest, eq(users.id, id)))
        .limit(1);
      return row;
    },

    /** The guest's bookings, newest first, with their property's title (bookings_guest_status_idx). */
    async bookingsOf(guestId: number, range: SectionRange) {
      const [rows, [{ total }]] = await Promise.all([
        db
          .select({
            id: bookings.id,
            status: bookings.status,
            checkInDate: bookings.checkInDate,
            checkOutDate: bookings.checkOutDate,
            total: bookings.total,
            propertyTitle: properties.title,
          })
          .from(bookings)
          .leftJoin(properties, eq(properties.id, bookings.propertyId))
          .where(eq(bookings.guestId, guestId))
          .orderBy(desc(bookings.id))
          .limit(range.limit)
          .offset(range.offset),
        db.select({ total: count() }).from(bookings).where(eq(bookings.guestId, guestId)),
      ]);
      return { rows, total };
    },

    /** The feedback the guest gave, newest first (feedbacks_user_idx). */
    async feedbackOf(guestId: number, range: SectionRange) {
      const [rows, [{ total }]] = await Promise.all([
        db
          .select({ id: feedbacks.id, rating: feedbacks.rating, comments: feedbacks.comments, createdAt: feedbacks.createdAt })
          .from(feedbacks)
          .where(eq(feedbacks.userId, guestId))
          .orderBy(desc(feedbacks.createdAt), desc(feedbacks.id))
          .limit(range.limit)
          .offset(range.offset),
        db.select({ total: count() }).from(feedbacks).where(eq(feedbacks.userId, guestId)),
      ]);
      return { rows, total };
    },

    /** The guest's conversations, latest message first (conversations_user_idx, migration 0045). */
    async conversationsOf(guestId: number, range: SectionRange) {
      const [rows, [{ total }]] = await Promise.all([
        db
          .select({
            id: conversations.id,
            title: conversations.title,
            unreadCount: conversations.unreadCount,
            lastMessageAt: conversations.lastMessageAt,
          })
          .from(conversations)
          .where(eq(conversations.userId, guestId))
          .orderBy(sql`${conversations.lastMessageAt} DESC NULLS LAST`, sql`${conversations.id} DESC NULLS LAST`)
          .limit(range.limit)
          .offset(range.offset),
        db.select({ total: count() }).from(conversations).where(eq(conversations.userId, guestId)),
      ]);
      return { rows, total };
    },
  };
}

export type GuestsRepository = ReturnType<typeof createGuestsRepository>;
