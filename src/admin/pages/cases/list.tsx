// Cases (/cases; decision 048): low ratings and flagged bookings, each with its queue, subject, owner
// and time left (overdue in words), filtered open, mine, unowned, overdue or closed; "Take the next
// case" gives the member the open, unowned case with the soonest deadline; a row opens its panel.
// Read again on the live change `cases`; what a call did is said in a polite live region.
import { useGetIdentity, useList, type BaseRecord } from '@refinedev/core';
import { Button, Empty, Flex, Radio, Table, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CASE_FILTERS, type Case, type CaseFilter } from '../../../contracts/cases';
import type { MeResponse } from '../../../contracts/staff';
import { usePermission } from '../../access';
import { ListErrorAlert } from '../../components/list-error-alert';
import { useLiveRefetch } from '../../live/use-live-refetch';
import { findResource } from '../../resources';
import { CasePanel } from './case-panel';
import { CaseSubject } from './case-subject';
import { timeLeftText, useNow } from './time-left';
import { useCaseActions } from '../../components/cases/use-case-actions';
import { registerCasesCatalogue } from '../../../i18n/cases-catalogue';

// This screen's texts load with it.
registerCasesCatalogue();

const RESOURCE = 'cases';
/** The filters' name, read by assistive technology, not shown (the buttons say what they are). */
const HIDDEN_LEGEND = { position: 'absolute', width: 1, height: 1, overflow: 'hidden', clip: 'rect(0 0 0 0)', whiteSpace: 'nowrap' } as const;

export default function CaseList() {
  const { t } = useTranslation();
  const [filter, setFilter] = useState<CaseFilter>('open');
  const [page, setPage] = useState(1);
  const [openedId, setOpenedId] = useState<number | undefined>(undefined);
  const [announcement, setAnnouncement] = useState('');
  const now = useNow();
  const { data: me } = useGetIdentity<MeResponse>();
  const mayWork = usePermission(RESOURCE, 'cases.work');
  const mayReadBookings = usePermission('bookings', 'bookings.read');
  const { pageSize } = findResource(RESOURCE);
  const { result, query } = useList<Case & BaseRecord>({
    resource: RESOURCE,
    pagination: { currentPage: page, pageSize, mode: 'server' },
    filters: [{ field: 'filter', operator: 'eq', value: filter }],
  });
  useLiveRefetch([RESOURCE], () => void query.refetch());
  const actions = useCaseActions(setAnnouncement);

  const takeNext = async () => {
    const answer = await actions.takeNext();
    if (answer?.case) setOpenedId(answer.case.id);
  };

  const columns = [
    {
      key: 'case',
      title: t('admin.cases.columns.case'),
      render: (_: unknown, row: Case) => (
        <Button type="link" style={{ padding: 0 }} aria-label={t('admin.cases.openCase', { id: row.id })} onClick={() => setOpenedId(row.id)}>
          {t('admin.cases.caseNumber', { id: row.id })}
        </Button>
      ),
    },
    { key: 'queue', title: t('admin.cases.columns.queue'), render: (_: unknown, row: Case) => t(`admin.cases.queues.${row.queue}`) },
    { key: 'subject', title: t('admin.cases.columns.subject'), render: (_: unknown, row: Case) => <CaseSubject found={row} /> },
    {
      key: 'owner',
      title: t('admin.cases.columns.owner'),
      render: (_: unknown, row: Case) =>
        row.ownerName === null ? t('admin.cases.unowned') : row.ownerId === me?.id ? t('admin.cases.you', { name: row.ownerName }) : row.ownerName,
    },
    {
      key: 'timeLeft',
      title: t('admin.cases.columns.timeLeft'),
      render: (_: unknown, row: Case) => {
        if (row.status === 'closed') return t('admin.cases.closed');
        const { text, isOverdue } = timeLeftText(t, row.dueAt, now);
        return <Typography.Text type={isOverdue ? 'danger' : undefined}>{text}</Typography.Text>;
      },
    },
  ];

  return (
    <>
      <Typography.Title level={2}>{t('admin.cases.title')}</Typography.Title>
      <Flex vertical gap={16}>
        <Flex justify="space-between" gap={8} wrap>
          <fieldset style={{ border: 0, margin: 0, padding: 0 }}>
            <legend style={HIDDEN_LEGEND}>{t('admin.cases.filtersLabel')}</legend>
            <Radio.Group
              optionType="button"
              value={filter}
              onChange={(event) => {
                setFilter(event.target.value as CaseFilter);
                setPage(1);
              }}
              options={CASE_FILTERS.map((value) => ({ value, label: t(`admin.cases.filters.${value}`) }))}
            />
          </fieldset>
          <Flex gap={8}>
            {mayWork ? (
              <Button type="primary" onClick={() => void takeNext()} loading={actions.busy === 'takeNext'}>
                {t('admin.cases.takeNext')}
              </Button>
            ) : null}
            <Button onClick={() => void query.refetch()} loading={query.isFetching}>
              {t('admin.cases.refresh')}
            </Button>
          </Flex>
        </Flex>
        <output aria-live="polite" aria-atomic="true" style={{ display: 'block' }}>
          {announcement ? <Typography.Text>{announcement}</Typography.Text> : null}
        </output>
        <ListErrorAlert error={query.error} texts={{ notFound: t('admin.cases.errors.fetch'), failed: t('admin.cases.errors.fetch') }} />
        <Table<Case>
          rowKey="id"
          aria-label={t('admin.cases.tableLabel')}
          loading={query.isLoading}
          dataSource={result.data}
          columns={columns}
          locale={{ emptyText: query.isLoading ? ' ' : <Empty description={<Typography.Text>{t(`admin.cases.empty.${filter}`)}</Typography.Text>} /> }}
          pagination={{ current: page, pageSize, total: result.total, showSizeChanger: false, onChange: setPage, hideOnSinglePage: true }}
        />
      </Flex>
      <CasePanel
        caseId={openedId}
        memberId={me?.id}
        mayWork={mayWork}
        mayReadBookings={mayReadBookings}
        now={now}
        actions={actions}
        onClose={() => setOpenedId(undefined)}
      />
    </>
  );
}
