// The journeys' shared harness: Playwright's `test` with a server of the worker's own (server.ts), a
// signed-in administrator, the sign-in form for the journeys that are about it, and the one
// accessibility check every screen passes.
import { AxeBuilder } from '@axe-core/playwright';
import {
  test as base,
  expect,
  type APIRequestContext,
  type Browser,
  type BrowserContext,
  type BrowserContextOptions,
  type Page,
  type Request,
} from '@playwright/test';
import { readFile } from 'node:fs/promises';
import { E2E_ADMIN, FIRST_PORT, startWorkerServer, type E2eServer } from './server';

export { expect };

type Credentials = { email: string; password: string };

/** The worker's API session: signed in once, and again only when a journey has revoked it. */
type AdminSession = { api: APIRequestContext; token: string };

type WorkerFixtures = {
  /** The worker's own server and database, started with the worker and stopped with it. */
  server: E2eServer;
  adminSession: AdminSession;
};

type TestFixtures = {
  /** A live bearer token of E2E_ADMIN, shared by the worker's journeys. */
  adminToken: string;
  /** A page in a fresh context whose localStorage already holds the token: the journey starts signed in. */
  adminPage: Page;
  /** Another signed-in page, each in its own fresh context (a second browser, a phone-sized window). */
  newAdminPage: (options?: BrowserContextOptions) => Promise<Page>;
};

async function signInThroughApi(api: APIRequestContext): Promise<string> {
  const response = await api.post('/api/admin/admin-login', { data: E2E_ADMIN });
  expect(response.status()).toBe(200);
  return ((await response.json()) as { token: string }).token;
}

// Each fixture hands its value to the journey through `provide` (Playwright's `use`, renamed so
// the React hooks lint rule does not take it for React's `use`).
export const test = base.extend<TestFixtures, WorkerFixtures>({
  server: [
    // Playwright reads a fixture's dependencies from this pattern, and the server needs none.
    // oxlint-disable-next-line no-empty-pattern
    async ({}, provide, workerInfo) => {
      // workerIndex, not parallelIndex: a worker that replaces a failed one gets a fresh port and database.
      const server = await startWorkerServer(FIRST_PORT + workerInfo.workerIndex);
      await provide(server);
      await server.stop();
    },
    // Copying the demo database and starting the server take longer than a journey may.
    { scope: 'worker', timeout: 180_000 },
  ],

  // Every page, context and request of the journey goes to the worker's server.
  baseURL: async ({ server }, provide) => {
    await provide(server.baseURL);
  },

  adminSession: [
    async ({ playwright, server }, provide) => {
      const api = await playwright.request.newContext({ baseURL: server.baseURL });
      await provide({ api, token: await signInThroughApi(api) });
      await api.dispose();
    },
    { scope: 'worker' },
  ],

  adminToken: async ({ adminSession }, provide) => {
    // "Sign out all other sessions" (session.spec.ts) ends this session too; only then sign in again.
    const check = await adminSession.api.get('/api/admin/sessions', { headers: { authorization: `Bearer ${adminSession.token}` } });
    if (check.status() === 401) adminSession.token = await signInThroughApi(adminSession.api);
    else expect(check.status()).toBe(200);
    await provide(adminSession.token);
  },

  newAdminPage: async ({ browser, adminToken, baseURL }, provide) => {
    const origin = new URL(baseURL ?? '').origin;
    // The app keeps its token in localStorage under "token" (src/lib/session.ts).
    const storageState = { cookies: [], origins: [{ origin, localStorage: [{ name: 'token', value: adminToken }] }] };
    const contexts: BrowserContext[] = [];
    await provide(async (options = {}) => {
      // A context of browser.newContext(), not the default one: AxeBuilder needs that.
      const context = await browser.newContext({ ...options, storageState });
      trackRequests(context);
      contexts.push(context);
      return context.newPage();
    });
    await Promise.all(contexts.map((context) => context.close()));
  },

  adminPage: async ({ newAdminPage }, provide) => {
    await provide(await newAdminPage());
  },
});

/** The tab's live stream (docs/decisions/026-live-changes.md) stays open as long as the page. */
const LIVE_STREAM_PATH = '/api/admin/live';
const openRequests = new WeakMap<BrowserContext, Set<Request>>();

