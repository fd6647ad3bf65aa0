// Bookings: the list's source of rows for the list engine, and the counts of the cards.
import type { Booking, BookingSort, BookingSummary } from '../../../src/contracts/bookings';
import { BOOKING_STATUSES, type BookingStatus } from '../../../src/contracts/statuses';
import type { ListFilter, ListSource } from '../../lib/list-engine';
import type { VersionedTable } from '../../lib/page-cache';
import { batchesById } from '../../lib/paging';
import type { BookingFilter, BookingRow, BookingsRepository, SearchSources } from './bookings.repository';

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

export function createBookingsService({ repository }: { repository: BookingsRepository }) {
  /** The list's filter as the repository reads it. */
  const filterOf = (request: ListFilter<BookingStatus>): BookingFilter => ({
    status: request.status,
    pattern: request.pattern,
    id: request.searchedId,
    sources: request.hints?.sources as SearchSources | undefined,
  });

  const listSource: ListSource<Booking, BookingSort, BookingStatus> = {
    tables: LISTED_TABLES,

    /** A search that matches few guests and properties reads their bookings by index (bookings.repository.ts). */
    async prepare(request) {
      if (request.pattern === undefined) return request;
      const sources = await repository.findSearchSources(request.pattern, NARROW_SEARCH_SOURCES + 1);
      const isNarrow = sources.guestIds.length + sources.propertyIds.length <= NARROW_SEARCH_SOURCES;
      return { ...request, hints: { sources: isNarrow ? sources : undefined } };
    },

    async page(request) {
      const rows = await repository.listPage({ ...filterOf(request), sort: request.sort, order: request.order, limit: request.limit, offset: request.offset });
      return rows.map(toBooking);
    },

    count: (filter) => repository.count(filterOf(filter)),

    /** A broad search counts tens or hundreds of thousands of bookings: its total follows its rows. */
    isTotalCostly: (filter) => filter.pattern !== undefined && filter.hints?.sources === undefined,

    /**
     * Every booking the filter selects, in id order (the whole array and the CSV export; the list's
     * sort does not apply): keyset batches on the id keep memory flat and every batch cheap at a
     * million rows.
     */
    async *batches(request) {
      const filter = filterOf(request);
      const isFiltered = filter.pattern !== undefined || filter.status !== undefined;
      for await (const rows of batchesById((afterId, limit) => repository.listAfter(afterId, limit, filter), isFiltered ? EXPORT_BATCH_SIZE : undefined)) {
        yield rows.map(toBooking);
      }
    },
  };

  return {
    listSource,

    async summary(): Promise<BookingSummary> {
      return repository.summarize();
    },
  };
}

export type BookingsService = ReturnType<typeof createBookingsService>;
