// The dashboard's map of every listing (docs/product.md, "Map of every listing"): loaded on demand
// with Leaflet, so the dashboard's first load stays within the back-office's budget (decision 023).
// The server counts the listings of each view per grid cell (decision 029); this screen keeps the
// latest answer on the map while the next one comes, so panning never blanks it.
import { useCustom, type HttpError } from '@refinedev/core';
import { Button, Flex, Radio, theme } from 'antd';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ListingsMap } from '../../../../contracts/listings-map';
import { ALL_MAP_STATUSES } from '../../../../contracts/listings-map-grid';
import { LISTING_STATUSES } from '../../../../contracts/statuses';
import { registerMapCatalogue } from '../../../../i18n/map-catalogue';
import { CloseCircleFilled, EnvironmentOutlined } from '../../../icons';
import { ADMIN_CALLS } from '../../../resources';
import ListingsMapCanvas from './listings-map-canvas';
import type { MapView } from './map-view';
import { Notice } from '../../../components/notice';

registerMapCatalogue();

const sameView = (a: MapView | undefined, b: MapView) =>
  a !== undefined && a.zoom === b.zoom && a.west === b.west && a.south === b.south && a.east === b.east && a.north === b.north;

export default function ListingsMapSection() {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const [status, setStatus] = useState<string>(ALL_MAP_STATUSES);
  const [view, setView] = useState<MapView>();
  const [hasNoTiles, setNoTiles] = useState(false);
  const { query } = useCustom<ListingsMap, HttpError>({
    url: ADMIN_CALLS.listingsMap.path,
    method: ADMIN_CALLS.listingsMap.method,
    config: { query: { ...view, ...(status === ALL_MAP_STATUSES ? {} : { status }) } },
    // A failed view says so at once; Retry and the next move ask again.
    queryOptions: { enabled: view !== undefined, placeholderData: (previous) => previous, retry: false },
    errorNotification: false,
  });
  const answer = query.data?.data;
  const onView = useCallback((next: MapView) => setView((current) => (sameView(current, next) ? current : next)), []);
  const onTilesUnavailable = useCallback(() => setNoTiles(true), []);

  return (
    <section aria-labelledby="listings-map-title">
      <h3 id="listings-map-title" style={{ color: token.colorTextHeading, fontWeight: token.fontWeightStrong, fontSize: 16, margin: '0 0 0.5em' }}>
        {t('admin.map.title')}
      </h3>
      <Flex vertical gap={12}>
        <Flex wrap gap={12} align="center" justify="space-between">
          {/* antd's group draws no radiogroup role: the wrapper gives the choices their name. */}
          <div role="radiogroup" aria-label={t('admin.map.statusFilter')}>
            <Radio.Group
              optionType="button"
              buttonStyle="solid"
              value={status}
              onChange={(event) => setStatus(event.target.value as string)}
              options={[ALL_MAP_STATUSES, ...LISTING_STATUSES].map((value) => ({
                value,
                label: value === ALL_MAP_STATUSES ? t('admin.map.all') : t(`admin.listings.statuses.${value}`),
              }))}
            />
          </div>
          <output aria-live="polite">{answer ? t('admin.map.summary', { count: answer.total }) : t('admin.map.loading')}</output>
        </Flex>
        {query.isError && (
          <Notice
            type="error"
            role="alert"
            showIcon
            icon={<CloseCircleFilled />}
            message={t('admin.map.loadFailed')}
            action={
              <Button size="small" onClick={() => void query.refetch()}>
                {t('admin.map.retry')}
              </Button>
            }
          />
        )}
        {hasNoTiles && <Notice type="info" showIcon icon={<EnvironmentOutlined />} message={t('admin.map.tilesUnavailable')} />}
        <ListingsMapCanvas answer={answer} label={t('admin.map.label')} onView={onView} onTilesUnavailable={onTilesUnavailable} />
        <span style={{ color: token.colorTextSecondary }}>{t('admin.map.keyboard')}</span>
      </Flex>
    </section>
  );
}
