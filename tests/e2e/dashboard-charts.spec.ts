// The dashboard's charts in Chromium over the demo data: they load when scrolled to, draw a year,
// show each chart's numbers as a table that axe reads in English and Somali, and a bar or a table
// row opens its list filtered to exactly the bookings it counted. An open chart follows a colleague's
// decision without a reload.
import type { Page } from '@playwright/test';
import type { ListingRow } from '../../src/contracts/listings';
import { expect, expectNoSeriousAxeViolations, networkQuiet, test } from './fixtures';

type BookingPoint = { from: string; to: string; total: number; cancelled: number };

/** Scrolls to the charts (they load on view) and picks the last 365 days. */
async function showYear(page: Page, texts: { title: string; year: string }) {
  await page.goto('/dashboard');
  // The counts arrive first and push the charts' place down.
  await networkQuiet(page);
  const trends = page.getByRole('region', { name: texts.title, exact: true });
  await trends.getByRole('heading', { name: texts.title }).scrollIntoViewIfNeeded();
  await trends.getByText(texts.year, { exact: true }).click();
  await networkQuiet(page);
  return trends;
}

/**
 * The bookings list's filters as the address holds them: plain parameters (a short link's) or
 * Refine's synced form (`filters[0][field]=...`), the list's own, which a chart's link already uses.
 */
async function bookingsFilters(page: Page): Promise<Record<string, string> | undefined> {
  const url = new URL(page.url());
  if (url.pathname !== '/bookings') return undefined;
  const filters: Record<string, string> = {};
  const synced = new Map<string, { field?: string; value?: string }>();
  for (const [key, value] of url.searchParams) {
    const part = /^filters\[(\d+)\]\[(field|value)\]$/.exec(key);
    if (part) synced.set(part[1], { ...synced.get(part[1]), [part[2]]: value });
    else if (!['currentPage', 'pageSize'].includes(key) && !/^(filters|sorters)\[/.test(key)) filters[key] = value;
  }
  for (const { field, value } of synced.values()) if (field && value !== undefined) filters[field] = value;
  return filters;
}

/** Every chart shown as its table. */
async function showTables(trends: ReturnType<Page['getByRole']>, table: string) {
  const charts = trends.getByRole('region');
  await expect(charts.first()).toBeVisible();
  for (const chart of await charts.all()) await chart.getByText(table, { exact: true }).click();
  await expect(trends.getByRole('table')).toHaveCount(await charts.count());
}

test('the dashboard charts a year, reads as tables in both languages, and a bar opens the bookings it counted', async ({
  adminPage: page,
  newAdminPage,
  adminToken,
}) => {
  // Two pages and two axe runs: longer than most journeys on a busy machine.
  test.setTimeout(180_000);
  const trends = await showYear(page, { title: 'Trends', year: 'Last 365 days' });
  const bookingsChart = trends.getByRole('region', { name: 'Bookings by status' });
  await expect(bookingsChart.locator('.recharts-bar-rectangle').first()).toBeVisible();
  // Six charts for the administrator, each drawn.
  await expect(trends.getByRole('region')).toHaveCount(6);

  // The week the API counts most bookings in: its bar opens the bookings list with exactly those.
  const query = await page.evaluate(() => {
    const today = new Date();
    const from = new Date(today.getTime() - 364 * 86_400_000);
    return { from: from.toISOString().slice(0, 10), to: today.toISOString().slice(0, 10) };
  });
  const answer = await page.request.get('/api/admin/dashboard/charts/bookings', { params: query, headers: { authorization: `Bearer ${adminToken}` } });
  const points = ((await answer.json()) as { points: BookingPoint[] }).points;
  const busiest = points.reduce((best, point) => (point.total > best.total ? point : best));
  expect(busiest.total).toBeGreaterThan(0);

  await showTables(trends, 'Table');
  await expectNoSeriousAxeViolations(page, { label: 'dashboard charts as tables (en)', include: 'section[aria-label="Trends"]' });
  await bookingsChart
    .getByRole('link', { name: /^Open the list for / })
    .nth(points.indexOf(busiest))
    .click();
  await expect.poll(() => bookingsFilters(page)).toEqual({ createdFrom: busiest.from, createdTo: busiest.to });
  await expect(page.getByText(/^Created \w{3} \d{1,2}, \d{4} – \w{3} \d{1,2}, \d{4}$/)).toBeVisible();
  await expect(page.getByText(new RegExp(`of ${busiest.total} results?$`))).toBeVisible();
  await page.getByRole('button', { name: 'Show every date' }).click();
  await expect(page.getByText(new RegExp(`of ${busiest.total} results?$`))).toHaveCount(0);

  // Somali: the range, the charts' names, their tables' headers and numbers; axe reads them too.
  const somali = await newAdminPage({ locale: 'so' });
  const isbeddellada = await showYear(somali, { title: 'Isbeddellada', year: '365-tii maalmood ee u dambeeyay' });
  await showTables(isbeddellada, 'Jadwal');
  await expect(isbeddellada.getByRole('columnheader', { name: 'Martigeliyayaal cusub' })).toBeVisible();
  await expectNoSeriousAxeViolations(somali, { label: 'dashboard charts as tables (so)', include: 'section[aria-label="Isbeddellada"]' });

  // A click on a chart itself opens a bucket's list the same way.
  const cancellations = isbeddellada.getByRole('region', { name: 'Joojinta iyo murannada' });
  await cancellations.getByText('Jaantus', { exact: true }).click();
  await cancellations.getByRole('application', { name: 'Joojinta iyo murannada' }).click({ position: { x: 200, y: 120 } });
  const day = expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/);
  await expect.poll(() => bookingsFilters(somali)).toEqual({ status: 'cancelled', createdFrom: day, createdTo: day });
});

