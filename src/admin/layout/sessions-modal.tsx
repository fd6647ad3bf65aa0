import { useCustom, useCustomMutation, type HttpError } from '@refinedev/core';
import { Button, Descriptions, List, Modal, Space, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import type { RevokeOthersResponse, SessionRow } from '../../contracts/auth';
import { formatDateTime } from '../../lib/format';
import { buttonLoading } from '../icons';
import { ADMIN_CALLS } from '../resources';
import { Notice } from '../components/notice';

type SessionsModalProps = { open: boolean; onClose: () => void };

/** The signed-in administrator's live sessions, and "Sign out all other sessions". Mounted only while open. */
function SessionList() {
  const { t } = useTranslation();
  const { query } = useCustom<SessionRow[], HttpError>({
    url: ADMIN_CALLS.sessions.path,
    method: ADMIN_CALLS.sessions.method,
    errorNotification: false,
    queryOptions: { retry: false },
  });
  const { mutate: revokeOthers, mutation: revocation } = useCustomMutation<RevokeOthersResponse, HttpError>();
  // The query's own data: useCustom's `result.data` is an empty object until the answer arrives.
  const sessions = Array.isArray(query.data?.data) ? query.data.data : [];
  const otherCount = sessions.filter((session) => !session.isCurrent).length;

  function signOutOthers() {
    revokeOthers(
      {
        url: ADMIN_CALLS.revokeOtherSessions.path,
        method: ADMIN_CALLS.revokeOtherSessions.method,
        values: {},
        successNotification: (response) => ({
          type: 'success',
          message: t('admin.sessions.revoked', { count: response?.data.revoked ?? 0 }),
        }),
        // A failure gets Refine's standard error notification (status code and the server's message).
      },
      { onSettled: () => void query.refetch() },
    );
  }

  if (query.isError) {
    return <Notice type="error" role="alert" showIcon message={t('admin.sessions.loadFailed')} description={query.error?.message} />;
  }
  return (
    <Space direction="vertical" size="middle" style={{ width: '100%' }}>
      <List<SessionRow>
        loading={query.isLoading}
        dataSource={sessions}
        rowKey="id"
        renderItem={(session) => (
          <List.Item>
            <Space direction="vertical" size={4} style={{ width: '100%' }}>
              {session.isCurrent && <Tag color="blue">{t('admin.sessions.current')}</Tag>}
              <Descriptions
                size="small"
                column={1}
                items={[
                  {
                    key: 'signedInAt',
                    label: t('admin.sessions.signedInAt'),
                    children: <time dateTime={session.createdAt}>{formatDateTime(session.createdAt)}</time>,
                  },
                  {
                    key: 'lastActive',
                    label: t('admin.sessions.lastActive'),
                    children: <time dateTime={session.lastSeenAt}>{formatDateTime(session.lastSeenAt)}</time>,
                  },
                ]}
              />
            </Space>
          </List.Item>
        )}
      />
      <Button danger block disabled={query.isLoading || otherCount === 0} loading={buttonLoading(revocation.isPending)} onClick={signOutOthers}>
        {t('admin.sessions.revokeOthers')}
      </Button>
    </Space>
  );
}

/** "Your sessions", opened from the sider; its own chunk, loaded the first time it opens. */
export default function SessionsModal({ open, onClose }: SessionsModalProps) {
  const { t } = useTranslation();
  return (
    <Modal open={open} onCancel={onClose} title={t('admin.sessions.title')} footer={null} destroyOnHidden>
      <SessionList />
    </Modal>
  );
}
