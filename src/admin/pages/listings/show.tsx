import {
  CarOutlined,
  CoffeeOutlined,
  DesktopOutlined,
  DollarOutlined,
  HeartOutlined,
  LaptopOutlined,
  LeftOutlined,
  SkinOutlined,
  ThunderboltOutlined,
  WifiOutlined,
} from '../../icons';
import { useOne } from '@refinedev/core';
import { Button, Col, Descriptions, Flex, Result, Row, Skeleton, Space, Typography } from 'antd';
import { type ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import type { ListingAmenityFlag, ListingDecisionResponse, ListingDetail } from '../../../contracts/listings';
import { declaration as listingList } from '../../../contracts/lists/listings';
import { isMovedBy } from '../../../contracts/record-action';
import type { ListingStatus } from '../../../contracts/statuses';
import { formatMoney } from '../../../lib/format';
import { AuditHistory } from '../../components/audit-history';
import RecordNotes from '../../components/notes/record-notes';
import { PresenceNote } from '../../live/presence-note';
import { useRecordChanges } from '../../live/record-change-notice';
import { StatusBadge } from '../../components/status-badge';
import { usePermission } from '../../access';
import { ListingGallery } from './listing-gallery';
import { listingStatusKey } from './listing-status';
import { LocationSection } from './location-section';
import { SectionCard } from '../../components/section-card';
import { buttonActionsOf, DeclaredActionButtons, DeclaredActionDialog, useDeclaredActions } from '../../components/declared-actions';
import { useDecision, type Decision } from '../../components/use-decision';
import { ReviewShortcuts } from '../../review/review-shortcuts';
import { ListingPrefetch, useListingQueue } from './listing-queue';
import { Notice } from '../../components/notice';

const AMENITIES: { flag: ListingAmenityFlag; icon: ComponentType }[] = [
  { flag: 'isWifi', icon: WifiOutlined },
  { flag: 'isTv', icon: DesktopOutlined },
  { flag: 'isKitchen', icon: CoffeeOutlined },
  { flag: 'isWasher', icon: SkinOutlined },
  { flag: 'isFreeParking', icon: CarOutlined },
  { flag: 'isPaidParking', icon: DollarOutlined },
  { flag: 'isAC', icon: ThunderboltOutlined },
  { flag: 'isWorkspace', icon: LaptopOutlined },
  { flag: 'isPetAllowed', icon: HeartOutlined },
];

function BackLink() {
  const { t } = useTranslation();
  return (
    <Link to="/listings">
      <LeftOutlined /> {t('admin.listings.detail.back')}
    </Link>
  );
}

function Amenities({ listing }: { listing: ListingDetail }) {
  const { t } = useTranslation();
  const available = AMENITIES.filter(({ flag }) => listing[flag]);
  if (available.length === 0) return <Typography.Text>{t('admin.listings.detail.amenities.none')}</Typography.Text>;
  return (
    <ul style={{ listStyle: 'none', margin: 0, padding: 0, display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(200px, 1fr))', gap: 12 }}>
      {available.map(({ flag, icon: Icon }) => (
        <li key={flag}>
          <Space>
            <Icon aria-hidden />
            <Typography.Text>{t(`admin.listings.detail.amenities.${flag}`)}</Typography.Text>
          </Space>
        </li>
      ))}
    </ul>
  );
}

/** The listing screen's words for its declared actions (`<texts>.<action>.button`, ...). */
const DECISION_TEXTS = 'admin.listings.detail.decision.actions';

/**
 * The listing's declared actions (src/contracts/lists/listings.ts) as its decision: a button for each
 * with a call for one record, a dialog for one that asks a reason, each keyed one in the review queue.
 * Only an undecided listing moves.
 */
function DecisionPanel({ listing }: { listing: ListingDetail }) {
  const { t } = useTranslation();
  const declared = listingList.actions;
  const isOpen = declared.some((action) => isMovedBy(action, listing.status));
  const statusLabel = (status: ListingStatus) => t(listingStatusKey(status), { defaultValue: status });
  const { decide: sendDecision, pending } = useDecision<ListingDecisionResponse>({
    resource: 'listings',
    invalidates: 'all',
    successMessage: ({ status }) => t('admin.listings.detail.decision.statusUpdated', { status: statusLabel(status) }),
  });
  // A keyboard decision moves on before its answer: the one still on its way is another listing's.
  const isProcessing = pending !== null && pending.id === listing.id;
  const queue = useListingQueue(listing.id);
  const actions = useDeclaredActions(declared, (action, reason, { isByKey, close }) => {
    const next = queue.next;
    // A decision made from the keyboard opens the next pending listing at once, read ahead, while the
    // decision is on its way; its answer, with Undo, shows there (or its refusal, and K comes back).
    void sendDecision(listing.id, action.name as Decision, reason ? { reason } : {}, isByKey ? undefined : close);
    if (isByKey) {
      close();
      queue.goTo(next);
    }
  });

  const isDeclined = listing.status === 'Declined' || listing.status === 'Rejected';
  const canDecide = usePermission('listings', declared[0].permission);
  return (
    <SectionCard title={t('admin.listings.detail.sections.decision')}>
      <Flex vertical gap={16}>
        {!isOpen ? <Notice type="info" showIcon message={t('admin.listings.detail.decision.alreadyDecided', { status: statusLabel(listing.status) })} /> : null}
        {isDeclined ? (
          <div>
            <Typography.Text strong>{t('admin.listings.detail.decision.declineReasonLabel')}</Typography.Text>
            <Typography.Paragraph style={{ whiteSpace: 'pre-wrap', margin: 0 }}>
              {listing.declineReason ?? t('admin.listings.detail.decision.noReason')}
            </Typography.Paragraph>
          </div>
        ) : null}
        <ReviewShortcuts
          queue={queue}
          recordName={listing.title}
          actions={declared}
          onAction={canDecide && isOpen && !isProcessing ? actions.keys : {}}
          prefetch={<ListingPrefetch id={queue.next} />}
        />
        {/* A role that reads listings but does not decide them sees the state without the buttons. */}
        {canDecide ? (
          <Flex gap={12} wrap>
            <DeclaredActionButtons
              actions={buttonActionsOf(declared)}
              texts={DECISION_TEXTS}
              isDisabled={!isOpen || isProcessing}
              pendingName={pending?.decision}
              onAction={(action) => actions.request(action)}
            />
          </Flex>
        ) : null}
      </Flex>
      {actions.asked ? (
        <DeclaredActionDialog
          asked={actions.asked}
          texts={DECISION_TEXTS}
          reason={actions.reason}
          onReasonChange={actions.setReason}
          onConfirm={actions.confirm}
          onCancel={actions.cancel}
          isBusy={isProcessing}
          pendingName={pending?.decision}
          isLabelShown={false}
          rows={4}
        />
      ) : null}
    </SectionCard>
  );
}

/** A property is both a listing and an approval on the live stream. */
const LISTING_RESOURCES = ['listings', 'property-approvals'] as const;

function ListingContent({ listing, reload }: { listing: ListingDetail; reload: () => void }) {
  const { t } = useTranslation();
  const totalGuests = listing.adultCount + listing.childrenCount;
  // A colleague's decision reads the listing again (the decision's buttons follow its status) and says who.
  const changeNotice = useRecordChanges({ entityType: 'listing', entityId: listing.id, resources: LISTING_RESOURCES, reload });
  return (
    <Flex vertical gap={24}>
      <BackLink />
      {changeNotice}
      <PresenceNote resource="listings" id={listing.id} />
      <Flex wrap gap={16} justify="space-between" align="flex-start">
        <Flex vertical gap={4}>
          <Typography.Title level={2} style={{ margin: 0 }}>
            {listing.title}
          </Typography.Title>
          <Typography.Text>
            {t('admin.listings.detail.hostedBy', { name: listing.User.name })} ·{' '}
            {t('admin.listings.detail.location', { city: listing.city, country: listing.country })}
          </Typography.Text>
        </Flex>
        <Flex vertical gap={8} align="flex-end">
          <StatusBadge status={listing.status}>{t(listingStatusKey(listing.status), { defaultValue: listing.status })}</StatusBadge>
          <Typography.Text strong style={{ fontSize: 20 }}>
            {t('admin.listings.detail.perNight', { price: formatMoney(listing.price) })}
          </Typography.Text>
        </Flex>
      </Flex>
      <ListingGallery title={listing.title} urls={listing.PropertyImages.map((image) => image.url)} />
      <Row gutter={[24, 24]}>
        <Col xs={24} lg={16}>
          <Flex vertical gap={24}>
            <SectionCard title={t('admin.listings.detail.sections.about')}>
              <Typography.Paragraph style={{ whiteSpace: 'pre-wrap', margin: 0 }}>{listing.description}</Typography.Paragraph>
            </SectionCard>
            <SectionCard title={t('admin.listings.detail.sections.details')}>
              <Descriptions
                column={{ xs: 1, sm: 2 }}
                items={[
                  { key: 'propertyType', label: t('admin.listings.detail.fields.propertyType'), children: listing.PropertyType.name },
                  {
                    key: 'totalGuests',
                    label: t('admin.listings.detail.fields.totalGuests'),
                    children: t('admin.listings.detail.guests', { total: totalGuests, adults: listing.adultCount, children: listing.childrenCount }),
                  },
                  { key: 'placeType', label: t('admin.listings.detail.fields.placeType'), children: listing.placeType },
                  { key: 'checkIn', label: t('admin.listings.detail.fields.checkIn'), children: listing.checkInTime },
                  { key: 'checkOut', label: t('admin.listings.detail.fields.checkOut'), children: listing.checkOutTime },
                ]}
              />
            </SectionCard>
            <SectionCard title={t('admin.listings.detail.sections.amenities')}>
              <Amenities listing={listing} />
            </SectionCard>
            <SectionCard title={t('admin.listings.detail.sections.rules')}>
              <Descriptions
                column={1}
                items={[
                  {
                    key: 'reservations',
                    label: t('admin.listings.detail.fields.reservations'),
                    children: t(listing.isRequestBooking ? 'admin.listings.detail.reservations.request' : 'admin.listings.detail.reservations.instant'),
                  },
                  {
                    key: 'cancellation',
                    label: t('admin.listings.detail.fields.cancellation'),
                    children: t(listing.isCancellationAllowed ? 'admin.listings.detail.cancellation.allowed' : 'admin.listings.detail.cancellation.notAllowed'),
                  },
                ]}
              />
            </SectionCard>
            <SectionCard title={t('admin.listings.detail.sections.location')}>
              <LocationSection latitude={listing.LatLoc} longitude={listing.LngLoc} />
            </SectionCard>
          </Flex>
        </Col>
        <Col xs={24} lg={8}>
          <Flex vertical gap={24}>
            <DecisionPanel listing={listing} />
            <RecordNotes resource="listings" recordId={listing.id} />
            <AuditHistory entityType="listing" entityId={listing.id} />
          </Flex>
        </Col>
      </Row>
    </Flex>
  );
}

/** The screen as routed, in the readable-contrast theme. */
export function ListingShow() {
  const { t } = useTranslation();
  const { id } = useParams();
  const { query, result } = useOne<ListingDetail>({ resource: 'listings', id, queryOptions: { enabled: id !== undefined }, errorNotification: false });

  if (query.isLoading) return <Skeleton active paragraph={{ rows: 12 }} />;
  if (query.isError || !result) {
    const isMissing = query.error?.statusCode === 404;
    return (
      <Flex vertical gap={16}>
        <BackLink />
        {isMissing ? (
          <Result status="404" title={t('admin.listings.detail.notFound')} />
        ) : (
          <Notice
            type="error"
            showIcon
            message={t('admin.listings.detail.loadFailed')}
            description={query.error?.message}
            action={<Button onClick={() => void query.refetch()}>{t('admin.listings.detail.retry')}</Button>}
          />
        )}
      </Flex>
    );
  }
  return <ListingContent listing={result} reload={() => void query.refetch()} />;
}
