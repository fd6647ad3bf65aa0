// The rows a member has selected on a list that declares batch decisions (src/contracts/list-declaration.ts,
// `batch`): some rows by id, or "all that match" the search and filter, which the server resolves to
// the list's first MAX_BATCH_ROWS rows when the batch is sent (docs/decisions/027-review-workbench.md).
import { useState } from 'react';
import { MAX_BATCH_ROWS, type DeclaredList } from '../../contracts/list-declaration';
import { usePermission } from '../access';

type RowId = number;
type SelectionState = { scope: string; ids: ReadonlySet<RowId>; isAllMatching: boolean };

interface ListSelectionInput {
  definition: DeclaredList<string, string>;
  resource: string;
  /** The page's row ids, in order. */
  pageIds: readonly RowId[];
  /** The list's total for its search and filter. */
  total: number;
  /** Changes whenever the search, filter or order does: a selection belongs to one of each. */
  scope: string;
}

export function useListSelection({ definition, resource, pageIds, total, scope }: ListSelectionInput) {
  const batch = definition.batch;
  // Hidden from a role that may not decide (a Viewer reads the list without checkboxes).
  const mayDecide = usePermission(resource, batch?.permission ?? 'account');
  const isEnabled = batch !== undefined && mayDecide;
  // A selection belongs to one search, filter and order: under another scope it starts empty.
  const [state, setState] = useState<SelectionState>({ scope, ids: new Set(), isAllMatching: false });
  const { ids, isAllMatching } = state.scope === scope ? state : { ids: new Set<RowId>(), isAllMatching: false };
  const update = (change: (ids: Set<RowId>) => void) =>
    setState((current) => {
      const next = new Set(current.scope === scope ? current.ids : []);
      change(next);
      return { scope, ids: next, isAllMatching: false };
    });

  const isPageSelected = pageIds.length > 0 && pageIds.every((id) => ids.has(id));
  const clear = () => setState({ scope, ids: new Set(), isAllMatching: false });
  const toggle = (id: RowId) =>
    update((next) => {
      if (!next.delete(id)) next.add(id);
    });
  const togglePage = () =>
    update((next) => {
      for (const id of pageIds) {
        if (isPageSelected) next.delete(id);
        else next.add(id);
      }
    });

  return {
    isEnabled,
    /** The list's actions that run in bulk, as declared (src/contracts/record-action.ts): the bar's buttons. */
    actions: batch ? (definition.actions ?? []).filter((action) => action.isBulk) : [],
    ids,
    isAllMatching,
    /** How many rows a batch would decide now. */
    count: isAllMatching ? Math.min(total, MAX_BATCH_ROWS) : ids.size,
    /** Whether "select all N that match" is worth offering: the page is selected and more rows match. */
    canSelectAllMatching: isEnabled && isPageSelected && !isAllMatching && total > ids.size,
    matchingCount: Math.min(total, MAX_BATCH_ROWS),
    isCapped: total > MAX_BATCH_ROWS,
    isSelected: (id: RowId) => isAllMatching || ids.has(id),
    isPageSelected: isAllMatching || isPageSelected,
    isPagePartlySelected: !isAllMatching && !isPageSelected && pageIds.some((id) => ids.has(id)),
    toggle,
    togglePage,
    selectAllMatching: () => setState({ scope, ids, isAllMatching: true }),
    clear,
  };
}
