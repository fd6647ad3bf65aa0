import { useCustom } from '@refinedev/core';
import { Empty, List, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { AuditEntityType, AuditEvent } from '../../contracts/audit';
import { formatDateTime } from '../../lib/format';
import { ADMIN_CALLS } from '../resources';
import { SectionCard } from './section-card';
import { Notice } from './notice';

type Change = { field: string; before: unknown; after: unknown };

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The fields an event changed, from its before and after snapshots. */
export function changedFields(before: unknown, after: unknown): Change[] {
  if (!isRecord(before) && !isRecord(after)) return [];
  const was = isRecord(before) ? before : {};
  const now = isRecord(after) ? after : {};
  return [...new Set([...Object.keys(was), ...Object.keys(now)])]
    .filter((field) => JSON.stringify(was[field]) !== JSON.stringify(now[field]))
    .map((field) => ({ field, before: was[field], after: now[field] }));
}

interface AuditHistoryProps {
  entityType: AuditEntityType;
  entityId: number | string;
}

/**
 * A record's history, newest first: one query for the History card and the screen's live notice
 * (src/admin/live/record-change-notice.tsx), so reading it again for one refreshes both.
 */
export function useAuditHistory({ entityType, entityId }: AuditHistoryProps) {
  const { query, result } = useCustom<AuditEvent[]>({
    url: ADMIN_CALLS.auditHistory.path,
    method: ADMIN_CALLS.auditHistory.method,
    config: { query: { entityType, entityId } },
    errorNotification: false,
  });
  const events: AuditEvent[] = Array.isArray(result.data) ? result.data : [];
  return { query, events };
}

/** The "History" card of a detail screen: who decided or changed what, when, and why (newest first). */
export function AuditHistory({ entityType, entityId }: AuditHistoryProps) {
  const { t } = useTranslation();
  const { query, events } = useAuditHistory({ entityType, entityId });
  const show = (value: unknown) =>
    value === null || value === undefined || value === '' ? t('admin.history.emptyValue') : typeof value === 'string' ? value : JSON.stringify(value);

  return (
    <SectionCard title={t('admin.history.title')}>
      {query.isError ? (
        <Notice type="error" showIcon message={t('admin.history.loadFailed')} description={query.error?.message} />
      ) : (
        <List
          loading={query.isLoading}
          dataSource={events}
          locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('admin.history.empty')} /> }}
          renderItem={(event) => (
            <List.Item key={event.id}>
              <Space direction="vertical" size={2}>
                <Typography.Text strong>{t(`admin.history.actions.${event.action}`, { defaultValue: event.action })}</Typography.Text>
                <Typography.Text type="secondary">
                  <time dateTime={event.createdAt}>{formatDateTime(event.createdAt)}</time>{' '}
                  {t('admin.history.by', { who: staffLabel(event) ?? t('admin.history.unknownAdministrator') })}
                </Typography.Text>
                {event.reason ? <Typography.Text>{t('admin.history.reason', { reason: event.reason })}</Typography.Text> : null}
                {changedFields(event.before, event.after).map((change) => (
                  <Typography.Text key={change.field} type="secondary">
                    {t('admin.history.change', {
                      field: t(`admin.history.fields.${change.field}`, { defaultValue: change.field }),
                      before: show(change.before),
                      after: show(change.after),
                    })}
                  </Typography.Text>
                ))}
              </Space>
            </List.Item>
          )}
        />
      )}
    </SectionCard>
  );
}

/** Who made a change: the staff member's name and e-mail, the e-mail alone, or nothing when the account is gone. */
export function staffLabel({ administratorName, administratorEmail }: Pick<AuditEvent, 'administratorName' | 'administratorEmail'>): string | undefined {
  // Roles that do not manage staff get the name alone; no name and no e-mail: the account is gone.
  if (administratorEmail === null) return administratorName ?? undefined;
  return administratorName ? `${administratorName} (${administratorEmail})` : administratorEmail;
}
