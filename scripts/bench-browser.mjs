// The browser part of `npm run bench`: in Chromium, how long from a click on a sidebar entry to the
// list's first rows, and from the last keystroke of a search to its results (debounce included).
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
  { link: 'Bookings', search: { box: 'Search bookings...', term: 'hassan' } },
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
        const answered = page.waitForResponse(
          (response) => new URL(response.url()).searchParams.get('q') === term && response.request().method() === 'GET',
        );
        await box.pressSequentially(term, { delay: TYPING_DELAY_MS });
        const response = await answered;
        if (!response.ok()) throw new Error(`the search for "${term}" on ${screen.link} answered ${response.status()}`);
        const total = Number(response.headers()['x-total-count']);
        search = { term, total, resultsMs: await elapsedMs(page, [String(total), total.toLocaleString('en-US')]) };
      }
      screens.push({ screen: screen.link, firstRowsMs, search });
    }
    return screens;
  } finally {
    await browser.close();
  }
}
