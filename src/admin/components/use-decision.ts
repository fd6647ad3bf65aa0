import { useCustomMutation, useInvalidate, type BaseRecord, type HttpError } from '@refinedev/core';
import { App } from 'antd';
import { useState } from 'react';
import { markOwnChange } from '../live/own-changes';
import { actionPath, findResource, type ResourceName } from '../resources';
import { decidedOne, useDecisionNotice } from './use-decision-notice';

export type Decision = 'approve' | 'decline';
/** The decision on its way, if any: the record it is about, and which one. */
export type PendingDecision = { id: number; decision: Decision } | null;

interface DecisionOptions<Answer> {
  /** A list that declares both actions with a call for one record (src/contracts/record-action.ts). */
  resource: ResourceName;
  /** What to read afresh once the decision is settled: the resource's lists, or its records too. */
  invalidates: 'list' | 'all';
  successMessage: (answer: Answer) => string;
}

/**
 * Approve or Decline of one record (a listing, a property: one property id, marked as this tab's own change): the answer's status on success, the
 * server's message on a refusal, and the resource read afresh either way; after a 409 too, so the
 * screen then shows what was decided elsewhere.
 */
export function useDecision<Answer extends BaseRecord>({ resource, invalidates, successMessage }: DecisionOptions<Answer>) {
  const { message } = App.useApp();
  // The answer's message, with Undo for 10 s through the list's undo call (decision 027).
  const showDecision = useDecisionNotice(findResource(resource).list!, resource);
  const invalidate = useInvalidate();
  const { mutateAsync } = useCustomMutation<Answer>();
  const [pending, setPending] = useState<PendingDecision>(null);

  /**
   * Sends the decision with its body; `onDecided` runs on success, before the message shows. The
   * answer is awaited rather than handed to the mutation's callbacks, so it is shown even when the
   * screen has moved on to another record meanwhile (a keyboard review, docs/product.md §29).
   */
  async function decide(id: number, decision: Decision, values: object, onDecided?: () => void): Promise<void> {
    setPending({ id, decision });
    // The decision comes back over the live stream: the record's screen reads it without saying "someone else".
    markOwnChange('listing', id);
    try {
      const { data } = await mutateAsync({
        url: actionPath(resource, decision, id),
        method: 'post',
        values,
        successNotification: false,
        errorNotification: false,
      });
      onDecided?.();
      showDecision(decidedOne(id, String(data.status)), decision, successMessage(data));
    } catch (error) {
      void message.error((error as HttpError).message);
    } finally {
      markOwnChange('listing', id);
      setPending((current) => (current?.id === id ? null : current));
      void invalidate({ resource, invalidates: [invalidates] });
    }
  }

  return { decide, pending };
}
