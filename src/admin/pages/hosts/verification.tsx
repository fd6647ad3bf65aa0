import { useCustom, useCustomMutation, useInvalidate, type HttpError } from '@refinedev/core';
import { App, Avatar, Button, Card, Descriptions, Empty, Flex, Modal, Skeleton, Space, Typography } from 'antd';
import { CheckCircleOutlined, UserOutlined } from '../../icons';
import { useState } from 'react';
import { usePermission } from '../../access';
import { useTranslation } from 'react-i18next';
import type { UserDetailsResponse } from '../../../contracts/hosts';
import { declaration as hostList } from '../../../contracts/lists/hosts';
import type { RecordAction } from '../../../contracts/record-action';
import { formatDate } from '../../../lib/format';
import { actionPath, findResource } from '../../resources';
import { buttonActionsOf, DeclaredActionButtons, DeclaredActionDialog, useDeclaredActions } from '../../components/declared-actions';
import { decidedOne, useDecisionNotice } from '../../components/use-decision-notice';
import { HOST_ACTION_TEXTS } from './host-queue';
import { SectionTitle } from '../../components/section-card';
import { markOwnChange } from '../../live/own-changes';
import { Notice } from '../../components/notice';

const THUMBNAIL_SIZE = 120;

type UserDetails = UserDetailsResponse['userDetails'];
type VerificationDetails = NonNullable<UserDetailsResponse['hostVerificationDetails']>;

/** A value as sent, or "Not provided". */
function useShown() {
  const { t } = useTranslation();
  return (value: string | null | undefined) => (value ? value : <Typography.Text italic>{t('admin.hosts.detail.notProvided')}</Typography.Text>);
}

/** Host Verification Details (docs/product.md §9): the user's details and picture, the ID document (thumbnail and modal) and the host's declared decision buttons (Approve Host). */
export function HostVerification({ id }: { id: string }) {
  const { t } = useTranslation();
  const canDecide = usePermission('hosts', hostList.actions[0].permission);
  const { query } = useCustom<UserDetailsResponse, HttpError>({
    url: actionPath('hosts', 'verification', id),
    method: 'get',
    errorNotification: false,
    queryOptions: { retry: false },
  });
  const title = <SectionTitle>{t('admin.hosts.verification.title')}</SectionTitle>;

  if (query.isLoading) {
    return (
      <Card title={title}>
        <Skeleton active avatar />
      </Card>
    );
  }
  // The query's own data: useCustom's `result.data` is an empty object until the answer arrives.
  const details = query.data?.data;
  if (query.isError || !details) {
    return (
      <Card title={title}>
        <Notice type="error" role="alert" showIcon message={t('admin.hosts.verification.loadFailed')} />
      </Card>
    );
  }

  const { userDetails, hostVerificationDetails: verification } = details;
  return (
    <>
      <HostUserCard userDetails={userDetails} />
      <Card title={title} extra={canDecide && BUTTON_ACTIONS.length > 0 ? <HostDecisionButtons id={id} /> : null}>
        {verification ? (
          <IdentityDocument verification={verification} name={userDetails.name} />
        ) : (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('admin.hosts.verification.noVerification')} />
        )}
      </Card>
    </>
  );
}

/** The host's user account: picture, name, e-mail, phone, when they joined and what they wrote about themselves. */
function HostUserCard({ userDetails }: { userDetails: UserDetails }) {
  const { t } = useTranslation();
  const shown = useShown();
  const { name } = userDetails;
  const phone = [userDetails.phoneCountryCode, userDetails.phoneNumber].filter(Boolean).join(' ');
  return (
    <Card title={<SectionTitle>{t('admin.hosts.verification.userTitle')}</SectionTitle>}>
      <Flex gap="large" wrap align="flex-start">
        <Avatar size={96} src={userDetails.profilePicture ?? undefined} icon={<UserOutlined />} alt={t('admin.hosts.verification.pictureAlt', { name })} />
        <Descriptions column={{ xs: 1, md: 2 }} size="small" style={{ flex: 1, minWidth: 240 }}>
          <Descriptions.Item label={t('admin.hosts.verification.fields.name')}>{shown(name)}</Descriptions.Item>
          <Descriptions.Item label={t('admin.hosts.verification.fields.email')}>{shown(userDetails.email)}</Descriptions.Item>
          <Descriptions.Item label={t('admin.hosts.verification.fields.phone')}>{shown(phone)}</Descriptions.Item>
          <Descriptions.Item label={t('admin.hosts.verification.fields.joined')}>
            <time dateTime={userDetails.createdAt}>{formatDate(userDetails.createdAt)}</time>
          </Descriptions.Item>
          <Descriptions.Item label={t('admin.hosts.verification.fields.about')} span={2}>
            <Typography.Paragraph style={{ margin: 0, whiteSpace: 'pre-wrap' }}>{shown(userDetails.about)}</Typography.Paragraph>
          </Descriptions.Item>
        </Descriptions>
      </Flex>
    </Card>
  );
}

