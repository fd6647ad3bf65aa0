// My account (/account, every role): the member's own password and second factor
// (docs/decisions/020-second-factor.md), and their sessions.
import { useGetIdentity } from '@refinedev/core';
import { Button, Flex, Skeleton, Typography } from 'antd';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { MeResponse } from '../../../contracts/staff';
import { useRefreshIdentity } from '../../identity-state';
import { LaptopOutlined } from '../../icons';
import { PasswordSection } from './password-section';
import { SecondFactorSection } from './second-factor-section';
import { Notice } from '../../components/notice';
import { registerAccountCatalogue } from '../../../i18n/account-catalogue';

// These texts load with this screen.
registerAccountCatalogue();

// The sider's "Your sessions" dialog, opened from here too.
const SessionsModal = lazy(() => import('../../layout/sessions-modal'));

export function AccountPage() {
  const { t } = useTranslation();
  const { data: me, isLoading, isError } = useGetIdentity<MeResponse>();
  const refresh = useRefreshIdentity();
  const [isSessionsOpen, setIsSessionsOpen] = useState(false);

  return (
    <Flex vertical gap={24} style={{ maxWidth: 760 }}>
      <Flex vertical gap={8}>
        <Typography.Title level={2} style={{ margin: 0 }}>
          {t('admin.account.title')}
        </Typography.Title>
        {me && <Typography.Text>{t('admin.account.signedInAs', { name: me.name, email: me.email, role: t(`admin.staff.roles.${me.role}`) })}</Typography.Text>}
      </Flex>
      {isLoading && <Skeleton active />}
      {isError && <Notice type="error" showIcon message={t('admin.account.loadFailed')} />}
      {me && (
        <>
          <PasswordSection />
          {me.secondFactor && <SecondFactorSection status={me.secondFactor} email={me.email} onChanged={refresh} />}
          <div>
            <Button icon={<LaptopOutlined />} onClick={() => setIsSessionsOpen(true)}>
              {t('admin.account.sessions')}
            </Button>
          </div>
          {isSessionsOpen && (
            <Suspense fallback={null}>
              <SessionsModal open onClose={() => setIsSessionsOpen(false)} />
            </Suspense>
          )}
        </>
      )}
    </Flex>
  );
}
