// The Staff screen's two dialogs: add a member with a first password, and reset a member's password.
import { App, Form, Input, Modal, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { MAX_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH } from '../../../contracts/auth';
import { isValidEmail, MAX_SHORT_TEXT_LENGTH } from '../../../contracts/common';
import { ROLES } from '../../../contracts/roles';
import type { CreateStaffRequest, StaffRow } from '../../../contracts/staff';
import { buttonLoading } from '../../icons';
import { useStaffCall } from './use-staff-call';

/** "Add staff member": name, e-mail, role (Viewer first) and a first password. */
export function CreateStaffModal({ open, onClose }: { open: boolean; onClose: () => void }) {
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
          rules={[
            {
              validator: async (_rule, value: unknown) =>
                typeof value === 'string' && isValidEmail(value.trim()) ? undefined : Promise.reject(new Error(t('admin.staff.form.emailInvalid'))),
            },
          ]}
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

/** A new password, between the lengths the server takes. */
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

/** A new password for `member`, open while one is given. */
export function ResetPasswordModal({ member, onClose }: { member: StaffRow | null; onClose: () => void }) {
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
