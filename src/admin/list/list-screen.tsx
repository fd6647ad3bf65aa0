// The admin list screen: title with Export CSV and Refresh, count cards, search and status filter,
// the error and empty states, the table with its sort toggle (or the list's own cards) and the
// pagination control (or "Show More"). A screen is its definition, its columns and what it plugs in.
import { buttonLoading, DownloadOutlined, ReloadOutlined } from '../icons';
import { useCustom, type BaseRecord, type HttpError } from '@refinedev/core';
import { Alert, Button, Empty, Flex, Grid, Radio, Spin, Table, Typography } from 'antd';
import type { SortOrder } from 'antd/es/table/interface';
import { useEffect, useLayoutEffect, useRef, type ReactNode, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { usePermission } from '../access';
import { CountCards, type CountCard } from '../components/count-cards';
import { ListErrorAlert } from '../components/list-error-alert';
import { PaginationControl } from '../components/pagination-control';
import { usePlainFilterParams } from '../components/plain-filter-params';
import { SearchInput } from '../components/search-input';
import { actionPath, findResource } from '../resources';
import { LIST_QUERY_DEFAULTS, useListScreen, type AnyListDefinition, type ListScreenOptions, type ListScreenState } from './use-list-screen';

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

export interface ListScreenProps<Row extends BaseRecord, Summary extends BaseRecord = BaseRecord> extends ListScreenOptions {
  definition: AnyListDefinition;
  columns?: readonly ListColumn<Row>[];
  /**
   * Count cards over the list, from the resource's `summary` action: the fields shown as cards (each
   * labelled `<labels>.cards.<key>`), and whether an answer (or its absence while loading) shows them.
   */
  summary?: { keys: readonly (keyof Summary & string)[]; isShown?: (summary: Summary | undefined) => boolean };
  /** The rows drawn some other way than a table (the feedback cards). */
  renderRows?: (rows: Row[], list: ListScreenState<Row>) => ReactNode;
  /** What goes under the list (a details drawer); it may read the list's state. */
  children?: ReactNode;
  /** Wraps the search, the rows and the paging (the tabs of Data from Landing Page). */
  frame?: (content: ReactNode) => ReactNode;
  /** Keeps the table's spinner off while a row shows its own (a decision in progress). */
  isQuiet?: boolean;
  /** Buttons beside Export CSV and Refresh (the Staff screen's "Add staff member"). */
  actions?: ReactNode;
  /** Filters of the list's own beside the status filter (Activity's staff member). */
  toolbar?: (list: ListScreenState<Row>) => ReactNode;
}

/** The list screen as routed: a short link such as `/hosts?status=Pending` first becomes the list's own state. */
export function ListScreen<Row extends BaseRecord, Summary extends BaseRecord = BaseRecord>(props: ListScreenProps<Row, Summary>) {
  const isRewritingUrl = usePlainFilterParams(['q', 'status', ...Object.keys(props.definition.filters ?? {})]);
  return isRewritingUrl ? null : <LoadedListScreen {...props} />;
}

function LoadedListScreen<Row extends BaseRecord, Summary extends BaseRecord>(props: ListScreenProps<Row, Summary>) {
  const { definition, columns = [], summary, renderRows, children, frame = (content) => content, isQuiet, actions, toolbar } = props;
  const { t, i18n } = useTranslation();
  // From a laptop up (lg, 992 px) the table takes the page's width and long values wrap, so every
  // column shows without sideways scrolling; should the words still not fit, the table, never the
  // page, scrolls. Below it the table keeps its values on as few lines as it can and scrolls inside itself.
  const isWide = Grid.useBreakpoint().lg === true;
  const list = useListScreen<Row>(definition, props);
  // A Viewer reads every list but exports none (docs/decisions/018-staff-roles.md).
  const canExport = usePermission(list.resource, 'export');
  const text = (key: string, values?: Record<string, unknown>) => t(`${definition.labels}.${key}`, values);
  const tableBox = useRef<HTMLDivElement>(null);
  useKeyboardScrollableTable(tableBox, text('title'));
  const hasText = (key: string) => i18n.exists(`${definition.labels}.${key}`);
  const errorTexts = {
    notFound: text('errors.notFound'),
    failed: text(list.isRefreshFailed && hasText('errors.refresh') ? 'errors.refresh' : 'errors.fetch'),
  };
  const sortOrderOf = (field: string): SortOrder =>
    list.sorter?.field === field ? (list.sorter.order === 'desc' ? 'descend' : 'ascend') : null;
  const statusChoices = Object.entries(definition.statusFilter ?? {});
  const emptyTitle = hasText('emptyTitle') ? text('emptyTitle') : undefined;
  const empty = (
    <Empty
      description={
        <Flex vertical>
          {emptyTitle ? <Typography.Text strong>{emptyTitle}</Typography.Text> : null}
          <Typography.Text>{text(list.isFiltered ? 'emptyFiltered' : 'emptyAll')}</Typography.Text>
        </Flex>
      }
    />
  );

  const rows = renderRows ? (
    list.isLoading ? (
      <Flex justify="center" style={{ padding: 48 }}>
        <Spin />
      </Flex>
    ) : list.rows.length === 0 ? (
      empty
    ) : (
      renderRows(list.rows, list)
    )
  ) : (
    <div ref={tableBox}>
      <Table<Row>
        rowKey={findResource(list.resource).idField ?? 'id'}
        dataSource={list.rows}
        loading={list.isFetching && !isQuiet}
        pagination={false}
        size="middle"
        scroll={isWide ? { x: true } : { x: 'max-content' }}
        showSorterTooltip={false}
        locale={{ emptyText: empty }}
        // antd draws the arrows and aria-sort and takes clicks and Enter; the order itself is nextSort's.
        onChange={(_pagination, _filters, sorter, { action }) => {
          const clicked = Array.isArray(sorter) ? sorter[0] : sorter;
          if (action === 'sort' && clicked?.columnKey) list.sortBy(String(clicked.columnKey));
        }}
        columns={columns.map((column) => ({
          key: column.sort ?? column.key,
          title: text(`columns.${column.key}`),
          align: column.align,
          width: column.width,
          render: (_value: unknown, row: Row) => <div style={CELL_STYLE}>{column.render ? column.render(row) : displayed(row[column.key])}</div>,
          ...(column.sort
            ? { sorter: true, sortOrder: sortOrderOf(column.sort), sortDirections: ['ascend', 'descend', 'ascend'] as SortOrder[] }
            : {}),
        }))}
      />
    </div>
  );

  return (
    <Flex vertical gap={16}>
      <Flex wrap gap={12} justify="space-between" align="center">
        <Typography.Title level={2} style={{ margin: 0 }}>
          {text('title')}
        </Typography.Title>
        <Flex wrap gap={8}>
          {actions}
          {definition.csvColumns && canExport ? (
            <Button icon={<DownloadOutlined />} onClick={() => void list.csv.exportCsv()} loading={buttonLoading(list.csv.isExporting)}>
              {t(list.csv.isExporting ? 'admin.list.exporting' : 'admin.list.export')}
            </Button>
          ) : null}
          <Button icon={<ReloadOutlined spin={list.isRefreshing} />} onClick={() => void list.refresh()} disabled={list.isRefreshing}>
            {t(list.isRefreshing ? 'admin.list.refreshing' : 'admin.list.refresh')}
          </Button>
        </Flex>
      </Flex>
      {summary ? (
        <SummaryCards<Summary>
          path={actionPath(list.resource, 'summary')}
          cards={(answer) =>
            (summary.isShown?.(answer) ?? true)
              ? summary.keys.map((key) => ({ key, label: text(`cards.${key}`), value: answer?.[key] as number | undefined }))
              : []
          }
          label={text('cards.label')}
          refreshCount={list.refreshCount}
        />
      ) : null}
      {frame(
        <Flex vertical gap={16}>
          <Flex wrap gap={12} justify="space-between" align="center">
            <SearchInput value={list.search} placeholder={text('search')} onSearch={list.setSearch} />
            {toolbar?.(list)}
            {statusChoices.length > 0 ? (
              // antd's group draws no radiogroup role: the wrapper gives the choices their name.
              <div role="radiogroup" aria-label={text('filtersLabel')}>
                <Radio.Group
                  optionType="button"
                  buttonStyle="solid"
                  value={statusChoices.find(([, status]) => status === list.status)?.[0] ?? 'all'}
                  onChange={(event) => list.setStatus(definition.statusFilter?.[event.target.value as string])}
                  options={[
                    { value: 'all', label: text('filters.all') },
                    ...statusChoices.map(([key]) => ({ value: key, label: text(`filters.${key}`) })),
                  ]}
                />
              </div>
            ) : null}
          </Flex>
          <ListErrorAlert error={list.error} texts={errorTexts} />
          {list.csv.failure ? (
            <Alert type="error" role="alert" showIcon message={list.csv.failure === 'busy' ? t('admin.list.exportBusy') : text('exportFailed')} />
          ) : null}
          {rows}
          {list.isPaged ? (
            <PaginationControl
              current={list.currentPage}
              pageSize={definition.pageSize}
              total={list.total}
              isTotalPending={list.isTotalPending}
              onChange={list.setCurrentPage}
            />
          ) : (
            <Flex vertical align="center" gap={8}>
              {list.hasMore ? (
                <Button onClick={list.loadMore} loading={buttonLoading(list.isLoadingMore)}>
                  {text('loadMore')}
                </Button>
              ) : null}
              <Typography.Text type="secondary" aria-live="polite">
                {list.isTotalPending ? text('showingCounting', { shown: list.rows.length }) : text('showing', { shown: list.rows.length, total: list.total })}
              </Typography.Text>
            </Flex>
          )}
        </Flex>,
      )}
      {children}
    </Flex>
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

interface SummaryCardsProps<Summary> {
  path: string;
  cards: (summary: Summary | undefined) => readonly CountCard[];
  label: string;
  /** Reloads the counts each time it changes (Refresh). */
  refreshCount: number;
}

/** The count cards of a list, from its summary call; reloaded by Refresh; no cards, no region. */
function SummaryCards<Summary extends BaseRecord>({ path, cards, label, refreshCount }: SummaryCardsProps<Summary>) {
  const { query } = useCustom<Summary, HttpError>({ url: path, method: 'get', ...LIST_QUERY_DEFAULTS });
  const { refetch } = query;
  useEffect(() => {
    if (refreshCount > 0) void refetch();
  }, [refreshCount, refetch]);
  // The query's own data: useCustom's `result.data` is an empty object until the answer arrives.
  const shown = cards(query.data?.data);
  return shown.length > 0 ? (
    <section aria-label={label}>
      <CountCards isLoading={query.isLoading} cards={shown} />
    </section>
  ) : null;
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
