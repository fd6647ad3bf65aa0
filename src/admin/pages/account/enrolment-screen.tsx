// What a member sees, and all they can reach, while their role requires a second factor they have
// not set up (docs/decisions/020-second-factor.md): its setup, the language, and Logout.
import { useLogout } from '@refinedev/core';
import { App, Button, Card, Flex, Layout, Typography } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { APP_NAME } from '../../../app-name';
import { useRefreshIdentity } from '../../identity-state';
import { LogoutOutlined } from '../../icons';
import { LanguageSelect } from '../../layout/language-select';
import { BrandTitle } from '../../layout/title';
import { TopBar } from '../../layout/top-bar';
import { SecondFactorSetup } from './second-factor-setup';
import { registerAccountCatalogue } from '../../../i18n/account-catalogue';

// These texts load with this screen.
registerAccountCatalogue();

export default function EnrolmentScreen() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const { mutate: logout } = useLogout();
  const refresh = useRefreshIdentity();
  const title = t('admin.account.enrolment.title');

  useEffect(() => {
    document.title = `${title} | ${APP_NAME}`;
  }, [title]);

  return (
    <Layout style={{ minHeight: '100vh' }}>
      <TopBar style={{ gap: 12, padding: '8px 16px' }}>
        <BrandTitle collapsed={false} />
        <Flex wrap gap={12} align="center">
          <LanguageSelect />
          <Button icon={<LogoutOutlined />} onClick={() => logout()}>
            {t('admin.account.enrolment.logout')}
          </Button>
        </Flex>
      </TopBar>
      <Layout.Content style={{ padding: 16 }}>
        <main style={{ maxWidth: 640, margin: '24px auto' }}>
          <Card>
            <Flex vertical gap={16}>
              {/* Under the brand's heading, as every screen's title (layout/title.tsx). */}
              <Typography.Title level={2} style={{ margin: 0 }}>
                {title}
              </Typography.Title>
              <Typography.Paragraph style={{ margin: 0 }}>{t('admin.account.enrolment.intro')}</Typography.Paragraph>
              <SecondFactorSetup
                headingLevel={3}
                onDone={() => {
                  // Only now: the recovery codes stay on the screen until they are saved.
                  refresh();
                  void message.success(t('admin.account.secondFactor.turnedOn'));
                }}
              />
            </Flex>
          </Card>
        </main>
      </Layout.Content>
    </Layout>
  );
}
