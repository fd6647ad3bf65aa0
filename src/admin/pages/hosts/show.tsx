import { useDelete, useInvalidate, useOne, useUpdate, type HttpError } from '@refinedev/core';
import { Alert, App, Button, Card, Descriptions, Flex, Form, Input, Result, Space, Spin, Typography } from 'antd';
import { ArrowLeftOutlined, buttonLoading, DeleteOutlined, EditOutlined, SaveOutlined } from '../../icons';
import { useState } from 'react';
import { usePermission } from '../../access';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import {
  HOST_EDIT_FIELDS,
  HOST_EDIT_LIMITS,
  HOST_EDIT_MESSAGES,
  HOST_NOT_FOUND_MESSAGE,
  validateHostEdit,
  type HostDetail,
  type HostEditValues,
} from '../../../contracts/hosts';
import { formatDate } from '../../../lib/format';
import { AuditHistory } from '../../components/audit-history';
import { HostVerification } from './verification';

const HOSTS_PATH = '/hosts';

/** The catalogue key of each host edit message (docs/product.md §20.1), so the rule's text shows in the chosen language. */
const VALIDATION_KEYS: Record<string, string> = Object.fromEntries(
  Object.entries(HOST_EDIT_MESSAGES).map(([key, text]) => [text, `admin.hosts.detail.validation.${key}`]),
);

function editValuesOf(host: HostDetail): HostEditValues {
  return {
    name: host.name,
    email: host.email ?? '',
    phone: host.phone ?? '',
    propertyAddress: host.propertyAddress ?? '',
  };
}

