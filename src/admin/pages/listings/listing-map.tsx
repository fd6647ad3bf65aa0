// Loaded with React.lazy from the listing detail only, so leaflet and its CSS form a chunk of their own.
// oxlint-disable-next-line import/no-unassigned-import
import 'leaflet/dist/leaflet.css';
import { Icon } from 'leaflet';
import markerIconRetinaUrl from 'leaflet/dist/images/marker-icon-2x.png';
import markerIconUrl from 'leaflet/dist/images/marker-icon.png';
import markerShadowUrl from 'leaflet/dist/images/marker-shadow.png';
import { useEffect } from 'react';
import { MapContainer, Marker, TileLayer, useMap } from 'react-leaflet';
import { TILE_ATTRIBUTION, TILE_URL, useTileWatch } from '../../map-tiles';

// Leaflet finds its default marker images through a CSS url that Vite rewrites; hand it the bundled files instead.
Icon.Default.imagePath = '';
Icon.Default.mergeOptions({ iconUrl: markerIconUrl, iconRetinaUrl: markerIconRetinaUrl, shadowUrl: markerShadowUrl });

export const MAP_ZOOM = 15;

export interface ListingMapProps {
  latitude: number;
  longitude: number;
  /** Accessible name of the map and its marker. */
  label: string;
  /** Called once when the tiles cannot be loaded, so the screen can show its plain fallback. */
  onUnavailable(): void;
}

/**
 * Keeps the view on the listing shown: MapContainer reads `center` once, and the keyboard queue (J, K,
 * a decision) shows the next listing in the same screen, map included.
 */
export function FollowListing({ latitude, longitude }: { latitude: number; longitude: number }) {
  const map = useMap();
  useEffect(() => {
    map.setView([latitude, longitude], map.getZoom(), { animate: false });
  }, [map, latitude, longitude]);
  return null;
}

/** An OpenStreetMap view at zoom 15 with a marker at the listing. */
export default function ListingMap({ latitude, longitude, label, onUnavailable }: ListingMapProps) {
  const tileEvents = useTileWatch(onUnavailable);

  return (
    <section aria-label={label}>
      <MapContainer center={[latitude, longitude]} zoom={MAP_ZOOM} scrollWheelZoom={false} style={{ height: 320, width: '100%', borderRadius: 8 }}>
        <TileLayer url={TILE_URL} attribution={TILE_ATTRIBUTION} eventHandlers={tileEvents} />
        <Marker position={[latitude, longitude]} alt={label} keyboard={false} />
        <FollowListing latitude={latitude} longitude={longitude} />
      </MapContainer>
    </section>
  );
}
