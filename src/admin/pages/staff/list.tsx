// Staff (/staff, administrators only): the accounts with search and role filter; add a member with
// a first password; change a role; disable and enable; reset a password or a second factor; sign a
// member out of every session; the roles that must sign in with a second factor. The server keeps
// the last active administrator (docs/decisions/018-staff-roles.md, 020-second-factor.md).
import { useCustomMutation, useGetIdentity, useInvalidate, type HttpError } from '@refinedev/core';
import { App, Button, Flex, Form, Input, Modal, Select, Space, Typography } from 'antd';
import { SecondFactorPolicyForm } from './second-factor-policy';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { MAX_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH } from '../../../contracts/auth';
import { isValidEmail, MAX_SHORT_TEXT_LENGTH } from '../../../contracts/common';
import { ROLES, type Role } from '../../../contracts/roles';
import { staffList, type CreateStaffRequest, type MeResponse, type StaffRow } from '../../../contracts/staff';
import { StatusBadge } from '../../components/status-badge';
import { buttonLoading } from '../../icons';
import { ListScreen, type ListColumn } from '../../list/list-screen';
import { actionPath } from '../../resources';

type StaffAction = 'create' | 'role' | 'disable' | 'enable' | 'resetPassword' | 'revokeSessions' | 'resetSecondFactor';

/** One staff call: the server's answer on success, its message on failure; the list reloads either way. */
function useStaffCall() {
  const { message } = App.useApp();
  const invalidate = useInvalidate();
  const { mutateAsync } = useCustomMutation<StaffRow & { revoked?: number }>();
  const [busy, setBusy] = useState<string | null>(null);

  async function call(action: StaffAction, id: number | undefined, values: object, busyKey: string) {
    setBusy(busyKey);
    try {
      const { data } = await mutateAsync({
        url: actionPath('staff', action, id),
        method: action === 'role' ? 'put' : 'post',
        values,
        successNotification: false,
        errorNotification: false,
      });
      return data;
    } catch (error) {
      void message.error((error as HttpError).message);
      return undefined;
    } finally {
      setBusy(null);
      void invalidate({ resource: 'staff', invalidates: ['list'] });
    }
  }

  return { call, busy };
}

