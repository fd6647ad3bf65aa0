// The dashboard's map of every listing on its own, over Leaflet in jsdom (which places markers but
// draws no tiles) and a stand-in server: what it asks for, the count, a cluster and a listing as
// keyboard buttons, the status filter, a failed call, Somali. The browser journey
// (tests/e2e/listings-map.spec.ts) uses the real server.
import type { CustomParams, DataProvider } from '@refinedev/core';
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import ListingsMapSection from '../../src/admin/pages/dashboard/listings-map/listings-map-section';
import type { ListingsMap } from '../../src/contracts/listings-map';
import { changeLanguage } from '../../src/i18n';
import { renderAdmin, stubDataProvider } from './render-admin';

const ANSWER: ListingsMap = {
  zoom: 2,
  total: 12_346,
  clusters: [{ latitude: 2.05, longitude: 45.32, count: 12_345, south: 1.9, west: 45.1, north: 2.2, east: 45.5 }],
  listings: [{ id: 42, title: 'Hargeisa <b>house</b>', status: 'Approved', latitude: 9.56, longitude: 44.07 }],
};

type CustomHandler = (params: CustomParams) => Promise<{ data: unknown }>;

function renderMap(answer: CustomHandler = async () => ({ data: ANSWER })) {
  const custom = vi.fn<CustomHandler>(answer);
  const rendered = renderAdmin(<ListingsMapSection />, {
    dataProvider: stubDataProvider({ custom: custom as unknown as DataProvider['custom'] }),
    path: '/dashboard',
  });
  return { custom, ...rendered };
}

const askedOf = (custom: ReturnType<typeof vi.fn<CustomHandler>>) => custom.mock.calls.map(([params]) => params.query as Record<string, string | number>);

afterEach(async () => {
  await act(() => changeLanguage('en'));
});

describe('The map of every listing', () => {
  it('asks for the whole view at its zoom, says how many listings it holds and draws a cluster and a listing as buttons', async () => {
    const { custom } = renderMap();
    expect(await screen.findByRole('heading', { name: 'Listings on the map' })).toBeInTheDocument();
    expect(await screen.findByText('12,346 listings in this view')).toBeInTheDocument();
    const [asked] = askedOf(custom);
    expect(custom.mock.calls[0][0].url).toBe('admin/listings-map');
    expect(asked).toMatchObject({ zoom: 2 });
    for (const edge of ['west', 'south', 'east', 'north']) expect(String(asked[edge])).toMatch(/^-?\d{1,3}\.\d{6}$/);
    expect(asked.status).toBeUndefined();
    expect(screen.getByRole('button', { name: '12,345 listings here. Zoom in' })).toHaveTextContent('12K');
    // The stored title is text, never markup.
    expect(screen.getByRole('button', { name: 'Hargeisa <b>house</b>, Approved. Open the listing' })).toBeInTheDocument();
    expect(document.querySelector('b')).toBeNull();
  });

  it('opens the listing of a point, by click or by Enter', async () => {
    const { router } = renderMap();
    const listing = await screen.findByRole('button', { name: /Open the listing/ });
    await userEvent.click(listing);
    await waitFor(() => expect(router.state.location.pathname).toBe('/listings/42'));
    await act(() => router.navigate('/dashboard'));
    const again = await screen.findByRole('button', { name: /Open the listing/ });
    again.focus();
    await userEvent.keyboard('{Enter}');
    await waitFor(() => expect(router.state.location.pathname).toBe('/listings/42'));
  });

  it('asks again with the chosen status, and for every status again', async () => {
    const { custom } = renderMap();
    await screen.findByText('12,346 listings in this view');
    await userEvent.click(screen.getByText('Pending For Verification'));
    await waitFor(() => expect(askedOf(custom).at(-1)).toMatchObject({ status: 'Pending For Verification' }));
    await userEvent.click(screen.getByText('All'));
    await waitFor(() => expect(askedOf(custom).at(-1)?.status).toBeUndefined());
  });

  it('says when the listings cannot be loaded and asks again on Retry', async () => {
    let isDown = true;
    const { custom } = renderMap(async () => {
      if (isDown) throw { statusCode: 500, message: 'down' };
      return { data: ANSWER };
    });
    expect(await screen.findByRole('alert')).toHaveTextContent('The map could not be loaded. Please try again.');
    isDown = false;
    const calls = custom.mock.calls.length;
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('12,346 listings in this view')).toBeInTheDocument();
    expect(custom.mock.calls.length).toBeGreaterThan(calls);
  });

  it('speaks Somali, its numbers included', async () => {
    await act(() => changeLanguage('so'));
    renderMap();
    expect(await screen.findByRole('heading', { name: 'Liisaska khariidadda ku yaal' })).toBeInTheDocument();
    expect(await screen.findByRole('radiogroup', { name: 'Liisaska ku tus xaaladdooda' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /^12[,.\s]?345 liis ayaa halkan ku yaal\. Soo dhawee$/ })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Hargeisa <b>house</b>, La oggolaaday. Fur liiska' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Soo dhawee' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Ka fogee' })).toBeInTheDocument();
  });
});
