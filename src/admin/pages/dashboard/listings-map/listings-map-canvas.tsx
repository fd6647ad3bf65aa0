// The Leaflet map of the dashboard's map section: background tiles, the view it reports on every
// move, and the markers of the latest answer. Without tiles (offline, blocked) it still places every
// marker, on a plain background, and says so once.
// oxlint-disable-next-line import/no-unassigned-import
import 'leaflet/dist/leaflet.css';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { MapContainer, TileLayer, useMapEvents, ZoomControl } from 'react-leaflet';
import type { ListingsMap } from '../../../../contracts/listings-map';
import { LISTINGS_MAP_MAX_ZOOM, MAX_MAP_LATITUDE } from '../../../../contracts/listings-map-grid';
import { TILE_ATTRIBUTION, TILE_URL, useTileWatch } from '../../../map-tiles';
import { MapMarkers } from './map-markers';
import { viewOf, type MapView } from './map-view';

/** The whole world at first: the "first clusters for the whole world". */
const WORLD_CENTRE: [number, number] = [15, 20];
const WORLD_ZOOM = 2;
const WORLD_EDGES: [[number, number], [number, number]] = [
  [-MAX_MAP_LATITUDE, -180],
  [MAX_MAP_LATITUDE, 180],
];

/** Reports the view once drawn and after every move or zoom. */
function ViewReporter({ onView }: { onView(view: MapView): void }) {
  const map = useMapEvents({ moveend: () => onView(viewOf(map)) });
  useEffect(() => onView(viewOf(map)), [map, onView]);
  return null;
}

interface ListingsMapCanvasProps {
  answer: ListingsMap | undefined;
  label: string;
  onView(view: MapView): void;
  /** Called once when the background tiles cannot be loaded. */
  onTilesUnavailable(): void;
}

export default function ListingsMapCanvas({ answer, label, onView, onTilesUnavailable }: ListingsMapCanvasProps) {
  const { t } = useTranslation();
  const tileEvents = useTileWatch(onTilesUnavailable);

  return (
    <section aria-label={label}>
      <MapContainer
        center={WORLD_CENTRE}
        zoom={WORLD_ZOOM}
        minZoom={1}
        maxZoom={LISTINGS_MAP_MAX_ZOOM}
        maxBounds={WORLD_EDGES}
        maxBoundsViscosity={1}
        scrollWheelZoom={false}
        zoomControl={false}
        style={{ height: 440, width: '100%', borderRadius: 8, background: '#dfe6ee' }}
      >
        <TileLayer url={TILE_URL} attribution={TILE_ATTRIBUTION} noWrap eventHandlers={tileEvents} />
        {/* Leaflet's own buttons are named in English; these follow the shown language. */}
        <ZoomControl key={t('admin.map.zoomIn')} zoomInTitle={t('admin.map.zoomIn')} zoomOutTitle={t('admin.map.zoomOut')} />
        <ViewReporter onView={onView} />
        {answer && <MapMarkers answer={answer} />}
      </MapContainer>
    </section>
  );
}