function CreateStaffModal({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const { call, busy } = useStaffCall();
  const [form] = Form.useForm<CreateStaffRequest>();

  async function create(values: CreateStaffRequest) {
    const created = await call('create', undefined, values, 'create');
    if (!created) return;
    void message.success(t('admin.staff.done.created', { name: created.name, role: t(`admin.staff.roles.${created.role}`) }));
    form.resetFields();
    onClose();
  }

  return (
    <Modal
      open={open}
      title={t('admin.staff.form.createTitle')}
      okText={t('admin.staff.form.create')}
      cancelText={t('admin.staff.form.cancel')}
      okButtonProps={{ loading: buttonLoading(busy === 'create'), htmlType: 'submit', form: 'create-staff' }}
      onCancel={onClose}
      destroyOnHidden
    >
      <Form<CreateStaffRequest> id="create-staff" form={form} layout="vertical" initialValues={{ role: 'viewer' }} onFinish={(values) => void create(values)}>
        <Form.Item name="name" label={t('admin.staff.form.name')} rules={[{ required: true, whitespace: true, message: t('admin.staff.form.nameRequired') }]}>
          <Input maxLength={MAX_SHORT_TEXT_LENGTH} autoComplete="off" />
        </Form.Item>
        <Form.Item
          name="email"
          label={t('admin.staff.form.email')}
          rules={[{ validator: async (_rule, value: unknown) => (typeof value === 'string' && isValidEmail(value.trim()) ? undefined : Promise.reject(new Error(t('admin.staff.form.emailInvalid')))) }]}
        >
          <Input type="email" maxLength={MAX_SHORT_TEXT_LENGTH} autoComplete="off" />
        </Form.Item>
        <Form.Item name="role" label={t('admin.staff.form.role')}>
          <Select options={ROLES.map((role) => ({ value: role, label: t(`admin.staff.roles.${role}`) }))} />
        </Form.Item>
        <PasswordField name="password" label={t('admin.staff.form.password')} hint={t('admin.staff.form.passwordHint')} />
      </Form>
    </Modal>
  );
}

function PasswordField({ name, label, hint }: { name: string; label: string; hint: string }) {
  const { t } = useTranslation();
  return (
    <Form.Item
      name={name}
      label={label}
      extra={hint}
      rules={[{ required: true, min: MIN_PASSWORD_LENGTH, max: MAX_PASSWORD_LENGTH, message: t('admin.staff.form.passwordLength') }]}
    >
      <Input.Password autoComplete="new-password" maxLength={MAX_PASSWORD_LENGTH} />
    </Form.Item>
  );
}

function ResetPasswordModal({ member, onClose }: { member: StaffRow | null; onClose: () => void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const { call, busy } = useStaffCall();

  async function reset({ password }: { password: string }) {
    if (!member) return;
    if (!(await call('resetPassword', member.id, { password }, 'reset'))) return;
    void message.success(t('admin.staff.done.password', { name: member.name }));
    onClose();
  }

  return (
    <Modal
      open={member !== null}
      title={t('admin.staff.form.resetTitle', { name: member?.name ?? '' })}
      okText={t('admin.staff.form.save')}
      cancelText={t('admin.staff.form.cancel')}
      okButtonProps={{ loading: buttonLoading(busy === 'reset'), htmlType: 'submit', form: 'reset-password' }}
      onCancel={onClose}
      destroyOnHidden
    >
      <Form id="reset-password" layout="vertical" onFinish={(values: { password: string }) => void reset(values)}>
        <PasswordField name="password" label={t('admin.staff.form.newPassword')} hint={t('admin.staff.form.resetHint')} />
      </Form>
    </Modal>
  );
}

/** Staff (/staff): every account, searched by name or e-mail and filtered by role, with what an administrator may change. */
export function StaffList() {
  const { t } = useTranslation();
  const { message, modal } = App.useApp();
  const { data: me } = useGetIdentity<MeResponse>();
  const { call, busy } = useStaffCall();
  const [isCreating, setIsCreating] = useState(false);
  const [resetting, setResetting] = useState<StaffRow | null>(null);
  const roleName = (role: Role) => t(`admin.staff.roles.${role}`);

  async function changeRole(member: StaffRow, role: Role) {
    const changed = await call('role', member.id, { role }, `role-${member.id}`);
    if (changed) void message.success(t('admin.staff.done.role', { name: member.name, role: roleName(changed.role) }));
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
      okText: t('admin.staff.confirm.ok'),
      cancelText: t('admin.staff.confirm.cancel'),
      okButtonProps: { danger: true },
      onOk: run,
    });
  }

  function resetSecondFactor(member: StaffRow) {
    void modal.confirm({
      title: t('admin.staff.confirm.resetSecondFactorTitle', { name: member.name }),
      content: t('admin.staff.confirm.resetSecondFactorText'),
      okText: t('admin.staff.confirm.ok'),
      cancelText: t('admin.staff.confirm.cancel'),
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
      okText: t('admin.staff.confirm.ok'),
      cancelText: t('admin.staff.confirm.cancel'),
      onOk: async () => {
        const answer = await call('revokeSessions', member.id, {}, `sessions-${member.id}`);
        if (answer) void message.success(t('admin.staff.done.signedOut', { name: member.name, count: answer.revoked ?? 0 }));
      },
    });
  }

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
    {
      key: 'role',
      sort: 'role',
      render: (member) => (
        <Select<Role>
          aria-label={t('admin.staff.roleLabel', { name: member.name })}
          value={member.role}
          style={{ minWidth: 150 }}
          loading={busy === `role-${member.id}`}
          disabled={busy !== null}
          onChange={(role) => void changeRole(member, role)}
          options={ROLES.map((role) => ({ value: role, label: roleName(role) }))}
        />
      ),
    },
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
      render: (member) =>
        member.hasSecondFactor ? (
          <StatusBadge status="on" tone="success">
            {t('admin.staff.secondFactorOn')}
          </StatusBadge>
        ) : (
          <StatusBadge status="off" tone="neutral">
            {t('admin.staff.secondFactorOff')}
          </StatusBadge>
        ),
    },
    {
      key: 'actions',
      render: (member) => (
        <Flex wrap gap={8}>
          <Button
            size="small"
            danger={!member.disabledAt}
            aria-label={t(member.disabledAt ? 'admin.staff.enableLabel' : 'admin.staff.disableLabel', { name: member.name })}
            loading={buttonLoading(busy === `state-${member.id}`)}
            onClick={() => setDisabled(member, !member.disabledAt)}
          >
            {t(member.disabledAt ? 'admin.staff.enable' : 'admin.staff.disable')}
          </Button>
          <Button size="small" aria-label={t('admin.staff.resetPasswordLabel', { name: member.name })} onClick={() => setResetting(member)}>
            {t('admin.staff.resetPassword')}
          </Button>
          {member.hasSecondFactor && (
            <Button
              size="small"
              aria-label={t('admin.staff.resetSecondFactorLabel', { name: member.name })}
              loading={buttonLoading(busy === `second-factor-${member.id}`)}
              onClick={() => resetSecondFactor(member)}
            >
              {t('admin.staff.resetSecondFactor')}
            </Button>
          )}
          <Button
            size="small"
            aria-label={t('admin.staff.signOutLabel', { name: member.name })}
            loading={buttonLoading(busy === `sessions-${member.id}`)}
            onClick={() => signOut(member)}
          >
            {t('admin.staff.signOut')}
          </Button>
          <Link to={`/activity?staffId=${member.id}`} aria-label={t('admin.staff.activityLabel', { name: member.name })}>
            {t('admin.staff.activity')}
          </Link>
        </Flex>
      ),
    },
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
