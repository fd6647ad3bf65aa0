// Every table list fits a laptop: at 1280 × 800, in English and in Somali (longer labels), all
// columns show, Status and Actions included, with no sideways scrolling of the page or the table.
// On a phone the page still does not scroll sideways; the table scrolls inside itself.
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';

const TABLE_LISTS = ['/hosts', '/listings', '/property-approvals', '/bookings', '/landing-data', '/activity'];

interface Widths {
  page: { scroll: number; client: number };
  tables: { scroll: number; client: number }[];
  /** The right edge of each column header, left to right. */
  headerRights: number[];
}

async function measure(page: Page): Promise<Widths> {
  return page.evaluate(() => ({
    page: { scroll: document.documentElement.scrollWidth, client: document.documentElement.clientWidth },
    tables: [...document.querySelectorAll('.ant-table-content, .ant-table-body')].map((element) => ({
      scroll: element.scrollWidth,
      client: element.clientWidth,
    })),
    headerRights: [...document.querySelectorAll('.ant-table-thead th')].map((cell) => cell.getBoundingClientRect().right),
  }));
}

async function openList(page: Page, path: string): Promise<void> {
  await page.goto(path);
  // Rows, or the empty state (Activity is empty until someone decides something).
  await expect(page.locator('.ant-table-tbody tr:not(.ant-table-measure-row)').first()).toBeVisible();
  await expect(page.locator('.ant-spin-spinning')).toHaveCount(0);
}

for (const locale of ['en-US', 'so']) {
  test(`every table list fits 1280 px without sideways scrolling (${locale})`, async ({ newAdminPage }) => {
    const page = await newAdminPage({ locale, viewport: { width: 1280, height: 800 } });
    for (const path of TABLE_LISTS) {
      await openList(page, path);
      const widths = await measure(page);
      expect(widths.page.scroll, `${path}: the page scrolls sideways`).toBeLessThanOrEqual(widths.page.client);
      expect(widths.tables.length, `${path}: a table`).toBeGreaterThan(0);
      for (const table of widths.tables) expect(table.scroll, `${path}: the table scrolls sideways`).toBeLessThanOrEqual(table.client);
      expect(widths.headerRights.length, `${path}: column headers`).toBeGreaterThan(2);
      expect(Math.max(...widths.headerRights), `${path}: the last column ends inside the window`).toBeLessThanOrEqual(1280);
    }
    // The bookings list's last two columns, by name.
    await openList(page, '/bookings');
    for (const header of locale === 'so' ? ['Xaaladda', 'Ficillada'] : ['Status', 'Actions']) {
      await expect(page.getByRole('columnheader', { name: header })).toBeInViewport({ ratio: 1 });
    }
  });
}

test('on a phone the page does not scroll sideways; the bookings table scrolls inside itself', async ({ newAdminPage }) => {
  const page = await newAdminPage({ viewport: { width: 390, height: 844 } });
  await openList(page, '/bookings');
  const widths = await measure(page);
  expect(widths.page.scroll).toBeLessThanOrEqual(widths.page.client);
  expect(Math.max(...widths.tables.map((table) => table.scroll - table.client))).toBeGreaterThan(0);
});
