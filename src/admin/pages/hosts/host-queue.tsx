// Host Details' review queue (docs/product.md §29): J / K the pending hosts in the Hosts list's last
// search and order, A approve, D decline with a reason, each through the hosts' batch call with this
// one host (the same compare-and-set and Undo as a batch); the next pending host opens at once, read ahead.
import { useCustom, useCustomMutation, useInvalidate, useOne } from '@refinedev/core';
import { App, Modal } from 'antd';
import type { TextAreaRef } from 'antd/es/input/TextArea';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { BatchDecision, BatchResult } from '../../../contracts/batch-decisions';
import { batchPathsOf } from '../../../contracts/list-declaration';
import { declaration as hostList } from '../../../contracts/lists/hosts';
import { actionNamed } from '../../../contracts/record-action';
import { usePermission } from '../../access';
import { ReasonField } from '../../components/reason-field';
import { useDecisionNotice } from '../../components/use-decision-notice';
import { markOwnChange } from '../../live/own-changes';
import { actionPath } from '../../resources';
import { ReviewShortcuts } from '../../review/review-shortcuts';
import { useReviewQueue } from '../../review/use-review-queue';

/** Declining a host, as declared (src/contracts/lists/hosts.ts): the reason it asks for. */
const DECLINE = actionNamed(hostList.actions, 'decline');

/** Reads the next host and its verification into the caches Host Details reads from. */
function HostPrefetch({ id }: { id: number }) {
  useOne({ resource: 'hosts', id: String(id), errorNotification: false, queryOptions: { retry: false } });
  useCustom({ url: actionPath('hosts', 'verification', String(id)), method: 'get', errorNotification: false, queryOptions: { retry: false } });
  return null;
}

function useHostDecision(id: number) {
  const { message } = App.useApp();
  const invalidate = useInvalidate();
  const showDecision = useDecisionNotice(hostList, 'hosts');
  const { mutateAsync } = useCustomMutation<BatchResult>();
  return async (decision: BatchDecision, reason?: string) => {
    // The decision comes back over the live stream: Host Details does not call it someone else's.
    markOwnChange('host', id);
    try {
      const values = { decision, ids: [id], reason };
      const { data } = await mutateAsync({ url: batchPathsOf(hostList).decide, method: 'post', values, successNotification: false, errorNotification: false });
      showDecision(data, decision);
    } catch (error) {
      void message.error((error as Error).message);
    }
    markOwnChange('host', id);
    void invalidate({ resource: 'hosts', invalidates: ['all'] });
  };
}

export function HostReviewKeys({ id, name }: { id: number; name: string }) {
  const queue = useReviewQueue({ resource: 'hosts', id, pendingStatus: 'Pending', pathOf: (next) => `/host-details/${next}` });
  const canDecide = usePermission('hosts', actionNamed(hostList.actions, 'approve').permission);
  const next = queue.next;
  const decide = useHostDecision(id);
  const [isDeclining, setIsDeclining] = useState(false);
  // A decision by key opens the next pending host at once, read ahead, while the decision is on its
  // way; its answer, with Undo, shows there (or its refusal, and K comes back).
  const decideAndMoveOn = (decision: BatchDecision, reason?: string) => {
    void decide(decision, reason);
    setIsDeclining(false);
    queue.goTo(next);
  };
  // Only a host the queue holds (pending) is decided by key; the buttons stay for the rest.
  const isDecidable = canDecide && queue.position !== undefined;
  return (
    <>
      <ReviewShortcuts
        queue={queue}
        recordName={name}
        actions={hostList.actions}
        onAction={isDecidable ? { approve: () => decideAndMoveOn('approve'), decline: () => setIsDeclining(true) } : {}}
        prefetch={next === undefined ? null : <HostPrefetch id={next} />}
      />
      {isDeclining ? <HostDeclineDialog onDecline={(reason) => decideAndMoveOn('decline', reason)} onClose={() => setIsDeclining(false)} /> : null}
    </>
  );
}

function HostDeclineDialog({ onDecline, onClose }: { onDecline: (reason?: string) => void; onClose: () => void }) {
  const { t } = useTranslation();
  const [reason, setReason] = useState('');
  const field = useRef<TextAreaRef>(null);
  return (
    <Modal
      open
      title={t('admin.review.queue.declineHostTitle')}
      okText={t('admin.review.queue.declineHost')}
      cancelText={t('admin.review.confirm.cancel')}
      okButtonProps={{ danger: true }}
      onOk={() => {
        onDecline(reason.trim() || undefined);
        onClose();
      }}
      onCancel={onClose}
      afterOpenChange={(isOpen) => {
        if (isOpen) field.current?.focus();
      }}
    >
      <ReasonField
        label={t('admin.review.queue.declineHostReason')}
        value={reason}
        onChange={setReason}
        fieldRef={field}
        maxLength={DECLINE.reason?.maxLength}
      />
    </Modal>
  );
}