/** Host Details' buttons: the host's declared actions with a call for one record (approving; declining runs in bulk and by key). */
const BUTTON_ACTIONS = buttonActionsOf(hostList.actions);

/** The main action's icon (Approve Host's check). */
const iconOf = (action: RecordAction) => (action.tone === 'primary' ? <CheckCircleOutlined /> : undefined);

/** Each declared action's button, sent through its call for one host; one that asks a reason asks it first. */
function HostDecisionButtons({ id }: { id: string }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const invalidate = useInvalidate();
  const { mutate: send, mutation: sending } = useCustomMutation<Record<string, unknown>, HttpError>();
  const [sent, setSent] = useState<string | null>(null);
  const showDecision = useDecisionNotice(findResource('hosts').list!, 'hosts');
  const actions = useDeclaredActions(BUTTON_ACTIONS, (action, reason, { close }) => {
    close();
    markOwnChange('host', id);
    setSent(action.name);
    send(
      { url: actionPath('hosts', action.name, id), method: 'post', values: reason ? { reason } : {}, successNotification: false, errorNotification: false },
      {
        onSettled: () => markOwnChange('host', id),
        onSuccess: () => {
          showDecision(decidedOne(Number(id), action.to), action.name, t(`${HOST_ACTION_TEXTS}.${action.name}.succeeded`));
          void invalidate({ invalidates: ['all'] });
        },
        onError: () => void message.error(t(`${HOST_ACTION_TEXTS}.${action.name}.failed`)),
      },
    );
  });

  return (
    <>
      <Space wrap>
        <DeclaredActionButtons
          actions={BUTTON_ACTIONS}
          texts={HOST_ACTION_TEXTS}
          pendingName={sending.isPending ? sent : null}
          icon={iconOf}
          onAction={(action) => actions.request(action)}
        />
      </Space>
      {actions.asked?.isOpen ? (
        <DeclaredActionDialog
          asked={actions.asked}
          texts={HOST_ACTION_TEXTS}
          reason={actions.reason}
          onReasonChange={actions.setReason}
          onConfirm={actions.confirm}
          onCancel={actions.close}
        />
      ) : null}
    </>
  );
}

/** The ID the host sent: its type, country and date, and the document as a thumbnail that opens it whole in a dialog. */
function IdentityDocument({ verification, name }: { verification: VerificationDetails; name: string }) {
  const { t } = useTranslation();
  const [isDocumentOpen, setIsDocumentOpen] = useState(false);
  return (
    <Flex gap="large" wrap align="flex-start">
      <Descriptions column={1} size="small" style={{ flex: 1, minWidth: 220 }}>
        <Descriptions.Item label={t('admin.hosts.verification.fields.idType')}>{verification.idType}</Descriptions.Item>
        <Descriptions.Item label={t('admin.hosts.verification.fields.country')}>{verification.country}</Descriptions.Item>
        <Descriptions.Item label={t('admin.hosts.verification.fields.submitted')}>
          <time dateTime={verification.createdAt}>{formatDate(verification.createdAt)}</time>
        </Descriptions.Item>
      </Descriptions>
      <Space direction="vertical" size={4}>
        <Typography.Text>{t('admin.hosts.verification.fields.idDocument')}</Typography.Text>
        <button
          type="button"
          onClick={() => setIsDocumentOpen(true)}
          aria-label={t('admin.hosts.verification.openDocument', { name })}
          style={{ padding: 0, border: '1px solid #d9d9d9', borderRadius: 8, background: 'none', cursor: 'zoom-in', lineHeight: 0 }}
        >
          <img src={verification.idDocumentUrl} alt="" width={THUMBNAIL_SIZE} height={THUMBNAIL_SIZE * 0.66} style={{ objectFit: 'cover', borderRadius: 8 }} />
        </button>
      </Space>
      <Modal
        open={isDocumentOpen}
        title={t('admin.hosts.verification.fields.idDocument')}
        onCancel={() => setIsDocumentOpen(false)}
        footer={<Button onClick={() => setIsDocumentOpen(false)}>{t('admin.hosts.verification.close')}</Button>}
        width={720}
      >
        <img src={verification.idDocumentUrl} alt={t('admin.hosts.verification.documentAlt', { name })} style={{ width: '100%', height: 'auto' }} />
      </Modal>
    </Flex>
  );
}
