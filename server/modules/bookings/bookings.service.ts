// Bookings: the whole list, one page of it, and the counts of the cards.
import { BOOKINGS_PAGE_SIZE, type Booking, type BookingListQuery, type BookingSummary } from '../../../src/contracts/bookings';
import { BOOKING_STATUSES, type BookingStatus } from '../../../src/contracts/statuses';
import type { PageCache, VersionedTable } from '../../lib/page-cache';
import { batchesById, containsPattern, resolvePage, searchedId, searchTerm } from '../../lib/paging';
import type { BookingFilter, BookingRow, BookingsRepository } from './bookings.repository';

/** The tables a page of this list reads: a write to any of them renews its cached pages. */
const LISTED_TABLES: readonly VersionedTable[] = ['bookings', 'properties', 'users'];

/** Up to this many matching guests and properties, a search reads their bookings by index. */
const NARROW_SEARCH_SOURCES = 500;
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
    User: row.guestName === null ? null : { name: row.guestName, email: row.guestEmail },
    Property:
      row.propertyTitle === null || row.propertyAddress === null ? null : { title: row.propertyTitle, address: row.propertyAddress },
  };
}

export function createBookingsService({ repository, pages }: { repository: BookingsRepository; pages: PageCache }) {
  /** The list's search and status filter as the repository reads them. */
  async function resolveFilter(query: Pick<BookingListQuery, 'q' | 'status'>): Promise<BookingFilter> {
    const term = searchTerm(query.q);
    const pattern = term === undefined ? undefined : containsPattern(term);
    return {
      status: query.status,
      pattern,
      id: term === undefined ? undefined : searchedId(term, { allowHash: true }), // the list shows ids as #123
      isNarrow:
        pattern !== undefined && (await repository.countSearchSources(pattern, NARROW_SEARCH_SOURCES + 1)) <= NARROW_SEARCH_SOURCES,
    };
  }

  return {
    /** The whole list in id order, one batch at a time. */
    batches(): AsyncGenerator<BookingRow[]> {
      return batchesById((afterId, limit) => repository.listAfter(afterId, limit));
    },

    toBooking,

    /**
     * The bookings the list's search and status filter select, in id order, one batch at a time (the CSV export).
     * Keyset batches on the id keep memory flat and every batch cheap at a million rows; the list's sort does not apply.
     */
    async *filteredBatches(query: Pick<BookingListQuery, 'q' | 'status'>): AsyncGenerator<BookingRow[]> {
      const filter = await resolveFilter(query);
      yield* batchesById((afterId, limit) => repository.listAfter(afterId, limit, filter), EXPORT_BATCH_SIZE);
    },

    async listPage(query: BookingListQuery): Promise<{ rows: Booking[]; total: number }> {
      return pages.page('bookings', LISTED_TABLES, query, async (rememberTotal) => {
        const window = resolvePage(query, BOOKINGS_PAGE_SIZE);
        const filter = await resolveFilter(query);
        // The page and its total run side by side, each on its own connection.
        const [rows, total] = await Promise.all([
          repository.listPage({ ...filter, sort: query.sort, order: query.order ?? 'asc', limit: window.limit, offset: window.offset }),
          rememberTotal(() => repository.count(filter)),
        ]);
        return { rows: rows.map(toBooking), total };
      });
    },

    async summary(): Promise<BookingSummary> {
      return repository.summarize();
    },
  };
}

export type BookingsService = ReturnType<typeof createBookingsService>;
