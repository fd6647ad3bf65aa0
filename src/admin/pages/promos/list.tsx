// Promo Code overview (/promo-code): the "Host Promos" and "Guest Promo" cards, read from the API,
// each leading to its screens.
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useList } from '@refinedev/core';
import { Card, Col, Descriptions, Row, Skeleton, Typography } from 'antd';
import type { PromoSummary, PromoUrlKind } from '../../../contracts/promos';
import { formatDate } from '../../../lib/format';
import { StatusBadge } from '../../components/status-badge';
import { PROMO_ROUTES } from './routes';
import { Notice } from '../../components/notice';

const HOST_KINDS = ['host-new-joiner', 'host-regular'] as const;
const MANAGE_ROUTE: Record<PromoUrlKind, string> = {
  guest: PROMO_ROUTES.guest,
  'host-new-joiner': PROMO_ROUTES.hostNewJoiner,
  'host-regular': PROMO_ROUTES.hostRegular,
};

/** A promo's name in the screen's language (the stored name when the kind is unknown). */
function usePromoName() {
  const { t } = useTranslation();
  return (promo: PromoSummary) => t(`admin.promos.names.${promo.kind}`, { defaultValue: promo.name });
}

function PromoStatus({ status }: { status: PromoSummary['status'] }) {
  const { t } = useTranslation();
  return <StatusBadge status={status}>{status === 'Active' ? t('admin.promos.active') : t('admin.promos.inactive')}</StatusBadge>;
}

function ManageLink({ to, label }: { to: string; label: string }) {
  const { t } = useTranslation();
  return (
    <Link to={to} aria-label={label}>
      {t('admin.promos.manage')}
    </Link>
  );
}

/** One of the overview's two cards, under its level-3 heading, with the link to its screens. */
function PromoCard({ title, manageLink, children }: { title: string; manageLink: ReactNode; children: ReactNode }) {
  return (
    <Col xs={24} lg={12}>
      <Card
        title={
          <Typography.Title level={3} style={{ fontSize: 18, margin: 0 }}>
            {title}
          </Typography.Title>
        }
        extra={manageLink}
        style={{ height: '100%' }}
      >
        {children}
      </Card>
    </Col>
  );
}

export function PromoOverviewPage() {
  const { t } = useTranslation();
  const nameOf = usePromoName();
  const { result, query } = useList<PromoSummary>({ resource: 'promos', pagination: { mode: 'off' }, errorNotification: false });
  const promos = result.data;
  const guest = promos.find((promo) => promo.kind === 'guest');
  const hosts = HOST_KINDS.flatMap((kind) => promos.filter((promo) => promo.kind === kind));

  function body(content: ReactNode) {
    if (query.isLoading) return <Skeleton active />;
    return content;
  }

  return (
    <>
      <Typography.Title level={2}>{t('admin.nav.promos')}</Typography.Title>
      {query.isError && <Notice type="error" showIcon message={query.error?.message} style={{ marginBottom: 16 }} />}
      <Row gutter={[16, 16]}>
        <PromoCard
          title={t('admin.promos.overview.hostTitle')}
          manageLink={<ManageLink to={PROMO_ROUTES.hostNewJoiner} label={t('admin.promos.overview.manageHost')} />}
        >
          {body(
            hosts.map((promo) => (
              <Descriptions
                key={promo.kind}
                title={nameOf(promo)}
                column={1}
                size="small"
                style={{ marginBottom: 16 }}
                extra={
                  promo.kind === 'host-regular' ? (
                    <ManageLink to={MANAGE_ROUTE[promo.kind]} label={t('admin.promos.overview.managePromo', { name: nameOf(promo) })} />
                  ) : undefined
                }
                items={[
                  { key: 'status', label: t('admin.promos.overview.status'), children: <PromoStatus status={promo.status} /> },
                  { key: 'validUntil', label: t('admin.promos.overview.validUntil'), children: formatDate(promo.validUntil) },
                  { key: 'stays', label: t('admin.promos.overview.numberOfStays'), children: promo.numberOfStays ?? '' },
                ]}
              />
            )),
          )}
        </PromoCard>
        <PromoCard
          title={t('admin.promos.overview.guestTitle')}
          manageLink={<ManageLink to={PROMO_ROUTES.guest} label={t('admin.promos.overview.manageGuest')} />}
        >
          {body(
            guest && (
              <Descriptions
                column={1}
                size="small"
                items={[
                  { key: 'status', label: t('admin.promos.overview.status'), children: <PromoStatus status={guest.status} /> },
                  { key: 'code', label: t('admin.promos.overview.promoCode'), children: guest.promoCode ?? '' },
                  { key: 'validUntil', label: t('admin.promos.overview.validUntil'), children: formatDate(guest.validUntil) },
                  { key: 'value', label: t('admin.promos.overview.value'), children: t('admin.promos.overview.percent', { value: guest.promoValue }) },
                ]}
              />
            ),
          )}
        </PromoCard>
      </Row>
    </>
  );
}

/** The screen src/admin/screens.ts routes at the resource's list. */
export default PromoOverviewPage;
