// The state of one admin list screen, read from its definition: the page of rows (or the cards loaded
// so far), the search, status filter and sort kept in the URL, the count cards' summary, Refresh and
// CSV export. Every list reads and changes its state through this hook, with one set of query defaults.
import { useCustom, useInfiniteList, useTable, type BaseRecord, type CrudFilter, type CrudSort, type HttpError, type LiveModeProps } from '@refinedev/core';
import { useEffect, useState } from 'react';
import { isAwaitingDecision, type DeclaredList } from '../../contracts/list-declaration';
import type { ListTotal } from '../../contracts/paging';
import { useCsvExport } from '../components/use-csv-export';
import { useLiveRefetch } from '../live/use-live-refetch';
import { findListResource, findResource } from '../resources';
import { rememberListView } from '../review/list-view-memory';
import { useListSelection } from './use-list-selection';
import { useLiveList } from './use-live-list';

/** What a list follows beyond its own rows when its declaration names nothing more. */
const FOLLOWS_NOTHING: readonly string[] = [];

/** A list shows a failed load at once with its own message (Refresh is the retry), never as a notification too. */
export const LIST_QUERY_DEFAULTS = { errorNotification: false, queryOptions: { retry: false } } as const;

/** A list definition as the screen reads it, whatever its row, sorts and statuses. */
// oxlint-disable-next-line typescript/no-explicit-any -- the screen reads only fields that do not depend on the row type
export type AnyListDefinition = DeclaredList<string, string>;

export interface ListScreenOptions {
  /** "Show More" instead of numbered pages: the loaded rows stay and the next page joins them. */
  paging?: 'pages' | 'more';
}

/** The list's own filters beyond search and status (Activity's staff member), by field. */
type ExtraFilters = Readonly<Record<string, string>>;

/** The filters of a search, a status and the list's own, each left out when empty. */
function filtersOf(search: string, status: string | undefined, extra: ExtraFilters): CrudFilter[] {
  return [
    ...(search ? [{ field: 'q', operator: 'contains', value: search } as const] : []),
    ...(status ? [{ field: 'status', operator: 'eq', value: status } as const] : []),
    ...Object.entries(extra).flatMap(([field, value]) => (value ? [{ field, operator: 'eq', value } as const] : [])),
  ];
}

function filterValue(filters: CrudFilter[], field: string): string {
  const found = filters.find((filter) => 'field' in filter && filter.field === field);
  return found?.value === undefined || found.value === null ? '' : String(found.value).trim();
}

/**
 * The status a filter names, whether it is the stored value (`Confirmed`) or the screen's choice
 * (`approved`, as a dashboard link may write it), ignoring case; undefined for anything else.
 */
function resolveStatus(definition: AnyListDefinition, value: string): string | undefined {
  if (value === '') return undefined;
  const lower = value.toLowerCase();
  const byChoice = Object.entries(definition.statusFilter ?? {}).find(([key]) => key.toLowerCase() === lower);
  if (byChoice) return byChoice[1];
  return (definition.statuses ?? []).find((status) => status.toLowerCase() === lower);
}

/** Clicking the sorted column again flips its order; another column starts ascending; never unsorted. */
function nextSort(current: CrudSort | undefined, field: string): CrudSort {
  if (current?.field === field) return { field, order: current.order === 'asc' ? 'desc' : 'asc' };
  return { field, order: 'asc' };
}

/** What the list's last answer says of its total: counted, or still being counted (decision 021). */
type TotalAnswer = { total?: number; isTotalPending?: boolean };

/**
 * The rows, read as numbered pages (useTable, the page, filters and sort in the URL) or with "Show
 * More" (useInfiniteList, which asks the same filters and sort), and the filters the URL holds.
 */
function useListRows<Row extends BaseRecord>(definition: AnyListDefinition, resource: string, isPaged: boolean, liveProps: LiveModeProps) {
  const table = useTable<Row, HttpError>({
    ...liveProps,
    resource,
    pagination: { pageSize: definition.pageSize },
    filters: { defaultBehavior: 'replace' },
    syncWithLocation: true,
    ...LIST_QUERY_DEFAULTS,
    queryOptions: { ...LIST_QUERY_DEFAULTS.queryOptions, enabled: isPaged },
  });
  const search = filterValue(table.filters, 'q');
  const status = resolveStatus(definition, filterValue(table.filters, 'status'));
  const extra: ExtraFilters = Object.fromEntries(Object.keys(definition.filters ?? {}).map((field) => [field, filterValue(table.filters, field)]));
  const [sorter] = table.sorters;
  // What the API is asked for: the search, the resolved status (a link may name a choice) and the list's own filters.
  const filters = filtersOf(search, status, extra);
  const more = useInfiniteList<Row, HttpError>({
    resource,
    pagination: { pageSize: definition.pageSize },
    filters,
    sorters: table.sorters,
    ...liveProps,
    ...LIST_QUERY_DEFAULTS,
    queryOptions: { ...LIST_QUERY_DEFAULTS.queryOptions, enabled: !isPaged },
  });
  const lastAnswer: TotalAnswer | undefined = isPaged ? table.tableQuery.data : more.result.data?.pages.at(-1);
  return {
    table,
    more,
    query: isPaged ? table.tableQuery : more.query,
    loaded: isPaged ? table.result.data : uniqueById(more.result.data?.pages ?? []),
    lastAnswer,
    search,
    status,
    extra,
    sorter,
    filters,
  };
}

