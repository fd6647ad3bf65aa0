import { useCustom, useTranslate, type HttpError } from '@refinedev/core';
import { Alert, Button, Card, Col, Row, Skeleton, Space, Statistic, Typography } from 'antd';
import { Link } from 'react-router';
import type { Dashboard } from '../../../contracts/dashboard';
import { ADMIN_CALLS } from '../../resources';

type DashboardCard = { key: string; label: string; value: number | string; to: string };

function cardsOf(dashboard: Dashboard, translate: (key: string) => string): { section: string; cards: DashboardCard[] }[] {
  const { hosts, bookings, feedback } = dashboard;
  return [
    {
      section: translate('admin.dashboard.sections.hosts'),
      cards: [
        { key: 'hostsTotal', label: translate('admin.dashboard.cards.hostsTotal'), value: hosts.total, to: '/hosts' },
        { key: 'hostsPending', label: translate('admin.dashboard.cards.hostsPending'), value: hosts.pending, to: '/hosts?status=Pending' },
        { key: 'hostsApproved', label: translate('admin.dashboard.cards.hostsApproved'), value: hosts.approved, to: '/hosts?status=Confirmed' },
        { key: 'hostsRejected', label: translate('admin.dashboard.cards.hostsRejected'), value: hosts.rejected, to: '/hosts?status=Rejected' },
      ],
    },
    {
      section: translate('admin.dashboard.sections.reviews'),
      cards: [
        { key: 'listingsAwaiting', label: translate('admin.dashboard.cards.listingsAwaiting'), value: dashboard.listingsAwaitingDecision, to: '/listings?status=Pending' },
        {
          key: 'propertiesAwaiting',
          label: translate('admin.dashboard.cards.propertiesAwaiting'),
          value: dashboard.propertiesAwaitingApproval,
          to: '/property-approvals?status=pending',
        },
      ],
    },
    {
      section: translate('admin.dashboard.sections.bookings'),
      cards: [
        { key: 'bookingsTotal', label: translate('admin.dashboard.cards.bookingsTotal'), value: bookings.total, to: '/bookings' },
        { key: 'bookingsConfirmed', label: translate('admin.dashboard.cards.bookingsConfirmed'), value: bookings.confirmed, to: '/bookings?status=confirmed' },
        { key: 'bookingsPending', label: translate('admin.dashboard.cards.bookingsPending'), value: bookings.pending, to: '/bookings?status=pending' },
        { key: 'bookingsCancelled', label: translate('admin.dashboard.cards.bookingsCancelled'), value: bookings.cancelled, to: '/bookings?status=cancelled' },
      ],
    },
    {
      section: translate('admin.dashboard.sections.feedback'),
      cards: [
        { key: 'feedbackCount', label: translate('admin.dashboard.cards.feedbackCount'), value: feedback.count, to: '/feedback' },
        {
          key: 'averageRating',
          label: translate('admin.dashboard.cards.averageRating'),
          value: feedback.averageRating === null ? translate('admin.dashboard.cards.noRating') : `${feedback.averageRating.toFixed(1)} / 5`,
          to: '/feedback',
        },
      ],
    },
  ];
}

/** SPEC.md's "Dashboard" heading, with the server's exact counts as cards that open the filtered lists. */
export function DashboardPage() {
  const translate = useTranslate();
  const { query } = useCustom<Dashboard, HttpError>({
    url: ADMIN_CALLS.dashboard.path,
    method: ADMIN_CALLS.dashboard.method,
    errorNotification: false,
  });
  // The query's own data: useCustom's `result.data` is an empty object until the answer arrives.
  const dashboard = query.data?.data;

  return (
    <Space direction="vertical" size="large" style={{ width: '100%' }}>
      <Typography.Title level={2} style={{ margin: 0 }}>
        {translate('admin.dashboard.title')}
      </Typography.Title>
      {query.isLoading && <Skeleton active />}
      {query.isError && (
        <Alert
          type="error"
          role="alert"
          showIcon
          message={translate('admin.dashboard.loadFailed')}
          action={
            <Button size="small" onClick={() => void query.refetch()}>
              {translate('admin.dashboard.retry')}
            </Button>
          }
        />
      )}
      {dashboard &&
        cardsOf(dashboard, translate).map(({ section, cards }) => (
          <section key={section} aria-label={section}>
            <Typography.Title level={3} style={{ fontSize: 16, marginTop: 0 }}>
              {section}
            </Typography.Title>
            <Row gutter={[16, 16]}>
              {cards.map((card) => (
                <Col key={card.key} xs={24} sm={12} lg={6}>
                  <Link to={card.to} aria-label={`${card.label}: ${card.value}`} style={{ display: 'block' }}>
                    <Card hoverable size="small">
                      <Statistic title={<Typography.Text>{card.label}</Typography.Text>} value={card.value} />
                    </Card>
                  </Link>
                </Col>
              ))}
            </Row>
          </section>
        ))}
    </Space>
  );
}
