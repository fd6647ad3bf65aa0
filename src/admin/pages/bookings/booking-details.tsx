import { Button, Descriptions, Drawer } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { BookingMoveResponse } from '../../../contracts/booking-moves';
import type { Booking } from '../../../contracts/bookings';
import { formatMoney } from '../../../lib/format';
import { usePermission } from '../../access';
import RecordNotes from '../../components/notes/record-notes';
import { SuspendedTag } from '../../components/suspended-tag';
import { useListContext } from '../../list/list-context';
import { BookingStatusBadge, useBookingDate } from './booking-cells';
import { BookingMoves } from './booking-moves';
import { BookingRefunds } from './booking-refunds';
import { FlagBooking } from './flag-booking';
import { useBookingParties } from './use-booking-parties';

interface BookingDetailsProps {
  booking: Booking | undefined;
  onClose(): void;
  onMoved(answer: BookingMoveResponse): void;
}

/** Every field of one booking, opened by the list's "View", the moves a member may make on it and its refunds. */
export function BookingDetails({ booking: opened, onClose, onMoved }: BookingDetailsProps) {
  const { t } = useTranslation();
  const booking = useLatestGuest(opened);
  const parties = useBookingParties(booking?.id);
  const links = usePageLinks();
  const formatBookingDate = useBookingDate();
  const yesNo = (value: boolean) => t(value ? 'admin.bookings.details.yes' : 'admin.bookings.details.no');
  return (
    <Drawer
      open={booking !== undefined}
      onClose={onClose}
      title={booking ? t('admin.bookings.details.title', { id: booking.id }) : undefined}
      closable={false}
      extra={<Button onClick={onClose}>{t('admin.bookings.details.close')}</Button>}
      width="min(480px, 100vw)"
      destroyOnHidden
    >
      {booking ? <BookingMoves booking={booking} onMoved={onMoved} /> : null}
      {booking ? <BookingRefunds booking={booking} /> : null}
      {booking ? <FlagBooking bookingId={booking.id} /> : null}
      {booking ? (
        <Descriptions
          column={1}
          bordered
          size="small"
          items={[
            { key: 'id', label: t('admin.bookings.columns.id'), children: t('admin.bookings.bookingId', { id: booking.id }) },
            { key: 'status', label: t('admin.bookings.columns.status'), children: <BookingStatusBadge status={booking.status} /> },
            {
              key: 'guestName',
              label: t('admin.bookings.details.guestName'),
              children: (
                <>
                  {links.guest(parties?.guest?.id, booking.User?.name || t('admin.bookings.unknownUser'))}
                  <SuspendedTag suspendedAt={parties?.guest?.suspendedAt ?? booking.User?.suspendedAt} />
                </>
              ),
            },
            { key: 'guestEmail', label: t('admin.bookings.details.guestEmail'), children: booking.User?.email || t('admin.bookings.noEmail') },
            {
              key: 'propertyTitle',
              label: t('admin.bookings.details.propertyTitle'),
              children: links.listing(parties?.property?.id, booking.Property?.title || t('admin.bookings.unknownProperty')),
            },
            {
              key: 'hostName',
              label: t('admin.bookings.details.hostName'),
              // Read with the panel's parties: nothing until they arrive, "Unknown" when the host is gone.
              children: parties ? (
                <>
                  {links.host(parties.host?.id, parties.host?.name || t('admin.bookings.unknownUser'))}
                  <SuspendedTag suspendedAt={parties.host?.suspendedAt} />
                </>
              ) : null,
            },
            {
              key: 'propertyAddress',
              label: t('admin.bookings.details.propertyAddress'),
              children: booking.Property?.address || t('admin.bookings.noAddress'),
            },
            { key: 'checkIn', label: t('admin.bookings.columns.checkIn'), children: formatBookingDate(booking.checkInDate) },
            { key: 'checkOut', label: t('admin.bookings.columns.checkOut'), children: formatBookingDate(booking.checkOutDate) },
            { key: 'total', label: t('admin.bookings.columns.total'), children: formatMoney(booking.total, { missing: t('admin.bookings.notAvailable') }) },
            { key: 'adults', label: t('admin.bookings.details.adults'), children: booking.adultCount },
            { key: 'children', label: t('admin.bookings.details.children'), children: booking.childrenCount },
            { key: 'totalGuests', label: t('admin.bookings.details.totalGuests'), children: booking.adultCount + booking.childrenCount },
            { key: 'pet', label: t('admin.bookings.details.pet'), children: yesNo(booking.isPetComing) },
            { key: 'cancelled', label: t('admin.bookings.details.cancelled'), children: yesNo(booking.isCancelled) },
            { key: 'disputed', label: t('admin.bookings.details.disputed'), children: yesNo(booking.isDisputed) },
          ]}
        />
      ) : null}
      {booking ? <RecordNotes resource="bookings" recordId={booking.id} /> : null}
    </Drawer>
  );
}

/** Links to the guest's, host's and listing's pages for a role that reads them; the name alone otherwise. */
function usePageLinks() {
  const readsGuests = usePermission('guests', 'guests.read');
  const readsHosts = usePermission('hosts', 'hosts.read');
  const readsListings = usePermission('listings', 'listings.read');
  const linked =
    (isReadable: boolean, path: string) =>
    (id: number | undefined, name: string): ReactNode =>
      isReadable && id !== undefined ? <Link to={`/${path}/${id}`}>{name}</Link> : name;
  return { guest: linked(readsGuests, 'guests'), host: linked(readsHosts, 'hosts'), listing: linked(readsListings, 'listings') };
}

/** The opened booking with its guest as the list last read them: a suspension arriving live shows in the open panel. */
function useLatestGuest(booking: Booking | undefined): Booking | undefined {
  const { rows } = useListContext<Booking>();
  const listed = booking && rows.find((row) => row.id === booking.id);
  return booking && listed ? { ...booking, User: listed.User } : booking;
}
