// The controls around a list screen's rows: the title bar with Export CSV and Refresh, the search
// and status filter, the error banners, and the pagination control or "Show More" under the rows.
import { Button, Checkbox, Flex, Radio, Typography } from 'antd';
import type { ReactNode } from 'react';
import { usePermission } from '../access';
import { DayRangeTag } from '../components/day-range-tag';
import { ListErrorAlert } from '../components/list-error-alert';
import { PaginationControl } from '../components/pagination-control';
import { SearchInput } from '../components/search-input';
import { buttonLoading, DownloadOutlined, ReloadOutlined } from '../icons';
import { useListContext, useListText } from './list-context';
import { Notice } from '../components/notice';

/**
 * The created-on days a call narrows the list to (createdFrom, createdTo: a dashboard chart's bar opens
 * its list so), shown with a way back to every date; nothing when the list is not narrowed so.
 */
function CreatedRangeTag() {
  const list = useListContext();
  const { createdFrom, createdTo } = list.extraFilters;
  return (
    <DayRangeTag from={createdFrom} to={createdTo} labelKey="admin.list.createdRange" onClear={() => list.clearExtraFilters(['createdFrom', 'createdTo'])} />
  );
}

/** A checkbox for each of the list's flag filters (the Guests' and Hosts' Suspended), labelled `<labels>.filters.<name>`. */
function FlagFilters() {
  const list = useListContext();
  const { text } = useListText();
  const flags = Object.entries(list.definition.filters ?? {}).flatMap(([name, kind]) => (kind === 'flag' ? [name] : []));
  return flags.map((name) => (
    <Checkbox
      key={name}
      checked={list.extraFilters[name] === 'true'}
      onChange={(event) => list.setExtraFilter(name, event.target.checked ? 'true' : undefined)}
    >
      {text(`filters.${name}`)}
    </Checkbox>
  ));
}

/** The list's title, the page's own buttons (`actions`), Export CSV where the role may export, and Refresh. */
export function ListTitleBar({ actions }: { actions?: ReactNode }) {
  const list = useListContext();
  const { t, text } = useListText();
  // A Viewer reads every list but exports none (docs/decisions/018-staff-roles.md).
  const canExport = usePermission(list.resource, 'export');
  return (
    <Flex wrap gap={12} justify="space-between" align="center">
      <Typography.Title level={2} style={{ margin: 0 }}>
        {text('title')}
      </Typography.Title>
      <Flex wrap gap={8}>
        {actions}
        {list.definition.csvColumns && canExport ? (
          <Button icon={<DownloadOutlined />} onClick={() => void list.csv.exportCsv()} loading={buttonLoading(list.csv.isExporting)}>
            {t(list.csv.isExporting ? 'admin.list.exporting' : 'admin.list.export')}
          </Button>
        ) : null}
        <Button icon={<ReloadOutlined spin={list.isRefreshing} />} onClick={() => void list.refresh()} disabled={list.isRefreshing}>
          {t(list.isRefreshing ? 'admin.list.refreshing' : 'admin.list.refresh')}
        </Button>
      </Flex>
    </Flex>
  );
}

/** The search, the list's own filters (`toolbar`) and the status choices, when the list has any. */
export function ListFilterBar({ toolbar }: { toolbar?: ReactNode }) {
  const list = useListContext();
  const { text } = useListText();
  const { statusFilter } = list.definition;
  const statusChoices = Object.entries(statusFilter ?? {});
  return (
    <Flex wrap gap={12} justify="space-between" align="center">
      <SearchInput value={list.search} placeholder={text('search')} onSearch={list.setSearch} />
      {toolbar}
      <FlagFilters />
      <CreatedRangeTag />
      {statusChoices.length > 0 ? (
        // antd's group draws no radiogroup role: the wrapper gives the choices their name.
        <div role="radiogroup" aria-label={text('filtersLabel')}>
          <Radio.Group
            optionType="button"
            buttonStyle="solid"
            value={statusChoices.find(([, status]) => status === list.status)?.[0] ?? 'all'}
            onChange={(event) => list.setStatus(statusFilter?.[event.target.value as string])}
            options={[{ value: 'all', label: text('filters.all') }, ...statusChoices.map(([key]) => ({ value: key, label: text(`filters.${key}`) }))]}
          />
        </div>
      ) : null}
    </Flex>
  );
}

/** A failed load (Refresh's own text when the list has one) and a failed export. */
export function ListAlerts() {
  const list = useListContext();
  const { t, text, hasText } = useListText();
  const errorTexts = {
    notFound: text('errors.notFound'),
    failed: text(list.isRefreshFailed && hasText('errors.refresh') ? 'errors.refresh' : 'errors.fetch'),
  };
  return (
    <>
      <ListErrorAlert error={list.error} texts={errorTexts} />
      {list.csv.failure ? (
        <Notice type="error" role="alert" showIcon message={list.csv.failure === 'busy' ? t('admin.list.exportBusy') : text('exportFailed')} />
      ) : null}
    </>
  );
}

/** Numbered pages, or "Show More" with how many rows are shown of how many (said once the rows have come, never "0" before). */
export function ListFooter() {
  const list = useListContext();
  const { text } = useListText();
  if (list.isPaged) {
    return (
      <PaginationControl
        current={list.currentPage}
        pageSize={list.definition.pageSize}
        total={list.total}
        isTotalPending={list.isTotalPending}
        isLoading={list.isLoading}
        onChange={list.setCurrentPage}
      />
    );
  }
  return (
    <Flex vertical align="center" gap={8}>
      {list.hasMore ? (
        <Button onClick={list.loadMore} loading={buttonLoading(list.isLoadingMore)}>
          {text('loadMore')}
        </Button>
      ) : null}
      <Typography.Text type="secondary" aria-live="polite">
        {list.isLoading
          ? null
          : list.isTotalPending
            ? text('showingCounting', { shown: list.rows.length })
            : text('showing', { shown: list.rows.length, total: list.total })}
      </Typography.Text>
    </Flex>
  );
}
