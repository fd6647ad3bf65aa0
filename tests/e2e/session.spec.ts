// The session end to end: routes without a token, unknown routes with one, logout, a token revoked
// on the server (401 → "Unauthorized access. Please login again." and the way back to /login), a
// session that ended by time ("Your session has expired."), signing out the other sessions, the
// admin layout (sider order, current entry, language switch) and the layout at 360 px.
import { SESSION_EXPIRED_MESSAGE, SESSION_EXPIRED_REASON } from '../../src/contracts/auth';
import { expect, expectNoSeriousAxeViolations, showWholePage, signInThroughForm, test, trackRequests } from './fixtures';

const SHOTS = process.env.HOY_SCREENSHOT_DIR;

test('admin paths without a token lead to /, unknown paths with a token to /dashboard', async ({ page }) => {
  for (const path of ['/dashboard', '/hosts', '/host-details/1', '/no-such-page']) {
    await page.goto(path);
    await expect(page).toHaveURL(/127\.0\.0\.1:\d+\/$/);
  }
  await signInThroughForm(page);
  await page.goto('/no-such-page');
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('heading', { level: 2, name: 'Dashboard' })).toBeVisible();
});

test('the sider lists an administrator the fourteen entries in order (Guests after Hosts, Cases after Feedback, then Activity, Webhook deliveries, Staff last), marks the current one and ends with Logout', async ({
  page,
}) => {
  await signInThroughForm(page);
  await page.goto('/hosts');
  const navigation = page.getByRole('navigation', { name: 'Main navigation' });
  // Each label, then the live count some entries show beside it (hosts awaiting verification...).
  const entries = [
    'Dashboard',
    'Hosts',
    'Guests',
    'Properties',
    'Listings',
    'Bookings',
    'Chats',
    'Promo Code',
    'Feedback',
    'Cases',
    'Activity',
    'Data from Landing Page',
    'Webhook deliveries',
    'Staff',
  ];
  await expect(navigation.getByRole('link')).toHaveText(entries.map((label) => new RegExp(`^${label}(\\d.*)?$`)));
  await expect(navigation.getByRole('link', { name: /^Hosts\b/ })).toHaveAttribute('aria-current', 'page');
  await expect(navigation.locator('[aria-current="page"]')).toHaveCount(1);
  await expect(page.getByText('Hoy', { exact: true }).first()).toBeVisible();
  await expect(page.getByText('Welcome, User')).toBeVisible();
  await expect(page.getByRole('menuitem', { name: /Logout/ })).toBeVisible();

  // The top bar's language select is a native one, named "Language" and showing English.
  const language = page.getByRole('banner').getByRole('combobox', { name: 'Language' });
  await expect(language).toHaveValue('en');
  await language.selectOption({ label: 'Soomaali' });
  await expect(page.getByRole('heading', { level: 2, name: 'Maaraynta Martigeliyayaasha' })).toBeVisible();
  const somaliNavigation = page.getByRole('navigation', { name: 'Hagaha ugu muhiimsan' });
  await expect(somaliNavigation.getByRole('link', { name: 'Martigeliyayaasha' })).toHaveAttribute('aria-current', 'page');
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/hosts-somali.png`, fullPage: true });
  await page.evaluate(() => localStorage.setItem('language', 'en'));
});

test('a token revoked on the server ends the session with the documented message and the way back to /login', async ({ page }) => {
  await signInThroughForm(page);
  const token = await page.evaluate(() => localStorage.getItem('token'));
  expect(token).toBeTruthy();
  const revoked = await page.request.post('/api/admin/logout', { headers: { authorization: `Bearer ${token}` } });
  expect(revoked.status()).toBe(204);

  await page.goto('/hosts');
  await expect(page).toHaveURL(/\/login\?reason=unauthorized$/);
  await expect(page.getByText('Unauthorized access. Please login again.')).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
  await expect(page.getByRole('button', { name: 'Login' })).toBeVisible();
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/session-unauthorized.png` });
});

