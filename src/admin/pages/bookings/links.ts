import type { BookingStatus } from '../../../contracts/statuses';

/**
 * The Bookings Management address filtered by a status, e.g. `/bookings?status=pending` (the dashboard links
 * here); the list turns the plain parameter into Refine's synced filter (`filters[0][field]=status...`).
 */
export function bookingsListPath(status?: BookingStatus): string {
  return status ? `/bookings?${new URLSearchParams({ status }).toString()}` : '/bookings';
}
