// The rows of a list screen: a table with its sort toggle, or the list's own drawing of them (the
// feedback cards), and the empty state either shows when there is nothing to draw.
import type { BaseRecord } from '@refinedev/core';
import { Empty, Flex, Grid, Spin, Table, Typography } from 'antd';
import type { SortOrder } from 'antd/es/table/interface';
import { useLayoutEffect, useRef, type ReactNode, type RefObject } from 'react';
import { findResource } from '../resources';
import { useListContext, useListText } from './list-context';
import { LIVE_NEW_ROW_CLASS } from './list-live-bar';
import { useSelectionColumn } from './list-selection-column';

export interface ListColumn<Row> {
  /** The column's label is `<labels>.columns.<key>`. */
  key: string;
  /** The API sort this column's header toggles; absent: not sortable. */
  sort?: string;
  /** What the cell shows; absent: the row's value at `key`, as text. */
  render?: (row: Row) => ReactNode;
  align?: 'left' | 'right' | 'center';
  width?: number;
}

export interface ListRowsProps<Row> {
  columns: readonly ListColumn<Row>[];
  /** The rows drawn some other way than a table (the feedback cards). */
  renderRows?: (rows: Row[]) => ReactNode;
  /** Keeps the table's spinner off while a row shows its own (a decision in progress). */
  isQuiet?: boolean;
}

/** The loaded rows: as a table of `columns`, or through `renderRows` with a spinner while they load. */
export function ListRows<Row extends BaseRecord>({ columns, renderRows, isQuiet }: ListRowsProps<Row>) {
  const list = useListContext<Row>();
  if (!renderRows) return <ListTable<Row> columns={columns} isQuiet={isQuiet} />;
  if (list.isLoading) {
    return (
      <Flex justify="center" style={{ padding: 48 }}>
        <Spin />
      </Flex>
    );
  }
  return list.rows.length === 0 ? <ListEmpty /> : renderRows(list.rows);
}

/** Nothing to show: the list's empty title if it has one, and whether a search or filter is why. */
function ListEmpty() {
  const { isFiltered } = useListContext();
  const { text, hasText } = useListText();
  const title = hasText('emptyTitle') ? text('emptyTitle') : undefined;
  return (
    <Empty
      description={
        <Flex vertical>
          {title ? <Typography.Text strong>{title}</Typography.Text> : null}
          <Typography.Text>{text(isFiltered ? 'emptyFiltered' : 'emptyAll')}</Typography.Text>
        </Flex>
      }
    />
  );
}

function ListTable<Row extends BaseRecord>({ columns, isQuiet }: Pick<ListRowsProps<Row>, 'columns' | 'isQuiet'>) {
  const list = useListContext<Row>();
  const { text } = useListText();
  // From a laptop up (lg, 992 px) the table takes the page's width and long values wrap, so every
  // column shows without sideways scrolling; should the words still not fit, the table, never the
  // page, scrolls. Below it the table keeps its values on as few lines as it can and scrolls inside itself.
  const isWide = Grid.useBreakpoint().lg === true;
  const tableBox = useRef<HTMLDivElement>(null);
  useKeyboardScrollableTable(tableBox, text('title'));
  const idField = findResource(list.resource).idField ?? 'id';
  const selectionColumn = useSelectionColumn<Row>(idField);
  const sortOrderOf = (field: string): SortOrder => (list.sorter?.field === field ? (list.sorter.order === 'desc' ? 'descend' : 'ascend') : null);
  return (
    <div ref={tableBox}>
      <Table<Row>
        rowKey={idField}
        dataSource={list.rows}
        rowClassName={(row) => (list.freshIds.has(String(row[idField])) ? LIVE_NEW_ROW_CLASS : '')}
        loading={list.isFetching && !isQuiet}
        pagination={false}
        size="middle"
        scroll={isWide ? { x: true } : { x: 'max-content' }}
        showSorterTooltip={false}
        // While the first rows are on their way the spinner stands alone: "No ... found" only once the answer says so.
        locale={{ emptyText: list.isLoading ? ' ' : <ListEmpty /> }}
        // antd draws the arrows and aria-sort and takes clicks and Enter; the order itself is nextSort's.
        onChange={(_pagination, _filters, sorter, { action }) => {
          const clicked = Array.isArray(sorter) ? sorter[0] : sorter;
          if (action === 'sort' && clicked?.columnKey) list.sortBy(String(clicked.columnKey));
        }}
        columns={[
          ...(selectionColumn ? [selectionColumn] : []),
          ...columns.map((column) => ({
            key: column.sort ?? column.key,
            title: text(`columns.${column.key}`),
            align: column.align,
            width: column.width,
            render: (_value: unknown, row: Row) => <div style={CELL_STYLE}>{column.render ? column.render(row) : displayed(row[column.key])}</div>,
            ...(column.sort ? { sorter: true, sortOrder: sortOrderOf(column.sort), sortDirections: ['ascend', 'descend', 'ascend'] as SortOrder[] } : {}),
          })),
        ]}
      />
    </div>
  );
}

/**
 * A table wider than its box scrolls inside it, and a keyboard must be able to scroll it too (axe:
 * scrollable-region-focusable): while it overflows, antd's scroll box is a focusable region named by
 * the list's title. Nothing to reach while it fits.
 */
function useKeyboardScrollableTable(box: RefObject<HTMLDivElement | null>, title: string) {
  // After every render: a new page of rows, the breakpoint or the language can redraw the table.
  useLayoutEffect(() => {
    const scroller = box.current?.querySelector<HTMLElement>('.ant-table-content');
    if (!scroller) return undefined;
    const update = () => {
      if (scroller.scrollWidth > scroller.clientWidth) {
        scroller.tabIndex = 0;
        scroller.setAttribute('role', 'region');
        scroller.setAttribute('aria-label', title);
      } else {
        scroller.removeAttribute('tabindex');
        scroller.removeAttribute('role');
        scroller.removeAttribute('aria-label');
      }
    };
    update();
    if (typeof ResizeObserver === 'undefined') return undefined;
    const observer = new ResizeObserver(update);
    observer.observe(scroller);
    const table = scroller.querySelector('table');
    if (table) observer.observe(table);
    return () => observer.disconnect();
  });
}

/**
 * A cell's content: words wrap between themselves, never inside, so a narrow column does not read
 * "Minneapoli-s"; a word longer than the cap (a pasted link) breaks at the cap rather than widening
 * the column, since the cap bounds what the cell asks of the table.
 */
const CELL_STYLE = { maxWidth: 320, overflowWrap: 'break-word' } as const;

/** A plain cell: text as sent (never markup), numbers as digits, nothing for null. */
function displayed(value: unknown): ReactNode {
  if (value === null || value === undefined) return null;
  return typeof value === 'object' ? JSON.stringify(value) : String(value);
}
