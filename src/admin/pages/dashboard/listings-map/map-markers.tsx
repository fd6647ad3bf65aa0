// The markers of one answer: a cluster zooms the map to its listings, a listing opens its detail.
// Leaflet makes each marker a keyboard-reachable button; Enter and Space act as a click.
import type { LeafletEventHandlerFnMap, LeafletKeyboardEvent } from 'leaflet';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Marker, useMap } from 'react-leaflet';
import { useNavigate } from 'react-router';
import type { ListingsMap } from '../../../../contracts/listings-map';
import { LISTINGS_MAP_MAX_ZOOM } from '../../../../contracts/listings-map-grid';
import { clusterIcon, listingIcon } from './map-view';

type Cluster = ListingsMap['clusters'][number];
type Listing = ListingsMap['listings'][number];

/** Click and Enter / Space run `act`. */
function activation(act: () => void): LeafletEventHandlerFnMap {
  return {
    click: act,
    keypress: (event: LeafletKeyboardEvent) => {
      if (event.originalEvent.key === 'Enter' || event.originalEvent.key === ' ') act();
    },
  };
}

function ClusterMarker({ cluster }: { cluster: Cluster }) {
  const { t, i18n } = useTranslation();
  const map = useMap();
  const { count } = cluster;
  const icon = useMemo(() => {
    const shown = new Intl.NumberFormat(i18n.language, { notation: 'compact' }).format(count);
    return clusterIcon(count, shown, t('admin.map.cluster', { count }));
  }, [count, i18n.language, t]);
  const zoomIn = () =>
    map.fitBounds(
      [
        [cluster.south, cluster.west],
        [cluster.north, cluster.east],
      ],
      { maxZoom: LISTINGS_MAP_MAX_ZOOM, padding: [40, 40] },
    );
  return <Marker position={[cluster.latitude, cluster.longitude]} icon={icon} eventHandlers={activation(zoomIn)} />;
}

function ListingMarker({ listing }: { listing: Listing }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const status = t(`admin.listings.statuses.${listing.status}`);
  const icon = useMemo(() => listingIcon(t('admin.map.listing', { title: listing.title, status })), [listing.title, status, t]);
  return <Marker position={[listing.latitude, listing.longitude]} icon={icon} eventHandlers={activation(() => void navigate(`/listings/${listing.id}`))} />;
}

export function MapMarkers({ answer }: { answer: ListingsMap }) {
  return (
    <>
      {answer.clusters.map((cluster) => (
        <ClusterMarker key={`${cluster.latitude},${cluster.longitude},${cluster.count}`} cluster={cluster} />
      ))}
      {answer.listings.map((listing) => (
        <ListingMarker key={listing.id} listing={listing} />
      ))}
    </>
  );
}
