// The notice after a decision, single or batch: what happened ("18 approved; 2 already declined by
// Amina, skipped") and, for 10 seconds, "Undo" where the action is declared undoable, which puts the
// rows back through the list's undo call (docs/decisions/027-review-workbench.md, 044). Undo's own
// answer is summed up the same way.
import { useCustomMutation, useInvalidate } from '@refinedev/core';
import { App, Button } from 'antd';
import { useTranslation } from 'react-i18next';
import type { BatchDecision, BatchResult } from '../../contracts/batch-decisions';
import { batchPathsOf, type DeclaredList } from '../../contracts/list-declaration';
import { markOwnChanges } from '../live/own-changes';
import { summarizeBatch } from './batch-summary';
import { offerUndo, UNDO_OFFER_MS, withdrawUndo } from './last-undo';

let noticeCount = 0;

/** A single decision's answer as a batch of one, so its notice and Undo are the batch's. */
export const decidedOne = (id: number, status: string): BatchResult => ({ changed: 1, results: [{ id, outcome: 'decided', status, by: null }] });

export function useDecisionNotice(list: DeclaredList<string, string>, resource: string) {
  const { t } = useTranslation();
  const { notification } = App.useApp();
  const invalidate = useInvalidate();
  const { mutateAsync } = useCustomMutation<BatchResult>();
  const paths = batchPathsOf(list);

  async function undo(ids: number[]) {
    withdrawUndo();
    // The undo comes back over the live stream, like the decision: the tab's own change (before and after its answer).
    const markOwn = () => (list.batch?.recordType ? markOwnChanges(list.batch.recordType, ids) : undefined);
    markOwn();
    try {
      const { data } = await mutateAsync({ url: paths.undo, method: 'post', values: { ids }, successNotification: false, errorNotification: false });
      markOwn();
      notification.info({ message: summarizeBatch(t, data), role: 'status', duration: 6 });
    } catch (error) {
      notification.error({ message: (error as Error).message, role: 'alert' });
    }
    void invalidate({ resource, invalidates: ['all'] });
  }

  /** Shows what a decision did (`message`, or the sum of its rows); offers Undo of the rows it changed, if any and if it can be undone. */
  return function showDecision(
    result: BatchResult,
    decision: BatchDecision,
    message = summarizeBatch(t, result, decision, list.actions?.find((action) => action.name === decision)?.texts),
  ) {
    const key = `decision-${(noticeCount += 1)}`;
    const changedIds = result.results.filter((row) => row.outcome === 'decided').map((row) => row.id);
    const isUndoable = list.actions?.find((action) => action.name === decision)?.undoSeconds !== undefined;
    const undoThese = () => {
      notification.destroy(key);
      void undo(changedIds);
    };
    if (changedIds.length > 0 && isUndoable) offerUndo(undoThese);
    notification.open({
      key,
      type: changedIds.length > 0 ? 'success' : 'warning',
      role: 'status',
      message,
      duration: UNDO_OFFER_MS / 1000,
      actions:
        changedIds.length > 0 && isUndoable ? (
          <Button size="small" onClick={undoThese}>
            {t('admin.review.undo')}
          </Button>
        ) : undefined,
    });
  };
}