/** Host Details (docs/product.md §9) with the "Host Verification Details" card and the host's history on the same page. */
export function HostDetails() {
  const { id = '' } = useParams();
  const { t } = useTranslation();
  const { message, modal } = App.useApp();
  const navigate = useNavigate();
  const invalidate = useInvalidate();
  const [form] = Form.useForm<HostEditValues>();
  const [isEditing, setIsEditing] = useState(false);
  const [formError, setFormError] = useState<string>();

  const { query, result: host } = useOne<HostDetail, HttpError>({
    resource: 'hosts',
    id,
    errorNotification: false,
    queryOptions: { retry: false },
  });
  const { mutate: update, mutation: updating } = useUpdate<HostDetail, HttpError, HostEditValues>();
  const isSaving = updating.isPending;
  const { mutate: remove, mutation: removal } = useDelete<HostDetail, HttpError>();

  const validationText = (text: string) => (VALIDATION_KEYS[text] ? t(VALIDATION_KEYS[text]) : text);
  const backToHosts = (
    <Button icon={<ArrowLeftOutlined />} onClick={() => navigate(HOSTS_PATH)}>
      {t('admin.hosts.detail.back')}
    </Button>
  );

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
    const isNotFound = query.error?.statusCode === 404 || query.error?.message === HOST_NOT_FOUND_MESSAGE;
    return (
      <Result
        status={isNotFound ? '404' : 'error'}
        title={<span role="alert">{t('admin.hosts.detail.errors.loadFailed')}</span>}
        subTitle={isNotFound ? t('admin.hosts.detail.errors.notFound') : query.error?.message}
        extra={
          <Space wrap>
            {backToHosts}
            <Button type="primary" onClick={() => void query.refetch()} loading={buttonLoading(query.isFetching)}>
              {t('admin.hosts.detail.retry')}
            </Button>
          </Space>
        }
      />
    );
  }

  const currentHost = host;

  function startEditing() {
    setFormError(undefined);
    setIsEditing(true);
  }

  function cancelEditing() {
    // Cancel restores the stored values: the form keeps its values between edits, so they are put back first.
    form.setFieldsValue(editValuesOf(currentHost));
    setFormError(undefined);
    setIsEditing(false);
  }

  function save() {
    const values = form.getFieldsValue(true) as HostEditValues;
    const problem = validateHostEdit(values);
    if (problem) {
      setFormError(validationText(problem));
      return;
    }
    setFormError(undefined);
    update(
      { resource: 'hosts', id, values, successNotification: false, errorNotification: false },
      {
        onSuccess: () => {
          // The next Edit starts from what was saved.
          form.setFieldsValue(values);
          setIsEditing(false);
          void message.success(t('admin.hosts.detail.updated'));
          void invalidate({ invalidates: ['all'] });
        },
        onError: (error) => setFormError(`${t('admin.hosts.detail.errors.updateFailed')}: ${validationText(error.message)}`),
      },
    );
  }

  function confirmDelete() {
    modal.confirm({
      title: t('admin.hosts.detail.deleteTitle'),
      content: t('admin.hosts.detail.deleteConfirm', { name: currentHost.name }),
      okText: t('admin.hosts.detail.delete'),
      okButtonProps: { danger: true },
      cancelText: t('admin.hosts.detail.cancel'),
      onOk: () =>
        new Promise<void>((resolve) => {
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

  const shown = (value: string | null) => (value ? value : <Typography.Text italic>{t('admin.hosts.detail.notProvided')}</Typography.Text>);

  return (
    <Space direction="vertical" size="middle" style={{ width: '100%' }}>
      <Flex wrap gap="small" justify="space-between" align="center">
        <Space wrap align="center">
          {backToHosts}
          <Typography.Title level={2} style={{ margin: 0 }}>
            {currentHost.name.trim() ? currentHost.name : t('admin.hosts.list.unknownHost')}
          </Typography.Title>
        </Space>
        {canWrite ? (
        <Space wrap>
          {isEditing ? (
            <>
              <Button type="primary" icon={<SaveOutlined />} onClick={save} loading={buttonLoading(isSaving)}>
                {t('admin.hosts.detail.save')}
              </Button>
              <Button onClick={cancelEditing} disabled={isSaving}>
                {t('admin.hosts.detail.cancel')}
              </Button>
            </>
          ) : (
            <Button icon={<EditOutlined />} onClick={startEditing}>
              {t('admin.hosts.detail.edit')}
            </Button>
          )}
          <Button danger icon={<DeleteOutlined />} onClick={confirmDelete} loading={buttonLoading(removal.isPending)}>
            {t('admin.hosts.detail.delete')}
          </Button>
        </Space>
        ) : null}
      </Flex>

      <Card title={<Typography.Title level={3} style={{ margin: 0, fontSize: 16 }}>{t('admin.hosts.detail.information')}</Typography.Title>}>
        {isEditing ? (
          <Form form={form} layout="vertical" requiredMark={false} onFinish={save} initialValues={editValuesOf(currentHost)}>
            {formError && <Alert role="alert" type="error" showIcon message={formError} style={{ marginBottom: 16 }} />}
            {HOST_EDIT_FIELDS.map((field) => (
              <Form.Item key={field} name={field} label={t(`admin.hosts.detail.fields.${field}`)}>
                {field === 'propertyAddress' ? (
                  <Input.TextArea autoSize={{ minRows: 2 }} maxLength={HOST_EDIT_LIMITS[field]} />
                ) : (
                  <Input type={field === 'email' ? 'email' : field === 'phone' ? 'tel' : 'text'} maxLength={HOST_EDIT_LIMITS[field]} />
                )}
              </Form.Item>
            ))}
          </Form>
        ) : (
          <Descriptions column={{ xs: 1, md: 2 }} bordered size="small">
            <Descriptions.Item label={t('admin.hosts.detail.fields.name')}>{shown(currentHost.name)}</Descriptions.Item>
            <Descriptions.Item label={t('admin.hosts.detail.fields.email')}>{shown(currentHost.email)}</Descriptions.Item>
            <Descriptions.Item label={t('admin.hosts.detail.fields.phone')}>{shown(currentHost.phone)}</Descriptions.Item>
            <Descriptions.Item label={t('admin.hosts.detail.fields.propertyAddress')}>{shown(currentHost.propertyAddress)}</Descriptions.Item>
          </Descriptions>
        )}
      </Card>

      <Card title={<Typography.Title level={3} style={{ margin: 0, fontSize: 16 }}>{t('admin.hosts.detail.registration')}</Typography.Title>}>
        <Descriptions column={{ xs: 1, md: 3 }} size="small">
          <Descriptions.Item label={t('admin.hosts.detail.fields.hostId')}>{currentHost.id}</Descriptions.Item>
          <Descriptions.Item label={t('admin.hosts.detail.fields.createdAt')}>
            <time dateTime={currentHost.createdAt}>{formatDate(currentHost.createdAt)}</time>
          </Descriptions.Item>
          <Descriptions.Item label={t('admin.hosts.detail.fields.updatedAt')}>
            <time dateTime={currentHost.updatedAt}>{formatDate(currentHost.updatedAt)}</time>
          </Descriptions.Item>
        </Descriptions>
      </Card>

      <HostVerification id={id} />
      <AuditHistory entityType="host" entityId={id} />
    </Space>
  );
}
