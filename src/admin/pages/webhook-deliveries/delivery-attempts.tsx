import { Empty, Table, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { DeliveryDetail } from '../../../contracts/webhooks';
import { formatDateTimeToSecond } from '../../../lib/format';

type Attempt = DeliveryDetail['attempts'][number];

/** What an attempt came to: delivered, or the receiver's HTTP status and the error text Hoy kept. */
function AttemptOutcome({ attempt }: { attempt: Attempt }) {
  const { t } = useTranslation();
  const status = attempt.statusCode === null ? null : t('admin.webhookDeliveries.details.statusCode', { code: attempt.statusCode });
  if (attempt.isDelivered)
    return <Typography.Text type="success">{[t('admin.webhookDeliveries.details.delivered'), status].filter(Boolean).join(' · ')}</Typography.Text>;
  return <Typography.Text type="danger">{[status, attempt.error].filter(Boolean).join(' · ') || t('admin.webhookDeliveries.details.notYet')}</Typography.Text>;
}

/** One delivery's attempts, newest first as the server answers them (at most its last 50). */
export function DeliveryAttempts({ attempts }: { attempts: Attempt[] }) {
  const { t } = useTranslation();
  return (
    <Table<Attempt>
      size="small"
      pagination={false}
      // Two attempts may start in the same millisecond: their place in the list names them.
      dataSource={attempts.map((attempt, index) => ({ ...attempt, key: index }))}
      locale={{
        emptyText: (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={<Typography.Text>{t('admin.webhookDeliveries.details.noAttempts')}</Typography.Text>} />
        ),
      }}
      columns={[
        { key: 'at', title: t('admin.webhookDeliveries.details.attemptColumns.at'), render: (_, attempt) => formatDateTimeToSecond(attempt.at) },
        { key: 'outcome', title: t('admin.webhookDeliveries.details.attemptColumns.outcome'), render: (_, attempt) => <AttemptOutcome attempt={attempt} /> },
        {
          key: 'duration',
          title: t('admin.webhookDeliveries.details.attemptColumns.duration'),
          render: (_, attempt) => t('admin.webhookDeliveries.details.duration', { ms: attempt.durationMs }),
        },
      ]}
    />
  );
}
