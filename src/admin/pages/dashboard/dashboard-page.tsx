import { useTranslate } from '@refinedev/core';
import { Typography } from 'antd';

/** SPEC.md section 2: the Dashboard is only its heading. */
export function DashboardPage() {
  const translate = useTranslate();
  return <Typography.Title level={2}>{translate('admin.dashboard.title')}</Typography.Title>;
}
