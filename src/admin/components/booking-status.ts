import { BOOKING_STATUSES, type BookingStatus } from '../../contracts/statuses';

/** docs/product.md §19: the four statuses in any letter case; null for a missing one ("Unknown"). */
export function normalizeBookingStatus(value: string | null | undefined): BookingStatus | string | null {
  if (value === null || value === undefined || value.trim() === '') return null;
  const lower = value.trim().toLowerCase();
  return (BOOKING_STATUSES as readonly string[]).includes(lower) ? (lower as BookingStatus) : value;
}

/** The catalogue key of a status's label, or undefined when an unrecognised value must show as-is. */
export function bookingStatusLabelKey(value: string | null | undefined): string | undefined {
  const status = normalizeBookingStatus(value);
  if (status === null) return 'admin.bookings.statuses.unknown';
  return (BOOKING_STATUSES as readonly string[]).includes(status) ? `admin.bookings.statuses.${status}` : undefined;
}
