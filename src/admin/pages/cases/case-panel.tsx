// One case's panel: its queue, subject, owner, deadline and the link to its record; Release for its
// holder, and Close with a required resolution for a member who works cases. Read again live.
import { useOne, type BaseRecord } from '@refinedev/core';
import { Button, Descriptions, Drawer, Flex, Input, Typography } from 'antd';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { MAX_RESOLUTION_LENGTH, type Case } from '../../../contracts/cases';
import { formatDateTime } from '../../../lib/format';
import { useListAddress } from '../../list/list-address';
import { useLiveRefetch } from '../../live/use-live-refetch';
import { CaseSubject } from './case-subject';
import { timeLeftText } from './time-left';
import type { useCaseActions } from '../../components/cases/use-case-actions';

interface CasePanelProps {
  caseId: number | undefined;
  memberId: number | undefined;
  mayWork: boolean;
  mayReadBookings: boolean;
  now: Date;
  actions: ReturnType<typeof useCaseActions>;
  onClose(): void;
}

export function CasePanel({ caseId, memberId, mayWork, mayReadBookings, now, actions, onClose }: CasePanelProps) {
  const { t } = useTranslation();
  const listAddress = useListAddress();
  const ids = { resolution: useId(), help: useId() };
  const [resolution, setResolution] = useState('');
  const { result, query } = useOne<Case & BaseRecord>({ resource: 'cases', id: caseId ?? 0, queryOptions: { enabled: caseId !== undefined } });
  useLiveRefetch(['cases'], () => void query.refetch(), { isShown: caseId !== undefined });
  const found = caseId !== undefined && result?.id === caseId ? (result as Case) : undefined;
  const isOpen = found?.status === 'open';
  const isMine = found?.ownerId !== null && found?.ownerId === memberId;
  const isResolutionReady = resolution.trim() !== '';
  const close = async () => {
    if (!found || !isResolutionReady) return;
    if (await actions.close(found.id, resolution)) {
      setResolution('');
      onClose();
    }
  };
  return (
    <Drawer
      open={caseId !== undefined}
      onClose={onClose}
      title={caseId === undefined ? '' : t('admin.cases.panel.title', { id: caseId })}
      width={520}
      destroyOnHidden
    >
      {found ? (
        <Flex vertical gap={16}>
          <Descriptions column={1} size="small" bordered>
            <Descriptions.Item label={t('admin.cases.panel.queue')}>{t(`admin.cases.queues.${found.queue}`)}</Descriptions.Item>
            <Descriptions.Item label={t('admin.cases.panel.status')}>{t(`admin.cases.panel.statuses.${found.status}`)}</Descriptions.Item>
            <Descriptions.Item label={t('admin.cases.panel.subject')}>
              <CaseSubject found={found} isFull />
            </Descriptions.Item>
            <Descriptions.Item label={t('admin.cases.panel.owner')}>{found.ownerName ?? t('admin.cases.unowned')}</Descriptions.Item>
            <Descriptions.Item label={t('admin.cases.panel.opened')}>
              <time dateTime={found.openedAt}>{formatDateTime(found.openedAt)}</time>
            </Descriptions.Item>
            <Descriptions.Item label={t('admin.cases.panel.due')}>
              <time dateTime={found.dueAt}>{formatDateTime(found.dueAt)}</time>
              {isOpen ? ` · ${timeLeftText(t, found.dueAt, now).text}` : null}
            </Descriptions.Item>
            {found.status === 'closed' ? (
              <>
                <Descriptions.Item label={t('admin.cases.panel.closedAt')}>
                  <time dateTime={found.closedAt ?? ''}>{formatDateTime(found.closedAt)}</time>
                </Descriptions.Item>
                <Descriptions.Item label={t('admin.cases.panel.resolution')}>
                  <Typography.Text style={{ whiteSpace: 'pre-wrap' }}>{found.resolution}</Typography.Text>
                </Descriptions.Item>
              </>
            ) : null}
          </Descriptions>
          {found.source === 'feedback' ? (
            <Link to="/feedback">{t('admin.cases.panel.openFeedback')}</Link>
          ) : mayReadBookings ? (
            <Link to={listAddress('/bookings', { q: `#${found.sourceId}` })}>{t('admin.cases.panel.openBooking', { id: found.sourceId })}</Link>
          ) : null}
          {isOpen && mayWork ? (
            <Flex vertical gap={8}>
              {isMine ? (
                <Button onClick={() => void actions.release(found.id)} loading={actions.busy === 'release'} style={{ alignSelf: 'flex-start' }}>
                  {t('admin.cases.panel.release')}
                </Button>
              ) : null}
              <label htmlFor={ids.resolution}>{t('admin.cases.panel.resolutionLabel')}</label>
              <Input.TextArea
                id={ids.resolution}
                rows={4}
                maxLength={MAX_RESOLUTION_LENGTH}
                showCount
                required
                aria-describedby={ids.help}
                value={resolution}
                onChange={(event) => setResolution(event.target.value)}
              />
              <Typography.Text id={ids.help} type="secondary">
                {t('admin.cases.panel.resolutionHelp', { max: MAX_RESOLUTION_LENGTH })}
              </Typography.Text>
              <Button
                type="primary"
                disabled={!isResolutionReady}
                loading={actions.busy === 'close'}
                onClick={() => void close()}
                style={{ alignSelf: 'flex-start' }}
              >
                {t('admin.cases.panel.close')}
              </Button>
            </Flex>
          ) : null}
        </Flex>
      ) : null}
    </Drawer>
  );
}
