// The dashboard's map of every listing against the real server and its demo data: its count is the
// listings' own, the status filter asks the server again, a cluster zooms in until its listings show,
// a listing opens its detail; axe finds nothing serious; the same map speaks Somali.
import type { APIRequestContext, Page } from '@playwright/test';
import type { ListingsMap } from '../../src/contracts/listings-map';
import { expect, expectNoSeriousAxeViolations, test } from './fixtures';

/** Stand-in tiles: this machine has no internet, and the journey must not depend on OpenStreetMap. */
const TILE = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8/5+hHgAHggJ/PchI7wAAAABJRU5ErkJggg==', 'base64');

/** The exact number of listings (of one status) as Review Listings counts them. */
async function listingsTotal(request: APIRequestContext, token: string, status?: string): Promise<number> {
  const response = await request.get(`/api/admin/listings?page=1&pageSize=1${status ? `&status=${encodeURIComponent(status)}` : ''}`, {
    headers: { authorization: `Bearer ${token}` },
  });
  return Number(response.headers()['x-total-count']);
}

/** The next answer of the map's call that satisfies `accept`. */
async function nextMapAnswer(page: Page, accept: (url: URL) => boolean = () => true): Promise<{ url: URL; answer: ListingsMap }> {
  const response = await page.waitForResponse((candidate) => {
    const url = new URL(candidate.url());
    return url.pathname === '/api/admin/listings-map' && candidate.status() === 200 && accept(url);
  });
  return { url: new URL(response.url()), answer: (await response.json()) as ListingsMap };
}

test('the map counts every listing, filters by status, zooms into a cluster, opens a listing, and speaks Somali', async ({
  adminPage: page,
  adminToken: token,
}) => {
  await page.route(/^https:\/\/[abc]\.tile\.openstreetmap\.org\//, (route) => route.fulfill({ status: 200, contentType: 'image/png', body: TILE }));
  const firstAnswer = nextMapAnswer(page);
  await page.goto('/dashboard');
  const section = page.getByRole('region', { name: 'Listings on the map' });
  const { url: firstUrl, answer: world } = await firstAnswer;
  expect(firstUrl.searchParams.get('zoom')).toBe('2');
  // The demo's cities are all within the first view: it holds every listing, as Review Listings counts them.
  const everyListing = await listingsTotal(page.request, token);
  expect(world.total).toBe(everyListing);
  await expect(section.getByRole('status')).toHaveText(`${everyListing} listings in this view`);
  await expect(section.getByRole('button', { name: /listings? here\. Zoom in$/ }).first()).toBeVisible();
  await expectNoSeriousAxeViolations(page, { label: 'dashboard with the map' });

  const approved = nextMapAnswer(page, (url) => url.searchParams.get('status') === 'Approved');
  await section.locator('label.ant-radio-button-wrapper', { hasText: 'Approved' }).click();
  const approvedTotal = await listingsTotal(page.request, token, 'Approved');
  expect((await approved).answer.total).toBe(approvedTotal);
  await expect(section.getByRole('status')).toHaveText(`${approvedTotal} listings in this view`);
  await section.locator('label.ant-radio-button-wrapper', { hasText: 'All' }).click();
  await expect(section.getByRole('status')).toHaveText(`${everyListing} listings in this view`);

  // Each click on a cluster zooms to its listings, until single listings show (a lone listing may show at once).
  let zoom = 2;
  const listing = section.getByRole('button', { name: /\. Open the listing$/ });
  for (let step = 0; step === 0 || (step < 4 && (await listing.count()) === 0); step += 1) {
    const deeper = nextMapAnswer(page, (url) => Number(url.searchParams.get('zoom')) > zoom);
    await section
      .getByRole('button', { name: /listings here\. Zoom in$/ })
      .first()
      .click();
    zoom = Number((await deeper).url.searchParams.get('zoom'));
  }
  expect(zoom).toBeGreaterThan(2);
  const name = (await listing.first().textContent()) ?? '';
  const title = name.slice(0, name.lastIndexOf(', '));
  await listing.first().click();
  await expect(page).toHaveURL(/\/listings\/\d+$/);
  await expect(page.getByRole('heading', { level: 2, name: title })).toBeVisible();

  await page.evaluate(() => localStorage.setItem('language', 'so'));
  await page.goto('/dashboard');
  const somali = page.getByRole('region', { name: 'Liisaska khariidadda ku yaal' });
  await expect(somali.getByRole('status')).toHaveText(`${everyListing} liis ayaa muuqaalkan ku jira`);
  await expect(somali.getByRole('button', { name: /liis ayaa halkan ku yaal\. Soo dhawee$/ }).first()).toBeVisible();
  await expectNoSeriousAxeViolations(page, { label: 'the map in Somali' });
});
