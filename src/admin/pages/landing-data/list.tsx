import { useTranslation } from 'react-i18next';
import type { EmailSubscriberRow, HostInformationRow } from '../../../contracts/landing';
import { declaration as emailSubscriberList } from '../../../contracts/lists/email-subscribers';
import { declaration as hostInformationList } from '../../../contracts/lists/host-information';
import { formatDateTime } from '../../../lib/format';
import { ListScreen, type ListColumn } from '../../list/list-screen';
import { useLandingDataTabs } from './landing-data-tabs';

/** The date a row arrived, in the reader's language; values elsewhere are shown as text, never as markup. */
function useDateColumn<Row extends { createdAt: string }>(key: string): ListColumn<Row> {
  const { t } = useTranslation();
  return {
    key,
    render: (row) => formatDateTime(row.createdAt, { missing: t('admin.landingData.notAvailable'), invalid: t('admin.landingData.invalidDate') }),
  };
}

/** /landing-data: what prospective hosts sent through the landing page's registration form, newest first. */
export function HostInterestList() {
  const frame = useLandingDataTabs('landing-data');
  const columns: ListColumn<HostInformationRow>[] = [
    { key: 'name' },
    { key: 'email' },
    { key: 'phone' },
    { key: 'address', width: 320 },
    useDateColumn<HostInformationRow>('submitted'),
  ];
  return <ListScreen<HostInformationRow> definition={hostInformationList} columns={columns} frame={frame} />;
}

/** /landing-data/subscribers: the addresses that asked for updates, newest first. */
export function SubscriberList() {
  const frame = useLandingDataTabs('email-subscribers');
  const columns: ListColumn<EmailSubscriberRow>[] = [{ key: 'email' }, useDateColumn<EmailSubscriberRow>('subscribed')];
  return <ListScreen<EmailSubscriberRow> definition={emailSubscriberList} columns={columns} frame={frame} />;
}

/** The screen src/admin/screens.ts routes at the resource's list. */
export default HostInterestList;
