import type { ReactNode } from 'react';
import { useResourceTabs, type ResourceTab } from '../../components/resource-tabs';

type LandingDataTab = 'landing-data' | 'email-subscribers';

const TABS: readonly ResourceTab[] = [
  { resource: 'landing-data', labelKey: 'admin.landingData.tabs.hostInterest' },
  { resource: 'email-subscribers', labelKey: 'admin.landingData.tabs.subscribers' },
];

/** Data from Landing Page shows its two lists as tabs, each its own route and resource. */
export function useLandingDataTabs(open: LandingDataTab): (content: ReactNode) => ReactNode {
  return useResourceTabs(TABS, open);
}
