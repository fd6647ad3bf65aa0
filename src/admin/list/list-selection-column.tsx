// The checkbox column of a list that declares batch decisions: one per row, named by the row's name.
// "Select every row on this page" is in the bar above (list-batch-bar.tsx), not in the header: antd
// copies a header into its hidden measuring row, where a checkbox would be a hidden focusable control.
// Drawn only for a role that may decide, on the rows still awaiting a decision.
import type { BaseRecord } from '@refinedev/core';
import { Checkbox } from 'antd';
import type { ColumnType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import { VisuallyHidden } from '../components/visually-hidden';
import { isAwaitingDecision } from '../../contracts/list-declaration';
import { useListContext } from './list-context';

export function useSelectionColumn<Row extends BaseRecord>(idField: string): ColumnType<Row> | undefined {
  const { t } = useTranslation();
  const list = useListContext<Row>();
  const { selection } = list;
  const batch = list.definition.batch;
  if (!selection.isEnabled || !batch) return undefined;
  const { nameField, awaiting } = batch;
  return {
    key: 'selection',
    width: 48,
    title: <VisuallyHidden>{t('admin.review.selectionColumn')}</VisuallyHidden>,
    // A row no decision would move (already decided) has no checkbox.
    render: (_value: unknown, row: Row) =>
      isAwaitingDecision(awaiting, row) && (
        <Checkbox
          aria-label={t('admin.review.selectRow', { name: String(row[nameField] ?? row[idField]) })}
          checked={selection.isSelected(Number(row[idField]))}
          onChange={() => selection.toggle(Number(row[idField]))}
        />
      ),
  };
}
