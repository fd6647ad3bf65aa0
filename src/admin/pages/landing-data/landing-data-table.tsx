import { DownloadOutlined } from '@ant-design/icons';
import { useTable } from '@refinedev/antd';
import type { BaseRecord, CrudFilter, HttpError } from '@refinedev/core';
import { Alert, Button, Empty, Flex, Table, Tabs, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { LANDING_DATA_PAGE_SIZE } from '../../../contracts/landing';
import { describeListError } from '../../components/list-error';
import { PaginationControl } from '../../components/pagination-control';
import { SearchInput } from '../../components/search-input';
import { findResource } from '../../resources';
import { useCsvExport } from '../../components/use-csv-export';

export type LandingDataTab = 'landing-data' | 'email-subscribers';

const TABS: readonly { resource: LandingDataTab; labelKey: string }[] = [
  { resource: 'landing-data', labelKey: 'admin.landingData.tabs.hostInterest' },
  { resource: 'email-subscribers', labelKey: 'admin.landingData.tabs.subscribers' },
];

// A failed load shows its message at once; retrying three times would only delay it.
const QUERY_OPTIONS = { retry: false } as const;

function searchOf(filters: CrudFilter[]): string {
  const found = filters.find((filter) => 'field' in filter && filter.field === 'q');
  return found?.value === undefined || found.value === null ? '' : String(found.value);
}

export interface LandingDataTableProps<Row extends BaseRecord> {
  resource: LandingDataTab;
  /** i18n key prefix of this tab's texts, e.g. 'admin.landingData.hostInterest'. */
  textKey: string;
  columns: ColumnsType<Row>;
  csvFileName: string;
}

/**
 * Data from Landing Page: two tabs, each its own route and resource, with a searchable table paged
 * on the server (newest first, as the API answers) and an export of the searched rows. Values are
 * rendered as text, never as markup.
 */
export function LandingDataTable<Row extends BaseRecord>({ resource, textKey, columns, csvFileName }: LandingDataTableProps<Row>) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { tableQuery, result, filters, setFilters, currentPage, setCurrentPage, pageSize } = useTable<Row, HttpError>({
    resource,
    pagination: { pageSize: LANDING_DATA_PAGE_SIZE },
    filters: { defaultBehavior: 'replace' },
    syncWithLocation: true,
    errorNotification: false,
    queryOptions: QUERY_OPTIONS,
  });
  const { exportCsv, isExporting, isFailed: isExportFailed } = useCsvExport(resource, filters, csvFileName);

  const search = searchOf(filters);
  const loadError = describeListError(tableQuery.error, {
    unauthorized: t('admin.auth.unauthorized'),
    notFound: t(`${textKey}.errors.notFound`),
    failed: t(`${textKey}.errors.fetch`),
  });
  const rows = loadError?.isEmptyList ? [] : result.data;
  const total = loadError?.isEmptyList ? 0 : (result.total ?? 0);

  function applySearch(value: string) {
    setFilters([{ field: 'q', operator: 'contains', value: value === '' ? undefined : value }]);
    setCurrentPage(1);
  }

  const table = (
    <Flex vertical gap={16}>
      <Flex wrap gap={12} justify="space-between" align="center">
        <SearchInput value={search} placeholder={t(`${textKey}.search`)} onSearch={applySearch} />
        <Button icon={<DownloadOutlined />} onClick={() => void exportCsv()} loading={isExporting}>
          {t(isExporting ? 'admin.landingData.exporting' : 'admin.landingData.export')}
        </Button>
      </Flex>
      {loadError ? <Alert role="alert" type={loadError.isEmptyList ? 'info' : 'error'} showIcon message={loadError.message} /> : null}
      {isExportFailed ? <Alert role="alert" type="error" showIcon message={t('admin.landingData.exportFailed')} /> : null}
      <Table<Row>
        rowKey="id"
        dataSource={rows}
        columns={columns}
        loading={tableQuery.isFetching}
        pagination={false}
        scroll={{ x: 'max-content' }}
        locale={{ emptyText: <Empty description={t(search === '' ? `${textKey}.emptyAll` : `${textKey}.emptyFiltered`)} /> }}
      />
      <PaginationControl current={currentPage} pageSize={pageSize} total={total} onChange={setCurrentPage} />
    </Flex>
  );

  return (
    <Flex vertical gap={16}>
      <Typography.Title level={2} style={{ margin: 0 }}>
        {t('admin.landingData.title')}
      </Typography.Title>
      <Tabs
        activeKey={resource}
        onChange={(key) => {
          const target = TABS.find((tab) => tab.resource === key);
          if (target) void navigate(findResource(target.resource).routes.list);
        }}
        items={TABS.map((tab) => ({
          key: tab.resource,
          label: t(tab.labelKey),
          // Only the open tab has a list; the other tab is a route of its own.
          children: tab.resource === resource ? table : null,
        }))}
      />
    </Flex>
  );
}
