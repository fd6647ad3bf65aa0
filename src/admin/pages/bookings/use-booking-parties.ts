// Who an open booking is between (GET /api/admin/bookings/:id/parties): its guest, property and host,
// with their ids for links to their pages, read again when someone is suspended or reinstated.
import { useCustom, type HttpError } from '@refinedev/core';
import type { BookingParties } from '../../../contracts/bookings';
import { SUSPENSIONS_LIVE_RESOURCE } from '../../../contracts/live';
import { useLiveRefetch } from '../../live/use-live-refetch';
import { actionPath } from '../../resources';

const FOLLOWED = [SUSPENSIONS_LIVE_RESOURCE];

/** The answer, once it is one (useCustom's data is an empty object until then). */
const partiesOf = (data: unknown): BookingParties | undefined =>
  data !== null && typeof data === 'object' && 'host' in data ? (data as BookingParties) : undefined;

/** The parties of booking `bookingId`; undefined while none is open or until they arrive. */
export function useBookingParties(bookingId: number | undefined): BookingParties | undefined {
  const { query } = useCustom<BookingParties, HttpError>({
    url: bookingId === undefined ? '' : actionPath('bookings', 'parties', bookingId),
    method: 'get',
    errorNotification: false,
    queryOptions: { enabled: bookingId !== undefined, retry: false },
  });
  useLiveRefetch(FOLLOWED, () => void query.refetch(), { isShown: bookingId !== undefined });
  return bookingId === undefined ? undefined : partiesOf(query.data?.data);
}