test('a session that ended by time sends the administrator back to /login with "Your session has expired."', async ({ page }) => {
  await signInThroughForm(page);
  // The tab's live stream is open once the sidebar shows its counts: what follows is the tab's next call.
  await expect(page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: /^Hosts \d[\d,]* awaiting/ })).toBeVisible();
  // Waiting out the 30 idle minutes is no journey: the server's answer to an expired token (its own
  // test in tests/server/auth.test.ts) stands in for every admin call from here on.
  await page.route(/\/api\/admin\//, (route) =>
    route.fulfill({
      status: 401,
      json: { statusCode: 401, error: 'Unauthorized', message: SESSION_EXPIRED_MESSAGE, reason: SESSION_EXPIRED_REASON },
    }),
  );
  // Back at the tab: the first screen that asks the server for something. A call of the open
  // dashboard's own (a chart's refresh, the presence beat) may meet the expiry first and leave the
  // page before the click lands; either way the tab must end at /login?reason=expired.
  const hosts = page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Hosts' });
  await Promise.race([page.waitForURL(/\/login\?reason=expired$/), hosts.click().catch(() => page.waitForURL(/\/login\?reason=expired$/))]);
  await expect(page).toHaveURL(/\/login\?reason=expired$/);
  await expect(page.getByText('Your session has expired. Please log in again.')).toBeVisible();
  await expect(page.getByText('Unauthorized access. Please login again.')).toHaveCount(0);
  expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
  await expect(page.getByRole('button', { name: 'Login' })).toBeVisible();
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/session-expired.png` });
});

test('signing out the other sessions ends the session of another browser', async ({ browser }) => {
  const first = await browser.newContext();
  const second = await browser.newContext();
  const firstPage = await first.newPage();
  const secondPage = await second.newPage();
  await signInThroughForm(firstPage);
  await signInThroughForm(secondPage);

  await secondPage.getByRole('menuitem', { name: 'Sessions', exact: true }).click();
  const dialog = secondPage.getByRole('dialog', { name: 'Your sessions' });
  await expect(dialog).toBeVisible();
  const rows = dialog.getByRole('listitem');
  // Earlier journeys' sessions may still be live: at least this browser's and the first one's.
  await expect.poll(() => rows.count()).toBeGreaterThanOrEqual(2);
  await expect(rows.filter({ hasText: 'This device' })).toHaveCount(1);
  await expect(dialog.getByText('Signed in at').first()).toBeVisible();
  await expectNoSeriousAxeViolations(secondPage, { include: '.ant-modal' });
  if (SHOTS) await secondPage.screenshot({ path: `${SHOTS}/sessions.png` });

  const signOutOthers = dialog.getByRole('button', { name: 'Sign out all other sessions' });
  await signOutOthers.click();
  await expect(secondPage.getByText(/^Signed out of \d+ other sessions?$/)).toBeVisible();
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText('This device');
  await expect(signOutOthers).toBeDisabled();
  // The disabled button has let go of the focus: Escape closes the dialog from its close button.
  await dialog.getByRole('button', { name: 'Close' }).focus();
  await secondPage.keyboard.press('Escape');
  await expect(dialog).toBeHidden();

  // The first browser learns at once, over its live stream, that its session ended.
  await expect(firstPage).toHaveURL(/\/login\?reason=unauthorized$/);
  await expect(firstPage.getByText('Unauthorized access. Please login again.')).toBeVisible();
  // The browser that signed the others out keeps working.
  await secondPage.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Hosts' }).click();
  await expect(secondPage.getByRole('heading', { level: 2, name: 'Hosts Management' })).toBeVisible();
  await first.close();
  await second.close();
});

test('logout goes to /login and forgets the token', async ({ page }) => {
  await signInThroughForm(page);
  await page.getByRole('menuitem', { name: /Logout/ }).click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('button', { name: 'Login' })).toBeVisible();
  await page.waitForLoadState();
  expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
  await page.goto('/dashboard');
  await expect(page).toHaveURL(/127\.0\.0\.1:\d+\/$/);
});

test('at 360 px the sider is a drawer opened from the header', async ({ browser }) => {
  const context = await browser.newContext({ viewport: { width: 360, height: 740 } });
  const page = await context.newPage();
  await signInThroughForm(page);
  await expect(page.getByRole('navigation', { name: 'Main navigation' })).toBeHidden();
  await expect(page.getByText('Welcome, User')).toBeVisible();
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/dashboard-360.png`, fullPage: true });
  await page.getByRole('button', { name: 'Open the menu' }).click();
  const navigation = page.getByRole('navigation', { name: 'Main navigation' });
  await expect(navigation).toBeVisible();
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/drawer-360.png` });
  await navigation.getByRole('link', { name: 'Hosts' }).click();
  await expect(page).toHaveURL(/\/hosts/);
  await expect(page.getByRole('heading', { level: 2, name: 'Hosts Management' })).toBeVisible();
  await expect(navigation).toBeHidden();
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/hosts-360.png`, fullPage: true });
  await context.close();
});

test('a failure to load the admin code shows "Unexpected Application Error!" with the error text', async ({ page }) => {
  await signInThroughForm(page);
  // The admin face is its own chunk (assets/app-*.js); refusing it is how a failed chunk load looks.
  await page.route(/\/assets\/app-[^/]*\.js$/, (route) => route.abort());
  await page.goto('/dashboard');
  await expect(page.getByRole('alert')).toContainText('Unexpected Application Error!');
  await expect(page.getByRole('heading', { level: 3 })).not.toBeEmpty();
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/error-screen.png` });
});

test('the dashboard and the layout have no serious or critical accessibility violations', async ({ browser }) => {
  const context = await browser.newContext();
  // Tracked, so showWholePage can tell the network quiet while the live stream stays open.
  trackRequests(context);
  const page = await context.newPage();
  await signInThroughForm(page);
  // The count cards' section comes first; the charts below may name a region "Hosts" too once they load.
  await expect(page.getByRole('region', { name: 'Hosts', exact: true }).first()).toBeVisible();
  // The dashboard whole and at rest, not mid-load: a chart's CSV button fades from disabled grey to
  // its colour in 0.2 s once its answer arrives, and axe reading it halfway finds the grey too faint.
  await showWholePage(page);
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/dashboard.png`, fullPage: true });
  await expectNoSeriousAxeViolations(page);
  await context.close();
});