/** A broad search's rows come first; its exact total follows from the list's /total call (decision 021). */
function useCountedTotal(definition: AnyListDefinition, filters: CrudFilter[], lastAnswer: TotalAnswer | undefined) {
  const isCounting = lastAnswer?.isTotalPending === true;
  const counted = useCustom<ListTotal, HttpError>({
    url: `${definition.paths[0].replace(/^\/api\//, '')}/total`,
    method: 'get',
    config: { query: Object.fromEntries(filters.flatMap((filter) => ('field' in filter ? [[filter.field, filter.value]] : []))) },
    queryOptions: { enabled: isCounting, retry: false },
    errorNotification: false,
  });
  const countedTotal = isCounting ? counted.query.data?.data.total : undefined;
  return {
    total: countedTotal ?? lastAnswer?.total,
    isTotalPending: isCounting && countedTotal === undefined,
    /** Counts again a total still being counted, or counted before. */
    recount: () => void (isCounting ? counted.query.refetch() : undefined),
  };
}

/** Refresh: reads the rows again, says whether that failed, and counts the presses (the count cards reload with the list). */
function useRefresh(readAgain: () => Promise<{ isError: boolean }>) {
  const [isRefreshing, setIsRefreshing] = useState(false);
  const [isRefreshFailed, setIsRefreshFailed] = useState(false);
  const [refreshCount, setRefreshCount] = useState(0);
  async function refresh() {
    setIsRefreshing(true);
    setRefreshCount((count) => count + 1);
    const list = await readAgain();
    setIsRefreshFailed(list.isError);
    setIsRefreshing(false);
  }
  return { refresh, refreshCount, isRefreshing, isRefreshFailed, forgetRefreshFailed: () => setIsRefreshFailed(false) };
}

/** The URL's filters and sort a list screen changes, and what a change sets: each goes back to page 1. */
interface ListUrlState {
  setFilters(filters: CrudFilter[]): void;
  setSorters(sorters: CrudSort[]): void;
  setCurrentPage(page: number): void;
}

/** The controls of the search, the status, the list's own filters and the sort; `onFiltered` after a filter is set. */
function filterControls(
  table: ListUrlState,
  { search, status, extra, sorter }: { search: string; status: string | undefined; extra: ExtraFilters; sorter: CrudSort | undefined },
  onFiltered: () => void,
) {
  function setFilter(field: string, value: string | undefined) {
    if (field === 'q') table.setFilters(filtersOf(value ?? '', status, extra));
    else if (field === 'status') table.setFilters(filtersOf(search, value, extra));
    else table.setFilters(filtersOf(search, status, { ...extra, [field]: value ?? '' }));
    table.setCurrentPage(1);
    onFiltered();
  }
  return {
    setSearch: (value: string) => setFilter('q', value),
    setStatus: (value: string | undefined) => setFilter('status', value),
    setExtraFilter: (field: string, value: string | undefined) => setFilter(field, value),
    /** Clears several of the list's own filters at once (the created-on range's two days). */
    clearExtraFilters: (fields: readonly string[]) => {
      table.setFilters(filtersOf(search, status, { ...extra, ...Object.fromEntries(fields.map((field) => [field, ''])) }));
      table.setCurrentPage(1);
    },
    sortBy: (field: string) => {
      table.setSorters([nextSort(sorter, field)]);
      table.setCurrentPage(1);
    },
  };
}

