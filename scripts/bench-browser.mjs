// The browser part of `npm run bench`: in Chromium, how long from a click on a sidebar entry to the
// list's first rows, and from the last keystroke of a search to its rows (debounce included).
// Times are taken in this process around the browser's actions, so they include the round trips of
// the DevTools protocol: a little more than a user would see, never less.
import { chromium } from '@playwright/test';

const CHROMIUM_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/**
 * The sidebar entries with a paged list, and a search each for words the API scenarios do not use,
 * so the search cache cannot have the answer yet (every search here is computed by the database).
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

/** A list's rows: table rows, or the cards of the feedback screen. */
const TABLE_ROWS = 'main .ant-table-tbody tr.ant-table-row';

/** Signs in through the login form, times every screen and search, and closes the browser. */
export async function timeScreens({ baseUrl, email, password }) {
  const browser = await chromium.launch({
    executablePath: process.env.CHROME_PATH || '/usr/bin/chromium',
    args: CHROMIUM_FLAGS,
  });
  try {
    const page = await browser.newPage({ viewport: { width: 1366, height: 900 } });
    page.setDefaultTimeout(TIMEOUT_MS);
    await page.goto(`${baseUrl}/login`);
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill(password);
    await page.getByRole('button', { name: 'Login' }).click();
    await page.getByRole('heading', { name: 'Dashboard' }).first().waitFor();
    const navigation = page.getByRole('navigation', { name: 'Main navigation' });

    const screens = [];
    for (const screen of SCREENS) {
      const startedAt = performance.now();
      await navigation.getByRole('link', { name: screen.link, exact: true }).click();
      const items = page.locator(screen.items ?? TABLE_ROWS);
      await items.first().waitFor();
      const firstRowsMs = Math.round(performance.now() - startedAt);

      let search = null;
      if (screen.search) {
        const box = page.getByPlaceholder(screen.search.box);
        const { term } = screen.search;
        const answered = page.waitForResponse(
          (response) => new URL(response.url()).searchParams.get('q') === term && response.request().method() === 'GET',
        );
        await box.click();
        await box.pressSequentially(term.slice(0, -1), { delay: TYPING_DELAY_MS });
        const lastKeyAt = performance.now();
        await box.press(term.slice(-1));
        const response = await answered;
        if (!response.ok()) throw new Error(`the search for "${term}" on ${screen.link} answered ${response.status()}`);
        // Shown when the list's "Showing ... of N ..." line names the search's total (written 1234 or 1,234).
        const total = Number(response.headers()['x-total-count']);
        await items.first().waitFor();
        await page.waitForFunction(
          (forms) => forms.some((form) => document.querySelector('main')?.innerText.includes(` of ${form} `)),
          [String(total), total.toLocaleString('en-US')],
          { timeout: TIMEOUT_MS },
        );
        search = { term, resultsMs: Math.round(performance.now() - lastKeyAt), total };
      }
      screens.push({ screen: screen.link, firstRowsMs, search });
    }
    return screens;
  } finally {
    await browser.close();
  }
}
