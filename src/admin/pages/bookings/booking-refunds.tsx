// A booking's refunds on its side panel (decision 043): what was paid and what is left to refund, each
// refund with its status as it changes live, and "Refund" for a role that may refund a paid booking;
// a refund awaiting approval with its second member's part (refund-review.tsx, decision 047).
import { Button, Flex, Tag, Typography } from 'antd';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Booking } from '../../../contracts/bookings';
import type { Refund, RefundStatus } from '../../../contracts/refunds';
import { usePermission } from '../../access';
import { RefundModal } from './refund-modal';
import { RefundReview } from './refund-review';
import { formatCents, useBookingRefunds, useMemberId, useRefundRequest, useRefundReview } from './use-booking-refunds';
import { registerRefundsCatalogue } from '../../../i18n/refunds-catalogue';

// This screen's texts load with it.
registerRefundsCatalogue();

const STATUS_COLOURS: Record<RefundStatus, string> = {
  'awaiting-approval': 'purple',
  requested: 'gold',
  succeeded: 'green',
  failed: 'red',
  rejected: 'default',
};

type RefundItemProps = { refund: Refund; review: Omit<Parameters<typeof RefundReview>[0], 'refund' | 'isBusy'> & { busyId: number | null } };

function RefundItem({ refund, review: { busyId, ...review } }: RefundItemProps) {
  const { t } = useTranslation();
  return (
    <li>
      <Flex gap={8} align="baseline" wrap>
        <Typography.Text strong>{formatCents(refund.amountMinor)}</Typography.Text>
        <Tag color={STATUS_COLOURS[refund.status]}>{t(`admin.refunds.statuses.${refund.status}`)}</Tag>
        <Typography.Text style={{ whiteSpace: 'pre-wrap' }}>{refund.reason}</Typography.Text>
      </Flex>
      {refund.failureReason ? <Typography.Text type="secondary">{t('admin.refunds.failureReason', { reason: refund.failureReason })}</Typography.Text> : null}
      <RefundReview refund={refund} isBusy={busyId === refund.id} {...review} />
    </li>
  );
}

export function BookingRefunds({ booking }: { booking: Booking }) {
  const { t } = useTranslation();
  const headingId = useId();
  const mayRefund = usePermission('bookings', 'bookings.refund');
  const { refunds, refetch } = useBookingRefunds(booking.id);
  const { request, isSending } = useRefundRequest(booking.id, refetch);
  const { busyId, approve, reject } = useRefundReview(refetch);
  const memberId = useMemberId();
  const [isOpen, setIsOpen] = useState(false);
  if (!refunds) return null;
  const canRefund = mayRefund && refunds.isPaid && refunds.remainingMinor > 0;
  return (
    <section aria-labelledby={headingId} style={{ marginBottom: 16 }}>
      <Typography.Title level={5} id={headingId}>
        {t('admin.refunds.title')}
      </Typography.Title>
      <Flex gap={16} align="center" wrap style={{ marginBottom: 8 }}>
        <Typography.Text>{t('admin.refunds.paid', { amount: formatCents(refunds.paidMinor) })}</Typography.Text>
        <Typography.Text aria-live="polite">{t('admin.refunds.remaining', { amount: formatCents(refunds.remainingMinor) })}</Typography.Text>
        {refunds.awaitingApprovalMinor > 0 ? (
          <Typography.Text>{t('admin.refunds.awaiting', { amount: formatCents(refunds.awaitingApprovalMinor) })}</Typography.Text>
        ) : null}
        {canRefund ? <Button onClick={() => setIsOpen(true)}>{t('admin.refunds.open')}</Button> : null}
      </Flex>
      {refunds.refunds.length === 0 ? (
        <Typography.Text type="secondary">{t('admin.refunds.none')}</Typography.Text>
      ) : (
        <ul aria-label={t('admin.refunds.listLabel', { id: booking.id })} aria-live="polite" style={{ paddingLeft: 20, margin: 0 }}>
          {refunds.refunds.map((refund) => (
            <RefundItem key={refund.id} refund={refund} review={{ busyId, memberId, mayRefund, onApprove: (each) => void approve(each), onReject: reject }} />
          ))}
        </ul>
      )}
      {isOpen ? (
        <RefundModal
          bookingId={booking.id}
          remainingMinor={refunds.remainingMinor}
          isSending={isSending}
          onClose={() => setIsOpen(false)}
          onRefund={(values) => void request(values).then((isDone) => isDone && setIsOpen(false))}
        />
      ) : null}
    </section>
  );
}