test("an open chart's table follows a colleague's first decision without a reload", async ({ adminPage: page, adminToken }) => {
  const headers = { authorization: `Bearer ${adminToken}` };
  const trends = await showYear(page, { title: 'Trends', year: 'Last 365 days' });
  const decisionsChart = trends.getByRole('region', { name: 'Time to a decision' });
  await decisionsChart.getByText('Table', { exact: true }).click();
  // This week's row: its 5th number counts the first decisions on listings. A chart follows the stream while on screen.
  const thisWeek = decisionsChart.getByRole('row').last();
  await thisWeek.scrollIntoViewIfNeeded();
  const query = await page.evaluate(() => {
    const today = new Date();
    return { from: new Date(today.getTime() - 364 * 86_400_000).toISOString().slice(0, 10), to: today.toISOString().slice(0, 10) };
  });
  const thisWeeksDecisions = async () => {
    const answer = await page.request.get('/api/admin/dashboard/charts/decisions', { params: query, headers });
    return ((await answer.json()) as { points: { listingDecisions: number }[] }).points.at(-1)?.listingDecisions;
  };
  const before = await thisWeeksDecisions();
  await expect(thisWeek.getByRole('cell').nth(4)).toHaveText(String(before));

  // The API, not this tab: another hand, as a colleague's screen would be.
  const [pending] = (await (await page.request.get('/api/admin/listings?status=Pending&page=1&pageSize=1', { headers })).json()) as ListingRow[];
  expect((await page.request.post(`/api/admin/listings/${pending.propertyId}/approve`, { headers })).ok()).toBe(true);
  expect(await thisWeeksDecisions()).toBe((before ?? 0) + 1);
  await expect(thisWeek.getByRole('cell').nth(4)).toHaveText(String((before ?? 0) + 1), { timeout: 15_000 });
});

test('a bar opens its list on the address its link shows, kept on reload, never reading "0 results" on the way (en, so)', async ({
  newAdminPage,
  adminToken,
}) => {
  // Two languages, each a year of charts: longer than most journeys on a busy machine.
  test.setTimeout(180_000);
  for (const { locale, texts, table, results, zero } of [
    { locale: 'en', texts: { title: 'Trends', year: 'Last 365 days' }, table: 'Table', results: (total: number) => `of ${total} result`, zero: 'of 0 results' },
    {
      locale: 'so',
      texts: { title: 'Isbeddellada', year: '365-tii maalmood ee u dambeeyay' },
      table: 'Jadwal',
      results: (total: number) => `ka mid ah ${total} natiijo`,
      zero: 'ka mid ah 0 natiijo',
    },
  ]) {
    const page = await newAdminPage({ locale });
    // From the first paint on, every address the tab shows and whether a list ever said "0 results".
    await page.addInitScript((zeroText) => {
      const seen = { addresses: [] as string[], zero: false };
      Object.assign(window, { hoySeen: seen });
      const note = () => seen.addresses.push(decodeURIComponent(window.location.pathname + window.location.search));
      for (const method of ['pushState', 'replaceState'] as const) {
        const original = window.history[method].bind(window.history);
        window.history[method] = (...args: Parameters<History['pushState']>) => {
          original(...args);
          note();
        };
      }
      new MutationObserver(() => {
        if (window.location.pathname !== '/dashboard' && document.body?.textContent?.includes(zeroText)) seen.zero = true;
      }).observe(document, { subtree: true, childList: true, characterData: true });
    }, zero);
    const seen = () => page.evaluate(() => (window as unknown as { hoySeen: { addresses: string[]; zero: boolean } }).hoySeen);

    const trends = await showYear(page, texts);
    const bookingsChart = trends.getByRole('region', { name: locale === 'en' ? 'Bookings by status' : 'Ballamaha xaaladdooda' });
    const query = await page.evaluate(() => {
      const today = new Date();
      return { from: new Date(today.getTime() - 364 * 86_400_000).toISOString().slice(0, 10), to: today.toISOString().slice(0, 10) };
    });
    const answer = await page.request.get('/api/admin/dashboard/charts/bookings', { params: query, headers: { authorization: `Bearer ${adminToken}` } });
    const points = ((await answer.json()) as { points: BookingPoint[] }).points;
    const busiest = points.reduce((best, point) => (point.total > best.total ? point : best));
    await bookingsChart.getByText(table, { exact: true }).click();
    const link = bookingsChart.getByRole('link', { name: /^(Open the list for|Fur liiska) / }).nth(points.indexOf(busiest));
    const shown = decodeURIComponent((await link.getAttribute('href')) ?? '');
    expect(shown).toMatch(/^\/bookings\?/);
    const before = (await seen()).addresses.length;

    await link.click();
    await expect(page.getByText(results(busiest.total))).toBeVisible();
    await networkQuiet(page);
    // One address, the link's own: the list found nothing to rewrite, and no count came before the rows.
    expect((await seen()).addresses.slice(before).every((address) => address === shown)).toBe(true);
    expect(decodeURIComponent(new URL(page.url()).pathname + new URL(page.url()).search)).toBe(shown);
    expect((await seen()).zero).toBe(false);
    await expect.poll(() => bookingsFilters(page)).toEqual({ createdFrom: busiest.from, createdTo: busiest.to });

    // Shared or reloaded, the address opens the same list.
    await page.reload();
    await expect(page.getByText(results(busiest.total))).toBeVisible();
    expect(decodeURIComponent(new URL(page.url()).pathname + new URL(page.url()).search)).toBe(shown);
    expect((await seen()).zero).toBe(false);
  }
});
