import { useDelete, useInvalidate, useOne, type HttpError } from '@refinedev/core';
import { App, Button, Descriptions, Flex, Result, Space, Spin, Typography } from 'antd';
import { ArrowLeftOutlined, buttonLoading, DeleteOutlined, EditOutlined, SaveOutlined } from '../../icons';
import { usePermission } from '../../access';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { HOST_NOT_FOUND_MESSAGE, type HostDetail } from '../../../contracts/hosts';
import { formatDate } from '../../../lib/format';
import { AuditHistory } from '../../components/audit-history';
import RecordNotes from '../../components/notes/record-notes';
import { markOwnChange } from '../../live/own-changes';
import { PresenceNote } from '../../live/presence-note';
import { useRecordChanges } from '../../live/record-change-notice';
import { HostInformationCard, useHostEdit, type HostEdit } from './host-information';
import { HostReviewKeys } from './host-queue';
import { HostVerification } from './verification';
import { SectionCard } from '../../components/section-card';
import { SuspendedTag } from '../../components/suspended-tag';
import { UserSuspension } from '../../components/user-suspension';

const HOSTS_PATH = '/hosts';
const HOST_RESOURCES = ['hosts'] as const;

/** Host Details (docs/product.md §9) with the "Host Verification Details" card and the host's history on the same page. */
export function HostDetails() {
  const { id = '' } = useParams();
  const { t } = useTranslation();
  const { query, result: host } = useOne<HostDetail, HttpError>({
    resource: 'hosts',
    id,
    errorNotification: false,
    queryOptions: { retry: false },
  });
  // Support and Viewer read hosts; Edit and Delete are for the roles that change them.
  const canWrite = usePermission('hosts', 'hosts.write');

  if (query.isLoading) {
    return (
      <Flex justify="center" style={{ padding: 48 }}>
        <Spin aria-label={t('admin.hosts.detail.title')} />
      </Flex>
    );
  }
  if (query.isError || !host) {
    return <HostLoadFailure error={query.error} isRetrying={query.isFetching} onRetry={() => void query.refetch()} />;
  }
  return <LoadedHostDetails id={id} host={host} canWrite={canWrite} />;
}

function BackToHosts() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <Button icon={<ArrowLeftOutlined />} onClick={() => navigate(HOSTS_PATH)}>
      {t('admin.hosts.detail.back')}
    </Button>
  );
}

interface HostLoadFailureProps {
  error: HttpError | null;
  isRetrying: boolean;
  onRetry: () => void;
}

/** The host could not be loaded: not found, or the server's message; Back to Hosts and Retry. */
function HostLoadFailure({ error, isRetrying, onRetry }: HostLoadFailureProps) {
  const { t } = useTranslation();
  const isNotFound = error?.statusCode === 404 || error?.message === HOST_NOT_FOUND_MESSAGE;
  return (
    <Result
      status={isNotFound ? '404' : 'error'}
      title={<span role="alert">{t('admin.hosts.detail.errors.loadFailed')}</span>}
      subTitle={isNotFound ? t('admin.hosts.detail.errors.notFound') : error?.message}
      extra={
        <Space wrap>
          <BackToHosts />
          <Button type="primary" onClick={onRetry} loading={buttonLoading(isRetrying)}>
            {t('admin.hosts.detail.retry')}
          </Button>
        </Space>
      }
    />
  );
}

