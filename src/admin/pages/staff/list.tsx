// Staff (/staff, administrators only): the accounts with search and role filter; add a member with
// a first password; change a role; disable and enable; reset a password or a second factor; sign a
// member out of every session; the roles that must sign in with a second factor. The server keeps
// the last active administrator (docs/decisions/018-staff-roles.md, 020-second-factor.md).
import { useGetIdentity } from '@refinedev/core';
import { Button, Flex, Select, Space, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ROLES, type Role } from '../../../contracts/roles';
import { declaration as staffList } from '../../../contracts/lists/staff';
import type { MeResponse, StaffRow } from '../../../contracts/staff';
import { OnOffBadge, StatusBadge } from '../../components/status-badge';
import { buttonLoading } from '../../icons';
import { ListScreen, type ListColumn } from '../../list/list-screen';
import { SecondFactorPolicyForm } from './second-factor-policy';
import { CreateStaffModal, ResetPasswordModal } from './staff-dialogs';
import { useStaffActions, type StaffActions } from './use-staff-actions';

/** Staff (/staff): every account, searched by name or e-mail and filtered by role, with what an administrator may change. */
export function StaffList() {
  const { t } = useTranslation();
  const { data: me } = useGetIdentity<MeResponse>();
  const actions = useStaffActions();
  const [isCreating, setIsCreating] = useState(false);
  const [resetting, setResetting] = useState<StaffRow | null>(null);
  const columns: ListColumn<StaffRow>[] = [
    {
      key: 'name',
      sort: 'name',
      render: (member) => (
        <Space size={4} wrap>
          <Typography.Text strong>{member.name}</Typography.Text>
          {member.id === me?.id ? <Typography.Text type="secondary">{t('admin.staff.you')}</Typography.Text> : null}
        </Space>
      ),
    },
    { key: 'email', sort: 'email' },
    { key: 'role', sort: 'role', render: (member) => <RoleSelect member={member} actions={actions} /> },
    {
      key: 'state',
      render: (member) =>
        member.disabledAt ? (
          <StatusBadge status="disabled" tone="neutral">
            {t('admin.staff.disabled')}
          </StatusBadge>
        ) : (
          <StatusBadge status="active">{t('admin.staff.active')}</StatusBadge>
        ),
    },
    {
      key: 'secondFactor',
      render: (member) => <OnOffBadge isOn={member.hasSecondFactor} on={t('admin.staff.secondFactorOn')} off={t('admin.staff.secondFactorOff')} />,
    },
    { key: 'actions', render: (member) => <MemberActions member={member} actions={actions} onResetPassword={setResetting} /> },
  ];

  return (
    <ListScreen<StaffRow>
      definition={staffList}
      columns={columns}
      actions={
        <Button type="primary" onClick={() => setIsCreating(true)}>
          {t('admin.staff.add')}
        </Button>
      }
    >
      <SecondFactorPolicyForm />
      <CreateStaffModal open={isCreating} onClose={() => setIsCreating(false)} />
      <ResetPasswordModal member={resetting} onClose={() => setResetting(null)} />
    </ListScreen>
  );
}

interface MemberCellProps {
  member: StaffRow;
  actions: StaffActions;
}

/** The member's role, changed as soon as another is chosen; every row waits while one call is under way. */
function RoleSelect({ member, actions }: MemberCellProps) {
  const { t } = useTranslation();
  return (
    <Select<Role>
      aria-label={t('admin.staff.roleLabel', { name: member.name })}
      value={member.role}
      style={{ minWidth: 150 }}
      loading={actions.busy === `role-${member.id}`}
      disabled={actions.busy !== null}
      onChange={(role) => void actions.changeRole(member, role)}
      options={ROLES.map((role) => ({ value: role, label: t(`admin.staff.roles.${role}`) }))}
    />
  );
}

/** Disable or Enable, Reset password, Reset two-factor (when set up), Sign out everywhere, and the member's Activity. */
function MemberActions({ member, actions, onResetPassword }: MemberCellProps & { onResetPassword: (member: StaffRow) => void }) {
  const { t } = useTranslation();
  const { busy } = actions;
  return (
    <Flex wrap gap={8}>
      <Button
        size="small"
        danger={!member.disabledAt}
        aria-label={t(member.disabledAt ? 'admin.staff.enableLabel' : 'admin.staff.disableLabel', { name: member.name })}
        loading={buttonLoading(busy === `state-${member.id}`)}
        onClick={() => actions.setDisabled(member, !member.disabledAt)}
      >
        {t(member.disabledAt ? 'admin.staff.enable' : 'admin.staff.disable')}
      </Button>
      <Button size="small" aria-label={t('admin.staff.resetPasswordLabel', { name: member.name })} onClick={() => onResetPassword(member)}>
        {t('admin.staff.resetPassword')}
      </Button>
      {member.hasSecondFactor && (
        <Button
          size="small"
          aria-label={t('admin.staff.resetSecondFactorLabel', { name: member.name })}
          loading={buttonLoading(busy === `second-factor-${member.id}`)}
          onClick={() => actions.resetSecondFactor(member)}
        >
          {t('admin.staff.resetSecondFactor')}
        </Button>
      )}
      <Button
        size="small"
        aria-label={t('admin.staff.signOutLabel', { name: member.name })}
        loading={buttonLoading(busy === `sessions-${member.id}`)}
        onClick={() => actions.signOut(member)}
      >
        {t('admin.staff.signOut')}
      </Button>
      <Link to={`/activity?staffId=${member.id}`} aria-label={t('admin.staff.activityLabel', { name: member.name })}>
        {t('admin.staff.activity')}
      </Link>
    </Flex>
  );
}

/** The screen src/admin/screens.ts routes at the resource's list. */
export default StaffList;
