// Host Details' review queue (docs/product.md §29): J / K the pending hosts in the Hosts list's last
// search and order, A approve, D decline with a reason, each through the hosts' batch call with this
// one host (the same compare-and-set and Undo as a batch); the next pending host opens at once, read ahead.
import { useCustom, useCustomMutation, useInvalidate, useOne } from '@refinedev/core';
import { App } from 'antd';
import type { BatchDecision, BatchResult } from '../../../contracts/batch-decisions';
import { batchPathsOf } from '../../../contracts/list-declaration';
import { declaration as hostList } from '../../../contracts/lists/hosts';
import { usePermission } from '../../access';
import { DeclaredActionDialog, useDeclaredActions } from '../../components/declared-actions';
import { useDecisionNotice } from '../../components/use-decision-notice';
import { markOwnChange } from '../../live/own-changes';
import { actionPath } from '../../resources';
import { ReviewShortcuts } from '../../review/review-shortcuts';
import { useReviewQueue } from '../../review/use-review-queue';

/**
 * The host's declared actions (src/contracts/lists/hosts.ts) a key takes: each is sent through the
 * hosts' batch call, so those that run in bulk; one that asks a reason opens its dialog first.
 */
const KEYED_ACTIONS = hostList.actions.filter((action) => action.isBulk && action.key !== undefined);
/** Host Details' words for its actions (`admin.hosts.actions.<action>.<text>`). */
export const HOST_ACTION_TEXTS = 'admin.hosts.actions';

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
  const canDecide = usePermission('hosts', KEYED_ACTIONS[0].permission);
  const next = queue.next;
  const decide = useHostDecision(id);
  // A decision by key opens the next pending host at once, read ahead, while the decision is on its
  // way; its answer, with Undo, shows there (or its refusal, and K comes back).
  const actions = useDeclaredActions(KEYED_ACTIONS, (action, reason, { close }) => {
    void decide(action.name, reason);
    close();
    queue.goTo(next);
  });
  // Only a host the queue holds (pending) is decided by key; the buttons stay for the rest.
  const isDecidable = canDecide && queue.position !== undefined;
  return (
    <>
      <ReviewShortcuts
        queue={queue}
        recordName={name}
        actions={KEYED_ACTIONS}
        onAction={isDecidable ? actions.keys : {}}
        prefetch={next === undefined ? null : <HostPrefetch id={next} />}
      />
      {actions.asked?.isOpen ? (
        <DeclaredActionDialog
          asked={actions.asked}
          texts={HOST_ACTION_TEXTS}
          reason={actions.reason}
          onReasonChange={actions.setReason}
          onConfirm={actions.confirm}
          onCancel={actions.close}
        />
      ) : null}
    </>
  );
}
