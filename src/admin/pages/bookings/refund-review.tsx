// A second member's part in a refund awaiting approval (decision 047): who asked, and Approve or
// Reject (with a reason, in a dialog) for another member who may refund; the member who asked reads
// that it waits for a colleague. After the decision, who approved or rejected it, and why.
import { Button, Flex, Input, Modal, Typography } from 'antd';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MAX_REFUND_REASON_LENGTH, type Refund } from '../../../contracts/refunds';
import { formatCents } from './use-booking-refunds';

interface RefundReviewProps {
  refund: Refund;
  /** The signed-in member's id (undefined while it loads: nothing is offered yet). */
  memberId: number | undefined;
  mayRefund: boolean;
  isBusy: boolean;
  onApprove(refund: Refund): void;
  /** Answers whether the rejection was recorded, so the dialog closes. */
  onReject(refund: Refund, reason: string): Promise<boolean>;
}

export function RefundReview({ refund, memberId, mayRefund, isBusy, onApprove, onReject }: RefundReviewProps) {
  const { t } = useTranslation();
  const [isRejecting, setIsRejecting] = useState(false);
  const requester = refund.requestedByName ?? t('admin.refunds.review.someone');
  const reviewer = refund.reviewedByName ?? t('admin.refunds.review.someone');
  if (refund.status === 'rejected') {
    return <Typography.Text type="secondary">{t('admin.refunds.review.rejectedBy', { name: reviewer, reason: refund.rejectionReason })}</Typography.Text>;
  }
  if (refund.status !== 'awaiting-approval') {
    return refund.reviewedBy === null ? null : <Typography.Text type="secondary">{t('admin.refunds.review.approvedBy', { name: reviewer })}</Typography.Text>;
  }
  const isOwn = memberId !== undefined && refund.requestedBy === memberId;
  const amount = formatCents(refund.amountMinor);
  return (
    <Flex vertical gap={4}>
      <Typography.Text>{t('admin.refunds.review.askedBy', { name: requester })}</Typography.Text>
      {isOwn ? <Typography.Text type="secondary">{t('admin.refunds.review.waiting')}</Typography.Text> : null}
      {!isOwn && mayRefund && memberId !== undefined ? (
        <Flex gap={8} wrap>
          <Button type="primary" loading={isBusy} aria-label={t('admin.refunds.review.approveLabel', { amount })} onClick={() => onApprove(refund)}>
            {t('admin.refunds.review.approve')}
          </Button>
          <Button danger disabled={isBusy} aria-label={t('admin.refunds.review.rejectLabel', { amount })} onClick={() => setIsRejecting(true)}>
            {t('admin.refunds.review.reject')}
          </Button>
        </Flex>
      ) : null}
      {isRejecting ? (
        <RejectRefundModal
          amount={amount}
          isSending={isBusy}
          onClose={() => setIsRejecting(false)}
          onReject={(reason) => void onReject(refund, reason).then((isDone) => isDone && setIsRejecting(false))}
        />
      ) : null}
    </Flex>
  );
}

function RejectRefundModal({ amount, isSending, onReject, onClose }: { amount: string; isSending: boolean; onReject(reason: string): void; onClose(): void }) {
  const { t } = useTranslation();
  const reasonId = useId();
  const [reason, setReason] = useState('');
  const isReady = reason.trim() !== '';
  return (
    <Modal
      open
      title={t('admin.refunds.review.dialogTitle', { amount })}
      okText={t('admin.refunds.review.dialogSubmit')}
      cancelText={t('admin.refunds.dialog.keep')}
      okButtonProps={{ danger: true, disabled: !isReady }}
      confirmLoading={isSending}
      onOk={() => isReady && onReject(reason)}
      onCancel={onClose}
    >
      <Flex vertical gap={4}>
        <label htmlFor={reasonId}>{t('admin.refunds.review.dialogReason')}</label>
        <Input.TextArea
          id={reasonId}
          rows={3}
          maxLength={MAX_REFUND_REASON_LENGTH}
          showCount
          value={reason}
          onChange={(event) => setReason(event.target.value)}
        />
      </Flex>
    </Modal>
  );
}
