// Review Listings and the listing approval detail against the real server: list state in the URL,
// decisions that survive a reload and show in the history, the map's offline fallback, a 409, axe.
import type { APIRequestContext } from '@playwright/test';
import type { ListingDetail, ListingRow } from '../../src/contracts/listings';
import { E2E_ADMIN } from './server';
import { expect, expectNoSeriousAxeViolations, test } from './fixtures';

/** Pending listings in id order; each test takes its own so none depends on another's decision. */
async function pendingListings(request: APIRequestContext, token: string): Promise<ListingRow[]> {
  const response = await request.get('/api/admin/listings?status=Pending&page=1&pageSize=100', {
    headers: { authorization: `Bearer ${token}` },
  });
  return (await response.json()) as ListingRow[];
}

test('Review Listings filters, searches and pages on the server and keeps its state in the URL', async ({ adminPage: page }) => {
  const scripts: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'script') scripts.push(request.url());
  });
  await page.goto('/listings');
  await expect(page.getByRole('heading', { level: 2, name: 'Review Listings' })).toBeVisible();
  for (const column of ['Property Title', 'Status', 'Address', 'Host name']) {
    await expect(page.getByRole('columnheader', { name: column })).toBeVisible();
  }
  await expect(page.locator('.ant-table-tbody tr.ant-table-row')).toHaveCount(8);
  await expect(page.getByText(/Showing 1 to 8 of \d+ results/)).toBeVisible();

  await page.locator('label.ant-radio-button-wrapper', { hasText: 'Decline' }).click();
  await expect(page).toHaveURL(/filters.*status.*Declined/);
  await expect(page.locator('.ant-table-tbody tr.ant-table-row').first()).toContainText('Declined');
  // The administrator sees the selection's checkboxes first (decision 027): the status is the third cell.
  const statuses = await page.locator('.ant-table-tbody tr.ant-table-row td:nth-child(3)').allInnerTexts();
  expect(new Set(statuses)).toEqual(new Set(['Declined']));

  await page.locator('label.ant-radio-button-wrapper', { hasText: 'All' }).click();
  await page.getByRole('button', { name: '2', exact: true }).click();
  await expect(page.getByText(/Showing 9 to 16 of \d+ results/)).toBeVisible();
  await page.reload();
  await expect(page.getByText(/Showing 9 to 16 of \d+ results/)).toBeVisible();

  // A search goes back to page 1.
  // The first link of a row is its title (the selection's checkbox cell comes before it).
  const firstTitle = (await page.locator('.ant-table-tbody tr.ant-table-row td a').first().innerText()).trim();
  await page.getByRole('searchbox', { name: 'Search any listing' }).fill(firstTitle);
  await expect(page.getByText(/Showing 1 to \d+ of \d+ results/)).toBeVisible();
  await expect(page.locator('.ant-table-tbody tr.ant-table-row').first()).toContainText(firstTitle);
  await expect(page).toHaveURL(/currentPage=1/);
  // Leaflet is a chunk of its own (named after src/admin/map-tiles.ts, which both maps share), loaded by the maps only.
  expect(scripts.filter((url) => url.includes('listing-map') || url.includes('map-tiles'))).toEqual([]);
});

