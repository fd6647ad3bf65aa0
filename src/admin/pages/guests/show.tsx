import { useCustom, useOne, type HttpError } from '@refinedev/core';
import { Button, Descriptions, Flex, Result, Space, Spin, Table, Typography, type TableColumnsType } from 'antd';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import {
  GUEST_NOT_FOUND_MESSAGE,
  GUEST_SECTION_PAGE_SIZE,
  type GuestBooking,
  type GuestConversation,
  type GuestDetail,
  type GuestFeedback,
  type GuestSectionPage,
} from '../../../contracts/guests';
import type { Permission } from '../../../contracts/roles';
import { SUSPENSIONS_LIVE_RESOURCE } from '../../../contracts/live';
import { formatDate, formatDateTime, formatMoney } from '../../../lib/format';
import { usePermission } from '../../access';
import { SectionCard } from '../../components/section-card';
import { registerGuestsCatalogue } from '../../../i18n/guests-catalogue';
import { ArrowLeftOutlined, buttonLoading } from '../../icons';
import { idsOf, resourceChannel, useLiveEvents } from '../../live/use-live-events';
import { actionPath } from '../../resources';
import { bookingStatusLabelKey } from '../../components/booking-status';
import { SuspendedTag } from '../../components/suspended-tag';
import { UserSuspension } from '../../components/user-suspension';

// The Guests texts load with these screens (src/i18n/guests-catalogue.ts).
registerGuestsCatalogue();

const GUESTS_PATH = '/guests';

const SUSPENSION_TOPICS = [{ channel: resourceChannel(SUSPENSIONS_LIVE_RESOURCE), types: ['updated'] }];

/** /guests/:id: a guest's details, then their bookings, feedback and conversations, each to the roles that read those. */
export function GuestPage() {
  const { id = '' } = useParams();
  const { t } = useTranslation();
  const { query, result: guest } = useOne<GuestDetail, HttpError>({ resource: 'guests', id, errorNotification: false, queryOptions: { retry: false } });
  // The guest suspended or reinstated elsewhere (a colleague, another tab): the page shows it.
  useLiveEvents(SUSPENSION_TOPICS, (event) => {
    if (idsOf(event).includes(id)) void query.refetch();
  });
  if (query.isLoading) {
    return (
      <Flex justify="center" style={{ padding: 48 }}>
        <Spin aria-label={t('admin.guests.page.loading')} />
      </Flex>
    );
  }
  if (query.isError || !guest) {
    const isNotFound = query.error?.statusCode === 404 || query.error?.message === GUEST_NOT_FOUND_MESSAGE;
    return (
      <Result
        status={isNotFound ? '404' : 'error'}
        title={<span role="alert">{t('admin.guests.page.errors.loadFailed')}</span>}
        subTitle={isNotFound ? t('admin.guests.page.errors.notFound') : query.error?.message}
        extra={
          <Space wrap>
            <BackToGuests />
            <Button type="primary" onClick={() => void query.refetch()} loading={buttonLoading(query.isFetching)}>
              {t('admin.guests.page.retry')}
            </Button>
          </Space>
        }
      />
    );
  }
  return (
    <Space direction="vertical" size="middle" style={{ width: '100%' }}>
      <Space wrap align="center">
        <BackToGuests />
        <Typography.Title level={2} style={{ margin: 0 }}>
          {guest.name.trim() ? guest.name : t('admin.guests.unknownGuest')}
        </Typography.Title>
        <SuspendedTag suspendedAt={guest.suspendedAt} suspensionReason={guest.suspensionReason} />
      </Space>
      <UserSuspension
        resource="guests"
        userId={guest.id}
        suspendedAt={guest.suspendedAt}
        suspensionReason={guest.suspensionReason}
        onChanged={() => void query.refetch()}
      />
      <GuestDetails guest={guest} />
      <GuestBookings id={id} />
      <GuestFeedbackSection id={id} />
      <GuestConversations id={id} />
    </Space>
  );
}

function BackToGuests() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <Button icon={<ArrowLeftOutlined />} onClick={() => navigate(GUESTS_PATH)}>
      {t('admin.guests.page.back')}
    </Button>
  );
}

function GuestDetails({ guest }: { guest: GuestDetail }) {
  const { t } = useTranslation();
  const missing = t('admin.guests.page.none');
  return (
    <SectionCard title={t('admin.guests.page.details')}>
      <Descriptions column={{ xs: 1, md: 3 }} size="small">
        <Descriptions.Item label={t('admin.guests.columns.id')}>{t('admin.guests.guestId', { id: guest.id })}</Descriptions.Item>
        <Descriptions.Item label={t('admin.guests.columns.email')}>{guest.email || missing}</Descriptions.Item>
        <Descriptions.Item label={t('admin.guests.columns.phone')}>{guest.phone ?? missing}</Descriptions.Item>
        <Descriptions.Item label={t('admin.guests.page.country')}>{guest.country || missing}</Descriptions.Item>
        <Descriptions.Item label={t('admin.guests.columns.joined')}>
          <time dateTime={guest.createdAt}>{formatDate(guest.createdAt)}</time>
        </Descriptions.Item>
        <Descriptions.Item label={t('admin.guests.page.lastSeen')}>
          {guest.lastSeenAt ? <time dateTime={guest.lastSeenAt}>{formatDateTime(guest.lastSeenAt)}</time> : missing}
        </Descriptions.Item>
      </Descriptions>
    </SectionCard>
  );
}