export function useListScreen<Row extends BaseRecord>(definition: AnyListDefinition, options: ListScreenOptions = {}) {
  const resource = findListResource(definition);
  const isPaged = (options.paging ?? 'pages') === 'pages';
  const live = useLiveList();
  const { table, more, query, loaded, lastAnswer, search, status, extra, sorter, filters } = useListRows<Row>(definition, resource, isPaged, live.liveProps);
  const csv = useCsvExport(resource, definition.paths[0], filters, `${definition.name}.csv`);
  const counted = useCountedTotal(definition, filters, lastAnswer);
  // A total still being counted, or counted before, is counted again with the rows.
  const refreshing = useRefresh(() => {
    counted.recount();
    return query.refetch();
  });

  const error = query.isError ? query.error : undefined;
  // 401 and 404 mean "nothing to show": the message stands over an empty list.
  const isEmptyError = error?.statusCode === 401 || error?.statusCode === 404;
  const total = counted.total;
  const isFiltered = search !== '' || status !== undefined || Object.values(extra).some(Boolean);

  function reload() {
    counted.recount();
    void query.refetch();
  }
  // The other changes the list declares it follows (a suspension, where a row names a guest) read the page again.
  useLiveRefetch(definition.follows ?? FOLLOWS_NOTHING, reload);

  const idField = findResource(resource).idField ?? 'id';
  const selection = useListSelection({
    definition,
    resource,
    // Only the rows still awaiting a decision can be selected: a decided one would not move.
    pageIds: isEmptyError
      ? []
      : loaded.filter((row) => !definition.batch || isAwaitingDecision(definition.batch.awaiting, row)).map((row) => Number(row[idField])),
    total: isEmptyError ? 0 : (total ?? 0),
    scope: JSON.stringify([sorter, filters]),
  });
  // The review queue of a record's screen walks the pending records in this search and order.
  useEffect(() => {
    rememberListView(resource, { q: search || undefined, sort: sorter?.field, order: sorter?.order });
  }, [resource, search, sorter?.field, sorter?.order]);
  const pageCount = isPaged ? 1 : (more.result.data?.pages.length ?? 1);
  useEffect(() => {
    live.follow({
      isAtTop: table.currentPage === 1 && pageCount <= 1 && !sorter && !isFiltered,
      shownIds: loaded.map((row) => row[idField] as string | number),
      reload,
      // A deeper page goes to the first (its query reads it afresh); the first, or "Show More"'s loaded pages, read again.
      showFirstPage: () => (isPaged && table.currentPage !== 1 ? table.setCurrentPage(1) : reload()),
      titleKey: `${definition.labels}.title`,
      key: JSON.stringify([table.currentPage, sorter, filters]),
    });
  });

  return {
    definition,
    resource,
    isPaged,
    rows: isEmptyError ? [] : loaded,
    // New rows not shown yet ("N new — Show") already count.
    total: isEmptyError ? 0 : (total ?? 0) + live.unseen,
    /** The rows came before their total, which is still being counted: `total` is the rows so far. */
    isTotalPending: counted.isTotalPending && !isEmptyError,
    isLoading: query.isLoading,
    isFetching: query.isFetching,
    error,
    isRefreshFailed: refreshing.isRefreshFailed,
    search,
    status,
    isFiltered,
    /** The list's own filters (`filters` of its definition), as the URL holds them. */
    extraFilters: extra,
    ...filterControls(table, { search, status, extra, sorter }, refreshing.forgetRefreshFailed),
    sorter,
    currentPage: table.currentPage,
    setCurrentPage: table.setCurrentPage,
    hasMore: !isPaged && Boolean(more.result.hasNextPage) && !isEmptyError,
    isLoadingMore: more.query.isFetchingNextPage,
    loadMore: () => void more.query.fetchNextPage(),
    /** When the rows were last loaded, for texts relative to it ("3 days ago"). */
    loadedAt: query.dataUpdatedAt,
    refresh: refreshing.refresh,
    refreshCount: refreshing.refreshCount,
    isRefreshing: refreshing.isRefreshing,
    /** Rows the live stream added a moment ago, highlighted. */
    freshIds: live.freshIds,
    /** New rows that arrived while the list could not show them without moving rows. */
    unseen: live.unseen,
    showUnseen: live.showUnseen,
    /** Counts the live changes to the list: the count cards reload with them. */
    changeCount: live.changeCount,
    csv,
    /** The rows selected for a batch decision, on a list that declares one. */
    selection,
  };
}

export type ListScreenState<Row extends BaseRecord> = ReturnType<typeof useListScreen<Row>>;

/** Every loaded row once, in the server's order: a row that moved pages between loads is not shown twice. */
function uniqueById<Row extends BaseRecord>(pages: readonly { data: Row[] }[]): Row[] {
  const seen = new Set<unknown>();
  return pages.flatMap((page) => page.data).filter((row) => !seen.has(row.id) && Boolean(seen.add(row.id)));
}