/** Counts the context's requests in flight, the live stream left out (networkQuiet reads them). */
/**
 * A page signed in as E2E_ADMIN in a session of its own, not the worker's shared one: a journey then
 * meets the step-up dialog (docs/decisions/039-step-up.md) even when another journey of the worker
 * stepped the shared session up in the last 5 minutes. The caller closes its context.
 */
export async function newAdminSessionPage(browser: Browser, api: APIRequestContext, baseURL: string | undefined, language = 'en'): Promise<Page> {
  const token = await signInThroughApi(api);
  const origin = new URL(baseURL ?? '').origin;
  const context = await browser.newContext({ storageState: { cookies: [], origins: [{ origin, localStorage: [{ name: 'token', value: token }] }] } });
  await context.addInitScript((chosen) => window.localStorage.setItem('language', chosen), language);
  trackRequests(context);
  return context.newPage();
}

export function trackRequests(context: BrowserContext): void {
  if (openRequests.has(context)) return;
  const open = new Set<Request>();
  openRequests.set(context, open);
  context.on('request', (request) => {
    if (new URL(request.url()).pathname !== LIVE_STREAM_PATH) open.add(request);
  });
  const done = (request: Request) => void open.delete(request);
  context.on('requestfinished', done);
  context.on('requestfailed', done);
}

/**
 * Waits until a list shows only rows holding `text`, the search just typed, and nothing loads. A row
 * that held the text before the search was sent (a first page) shows at once; a click on it then can
 * land on the loading veil that covers the table while the search runs, and is lost.
 */
export async function searchShown(page: Page, text: string): Promise<void> {
  await expect(page.locator('.ant-table-tbody tr.ant-table-row').filter({ hasText: text }).first()).toBeVisible();
  await expect(page.locator('.ant-table-tbody tr.ant-table-row').filter({ hasNotText: text })).toHaveCount(0);
  await expect(page.locator('.ant-spin-spinning')).toHaveCount(0);
}

/**
 * Waits until no CSS transition or animation runs: axe reading a colour halfway through a fade (a
 * sidebar unfolding, a button leaving its disabled grey) finds it too faint.
 */
export async function motionSettled(page: Page): Promise<void> {
  // Fades and slides end; an endless animation (a spinner, a pulse) never does and is not waited for.
  // Nine animations ran on past the 10 s default once, on the bookings list at 800 px in the clean-clone
  // CI: endless ones, or finite ones slowed by a loaded machine, which 30 s leaves room for.
  await expect
    .poll(
      () =>
        page.evaluate(
          () =>
            document.getAnimations().filter((animation) => animation.playState === 'running' && animation.effect?.getTiming().iterations !== Infinity).length,
        ),
      { timeout: 30_000 },
    )
    .toBe(0);
}

/**
 * Scrolls the page down a window at a time to its end and back to the top, so every part that renders
 * only once it comes into view (the dashboard's charts) has rendered, then waits for their data and
 * their fades: a check of the whole page then reads it whole and at rest. Without this, axe met a
 * chart that came into view during its run (it scrolls to read colours), its CSV button halfway
 * through the fade from disabled grey.
 */
export async function showWholePage(page: Page): Promise<void> {
  for (let step = 0; step < 50; step += 1) {
    const atEnd = await page.evaluate(() => {
      const root = document.scrollingElement ?? document.documentElement;
      root.scrollBy(0, window.innerHeight);
      return root.scrollTop + window.innerHeight >= root.scrollHeight - 1;
    });
    // Each window's parts start to load before the next: a jump to the end would pass some by.
    await page.waitForTimeout(50);
    if (atEnd) break;
  }
  await page.evaluate(() => (document.scrollingElement ?? document.documentElement).scrollTo(0, 0));
  await networkQuiet(page);
  await expect(page.locator('.ant-spin-spinning, .ant-skeleton-active')).toHaveCount(0);
  await motionSettled(page);
}

/**
 * Waits until the page has loaded and no request but the live stream has been in flight for 500 ms:
 * Playwright's 'networkidle' counts the stream, which never ends, so it never comes on an admin page.
 * The admin pages of the fixtures are tracked; an untracked context gets Playwright's 'networkidle'.
 */