interface SectionProps<Row> {
  id: string;
  /** The section's call (`admin/guests/:id/<action>`) and the permission it needs besides reading guests. */
  action: 'bookings' | 'feedback' | 'conversations';
  permission: Permission;
  columns: TableColumnsType<Row>;
  /** What the section shows below its table, once loaded (a link to the whole list). */
  footer?: ReactNode;
}

/** One short table of the guest page, a page of five at a time; hidden from a role that may not read it. */
function GuestSection<Row extends { id: number }>({ id, action, permission, columns, footer }: SectionProps<Row>) {
  const canRead = usePermission('guests', permission);
  return canRead ? <LoadedSection id={id} action={action} permission={permission} columns={columns} footer={footer} /> : null;
}

function LoadedSection<Row extends { id: number }>({ id, action, columns, footer }: SectionProps<Row>) {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const { query } = useCustom<GuestSectionPage<Row>, HttpError>({
    url: actionPath('guests', action, id),
    method: 'get',
    config: { query: { page } },
    errorNotification: false,
    queryOptions: { retry: false },
  });
  const title = t(`admin.guests.page.${action}.title`);
  const answer = query.data?.data;
  return (
    <SectionCard title={title}>
      {query.isError ? (
        <Typography.Text type="danger" role="alert">
          {t(`admin.guests.page.${action}.failed`)}
        </Typography.Text>
      ) : (
        <Table<Row>
          aria-label={title}
          rowKey="id"
          size="small"
          columns={columns}
          dataSource={answer?.rows ?? []}
          loading={query.isFetching}
          locale={{ emptyText: t(`admin.guests.page.${action}.empty`) }}
          pagination={
            (answer?.total ?? 0) > GUEST_SECTION_PAGE_SIZE
              ? { current: page, pageSize: GUEST_SECTION_PAGE_SIZE, total: answer?.total, onChange: setPage, showSizeChanger: false }
              : false
          }
        />
      )}
      {footer}
    </SectionCard>
  );
}

function GuestBookings({ id }: { id: string }) {
  const { t } = useTranslation();
  const label = (key: string) => t(`admin.guests.page.bookings.columns.${key}`);
  const columns: TableColumnsType<GuestBooking> = [
    {
      key: 'id',
      title: label('id'),
      render: (_, booking) => (
        <Link to={`/bookings?q=${encodeURIComponent(`#${booking.id}`)}`} aria-label={t('admin.guests.page.bookings.open', { id: booking.id })}>
          {t('admin.guests.guestId', { id: booking.id })}
        </Link>
      ),
    },
    { key: 'property', title: label('property'), render: (_, booking) => booking.propertyTitle ?? t('admin.guests.page.none') },
    { key: 'checkIn', title: label('checkIn'), render: (_, booking) => formatDate(booking.checkInDate) },
    { key: 'checkOut', title: label('checkOut'), render: (_, booking) => formatDate(booking.checkOutDate) },
    { key: 'total', title: label('total'), align: 'right', render: (_, booking) => formatMoney(booking.total) },
    {
      key: 'status',
      title: label('status'),
      render: (_, booking) => {
        const key = bookingStatusLabelKey(booking.status);
        return key ? t(key) : booking.status;
      },
    },
  ];
  return <GuestSection<GuestBooking> id={id} action="bookings" permission="bookings.read" columns={columns} />;
}

function GuestFeedbackSection({ id }: { id: string }) {
  const { t } = useTranslation();
  const label = (key: string) => t(`admin.guests.page.feedback.columns.${key}`);
  const columns: TableColumnsType<GuestFeedback> = [
    { key: 'rating', title: label('rating'), render: (_, feedback) => t('admin.guests.page.feedback.stars', { count: feedback.rating }) },
    { key: 'comments', title: label('comments'), render: (_, feedback) => feedback.comments || t('admin.guests.page.none') },
    {
      key: 'createdAt',
      title: label('createdAt'),
      render: (_, feedback) => <time dateTime={feedback.createdAt}>{formatDate(feedback.createdAt)}</time>,
    },
  ];
  return <GuestSection<GuestFeedback> id={id} action="feedback" permission="feedback.read" columns={columns} />;
}

function GuestConversations({ id }: { id: string }) {
  const { t } = useTranslation();
  const label = (key: string) => t(`admin.guests.page.conversations.columns.${key}`);
  const columns: TableColumnsType<GuestConversation> = [
    {
      key: 'title',
      title: label('title'),
      render: (_, conversation) => <Link to={`/chats?conversation=${conversation.id}`}>{conversation.title}</Link>,
    },
    { key: 'unread', title: label('unread'), align: 'right', render: (_, conversation) => conversation.unreadCount },
    {
      key: 'lastMessageAt',
      title: label('lastMessageAt'),
      render: (_, conversation) => <time dateTime={conversation.lastMessageAt}>{formatDateTime(conversation.lastMessageAt)}</time>,
    },
  ];
  return <GuestSection<GuestConversation> id={id} action="conversations" permission="chats.read" columns={columns} />;
}
