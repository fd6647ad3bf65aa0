// The admin list screen: title with Export CSV and Refresh, count cards, search and status filter,
// the error and empty states, the table with its sort toggle (or the list's own cards) and the
// pagination control (or "Show More"). A screen is its definition, its columns and what it plugs in;
// what it plugs in reads the list's state through useListContext (list-context.ts).
import type { BaseRecord } from '@refinedev/core';
import { Flex } from 'antd';
import type { ReactNode } from 'react';
import { usePlainFilterParams } from '../components/plain-filter-params';
import { ListBatchBar } from './list-batch-bar';
import { ListContext } from './list-context';
import { ListAlerts, ListFilterBar, ListFooter, ListTitleBar } from './list-controls';
import { ListLiveBar } from './list-live-bar';
import { ListSummary, type ListSummaryProps } from './list-summary';
import { ListRows, type ListRowsProps } from './list-table';
import { useListScreen, type AnyListDefinition, type ListScreenOptions, type ListScreenState } from './use-list-screen';

export type { ListColumn } from './list-table';

interface ListScreenProps<Row extends BaseRecord, Summary extends BaseRecord = BaseRecord> extends ListScreenOptions, Partial<ListRowsProps<Row>> {
  definition: AnyListDefinition;
  /** Count cards over the list, from the resource's `summary` action. */
  summary?: ListSummaryProps<Summary>;
  /** What goes under the list (a details drawer). */
  children?: ReactNode;
  /** Wraps the search, the rows and the paging (the tabs of Data from Landing Page). */
  frame?: (content: ReactNode) => ReactNode;
  /** Buttons beside Export CSV and Refresh (the Staff screen's "Add staff member"). */
  actions?: ReactNode;
  /** Filters of the list's own beside the status filter (Activity's staff member). */
  toolbar?: ReactNode;
}

/** The list screen as routed: a short link such as `/hosts?status=Pending` first becomes the list's own state. */
export function ListScreen<Row extends BaseRecord, Summary extends BaseRecord = BaseRecord>(props: ListScreenProps<Row, Summary>) {
  const isRewritingUrl = usePlainFilterParams(['q', 'status', ...Object.keys(props.definition.filters ?? {})]);
  return isRewritingUrl ? null : <LoadedListScreen {...props} />;
}

function LoadedListScreen<Row extends BaseRecord, Summary extends BaseRecord>(props: ListScreenProps<Row, Summary>) {
  const { definition, columns = [], summary, renderRows, isQuiet, children, frame = (content) => content, actions, toolbar } = props;
  const list = useListScreen<Row>(definition, props);
  return (
    <ListContext.Provider value={list as unknown as ListScreenState<BaseRecord>}>
      <Flex vertical gap={16}>
        <ListTitleBar actions={actions} />
        {summary ? <ListSummary<Summary> {...summary} /> : null}
        {frame(
          <Flex vertical gap={16}>
            <ListFilterBar toolbar={toolbar} />
            <ListAlerts />
            <ListLiveBar />
            <ListBatchBar />
            <ListRows<Row> columns={columns} renderRows={renderRows} isQuiet={isQuiet} />
            <ListFooter />
          </Flex>,
        )}
        {children}
      </Flex>
    </ListContext.Provider>
  );
}
