import { EnvironmentOutlined } from '../../icons';
import { Flex, Skeleton, Typography } from 'antd';
import { Component, lazy, Suspense, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Notice } from '../../components/notice';

const ListingMap = lazy(() => import('./listing-map'));

/** The OpenStreetMap page of a point, the way out when the map itself cannot show. */
export function openStreetMapLink(latitude: number, longitude: number): string {
  return `https://www.openstreetmap.org/?mlat=${latitude}&mlon=${longitude}#map=15/${latitude}/${longitude}`;
}

/** Turns a failed map chunk (offline, stale deploy) into the plain fallback instead of an error screen. */
class MapBoundary extends Component<{ onError(): void; children: ReactNode }, { hasFailed: boolean }> {
  override state = { hasFailed: false };

  static getDerivedStateFromError() {
    return { hasFailed: true };
  }

  override componentDidCatch() {
    this.props.onError();
  }

  override render() {
    return this.state.hasFailed ? null : this.props.children;
  }
}

interface LocationSectionProps {
  latitude: number;
  longitude: number;
}

/** The listing's map at zoom 15, degrading to its coordinates and a link when tiles or the map code cannot load. */
export function LocationSection({ latitude, longitude }: LocationSectionProps) {
  const { t } = useTranslation();
  const [isMapUnavailable, setMapUnavailable] = useState(false);
  const coordinates = t('admin.listings.detail.map.coordinates', { latitude, longitude });
  const markUnavailable = () => setMapUnavailable(true);

  const link = (
    <Typography.Link href={openStreetMapLink(latitude, longitude)} target="_blank" rel="noopener noreferrer">
      {t('admin.listings.detail.map.openLink')}
    </Typography.Link>
  );

  if (isMapUnavailable) {
    return (
      <Notice
        type="info"
        showIcon
        icon={<EnvironmentOutlined />}
        message={t('admin.listings.detail.map.unavailable')}
        description={
          <Flex vertical gap={4}>
            <Typography.Text>{coordinates}</Typography.Text>
            {link}
          </Flex>
        }
      />
    );
  }
  return (
    <Flex vertical gap={12}>
      <MapBoundary onError={markUnavailable}>
        <Suspense
          fallback={
            <Skeleton.Node active style={{ width: '100%', height: 320 }}>
              {t('admin.listings.detail.map.loading')}
            </Skeleton.Node>
          }
        >
          <ListingMap latitude={latitude} longitude={longitude} label={t('admin.listings.detail.map.label')} onUnavailable={markUnavailable} />
        </Suspense>
      </MapBoundary>
      <Flex wrap gap={12} align="center" justify="space-between">
        <Typography.Text>{coordinates}</Typography.Text>
        {link}
      </Flex>
    </Flex>
  );
}