function LoadedHostDetails({ id, host, canWrite }: { id: string; host: HostDetail; canWrite: boolean }) {
  const { t } = useTranslation();
  const edit = useHostEdit(id, host);
  const invalidate = useInvalidate();
  // A colleague's change (or the host's own, from the app) reads the host, its verification and history again, and says who.
  const changeNotice = useRecordChanges({
    entityType: 'host',
    entityId: id,
    resources: HOST_RESOURCES,
    reload: () => void invalidate({ invalidates: ['all'] }),
  });
  return (
    <Space direction="vertical" size="middle" style={{ width: '100%' }}>
      {changeNotice}
      <PresenceNote resource="hosts" id={Number(id)} />
      <Flex wrap gap="small" justify="space-between" align="center">
        <Space wrap align="center">
          <BackToHosts />
          <Typography.Title level={2} style={{ margin: 0 }}>
            {host.name.trim() ? host.name : t('admin.hosts.list.unknownHost')}
          </Typography.Title>
          <SuspendedTag suspendedAt={host.suspendedAt} suspensionReason={host.suspensionReason} />
        </Space>
        {canWrite ? <HostActions id={id} host={host} edit={edit} /> : null}
      </Flex>
      <UserSuspension
        resource="hosts"
        userId={host.id}
        suspendedAt={host.suspendedAt}
        suspensionReason={host.suspensionReason}
        onChanged={() => void invalidate({ invalidates: ['all'] })}
      />
      <HostReviewKeys id={Number(id)} name={host.name} />
      <HostInformationCard host={host} edit={edit} />
      <HostRegistrationCard host={host} />
      <HostVerification id={id} />
      <RecordNotes resource="hosts" recordId={Number(id)} />
      <AuditHistory entityType="host" entityId={id} />
    </Space>
  );
}

/** Edit (Save and Cancel while editing) and Delete, for the roles that change hosts. */
function HostActions({ id, host, edit }: { id: string; host: HostDetail; edit: HostEdit }) {
  const { t } = useTranslation();
  const { confirmDelete, isDeleting } = useHostDelete(id, host);
  return (
    <Space wrap>
      {edit.isEditing ? (
        <>
          <Button type="primary" icon={<SaveOutlined />} onClick={edit.save} loading={buttonLoading(edit.isSaving)}>
            {t('admin.hosts.detail.save')}
          </Button>
          <Button onClick={edit.cancelEditing} disabled={edit.isSaving}>
            {t('admin.hosts.detail.cancel')}
          </Button>
        </>
      ) : (
        <Button icon={<EditOutlined />} onClick={edit.startEditing}>
          {t('admin.hosts.detail.edit')}
        </Button>
      )}
      <Button danger icon={<DeleteOutlined />} onClick={confirmDelete} loading={buttonLoading(isDeleting)}>
        {t('admin.hosts.detail.delete')}
      </Button>
    </Space>
  );
}

/** Deleting the host, once confirmed in a dialog; then back to the list. */
function useHostDelete(id: string, host: HostDetail) {
  const { t } = useTranslation();
  const { message, modal } = App.useApp();
  const navigate = useNavigate();
  const { mutate: remove, mutation: removal } = useDelete<HostDetail, HttpError>();

  function confirmDelete() {
    modal.confirm({
      title: t('admin.hosts.detail.deleteTitle'),
      content: t('admin.hosts.detail.deleteConfirm', { name: host.name }),
      okText: t('admin.hosts.detail.delete'),
      okButtonProps: { danger: true },
      cancelText: t('admin.hosts.detail.cancel'),
      onOk: () =>
        new Promise<void>((resolve) => {
          markOwnChange('host', id);
          remove(
            { resource: 'hosts', id, successNotification: false, errorNotification: false },
            {
              onSuccess: () => {
                resolve();
                void message.success(t('admin.hosts.detail.deleted'));
                navigate(HOSTS_PATH);
              },
              onError: () => {
                resolve();
                void message.error(t('admin.hosts.detail.errors.deleteFailed'));
              },
            },
          );
        }),
    });
  }

  return { confirmDelete, isDeleting: removal.isPending };
}

function HostRegistrationCard({ host }: { host: HostDetail }) {
  const { t } = useTranslation();
  return (
    <SectionCard title={t('admin.hosts.detail.registration')}>
      <Descriptions column={{ xs: 1, md: 3 }} size="small">
        <Descriptions.Item label={t('admin.hosts.detail.fields.hostId')}>{host.id}</Descriptions.Item>
        <Descriptions.Item label={t('admin.hosts.detail.fields.createdAt')}>
          <time dateTime={host.createdAt}>{formatDate(host.createdAt)}</time>
        </Descriptions.Item>
        <Descriptions.Item label={t('admin.hosts.detail.fields.updatedAt')}>
          <time dateTime={host.updatedAt}>{formatDate(host.updatedAt)}</time>
        </Descriptions.Item>
      </Descriptions>
    </SectionCard>
  );
}
