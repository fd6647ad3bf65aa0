// Every list fits a laptop: at 1280 × 800, in English and in Somali (longer labels), on the demo
// data, all columns show, Status and Actions included, with no sideways scrolling of the page or the
// table. Narrower (1024, a 768 tablet, a 390 phone) the page still never scrolls sideways; on a phone
// the table scrolls inside itself.
import type { Page } from '@playwright/test';
import { expect, networkQuiet, openInApp, test } from './fixtures';
import { LIST_SCREENS } from './admin-lists';

// These journeys only read, each on a page of its own: the two workers may share them out, so the
// longest file does not finish alone at the end of the run.
test.describe.configure({ mode: 'parallel' });

/** The lists drawn as tables: every list but Feedback, whose rows are cards (openFeedback below). */
const TABLE_LISTS = LIST_SCREENS.filter((path) => path !== '/feedback');

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

/** Opens a screen inside the running app, as its menu entry does (a reload would start the app again), at the page's top. */
async function openScreen(page: Page, path: string): Promise<void> {
  await openInApp(page, path);
  await page.evaluate(() => window.scrollTo(0, 0));
  // The new screen's code and rows have arrived: the old screen's rows are gone.
  await networkQuiet(page);
}

async function openList(page: Page, path: string): Promise<void> {
  await openScreen(page, path);
  // Rows, or the empty state (Activity is empty until someone decides something).
  await expect(page.locator('.ant-table-tbody tr:not(.ant-table-measure-row)').first()).toBeVisible();
  await expect(page.locator('.ant-spin-spinning')).toHaveCount(0);
}

/** Each table list with the columns that must stay in view (their headers in English and in Somali). */
const REQUIRED_COLUMNS: Record<string, { 'en-US': string[]; so: string[] }> = {
  '/hosts': { 'en-US': ['Status', 'Actions'], so: ['Xaaladda', 'Ficillada'] },
  '/listings': { 'en-US': ['Status'], so: ['Xaaladda'] },
  '/property-approvals': { 'en-US': ['Status', 'Actions'], so: ['Xaaladda', 'Ficillada'] },
  '/bookings': { 'en-US': ['Status', 'Actions'], so: ['Xaaladda', 'Ficillada'] },
  '/staff': { 'en-US': ['Status', 'Actions'], so: ['Xaaladda', 'Ficillada'] },
};

const LOCALES = ['en-US', 'so'] as const;

async function openFeedback(page: Page): Promise<void> {
  await openScreen(page, '/feedback');
  await expect(page.locator('.ant-card').first()).toBeVisible();
  await expect(page.locator('.ant-spin-spinning')).toHaveCount(0);
}

/** Narrower than a laptop (1024, a 768 tablet): the page never scrolls sideways; a table may, inside itself. */
const NARROWER = [
  { width: 1024, height: 768 },
  { width: 768, height: 1024 },
];

/**
 * The page itself never scrolls sideways at the window's width now: measured after two frames, once the
 * screen has redrawn for the new width (antd answers its breakpoints' change events).
 */
async function expectNoPageScroll(page: Page, path: string, width: number): Promise<void> {
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
  const widths = await measure(page);
  expect(widths.page.client, `${path}: measured at ${width} px`).toBeLessThanOrEqual(width);
  expect(widths.page.scroll, `${path} at ${width} px: the page scrolls sideways`).toBeLessThanOrEqual(widths.page.client);
}

for (const locale of LOCALES) {
  // Each list is opened once at 1280 px and checked there, then the window is narrowed to 1024 and 768.
  test(`every list fits 1280 px without sideways scrolling, and narrower only its table scrolls (${locale})`, async ({ newAdminPage }) => {
    test.setTimeout(90_000);
    const laptop = { width: 1280, height: 800 };
    const page = await newAdminPage({ locale, viewport: laptop });
    for (const path of TABLE_LISTS) {
      await page.setViewportSize(laptop);
      await openList(page, path);
      const widths = await measure(page);
      expect(widths.page.scroll, `${path}: the page scrolls sideways`).toBeLessThanOrEqual(widths.page.client);
      expect(widths.tables.length, `${path}: a table`).toBeGreaterThan(0);
      for (const table of widths.tables) expect(table.scroll, `${path}: the table scrolls sideways`).toBeLessThanOrEqual(table.client);
      expect(widths.headerRights.length, `${path}: column headers`).toBeGreaterThan(2);
      expect(Math.max(...widths.headerRights), `${path}: the last column ends inside the window`).toBeLessThanOrEqual(1280);
      // Every column, whole, in the window: Status and Actions by name where the list has them.
      const headers = page.getByRole('columnheader');
      for (let index = 0; index < widths.headerRights.length; index += 1) {
        await expect(headers.nth(index), `${path}: column ${index + 1}`).toBeInViewport({ ratio: 1 });
      }
      for (const header of REQUIRED_COLUMNS[path]?.[locale] ?? []) {
        await expect(page.getByRole('columnheader', { name: header, exact: true }), `${path}: ${header}`).toBeInViewport({ ratio: 1 });
      }
      for (const viewport of NARROWER) {
        await page.setViewportSize(viewport);
        await expectNoPageScroll(page, path, viewport.width);
      }
    }
    // The feedback list is cards, not a table: it fits too, at every width.
    await page.setViewportSize(laptop);
    await openFeedback(page);
    for (const viewport of [laptop, ...NARROWER]) {
      await page.setViewportSize(viewport);
      await expectNoPageScroll(page, '/feedback', viewport.width);
    }
  });
}

test('on a phone the page never scrolls sideways and every list with rows scrolls inside its table, in both languages', async ({ newAdminPage }) => {
  test.setTimeout(90_000);
  for (const locale of LOCALES) {
    const page = await newAdminPage({ locale, viewport: { width: 390, height: 844 } });
    // Activity may have no rows yet: its empty table need not scroll, and the feedback cards have no table.
    for (const path of ['/activity', '/feedback']) {
      await (path === '/feedback' ? openFeedback(page) : openList(page, path));
      const widths = await measure(page);
      expect(widths.page.scroll, `${path}: the page scrolls sideways`).toBeLessThanOrEqual(widths.page.client);
    }
    for (const path of TABLE_LISTS.filter((list) => list !== '/activity')) {
      await openList(page, path);
      const widths = await measure(page);
      expect(widths.page.scroll, `${path}: the page scrolls sideways`).toBeLessThanOrEqual(widths.page.client);
      expect(Math.max(...widths.tables.map((table) => table.scroll - table.client)), `${path}: the table scrolls inside itself`).toBeGreaterThan(0);
      // The last column is reached by scrolling the table, not the page.
      await page.getByRole('columnheader').last().scrollIntoViewIfNeeded();
      await expect(page.getByRole('columnheader').last(), `${path}: the last column`).toBeInViewport();
      expect(await page.evaluate(() => window.scrollX), `${path}: the page moved sideways`).toBe(0);
    }
  }
});
