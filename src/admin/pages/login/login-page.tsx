import { useLogin, useTranslate } from '@refinedev/core';
import { Alert, Button, Card, Form, Input, Layout, Space, Typography } from 'antd';
import { HomeFilled } from '@ant-design/icons';
import { useSearchParams } from 'react-router';
import { APP_NAME } from '../../../app-name';
import type { LoginCredentials } from '../../providers/auth-provider';

/** SPEC.md section 2 "Login": e-mail (typed as e-mail) and password, both required; success goes to /dashboard. */
export function LoginPage() {
  const translate = useTranslate();
  const [searchParams] = useSearchParams();
  const { mutate: login, isPending } = useLogin<LoginCredentials>();
  // Why the last session ended (auth-provider.ts onError): any 401, or a session that ended by time.
  const reason = searchParams.get('reason');
  const endedMessageKey =
    reason === 'expired' ? 'admin.auth.sessionExpired' : reason === 'unauthorized' ? 'admin.auth.unauthorized' : undefined;

  return (
    <Layout style={{ minHeight: '100vh', alignItems: 'center', justifyContent: 'center', padding: 24 }}>
      <Card style={{ width: '100%', maxWidth: 400 }}>
        <Space direction="vertical" size="large" style={{ width: '100%' }}>
          <Space align="center">
            <HomeFilled aria-hidden style={{ fontSize: 24 }} />
            <Typography.Title level={3} style={{ margin: 0 }}>
              {translate('admin.login.title', { appName: APP_NAME })}
            </Typography.Title>
          </Space>
          {endedMessageKey && <Alert type="warning" showIcon message={translate(endedMessageKey)} />}
          <Form<LoginCredentials> layout="vertical" requiredMark={false} onFinish={(values) => login(values)}>
            <Form.Item
              name="email"
              label={translate('admin.login.email')}
              rules={[
                { required: true, message: translate('admin.login.emailRequired') },
                { type: 'email', message: translate('admin.login.emailInvalid') },
              ]}
            >
              <Input type="email" autoComplete="username" size="large" />
            </Form.Item>
            <Form.Item
              name="password"
              label={translate('admin.login.password')}
              rules={[{ required: true, message: translate('admin.login.passwordRequired') }]}
            >
              <Input.Password autoComplete="current-password" size="large" />
            </Form.Item>
            <Button type="primary" htmlType="submit" size="large" block loading={isPending}>
              {translate('admin.login.submit')}
            </Button>
          </Form>
        </Space>
      </Card>
    </Layout>
  );
}
