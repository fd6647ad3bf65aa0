import { App, Button, Card, Form, Input, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MAX_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH } from '../../../contracts/auth';
import { buttonLoading } from '../../icons';
import { accountErrorText, accountReasonOf, useAccountCall } from './account-calls';
import { Notice } from '../../components/notice';

type PasswordValues = { currentPassword: string; newPassword: string; confirmation: string };

/**
 * Password: the current one, a new one of 12 to 128 characters typed twice. The server refuses a
 * wrong current password and a common new one; a change ends every other session of the member.
 */
export function PasswordSection() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const { call, isPending } = useAccountCall();
  const [form] = Form.useForm<PasswordValues>();
  const [failure, setFailure] = useState<string | null>(null);

  async function change({ currentPassword, newPassword }: PasswordValues) {
    setFailure(null);
    try {
      await call('changePassword', { currentPassword, newPassword });
      form.resetFields();
      void message.success(t('admin.account.password.done'));
    } catch (error) {
      const reason = accountReasonOf(error);
      const statusCode = (error as { statusCode?: number }).statusCode;
      if (reason === 'currentPasswordWrong') form.setFields([{ name: 'currentPassword', errors: [accountErrorText(t, error)] }]);
      else if (reason === 'passwordCommon') form.setFields([{ name: 'newPassword', errors: [accountErrorText(t, error)] }]);
      // Another 400 is the length the screen checks too.
      else if (statusCode === 400) form.setFields([{ name: 'newPassword', errors: [t('admin.account.password.length')] }]);
      else setFailure(accountErrorText(t, error));
    }
  }

  return (
    <Card title={<h3 style={{ margin: 0, fontSize: 'inherit' }}>{t('admin.account.password.title')}</h3>}>
      <Typography.Paragraph>{t('admin.account.password.intro')}</Typography.Paragraph>
      {failure && <Notice type="error" showIcon message={failure} style={{ marginBottom: 16 }} />}
      <Form<PasswordValues> form={form} layout="vertical" requiredMark={false} onFinish={(values) => void change(values)} style={{ maxWidth: 400 }}>
        <Form.Item
          name="currentPassword"
          label={t('admin.account.password.current')}
          rules={[{ required: true, message: t('admin.account.password.currentRequired') }]}
        >
          <Input.Password autoComplete="current-password" maxLength={MAX_PASSWORD_LENGTH} />
        </Form.Item>
        <Form.Item
          name="newPassword"
          label={t('admin.account.password.new')}
          extra={t('admin.account.password.newHint')}
          rules={[{ required: true, min: MIN_PASSWORD_LENGTH, max: MAX_PASSWORD_LENGTH, message: t('admin.account.password.length') }]}
        >
          <Input.Password autoComplete="new-password" maxLength={MAX_PASSWORD_LENGTH} />
        </Form.Item>
        <Form.Item
          name="confirmation"
          label={t('admin.account.password.confirm')}
          dependencies={['newPassword']}
          rules={[
            { required: true, message: t('admin.account.password.confirmRequired') },
            ({ getFieldValue }) => ({
              validator: async (_rule, value: unknown) =>
                !value || value === getFieldValue('newPassword') ? undefined : Promise.reject(new Error(t('admin.account.password.mismatch'))),
            }),
          ]}
        >
          <Input.Password autoComplete="new-password" maxLength={MAX_PASSWORD_LENGTH} />
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={buttonLoading(isPending)}>
          {t('admin.account.password.submit')}
        </Button>
      </Form>
    </Card>
  );
}
