// Bookings: the counts of the cards (the list's rows come from bookingsListSource, bookings.repository.ts).
import type { BookingSummary } from '../../../src/contracts/bookings';
import type { BookingsRepository } from './bookings.repository';

export function createBookingsService({ repository }: { repository: BookingsRepository }) {
  return {
    async summary(): Promise<BookingSummary> {
      return repository.summarize();
    },
  };
}
