// A booking's refunds on its side panel (decision 043): read through the data provider and read again
// when the live stream says they changed; a new refund request runs under the step-up (decision 039),
// which the server asks for above REFUND_STEP_UP_ABOVE_MINOR, and is told from the catalogues; a
// second member approves (under the step-up too) or rejects a refund awaiting approval (decision 047).
import { useCustom, useCustomMutation, useGetIdentity, type HttpError } from '@refinedev/core';
import { App } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatMinor, type BookingRefunds, type Refund, type RefundRejection, type RefundRequest } from '../../../contracts/refunds';
import type { MeResponse } from '../../../contracts/staff';
import { formatMoney } from '../../../lib/format';
import { idsOf, RECONNECTED_TOPIC, resourceChannel, useLiveEvents } from '../../live/use-live-events';
import { actionPath } from '../../resources';
import { isStepUpRequired, useStepUp } from '../../step-up/step-up';

/** Cents shown in dollars: the text of the exact decimal, never a float's rounding. */
export const formatCents = (minor: number): string => formatMoney(formatMinor(minor));

const LIVE_TOPICS = [{ channel: resourceChannel('refunds'), types: ['created', 'updated', 'resync'] }, RECONNECTED_TOPIC];

/** The answer, once it is one (useCustom's data is an empty object until then). */
const refundsOf = (data: unknown): BookingRefunds | undefined =>
  Array.isArray((data as BookingRefunds | undefined)?.refunds) ? (data as BookingRefunds) : undefined;

export function useBookingRefunds(bookingId: number) {
  const { query } = useCustom<BookingRefunds, HttpError>({
    url: actionPath('bookings', 'refunds', bookingId),
    method: 'get',
    errorNotification: false,
    queryOptions: { retry: false },
  });
  useLiveEvents(LIVE_TOPICS, (event) => {
    if (event.type !== 'created' && event.type !== 'updated') void query.refetch();
    else if (idsOf(event).includes(String(bookingId))) void query.refetch();
  });
  return { refunds: refundsOf(query.data?.data), refetch: () => void query.refetch() };
}

export function useRefundRequest(bookingId: number, onSettled: () => void) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const withStepUp = useStepUp();
  const { mutateAsync } = useCustomMutation<Refund>();
  const [isSending, setIsSending] = useState(false);

  /** Answers whether the refund was requested (or had been, under the same key). */
  async function request(values: RefundRequest): Promise<boolean> {
    setIsSending(true);
    try {
      const call = () =>
        mutateAsync({ url: actionPath('bookings', 'refund', bookingId), method: 'post', values, successNotification: false, errorNotification: false });
      const { data: made } = await withStepUp(call);
      const done = made.status === 'awaiting-approval' ? 'admin.refunds.doneAwaiting' : 'admin.refunds.done';
      void message.success(t(done, { id: bookingId, amount: formatCents(values.amountMinor) }));
      return true;
    } catch (error) {
      const { statusCode, message: text } = error as HttpError;
      if (isStepUpRequired(error)) void message.error(t('admin.refunds.stepUpCancelled'));
      else void message.error(statusCode === 409 ? t('admin.refunds.refused', { id: bookingId }) : text);
      return false;
    } finally {
      setIsSending(false);
      onSettled();
    }
  }

  return { request, isSending };
}

/** The signed-in member's id: their own refund awaiting approval is theirs to wait on, not to approve. */
export const useMemberId = (): number | undefined => useGetIdentity<MeResponse>().data?.id;

/** A second member's Approve (under the step-up) and Reject (with a reason) of a refund awaiting approval. */
export function useRefundReview(onSettled: () => void) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const withStepUp = useStepUp();
  const { mutateAsync } = useCustomMutation<Refund>();
  const [busyId, setBusyId] = useState<number | null>(null);

  /** Answers whether the decision was recorded. */
  async function decide(refund: Refund, decision: 'approve' | 'reject', values: RefundRejection | Record<string, never>): Promise<boolean> {
    const amount = formatCents(refund.amountMinor);
    setBusyId(refund.id);
    try {
      const call = () =>
        mutateAsync({
          url: actionPath('bookings', decision === 'approve' ? 'approveRefund' : 'rejectRefund', refund.id),
          method: 'post',
          values,
          successNotification: false,
          errorNotification: false,
        });
      await (decision === 'approve' ? withStepUp(call) : call());
      void message.success(t(decision === 'approve' ? 'admin.refunds.review.approved' : 'admin.refunds.review.rejected', { amount }));
      return true;
    } catch (error) {
      const { statusCode, message: text } = error as HttpError;
      if (isStepUpRequired(error)) void message.error(t('admin.refunds.review.stepUpCancelled'));
      else void message.error(statusCode === 409 ? t('admin.refunds.review.decidedMeanwhile', { amount }) : text);
      return false;
    } finally {
      setBusyId(null);
      onSettled();
    }
  }

  return {
    busyId,
    approve: (refund: Refund) => decide(refund, 'approve', {}),
    reject: (refund: Refund, reason: string) => decide(refund, 'reject', { reason }),
  };
}
