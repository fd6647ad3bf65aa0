// A bookings list row as the API answers it, for the component tests of the bookings screens.
import type { Booking, BookingSummary } from '../../src/contracts/bookings';

/** The count cards' totals the bookings screens' tests show. */
export const BOOKING_SUMMARY: BookingSummary = { total: 40, confirmed: 11, pending: 12, cancelled: 7, completed: 10 };

/** Booking `id`: a confirmed stay of a named guest at a titled property, with `values` over it. */
export function booking(id: number, values: Partial<Booking> = {}): Booking {
  return {
    id,
    status: 'confirmed',
    checkInDate: '2025-01-05',
    checkOutDate: '2025-01-09',
    total: 180.5,
    adultCount: 2,
    childrenCount: 1,
    isPetComing: false,
    isCancelled: false,
    isDisputed: false,
    User: { name: `Guest ${id}`, email: `guest${id}@hoy.test`, suspendedAt: null },
    Property: { title: `Villa ${id}`, address: `${id} Lido Road` },
    ...values,
  };
}
