import { Button } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Booking, BookingSummary } from '../../../contracts/bookings';
import { declaration as bookingList } from '../../../contracts/lists/bookings';
import { formatMoney } from '../../../lib/format';
import { ListScreen, type ListColumn } from '../../list/list-screen';
import { BookingDetails } from './booking-details';
import { BookingStatusBadge, GuestCell, GuestsCell, PropertyCell, useBookingDate } from './booking-cells';

/**
 * Bookings Management (/bookings): cards, search, status filter, sortable columns, 8 a page; its state
 * lives in the URL. A short link such as `/bookings?status=pending` (the dashboard's) opens it filtered.
 */
export function BookingList() {
  const { t } = useTranslation();
  const formatBookingDate = useBookingDate();
  const [viewed, setViewed] = useState<Booking | undefined>(undefined);
  const columns: ListColumn<Booking>[] = [
    { key: 'id', sort: 'id', render: (booking) => t('admin.bookings.bookingId', { id: booking.id }) },
    { key: 'guest', sort: 'User.name', render: (booking) => <GuestCell user={booking.User} /> },
    { key: 'property', sort: 'Property.title', render: (booking) => <PropertyCell property={booking.Property} /> },
    { key: 'checkIn', sort: 'checkInDate', render: (booking) => formatBookingDate(booking.checkInDate) },
    { key: 'checkOut', sort: 'checkOutDate', render: (booking) => formatBookingDate(booking.checkOutDate) },
    {
      key: 'total',
      sort: 'total',
      align: 'right',
      render: (booking) => formatMoney(booking.total, { missing: t('admin.bookings.notAvailable') }),
    },
    { key: 'guests', render: (booking) => <GuestsCell booking={booking} /> },
    { key: 'status', sort: 'status', render: (booking) => <BookingStatusBadge status={booking.status} /> },
    {
      key: 'actions',
      render: (booking) => (
        <Button size="small" aria-label={t('admin.bookings.viewLabel', { id: booking.id })} onClick={() => setViewed(booking)}>
          {t('admin.bookings.view')}
        </Button>
      ),
    },
  ];
  return (
    <ListScreen<Booking, BookingSummary> definition={bookingList} columns={columns} summary={{ keys: ['total', 'confirmed', 'pending', 'cancelled'] }}>
      <BookingDetails
        booking={viewed}
        onClose={() => setViewed(undefined)}
        // The panel shows the booking as moved at once; the list reads it afresh (use-booking-move.ts).
        onMoved={(answer) =>
          setViewed(
            (current) => current && { ...current, status: answer.status as Booking['status'], isCancelled: current.isCancelled || answer.move === 'cancel' },
          )
        }
      />
    </ListScreen>
  );
}

/** The screen src/admin/screens.ts routes at the resource's list. */
export default BookingList;
