// Sends the selection's decision as one batch (`POST <list>/decisions`), then sums up what happened
// with its Undo (use-decision-notice.tsx) and reads the list afresh. "All that match" is sent as the
// list's search, filter and order, which the server resolves (docs/decisions/027-review-workbench.md).
import { useCustomMutation, useInvalidate, type BaseRecord } from '@refinedev/core';
import { App } from 'antd';
import { useState } from 'react';
import type { BatchDecision, BatchResult } from '../../contracts/batch-decisions';
import { batchPathsOf } from '../../contracts/list-declaration';
import { useDecisionNotice } from '../components/use-decision-notice';
import { markOwnChanges } from '../live/own-changes';
import type { ListScreenState } from './use-list-screen';

export function useBatchDecision(list: ListScreenState<BaseRecord>) {
  const { message } = App.useApp();
  const invalidate = useInvalidate();
  const showDecision = useDecisionNotice(list.definition, list.resource);
  const { mutateAsync } = useCustomMutation<BatchResult>();
  const [isSending, setIsSending] = useState(false);

  async function send(decision: BatchDecision, reason: string | undefined): Promise<void> {
    const { selection } = list;
    const target = selection.isAllMatching
      ? { match: { q: list.search || undefined, status: list.status, sort: list.sorter?.field, order: list.sorter?.order } }
      : { ids: [...selection.ids] };
    // The rows come back over the live stream: a record screen opened meanwhile does not call them someone else's.
    const markOwn = (ids: readonly number[]) => (list.definition.batch?.recordType ? markOwnChanges(list.definition.batch.recordType, ids) : undefined);
    if (!selection.isAllMatching) markOwn([...selection.ids]);
    setIsSending(true);
    try {
      const { data } = await mutateAsync({
        url: batchPathsOf(list.definition).decide,
        method: 'post',
        values: { decision, reason, ...target },
        successNotification: false,
        errorNotification: false,
      });
      // The rows "all that match" stood for are named by the answer.
      markOwn(data.results.map((row) => row.id));
      selection.clear();
      showDecision(data, decision);
    } catch (error) {
      void message.error((error as Error).message);
    } finally {
      setIsSending(false);
      void invalidate({ resource: list.resource, invalidates: ['all'] });
    }
  }

  return { send, isSending };
}
