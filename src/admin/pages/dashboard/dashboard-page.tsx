import { useCustom, useTranslate, type HttpError } from '@refinedev/core';
import { Alert, Button, Card, Col, Row, Skeleton, Space, Statistic, Typography } from 'antd';
import { Link } from 'react-router';
import type { Dashboard } from '../../../contracts/dashboard';
import { useReadableResources } from '../../access';
import { ADMIN_CALLS } from '../../resources';

/** The resource whose screen a card opens: the first part of its address. */
const DASHBOARD_LINK_RESOURCES = ['hosts', 'listings', 'property-approvals', 'bookings', 'feedbacks'];
const resourceOf = (to: string) => (to.startsWith('/feedback') ? 'feedbacks' : to.slice(1).split(/[/?]/)[0]);

type DashboardCard = { key: string; label: string; value: number | string; to: string };

function cardsOf(dashboard: Dashboard, translate: (key: string) => string): { section: string; cards: DashboardCard[] }[] {
  const { hosts, bookings, feedback } = dashboard;
  // Each card is labelled admin.dashboard.cards.<key> and opens its list, filtered where it counts a status.
  const card = (key: string, value: number | string, to: string): DashboardCard => ({ key, label: translate(`admin.dashboard.cards.${key}`), value, to });
  const section = (key: string, cards: DashboardCard[]) => ({ section: translate(`admin.dashboard.sections.${key}`), cards });
  const rating = feedback.averageRating === null ? translate('admin.dashboard.cards.noRating') : `${feedback.averageRating.toFixed(1)} / 5`;
  return [
    section('hosts', [
      card('hostsTotal', hosts.total, '/hosts'),
      card('hostsPending', hosts.pending, '/hosts?status=Pending'),
      card('hostsApproved', hosts.approved, '/hosts?status=Confirmed'),
      card('hostsRejected', hosts.rejected, '/hosts?status=Rejected'),
    ]),
    section('reviews', [
      card('listingsAwaiting', dashboard.listingsAwaitingDecision, '/listings?status=Pending'),
      card('propertiesAwaiting', dashboard.propertiesAwaitingApproval, '/property-approvals?status=pending'),
    ]),
    section('bookings', [
      card('bookingsTotal', bookings.total, '/bookings'),
      card('bookingsConfirmed', bookings.confirmed, '/bookings?status=confirmed'),
      card('bookingsPending', bookings.pending, '/bookings?status=pending'),
      card('bookingsCancelled', bookings.cancelled, '/bookings?status=cancelled'),
    ]),
    section('feedback', [card('feedbackCount', feedback.count, '/feedback'), card('averageRating', rating, '/feedback')]),
  ];
}

/** The "Dashboard" heading of docs/product.md §7, with the server's exact counts as cards that open the filtered lists. */
export function DashboardPage() {
  const translate = useTranslate();
  const { query } = useCustom<Dashboard, HttpError>({
    url: ADMIN_CALLS.dashboard.path,
    method: ADMIN_CALLS.dashboard.method,
    errorNotification: false,
  });
  // The query's own data: useCustom's `result.data` is an empty object until the answer arrives.
  const dashboard = query.data?.data;
  // Every role reads the counts; a card opens its list only for a role that reads it (docs/decisions/018-staff-roles.md).
  const readable = useReadableResources(DASHBOARD_LINK_RESOURCES);

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
                  {readable.has(resourceOf(card.to)) ? (
                    <Link to={card.to} style={{ display: 'block' }}>
                      <Card hoverable size="small">
                        <Statistic title={<Typography.Text>{card.label}</Typography.Text>} value={card.value} />
                      </Card>
                    </Link>
                  ) : (
                    <Card size="small">
                      <Statistic title={<Typography.Text>{card.label}</Typography.Text>} value={card.value} />
                    </Card>
                  )}
                </Col>
              ))}
            </Row>
          </section>
        ))}
    </Space>
  );
}
