// The browser part of `npm run bench`: in Chromium, how long from a click on a sidebar entry to the
// list's first rows, from the last keystroke of a search to its results (debounce included), and on
// Bookings from a click on a sortable column header to the re-sorted rows.
// The page times itself: a listener notes the click or the last key, an observer notes when the new
// rows (or the search's total) enter the document, and the time is taken at the next frame after
// that, when the browser paints them. Playwright only drives and waits, so its own polling is not
// counted.
import { chromium } from '@playwright/test';
import { CHROMIUM_FLAGS, chromiumPath } from './chromium.mjs';

/** A list's rows: table rows, or the cards of the feedback screen. */
const TABLE_ROWS = 'main .ant-table-tbody tr.ant-table-row';

/**
 * The sidebar entries with a paged list, and a search each for words the API scenarios do not use,
 * so no cache can hold the answer yet (every search here is computed by the database).
 */
const SCREENS = [
  { link: 'Hosts', search: { box: 'Search hosts...', term: 'farah' } },
  { link: 'Properties', search: { box: 'Search by title, address, or host...', term: 'mogadishu' } },
  { link: 'Listings', search: { box: 'Search any listing', term: 'loft' } },
  {
    link: 'Bookings',
    search: { box: 'Search bookings...', term: 'hassan' },
    // The columns sorted through a join (src/admin/pages/bookings/list.tsx), over the whole list.
    sorts: [
      { header: 'Guest', sort: 'User.name' },
      { header: 'Property', sort: 'Property.title' },
    ],
  },
  { link: 'Feedback', items: 'main .ant-card', search: { box: 'Search any feedback', term: 'spotless' } },
  { link: 'Data from Landing Page' },
];

const TYPING_DELAY_MS = 60;
const TIMEOUT_MS = 30_000;

/**
 * Runs in the page before a click: notes the click, and the first frame after rows that were not on
 * the page before the click enter it (old rows are marked, so the previous screen's do not count).
 */
function watchNewRows(selector) {
  for (const row of document.querySelectorAll(selector)) row.setAttribute('data-hoy-old', '');
  const timing = { startedAt: null, paintedAt: null };
  window.hoyTiming = timing;
  document.addEventListener('click', () => (timing.startedAt ??= performance.now()), { capture: true, once: true });
  const observer = new MutationObserver(() => {
    if (timing.startedAt === null || !document.querySelector(`${selector}:not([data-hoy-old])`)) return;
    observer.disconnect();
    requestAnimationFrame(() => (timing.paintedAt = performance.now()));
  });
  observer.observe(document.body, { subtree: true, childList: true });
}

/**
 * Runs in the page before typing: notes every key press (the last one counts) and, for each total
 * the list's "... of N ..." line shows while rows are on the page, the first frame that showed it.
 */
function watchTotals(selector) {
  const timing = { startedAt: null, paintedAt: {} };
  window.hoyTiming = timing;
  document.addEventListener('keydown', () => (timing.startedAt = performance.now()), { capture: true });
  const observer = new MutationObserver(() => {
    if (timing.startedAt === null || !document.querySelector(selector)) return;
    for (const [, total] of (document.querySelector('main')?.innerText ?? '').matchAll(/ of ([\d,]+) /g)) {
      if (total in timing.paintedAt) continue;
      timing.paintedAt[total] = null;
      requestAnimationFrame(() => (timing.paintedAt[total] = performance.now()));
    }
  });
  observer.observe(document.body, { subtree: true, childList: true, characterData: true });
}

/**
 * Runs in the page before a click on a column header: notes the click and, for each order of rows
 * (their keys, comma-separated) shown after it, the first frame that showed it. Answers the order
 * before the click, which is not recorded.
 */
function watchRowOrders(selector) {
  const orderOf = () => [...document.querySelectorAll(selector)].map((row) => row.getAttribute('data-row-key')).join(',');
  const before = orderOf();
  const timing = { startedAt: null, paintedAt: { [before]: null } };
  window.hoyTiming = timing;
  document.addEventListener('click', () => (timing.startedAt ??= performance.now()), { capture: true, once: true });
  const observer = new MutationObserver(() => {
    if (timing.startedAt === null) return;
    const order = orderOf();
    if (order in timing.paintedAt) return;
    timing.paintedAt[order] = null;
    requestAnimationFrame(() => (timing.paintedAt[order] = performance.now()));
  });
  observer.observe(document.body, { subtree: true, childList: true });
  return before;
}

