import { useCustom, useTranslate, type HttpError } from '@refinedev/core';
import { Button, Col, Row, Skeleton, Space, Statistic, theme } from 'antd';
import { lazy, Suspense, useState, type CSSProperties } from 'react';
import { Link } from 'react-router';
import type { Dashboard } from '../../../contracts/dashboard';
import { useReadableResources } from '../../access';
import { useLiveRefetch } from '../../live/use-live-refetch';
import { ADMIN_CALLS, findListResource, findResource, RESOURCES } from '../../resources';
import { OnView } from './on-view';
import { Notice } from '../../components/notice';

const RESOURCE_NAMES = RESOURCES.map((entry) => entry.name);
// The charts and their library load when they come into view, so the back-office's first load stays within its budget (decision 028).
const Trends = lazy(() => import('./charts/trends'));
// Leaflet and the map's code load only when the map is shown (docs/decisions/029).
const ListingsMapSection = lazy(() => import('./listings-map/listings-map-section'));
/** A count: its label (admin.dashboard.cards.<key>), the list it opens by name, filtered where it counts one status, and its value. */
type CardSpec = { key: string; list: string; status?: string; value: (dashboard: Dashboard, translate: (key: string) => string) => number | string };

/** The cards by section (admin.dashboard.sections.<section>), as data: a card names its list, whose address is the registry's. */
const CARD_SECTIONS: readonly { section: string; cards: readonly CardSpec[] }[] = [
  {
    section: 'hosts',
    cards: [
      { key: 'hostsTotal', list: 'hosts', value: ({ hosts }) => hosts.total },
      { key: 'hostsPending', list: 'hosts', status: 'Pending', value: ({ hosts }) => hosts.pending },
      { key: 'hostsApproved', list: 'hosts', status: 'Confirmed', value: ({ hosts }) => hosts.approved },
      { key: 'hostsRejected', list: 'hosts', status: 'Rejected', value: ({ hosts }) => hosts.rejected },
    ],
  },
  {
    section: 'reviews',
    cards: [
      { key: 'listingsAwaiting', list: 'listings', status: 'Pending', value: (dashboard) => dashboard.listingsAwaitingDecision },
      { key: 'propertiesAwaiting', list: 'property-approvals', status: 'pending', value: (dashboard) => dashboard.propertiesAwaitingApproval },
    ],
  },
  {
    section: 'bookings',
    cards: [
      { key: 'bookingsTotal', list: 'bookings', value: ({ bookings }) => bookings.total },
      { key: 'bookingsConfirmed', list: 'bookings', status: 'confirmed', value: ({ bookings }) => bookings.confirmed },
      { key: 'bookingsPending', list: 'bookings', status: 'pending', value: ({ bookings }) => bookings.pending },
      { key: 'bookingsCancelled', list: 'bookings', status: 'cancelled', value: ({ bookings }) => bookings.cancelled },
    ],
  },
  {
    section: 'feedback',
    cards: [
      { key: 'feedbackCount', list: 'feedbacks', value: ({ feedback }) => feedback.count },
      {
        key: 'averageRating',
        list: 'feedbacks',
        value: ({ feedback }, translate) =>
          feedback.averageRating === null ? translate('admin.dashboard.cards.noRating') : `${feedback.averageRating.toFixed(1)} / 5`,
      },
    ],
  },
];

/** The lists whose counts the cards show (src/contracts/dashboard.ts): the counts follow their live changes. */
const COUNTED_LISTS = [...new Set(CARD_SECTIONS.flatMap(({ cards }) => cards.map((card) => card.list)))];

type DashboardCard = { key: string; label: string; value: number | string; to: string; resource: string };

function cardsOf(dashboard: Dashboard, translate: (key: string) => string): { section: string; cards: DashboardCard[] }[] {
  return CARD_SECTIONS.map(({ section, cards }) => ({
    section: translate(`admin.dashboard.sections.${section}`),
    cards: cards.map((card) => {
      const resource = findListResource({ name: card.list });
      const path = findResource(resource).routes.list;
      return {
        key: card.key,
        label: translate(`admin.dashboard.cards.${card.key}`),
        value: card.value(dashboard, translate),
        to: card.status === undefined ? path : `${path}?status=${card.status}`,
        resource,
      };
    }),
  }));
}

