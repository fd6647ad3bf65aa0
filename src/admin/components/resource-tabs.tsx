import { Tabs } from 'antd';
import type { ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { findResource, type ResourceName } from '../resources';

/** One tab of a screen: the resource whose list route it opens, and its label's catalogue key. */
export type ResourceTab = { resource: ResourceName; labelKey: string };

/**
 * A screen of several resources shown as tabs (Data from Landing Page, Webhook deliveries), each its
 * own route and resource: the open tab holds the content, the others are links to their routes.
 */
export function useResourceTabs(tabs: readonly ResourceTab[], open: ResourceName): (content: ReactNode) => ReactNode {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (content) => (
    <Tabs
      activeKey={open}
      onChange={(key) => {
        const target = tabs.find((tab) => tab.resource === key);
        if (target) void navigate(findResource(target.resource).routes.list);
      }}
      items={tabs.map((tab) => ({ key: tab.resource, label: t(tab.labelKey), children: tab.resource === open ? content : null }))}
    />
  );
}