/** Milliseconds from the noted start to the frame that showed the awaited state. */
async function elapsedMs(page, totalForms) {
  const readPainted = (forms) => {
    const { startedAt, paintedAt } = window.hoyTiming;
    const painted = forms === null ? paintedAt : forms.map((form) => paintedAt[form]).find((value) => typeof value === 'number');
    return typeof painted === 'number' ? { ms: Math.round(painted - startedAt) } : null;
  };
  const handle = await page.waitForFunction(readPainted, totalForms, { timeout: TIMEOUT_MS });
  return (await handle.jsonValue()).ms;
}

/**
 * Clicks each sortable header of the screen in turn on the unsearched list (the search box is
 * emptied first): from the click to the first frame that shows the rows in the order the API answered.
 */
async function timeSorts(page, screen, selector) {
  if (screen.search) {
    const box = page.getByPlaceholder(screen.search.box);
    await box.fill('');
    await box.press('Enter');
    await page.waitForURL((url) => !url.searchParams.has('q'));
  }
  // Every answer in: no spinner over the rows.
  await page.locator(selector).first().waitFor();
  await page.locator('main .ant-table .ant-spin-spinning').first().waitFor({ state: 'detached' });
  const sorts = [];
  for (const { header, sort } of screen.sorts) {
    const before = await page.evaluate(watchRowOrders, selector);
    const answered = page.waitForResponse((response) => new URL(response.url()).searchParams.get('sort') === sort && response.request().method() === 'GET');
    await page.getByRole('columnheader', { name: header, exact: true }).click();
    const response = await answered;
    if (!response.ok()) throw new Error(`sorting ${screen.link} by ${header} answered ${response.status()}`);
    const order = (await response.json()).map((row) => String(row.id)).join(',');
    // The same rows in the same order would change nothing on the page: there would be no frame to time.
    if (order === before) throw new Error(`sorting ${screen.link} by ${header} (${sort}) left the rows in their order`);
    sorts.push({ header, sort, total: Number(response.headers()['x-total-count']), sortedMs: await elapsedMs(page, [order]) });
    await page.waitForLoadState('networkidle');
  }
  return sorts;
}

/** Signs in through the login form, times every screen and search, and closes the browser. */
export async function timeScreens({ baseUrl, email, password }) {
  const browser = await chromium.launch({
    executablePath: chromiumPath(),
    args: [...CHROMIUM_FLAGS],
  });
  try {
    const page = await browser.newPage({ viewport: { width: 1366, height: 900 } });
    page.setDefaultTimeout(TIMEOUT_MS);
    await page.goto(`${baseUrl}/login`);
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill(password);
    await page.getByRole('button', { name: 'Login' }).click();
    await page.getByRole('heading', { name: 'Dashboard' }).first().waitFor();
    await page.waitForLoadState('networkidle');
    const navigation = page.getByRole('navigation', { name: 'Main navigation' });

    const screens = [];
    for (const screen of SCREENS) {
      const selector = screen.items ?? TABLE_ROWS;
      await page.evaluate(watchNewRows, selector);
      await navigation.getByRole('link', { name: screen.link, exact: true }).click();
      const firstRowsMs = await elapsedMs(page, null);
      await page.waitForLoadState('networkidle');

      let search = null;
      if (screen.search) {
        const { term } = screen.search;
        const box = page.getByPlaceholder(screen.search.box);
        await box.click();
        await page.evaluate(watchTotals, selector);
        const answered = page.waitForResponse((response) => new URL(response.url()).searchParams.get('q') === term && response.request().method() === 'GET');
        await box.pressSequentially(term, { delay: TYPING_DELAY_MS });
        const response = await answered;
        if (!response.ok()) throw new Error(`the search for "${term}" on ${screen.link} answered ${response.status()}`);
        const total = Number(response.headers()['x-total-count']);
        search = { term, total, resultsMs: await elapsedMs(page, [String(total), total.toLocaleString('en-US')]) };
      }
      const sorts = screen.sorts ? await timeSorts(page, screen, selector) : undefined;
      screens.push({ screen: screen.link, firstRowsMs, search, ...(sorts ? { sorts } : {}) });
    }
    return screens;
  } finally {
    await browser.close();
  }
}