type Token = ReturnType<typeof theme.useToken>['token'];

// The first screen after sign-in draws its headings and cards from antd's tokens rather than with
// Typography and Card: those bring their editable text area and their tabs (about 30 KB gzip) to
// every first load for features this screen does not use.
const headingStyle = (token: Token): CSSProperties => ({ color: token.colorTextHeading, fontWeight: token.fontWeightStrong });

/** One count, boxed as a small antd Card; one that opens its list is raised under the pointer, as a hoverable Card. */
function CountCard({ label, value, isLink = false }: { label: string; value: number | string; isLink?: boolean }) {
  const { token } = theme.useToken();
  const [isHovered, setIsHovered] = useState(false);
  return (
    <div
      onMouseEnter={isLink ? () => setIsHovered(true) : undefined}
      onMouseLeave={isLink ? () => setIsHovered(false) : undefined}
      style={{
        padding: token.paddingSM,
        background: token.colorBgContainer,
        border: `${token.lineWidth}px ${token.lineType} ${isHovered ? 'transparent' : token.colorBorderSecondary}`,
        borderRadius: token.borderRadiusLG,
        boxShadow: isHovered ? token.boxShadowTertiary : undefined,
        transition: `box-shadow ${token.motionDurationMid}, border-color ${token.motionDurationMid}`,
      }}
    >
      <Statistic title={<span style={{ color: token.colorText }}>{label}</span>} value={value} />
    </div>
  );
}

/** The "Dashboard" heading of docs/product.md §7, with the server's exact counts as cards that open the filtered lists. */
export function DashboardPage() {
  const translate = useTranslate();
  const { query } = useCustom<Dashboard, HttpError>({
    url: ADMIN_CALLS.dashboard.path,
    method: ADMIN_CALLS.dashboard.method,
    errorNotification: false,
  });
  // The counts follow every change to the lists they count, the marketplace's own writes included.
  useLiveRefetch(COUNTED_LISTS, () => void query.refetch());
  // The query's own data: useCustom's `result.data` is an empty object until the answer arrives.
  const dashboard = query.data?.data;
  // Every role reads the counts; a card opens its list only for a role that reads it (docs/decisions/018-staff-roles.md).
  const readable = useReadableResources(RESOURCE_NAMES);
  const { token } = theme.useToken();

  return (
    <Space direction="vertical" size="large" style={{ width: '100%' }}>
      <h2 style={{ ...headingStyle(token), fontSize: token.fontSizeHeading2, lineHeight: token.lineHeightHeading2, margin: 0 }}>
        {translate('admin.dashboard.title')}
      </h2>
      {query.isLoading && <Skeleton active />}
      {query.isError && (
        <Notice
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
            <h3 style={{ ...headingStyle(token), fontSize: 16, lineHeight: token.lineHeightHeading3, margin: '0 0 0.5em' }}>{section}</h3>
            <Row gutter={[16, 16]}>
              {cards.map((card) => (
                <Col key={card.key} xs={24} sm={12} lg={6}>
                  {readable.has(card.resource) ? (
                    <Link to={card.to} style={{ display: 'block' }}>
                      <CountCard label={card.label} value={card.value} isLink />
                    </Link>
                  ) : (
                    <CountCard label={card.label} value={card.value} />
                  )}
                </Col>
              ))}
            </Row>
          </section>
        ))}
      {/* Keyed: antd's Space keys its items by position, and the skeleton before it comes and goes. */}
      <section key="trends" aria-label={translate('admin.dashboard.trends')}>
        <h3 style={{ ...headingStyle(token), fontSize: 16, lineHeight: token.lineHeightHeading3, margin: '0 0 0.5em' }}>
          {translate('admin.dashboard.trends')}
        </h3>
        <OnView placeholderHeight={320}>
          <Suspense fallback={<Skeleton active />}>
            <Trends />
          </Suspense>
        </OnView>
      </section>
      {readable.has('listings') && (
        <Suspense key="map" fallback={<Skeleton active />}>
          <ListingsMapSection />
        </Suspense>
      )}
    </Space>
  );
}
