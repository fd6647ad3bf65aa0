// What a batch decision or undo did, in one sentence for the notice: "18 approved; 2 already declined
// by Amina, skipped". Rows are grouped by what happened and, for a skip, by its status and who did it.
import type { TFunction } from 'i18next';
import type { BatchDecision, BatchResult, BatchRowResult } from '../../contracts/batch-decisions';
import { actionTextKey } from '../../contracts/record-action';

type Verdict = 'approved' | 'declined' | 'pending';

/** Every list's stored statuses as a person reads a decision: Confirmed and Approved are approvals. */
const VERDICTS: Readonly<Record<string, Verdict>> = {
  Approved: 'approved',
  Confirmed: 'approved',
  confirmed: 'approved',
  Declined: 'declined',
  Rejected: 'declined',
  declined: 'declined',
};
const verdictOf = (status: string | null): Verdict => (status === null ? 'pending' : (VERDICTS[status] ?? 'pending'));

/** Counts rows by a key, in the order keys first appear. */
function grouped(rows: readonly BatchRowResult[], keyOf: (row: BatchRowResult) => string) {
  const groups = new Map<string, BatchRowResult[]>();
  for (const row of rows) groups.set(keyOf(row), [...(groups.get(keyOf(row)) ?? []), row]);
  return [...groups.values()];
}

/**
 * One sentence for a batch's (or a single decision's) result; `decision` is absent for an undo, and
 * `texts` is the action's own texts' prefix where it declares one (src/contracts/record-action.ts).
 */
export function summarizeBatch(t: TFunction, result: BatchResult, decision?: BatchDecision, texts?: string): string {
  const of = (outcome: BatchRowResult['outcome']) => result.results.filter((row) => row.outcome === outcome);
  const parts: string[] = [];
  const changed = decision ? of('decided') : of('undone');
  if (changed.length > 0) parts.push(t(decision ? actionTextKey({ name: decision, texts }, 'done') : 'admin.review.summary.undone', { count: changed.length }));
  for (const rows of grouped(of('alreadyDecided'), (row) => `${verdictOf(row.status)} ${row.by ?? ''}`)) {
    const { status, by } = rows[0];
    const verdict = t(`admin.review.verdicts.${verdictOf(status)}`);
    parts.push(t(by ? 'admin.review.summary.alreadyBy' : 'admin.review.summary.already', { count: rows.length, verdict, by }));
  }
  const skippedKey = decision ? 'skipped' : 'notUndone';
  for (const rows of grouped(of('changed'), (row) => row.by ?? '')) {
    const { by } = rows[0];
    parts.push(t(by ? `admin.review.summary.changedBy.${skippedKey}` : `admin.review.summary.changed.${skippedKey}`, { count: rows.length, by }));
  }
  if (of('notFound').length > 0) parts.push(t('admin.review.summary.notFound', { count: of('notFound').length }));
  if (of('notUndoable').length > 0) parts.push(t('admin.review.summary.notUndoable', { count: of('notUndoable').length }));
  return parts.length > 0 ? parts.join('; ') : t('admin.review.summary.nothing');
}
