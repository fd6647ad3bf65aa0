// What the map asks the server for, read from Leaflet's view, and the markers it draws from the answer.
import { divIcon, type DivIcon, type Map as LeafletMap } from 'leaflet';
import { MAX_MAP_LATITUDE } from '../../../../contracts/listings-map-grid';

/** A view as the server takes it: the zoom and the box, in degrees with six decimals (about 10 cm). */
export interface MapView {
  zoom: number;
  west: string;
  south: string;
  east: string;
  north: string;
}

const degrees = (value: number, limit: number) => Math.max(-limit, Math.min(limit, value)).toFixed(6);

/** The map's visible box, cut to the one world the server knows (a zoomed-out view shows more than the world). */
export function viewOf(map: LeafletMap): MapView {
  const bounds = map.getBounds();
  return {
    zoom: Math.round(map.getZoom()),
    west: degrees(bounds.getWest(), 180),
    south: degrees(bounds.getSouth(), MAX_MAP_LATITUDE),
    east: degrees(bounds.getEast(), 180),
    north: degrees(bounds.getNorth(), MAX_MAP_LATITUDE),
  };
}

/** antd's blue 7 and geekblue 8: white text on either keeps a contrast above 4.5:1. */
const CLUSTER_COLOUR = '#0958d9';
const LISTING_COLOUR = '#10239e';

/** A text only screen readers read: the accessible name of a marker whose picture says it without words. */
function hiddenText(text: string): HTMLElement {
  const element = document.createElement('span');
  element.textContent = text;
  Object.assign(element.style, { position: 'absolute', width: '1px', height: '1px', overflow: 'hidden', clip: 'rect(0 0 0 0)', whiteSpace: 'nowrap' });
  return element;
}

/** A round marker; its words are set as text, never as HTML, so a stored title shows literally. */
function roundIcon(size: number, colour: string, shown: string, label: string): DivIcon {
  const element = document.createElement('span');
  Object.assign(element.style, {
    display: 'flex',
    alignItems: 'center',
    justifyContent: 'center',
    width: '100%',
    height: '100%',
    borderRadius: '50%',
    background: colour,
    color: '#fff',
    border: '2px solid #fff',
    boxShadow: '0 1px 4px rgba(0, 0, 0, 0.45)',
    font: '600 12px/1 sans-serif',
    boxSizing: 'border-box',
  });
  const visible = document.createElement('span');
  visible.setAttribute('aria-hidden', 'true');
  visible.textContent = shown;
  element.append(visible, hiddenText(label));
  return divIcon({ html: element, className: '', iconSize: [size, size] });
}

/** A cluster: its count on a circle that grows with it. */
export function clusterIcon(count: number, shownCount: string, label: string): DivIcon {
  return roundIcon(count < 100 ? 34 : count < 10_000 ? 42 : 50, CLUSTER_COLOUR, shownCount, label);
}

/** One listing: a small dot. */
export function listingIcon(label: string): DivIcon {
  return roundIcon(18, LISTING_COLOUR, '', label);
}
