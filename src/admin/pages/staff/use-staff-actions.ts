import { App } from 'antd';
import { useTranslation } from 'react-i18next';
import type { Role } from '../../../contracts/roles';
import type { StaffRow } from '../../../contracts/staff';
import { useStaffCall } from './use-staff-call';

/**
 * What an administrator changes on a member's row: the role at once; disabling, resetting the second
 * factor and signing out everywhere once confirmed (enabling needs no confirmation). Each says what
 * it did; `busy` names the call under way (`role-<id>`, `state-<id>`, `second-factor-<id>`, `sessions-<id>`).
 */
export function useStaffActions() {
  const { t } = useTranslation();
  const { message, modal } = App.useApp();
  const { call, busy } = useStaffCall();
  const confirmTexts = { okText: t('admin.staff.confirm.ok'), cancelText: t('admin.staff.confirm.cancel') };

  async function changeRole(member: StaffRow, role: Role) {
    const changed = await call('role', member.id, { role }, `role-${member.id}`);
    if (changed) void message.success(t('admin.staff.done.role', { name: member.name, role: t(`admin.staff.roles.${changed.role}`) }));
  }

  function setDisabled(member: StaffRow, isDisabling: boolean) {
    const run = async () => {
      const changed = await call(isDisabling ? 'disable' : 'enable', member.id, {}, `state-${member.id}`);
      if (changed) void message.success(t(isDisabling ? 'admin.staff.done.disabled' : 'admin.staff.done.enabled', { name: member.name }));
    };
    if (!isDisabling) return void run();
    void modal.confirm({
      title: t('admin.staff.confirm.disableTitle', { name: member.name }),
      content: t('admin.staff.confirm.disableText'),
      ...confirmTexts,
      okButtonProps: { danger: true },
      onOk: run,
    });
  }

  function resetSecondFactor(member: StaffRow) {
    void modal.confirm({
      title: t('admin.staff.confirm.resetSecondFactorTitle', { name: member.name }),
      content: t('admin.staff.confirm.resetSecondFactorText'),
      ...confirmTexts,
      okButtonProps: { danger: true },
      onOk: async () => {
        const changed = await call('resetSecondFactor', member.id, {}, `second-factor-${member.id}`);
        if (changed) void message.success(t('admin.staff.done.secondFactorReset', { name: member.name }));
      },
    });
  }

  function signOut(member: StaffRow) {
    void modal.confirm({
      title: t('admin.staff.confirm.signOutTitle', { name: member.name }),
      content: t('admin.staff.confirm.signOutText'),
      ...confirmTexts,
      onOk: async () => {
        const answer = await call('revokeSessions', member.id, {}, `sessions-${member.id}`);
        if (answer) void message.success(t('admin.staff.done.signedOut', { name: member.name, count: answer.revoked ?? 0 }));
      },
    });
  }

  return { busy, changeRole, setDisabled, resetSecondFactor, signOut };
}

export type StaffActions = ReturnType<typeof useStaffActions>;