test('approving a pending listing from its detail survives a reload and shows in the history', async ({ adminPage: page, adminToken: token }) => {
  await page.goto('/listings');
  const [listing] = await pendingListings(page.request, token);
  await page.getByRole('searchbox', { name: 'Search any listing' }).fill(listing.title);
  // The search is sent once typing pauses; a row clicked before that is left behind when it lands.
  await expect(page).toHaveURL(/filters.*value\]=/);
  await page.getByRole('link', { name: listing.title }).first().click();
  await expect(page).toHaveURL(/\/listings\/\d+$/);
  await page.goto(`/listings/${listing.propertyId}`);

  await expect(page.getByRole('heading', { level: 2, name: listing.title })).toBeVisible();
  await expect(page.getByText(`Hosted by ${listing.hostName}`)).toBeVisible();
  await expect(page.getByText(/\$[\d,.]+ \/ night/)).toBeVisible();
  await expect(page.getByRole('button', { name: /^Open photo \d of \d+$/ })).toHaveCount(5);
  await page.getByRole('button', { name: /^(\+\d+ photos|Show all photos)$/ }).click();
  await expect(page.locator('.ant-image-preview-img')).toBeVisible();
  await page.keyboard.press('Escape');

  // This machine has no internet: the tiles fail and the screen shows the coordinates and a link.
  await expect(page.getByText('The map could not be loaded')).toBeVisible({ timeout: 15_000 });
  await expect(page.getByRole('link', { name: 'Open in OpenStreetMap' })).toHaveAttribute('href', /openstreetmap\.org\/\?mlat=.+#map=15\//);

  await page.getByRole('button', { name: 'Approve Property' }).click();
  await expect(page.getByText('Status updated to Approved successfully!')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Approve Property' })).toBeDisabled();
  await expect(page.getByRole('button', { name: 'Decline' })).toBeDisabled();

  await page.reload();
  await expect(page.locator('.ant-tag', { hasText: 'Approved' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Approve Property' })).toBeDisabled();
  await expect(page.getByText('Listing approved')).toBeVisible();
  // Who decided: the staff member by name (the first administrator is "Administrator") and e-mail.
  await expect(page.getByText(`by Administrator (${E2E_ADMIN.email})`)).toBeVisible();
});

test('declining with a reason stores the reason, shows it literally and keeps it after a reload', async ({ adminPage: page, adminToken: token }) => {
  const listings = await pendingListings(page.request, token);
  const listing = listings[listings.length - 1] as ListingRow;
  const reason = 'Photos do not match the address <b>check</b>';
  await page.goto(`/listings/${listing.propertyId}`);

  await page.getByRole('button', { name: 'Decline' }).click();
  const dialog = page.getByRole('dialog', { name: 'Decline this listing?' });
  await dialog.getByRole('textbox', { name: 'Reason for declining' }).fill(reason);
  await dialog.getByRole('button', { name: 'Decline' }).click();
  await expect(page.getByText('Status updated to Declined successfully!')).toBeVisible();
  await expect(dialog).toBeHidden();

  await page.reload();
  await expect(page.locator('.ant-tag', { hasText: 'Declined' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Decline' })).toBeDisabled();
  await expect(page.getByText(reason, { exact: true })).toBeVisible();
  await expect(page.getByText('Listing declined')).toBeVisible();
  await expect(page.getByText(`Reason: ${reason}`)).toBeVisible();

  const stored = await page.request.get(`/api/admin/listings/${listing.propertyId}`, { headers: { authorization: `Bearer ${token}` } });
  expect(((await stored.json()) as ListingDetail).declineReason).toBe(reason);
});

test('with reachable tiles the detail shows the map at zoom 15 with a marker at the listing', async ({ adminPage: page, adminToken: token }) => {
  // Stand-in tiles: this machine has no internet, and the test must not depend on OpenStreetMap.
  const tile = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8/5+hHgAHggJ/PchI7wAAAABJRU5ErkJggg==', 'base64');
  const tileUrls: string[] = [];
  await page.route(/^https:\/\/[abc]\.tile\.openstreetmap\.org\//, (route) => {
    tileUrls.push(route.request().url());
    return route.fulfill({ status: 200, contentType: 'image/png', body: tile });
  });
  const [listing] = await pendingListings(page.request, token);
  await page.goto(`/listings/${listing.propertyId}`);

  await expect(page.locator('.leaflet-container')).toBeVisible();
  await expect(page.locator('.leaflet-marker-icon')).toHaveAttribute('src', /^(data:image\/png|.*\.png)/);
  await expect(page.getByText('The map could not be loaded')).toHaveCount(0);
  expect(tileUrls.length).toBeGreaterThan(0);
  expect(tileUrls.every((url) => /\.org\/15\/\d+\/\d+\.png$/.test(url))).toBe(true);
  await expect(page.getByRole('link', { name: 'Open in OpenStreetMap' })).toBeVisible();
});

test('a listing decided elsewhere meanwhile answers with the server message and the screen catches up', async ({ adminPage: page, adminToken: token }) => {
  const listings = await pendingListings(page.request, token);
  const listing = listings[1] as ListingRow;
  // This tab's live stream is down (a dropped connection): the decision made elsewhere cannot reach
  // the screen before its click, which the server must refuse with its message.
  await page.route('**/api/admin/live', (route) => route.abort());
  await page.goto(`/listings/${listing.propertyId}`);
  await expect(page.getByRole('button', { name: 'Approve Property' })).toBeEnabled();

  const elsewhere = await page.request.post(`/api/admin/listings/${listing.propertyId}/decline`, {
    headers: { authorization: `Bearer ${token}` },
    data: {},
  });
  expect(elsewhere.status()).toBe(200);

  await page.getByRole('button', { name: 'Approve Property' }).click();
  await expect(page.getByText('This listing was already declined.')).toBeVisible();
  await expect(page.locator('.ant-tag', { hasText: 'Declined' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Approve Property' })).toBeDisabled();
});

test('Review Listings and the listing detail have no serious or critical accessibility violations', async ({ adminPage: page, adminToken: token }) => {
  // Three axe runs, one after the map's fallback: more than the default 30 s on a busy machine.
  test.setTimeout(90_000);
  await page.goto('/listings');
  await expect(page.locator('.ant-table-tbody tr.ant-table-row')).toHaveCount(8);
  await expectNoSeriousAxeViolations(page, { label: '/listings' });

  const [listing] = await pendingListings(page.request, token);
  await page.goto(`/listings/${listing.propertyId}`);
  await expect(page.getByRole('button', { name: 'Approve Property' })).toBeVisible();
  await expect(page.getByText('The map could not be loaded')).toBeVisible({ timeout: 15_000 });
  await expectNoSeriousAxeViolations(page, { label: '/listings/:id' });

  await page.getByRole('button', { name: 'Decline' }).click();
  await expect(page.getByRole('dialog')).toBeVisible();
  // Colours are checked once the opening zoom has finished, not on a half-transparent frame.
  await expect(page.locator('.ant-modal')).not.toHaveClass(/zoom-(appear|enter)/);
  await expectNoSeriousAxeViolations(page, { label: 'decline dialog' });
});
