import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import type { EmailSubscriberRow, HostInformationRow } from '../../../contracts/landing';
import { formatDateTime } from '../../../lib/format';
import { LandingDataTable } from './landing-data-table';

function useDateColumn<Row extends { createdAt: string }>(titleKey: string): ColumnsType<Row>[number] {
  const { t } = useTranslation();
  return {
    key: 'createdAt',
    title: t(titleKey),
    dataIndex: 'createdAt',
    render: (value: string) => formatDateTime(value, { missing: t('admin.landingData.notAvailable'), invalid: t('admin.landingData.invalidDate') }),
  };
}

/** /landing-data: what prospective hosts sent through the landing page's registration form. */
export function HostInterestList() {
  const { t } = useTranslation();
  const dateColumn = useDateColumn<HostInformationRow>('admin.landingData.columns.submitted');
  const columns: ColumnsType<HostInformationRow> = [
    { key: 'name', title: t('admin.landingData.columns.name'), dataIndex: 'name' },
    { key: 'email', title: t('admin.landingData.columns.email'), dataIndex: 'email' },
    { key: 'phone', title: t('admin.landingData.columns.phone'), dataIndex: 'phone' },
    { key: 'address', title: t('admin.landingData.columns.address'), dataIndex: 'address', width: 320 },
    dateColumn,
  ];
  return (
    <LandingDataTable<HostInformationRow>
      resource="landing-data"
      textKey="admin.landingData.hostInterest"
      columns={columns}
      csvFileName="host-information.csv"
    />
  );
}

/** /landing-data/subscribers: the addresses that asked for updates. */
export function SubscriberList() {
  const { t } = useTranslation();
  const dateColumn = useDateColumn<EmailSubscriberRow>('admin.landingData.columns.subscribed');
  const columns: ColumnsType<EmailSubscriberRow> = [{ key: 'email', title: t('admin.landingData.columns.email'), dataIndex: 'email' }, dateColumn];
  return (
    <LandingDataTable<EmailSubscriberRow>
      resource="email-subscribers"
      textKey="admin.landingData.subscribers"
      columns={columns}
      csvFileName="email-subscribers.csv"
    />
  );
}
