import { Flex, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { Booking } from '../../../contracts/bookings';
import { formatDate } from '../../../lib/format';
import { StatusBadge } from '../../components/status-badge';
import { SuspendedTag } from '../../components/suspended-tag';
import { bookingStatusLabelKey, normalizeBookingStatus } from '../../components/booking-status';

/** A booking date as "Jan 5, 2025", with the translated "N/A" and "Invalid Date". */
export function useBookingDate(): (value: string | null | undefined) => string {
  const { t } = useTranslation();
  return (value) => formatDate(value, { missing: t('admin.bookings.notAvailable'), invalid: t('admin.bookings.invalidDate') });
}

// The name wraps between words; the detail (an e-mail is one long word) may break anywhere, so it
// never widens the column.
const WRAPPING = { maxWidth: 240 } as const;
const DETAIL_WRAPPING = { overflowWrap: 'anywhere' } as const;

/** A name in bold over its detail in grey: the guest with their e-mail, the property with its address. */
function NameAndDetailCell({ name, detail, tag }: { name: string; detail: string; tag?: ReactNode }) {
  return (
    <Flex vertical style={WRAPPING}>
      <span>
        <Typography.Text strong>{name}</Typography.Text>
        {tag}
      </span>
      <Typography.Text type="secondary" style={DETAIL_WRAPPING}>
        {detail}
      </Typography.Text>
    </Flex>
  );
}

export function GuestCell({ user }: { user: Booking['User'] }) {
  const { t } = useTranslation();
  return (
    <NameAndDetailCell
      name={user?.name || t('admin.bookings.unknownUser')}
      detail={user?.email || t('admin.bookings.noEmail')}
      tag={<SuspendedTag suspendedAt={user?.suspendedAt} />}
    />
  );
}

export function PropertyCell({ property }: { property: Booking['Property'] }) {
  const { t } = useTranslation();
  return <NameAndDetailCell name={property?.title || t('admin.bookings.unknownProperty')} detail={property?.address || t('admin.bookings.noAddress')} />;
}

/** Adults plus children, the split, and the Pet / Cancelled / Disputed flags. */
export function GuestsCell({ booking }: { booking: Booking }) {
  const { t } = useTranslation();
  const adults = booking.adultCount ?? 0;
  const children = booking.childrenCount ?? 0;
  return (
    <Flex vertical gap={4}>
      <Typography.Text strong>{adults + children}</Typography.Text>
      <Typography.Text type="secondary">
        {t('admin.bookings.adults', { count: adults })}, {t('admin.bookings.children', { count: children })}
      </Typography.Text>
      <BookingFlags booking={booking} />
    </Flex>
  );
}

function BookingFlags({ booking }: { booking: Booking }) {
  const { t } = useTranslation();
  const flags = [
    booking.isPetComing && (
      <StatusBadge key="pet" status="pet" tone="info">
        {t('admin.bookings.flags.pet')}
      </StatusBadge>
    ),
    booking.isCancelled && (
      <StatusBadge key="cancelled" status="cancelled" tone="error">
        {t('admin.bookings.flags.cancelled')}
      </StatusBadge>
    ),
    booking.isDisputed && (
      <StatusBadge key="disputed" status="disputed" tone="warning">
        {t('admin.bookings.flags.disputed')}
      </StatusBadge>
    ),
  ].filter(Boolean);
  return flags.length > 0 ? (
    <Flex wrap gap={4}>
      {flags}
    </Flex>
  ) : null;
}

/** The status in its colour: the four known ones translated, any other value as-is, a missing one "Unknown". */
export function BookingStatusBadge({ status }: { status: string | null | undefined }) {
  const { t } = useTranslation();
  const key = bookingStatusLabelKey(status);
  const normalized = normalizeBookingStatus(status);
  return <StatusBadge status={normalized}>{key ? t(key) : status}</StatusBadge>;
}
