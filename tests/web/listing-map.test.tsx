// The listing detail's map follows the listing shown: the keyboard queue shows the next listing in the
// same screen, and MapContainer reads its `center` only once.
import { render, waitFor } from '@testing-library/react';
import type { Map as LeafletMap } from 'leaflet';
import { MapContainer } from 'react-leaflet';
import { describe, expect, it } from 'vitest';
import { FollowListing } from '../../src/admin/pages/listings/listing-map';

describe('the listing map', () => {
  it('moves to the next listing shown in the same screen', async () => {
    const held: { map?: LeafletMap | null } = {};
    const view = (latitude: number, longitude: number) => (
      <MapContainer ref={(instance) => void (held.map = instance)} center={[2.04, 45.31]} zoom={15} style={{ height: 320, width: 480 }}>
        <FollowListing latitude={latitude} longitude={longitude} />
      </MapContainer>
    );
    const { rerender } = render(view(2.04, 45.31));
    await waitFor(() => expect(held.map).toBeTruthy());
    rerender(view(9.56, 44.06));
    await waitFor(() => expect(held.map?.getCenter()).toMatchObject({ lat: expect.closeTo(9.56, 4), lng: expect.closeTo(44.06, 4) }));
    expect(held.map?.getZoom()).toBe(15);
  });
});