export async function networkQuiet(page: Page, quietMs = 500): Promise<void> {
  const open = openRequests.get(page.context());
  // A context nobody tracks holds no signed-in page (the landing page, /login): Playwright's own wait serves.
  if (!open) return page.waitForLoadState('networkidle');
  await page.waitForLoadState('load');
  let quietSince = Date.now();
  await expect
    .poll(
      () => {
        if (open.size > 0) quietSince = Date.now();
        return Date.now() - quietSince >= quietMs;
      },
      { intervals: [100], timeout: 30_000 },
    )
    .toBe(true);
}

/**
 * Opens `path` in the app already running on the page, as a click on one of its links does: the
 * router follows the address, and the app's code, styles and live stream stay loaded. A journey that
 * reads many screens one after another spends its time on the screens, not on starting the app again.
 */
export async function openInApp(page: Page, path: string): Promise<void> {
  // A fresh page has no app yet: the first screen loads it.
  if (page.url() === 'about:blank') {
    await page.goto(path);
    return;
  }
  await page.evaluate((target) => {
    window.history.pushState(null, '', target);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, path);
  // The list screens add their page to the address once they open ("?pageSize=10&currentPage=1").
  const { pathname } = new URL(path, 'http://app');
  await expect.poll(() => page.evaluate(() => window.location.pathname)).toBe(pathname);
}

/** Fills and sends the login form; for the journeys about the form itself. */
export async function submitSignInForm(page: Page, credentials: Credentials = E2E_ADMIN): Promise<void> {
  await page.goto('/login');
  await page.getByLabel('Email').fill(credentials.email);
  await page.getByLabel('Password').fill(credentials.password);
  await page.getByRole('button', { name: 'Login' }).click();
}

/** Signs E2E_ADMIN in through the login form and waits for the dashboard. */
export async function signInThroughForm(page: Page): Promise<void> {
  await submitSignInForm(page);
  await expect(page).toHaveURL(/\/dashboard$/);
}

type AxeScope = {
  /** Names the place in the failure message ("/hosts", "decline dialog"). */
  label?: string;
  /** A CSS selector: check only this part of the page. */
  include?: string;
  /** A CSS selector: leave this part of the page out. */
  exclude?: string;
  /** Axe rule ids not to run. */
  disableRules?: string[];
};

/** Runs axe on the page as it is now; any serious or critical violation fails the journey. */
export async function expectNoSeriousAxeViolations(page: Page, { label, include, exclude, disableRules }: AxeScope = {}): Promise<void> {
  // Only violations are gathered: axe skips building the (much longer) lists of what passed.
  // Legacy mode runs axe in the page itself. The default runs it per frame, then opens a blank page to
  // merge the frames' results: on the dashboard 3.5 to 4.3 s a run against 0.9 to 1.2 s, the same
  // rules and findings, and axe was most of the journeys' browser time. What the default adds is only
  // cross-origin frames, and no Hoy page has a frame.
  let builder = new AxeBuilder({ page }).setLegacyMode(true).options({ resultTypes: ['violations'] });
  if (include) builder = builder.include(include);
  if (exclude) builder = builder.exclude(exclude);
  if (disableRules) builder = builder.disableRules(disableRules);
  const { violations } = await builder.analyze();
  const blocking = violations.filter((violation) => violation.impact === 'serious' || violation.impact === 'critical');
  const prefix = label ? `${label}: ` : '';
  expect(blocking.map((violation) => `${prefix}${violation.id} ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`)).toEqual([]);
}

/**
 * Clicks a list's Export CSV and answers the download's file name, its lines (byte order mark and line
 * ends gone) and the URL it came from. The browser's download manager fetched it from a single-use
 * ticket URL that holds no token; the page stayed where it was and gained no history entry.
 */
export async function exportCsv(page: Page): Promise<{ fileName: string; lines: string[]; url: string }> {
  const before = { url: page.url(), historyLength: await page.evaluate(() => window.history.length) };
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: /Export CSV/ }).click();
  const download = await downloading;
  const text = await readFile((await download.path()) ?? '', 'utf8');
  const token = await page.evaluate(() => window.localStorage.getItem('token'));
  expect(token).toBeTruthy();
  expect(download.url()).toMatch(/\/api\/admin\/exports\/[A-Za-z0-9_-]{43}$/);
  expect(download.url()).not.toContain(token);
  expect(page.url()).toBe(before.url);
  expect(await page.evaluate(() => window.history.length)).toBe(before.historyLength);
  return {
    fileName: download.suggestedFilename(),
    lines: text
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n'),
    url: download.url(),
  };
}
