// The checkbox column of a list that declares batch decisions: one per row, named by the row's name,
// and "select all on this page" in the header. Drawn only for a role that may decide.
import type { BaseRecord } from '@refinedev/core';
import { Checkbox } from 'antd';
import type { ColumnType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import { useListContext } from './list-context';

export function useSelectionColumn<Row extends BaseRecord>(idField: string): ColumnType<Row> | undefined {
  const { t } = useTranslation();
  const list = useListContext<Row>();
  const { selection } = list;
  if (!selection.isEnabled) return undefined;
  const nameField = list.definition.batch?.nameField ?? idField;
  return {
    key: 'selection',
    width: 48,
    title: (
      <Checkbox
        aria-label={t('admin.review.selectPage')}
        checked={selection.isPageSelected}
        indeterminate={selection.isPagePartlySelected}
        disabled={list.rows.length === 0}
        onChange={selection.togglePage}
      />
    ),
    render: (_value: unknown, row: Row) => (
      <Checkbox
        aria-label={t('admin.review.selectRow', { name: String(row[nameField] ?? row[idField]) })}
        checked={selection.isSelected(Number(row[idField]))}
        onChange={() => selection.toggle(Number(row[idField]))}
      />
    ),
  };
}
