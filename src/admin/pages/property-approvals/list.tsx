import { Button, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { declaration as propertyApprovalList } from '../../../contracts/lists/property-approvals';
import type { RecordAction } from '../../../contracts/record-action';
import type { PropertyApprovalRow, PropertyDecisionResponse } from '../../../contracts/property-approvals';
import { usePermission } from '../../access';
import { StatusBadge } from '../../components/status-badge';
import { ListScreen, type ListColumn } from '../../list/list-screen';
import { PresenceMark, useRowViewers } from '../../live/presence-note';
import { useDecision, type Decision, type PendingDecision } from '../../components/use-decision';

/** Approve and Decline for one pending row, sending the version it was read at so a stale decision is refused. */
function usePropertyDecision() {
  const { t } = useTranslation();
  const { decide, pending } = useDecision<PropertyDecisionResponse>({
    resource: 'property-approvals',
    invalidates: 'list',
    successMessage: ({ status }) => t('admin.propertyApprovals.statusUpdated', { status: t(`admin.propertyApprovals.statuses.${status}`) }),
  });
  const decideRow = (row: PropertyApprovalRow, decision: Decision) => decide(row.id, decision, { version: row.version });
  return { decide: decideRow, pending };
}

/** The row's buttons: the property's declared actions with a call for one record (src/contracts/lists/property-approvals.ts). */
const ROW_ACTIONS = propertyApprovalList.actions.filter((action) => action.path !== undefined);

interface DecisionButtonProps {
  row: PropertyApprovalRow;
  action: RecordAction<Decision>;
  /** The decision on its way, if any: its row's buttons wait, and its own button spins. */
  pending: PendingDecision;
  onDecide: (row: PropertyApprovalRow, decision: Decision) => void;
}

/** Approve (primary) or Decline (danger) for one row, named with the row's title for screen readers. */
function DecisionButton({ row, action, pending, onDecide }: DecisionButtonProps) {
  const { t } = useTranslation();
  const isBusy = pending?.id === row.id;
  const decision = action.name;
  return (
    <Button
      type={action.tone === 'primary' ? 'primary' : undefined}
      danger={action.tone === 'danger'}
      size="small"
      aria-label={t(`admin.propertyApprovals.${decision}Label`, { title: row.title })}
      loading={isBusy && pending?.decision === decision}
      disabled={isBusy}
      onClick={() => onDecide(row, decision)}
    >
      {t(`admin.propertyApprovals.${decision}`)}
    </Button>
  );
}

/** Property Approvals (/property-approvals): search, sortable columns, 8 a page, each title linked to its listing's page, and Approve / Decline on pending rows. */
export function PropertyApprovalList() {
  const { t } = useTranslation();
  const { decide, pending } = usePropertyDecision();
  const canDecide = usePermission('property-approvals', ROW_ACTIONS[0].permission);
  const decision = (row: PropertyApprovalRow) => {
    if (row.status === 'confirmed') return <Typography.Text>{t('admin.propertyApprovals.alreadyConfirmed')}</Typography.Text>;
    if (row.status === 'declined') return <Typography.Text>{t('admin.propertyApprovals.alreadyDeclined')}</Typography.Text>;
    // A role that reads but does not decide sees that the row waits, without the buttons.
    if (!canDecide) return <Typography.Text>{t('admin.propertyApprovals.awaitingDecision')}</Typography.Text>;
    return (
      <Space>
        {ROW_ACTIONS.map((action) => (
          <DecisionButton key={action.name} row={row} action={action} pending={pending} onDecide={decide} />
        ))}
      </Space>
    );
  };
  const viewersOf = useRowViewers('property-approvals');
  const columns: ListColumn<PropertyApprovalRow>[] = [
    {
      key: 'title',
      sort: 'title',
      // A property is its listing (one id): its page shows its photos, notes and history.
      render: (row) => (
        <>
          <Link to={`/listings/${row.id}`}>{row.title}</Link>
          <PresenceMark viewers={viewersOf(row.id)} />
        </>
      ),
    },
    { key: 'address', sort: 'address' },
    { key: 'hostName', sort: 'hostName' },
    {
      key: 'status',
      sort: 'status',
      render: (row) => <StatusBadge status={row.status}>{t(`admin.propertyApprovals.statuses.${row.status}`, { defaultValue: row.status })}</StatusBadge>,
    },
    { key: 'actions', render: decision },
  ];
  return <ListScreen<PropertyApprovalRow> definition={propertyApprovalList} columns={columns} isQuiet={pending !== null} />;
}

/** The screen src/admin/screens.ts routes at the resource's list. */
export default PropertyApprovalList;
