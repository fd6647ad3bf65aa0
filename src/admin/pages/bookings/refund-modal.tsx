// The refund dialog: the amount in dollars (filled with what remains, sent in cents) and the reason,
// each named by its visible label. One idempotency key per opening, so pressing again after a lost
// answer asks for the same refund, never a second one.
import { Flex, Input, Modal, Typography } from 'antd';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatMinor, MAX_REFUND_REASON_LENGTH, parseMajorToMinor, type RefundRequest } from '../../../contracts/refunds';
import { formatCents } from './use-booking-refunds';
import { registerRefundsCatalogue } from '../../../i18n/refunds-catalogue';

// This screen's texts load with it.
registerRefundsCatalogue();

interface RefundModalProps {
  bookingId: number;
  remainingMinor: number;
  isSending: boolean;
  onRefund(request: RefundRequest): void;
  onClose(): void;
}

/** Mounted for each opening: its fields and key start afresh. */
export function RefundModal({ bookingId, remainingMinor, isSending, onRefund, onClose }: RefundModalProps) {
  const { t } = useTranslation();
  const ids = { amount: useId(), amountHelp: useId(), reason: useId() };
  const [idempotencyKey] = useState(() => crypto.randomUUID());
  const [amountText, setAmountText] = useState(() => formatMinor(remainingMinor));
  const [reason, setReason] = useState('');
  const amountMinor = parseMajorToMinor(amountText);
  const isAmountValid = amountMinor !== null && amountMinor > 0 && amountMinor <= remainingMinor;
  const isReady = isAmountValid && reason.trim() !== '';
  const remaining = formatCents(remainingMinor);
  return (
    <Modal
      open
      title={t('admin.refunds.dialog.title', { id: bookingId })}
      okText={t('admin.refunds.dialog.submit')}
      cancelText={t('admin.refunds.dialog.keep')}
      okButtonProps={{ danger: true, disabled: !isReady }}
      confirmLoading={isSending}
      onOk={() => isReady && onRefund({ amountMinor: amountMinor!, reason, idempotencyKey })}
      onCancel={onClose}
    >
      <Flex vertical gap={12}>
        <Flex vertical gap={4}>
          <label htmlFor={ids.amount}>{t('admin.refunds.dialog.amount')}</label>
          <Input
            id={ids.amount}
            inputMode="decimal"
            value={amountText}
            onChange={(event) => setAmountText(event.target.value)}
            aria-describedby={ids.amountHelp}
            aria-invalid={!isAmountValid}
            status={isAmountValid ? undefined : 'error'}
          />
          <Typography.Text id={ids.amountHelp} type={isAmountValid ? 'secondary' : 'danger'}>
            {isAmountValid ? t('admin.refunds.dialog.amountHelp', { amount: remaining }) : t('admin.refunds.dialog.amountInvalid', { amount: remaining })}
          </Typography.Text>
        </Flex>
        <Flex vertical gap={4}>
          <label htmlFor={ids.reason}>{t('admin.refunds.dialog.reason')}</label>
          <Input.TextArea
            id={ids.reason}
            rows={3}
            maxLength={MAX_REFUND_REASON_LENGTH}
            showCount
            value={reason}
            onChange={(event) => setReason(event.target.value)}
          />
        </Flex>
      </Flex>
    </Modal>
  );
}
