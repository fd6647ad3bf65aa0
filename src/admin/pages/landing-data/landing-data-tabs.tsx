import { Tabs } from 'antd';
import type { ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { findResource } from '../../resources';

type LandingDataTab = 'landing-data' | 'email-subscribers';

const TABS: readonly { resource: LandingDataTab; labelKey: string }[] = [
  { resource: 'landing-data', labelKey: 'admin.landingData.tabs.hostInterest' },
  { resource: 'email-subscribers', labelKey: 'admin.landingData.tabs.subscribers' },
];

/**
 * Data from Landing Page shows its two lists as tabs, each its own route and resource: the open tab
 * holds the list, the other is a link to its route.
 */
export function useLandingDataTabs(open: LandingDataTab): (content: ReactNode) => ReactNode {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (content) => (
    <Tabs
      activeKey={open}
      onChange={(key) => {
        const target = TABS.find((tab) => tab.resource === key);
        if (target) void navigate(findResource(target.resource).routes.list);
      }}
      items={TABS.map((tab) => ({ key: tab.resource, label: t(tab.labelKey), children: tab.resource === open ? content : null }))}
    />
  );
}
