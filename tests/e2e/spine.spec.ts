// The spine end to end: a visitor sees the landing page; an administrator signs in, reaches the
// admin layout, and signs out again (the token is revoked and gone).
import type { Page } from '@playwright/test';
import { E2E_ADMIN } from './server';
import { expect, expectNoSeriousAxeViolations, networkQuiet, submitSignInForm, test, trackRequests } from './fixtures';

/** Collects what the browser reports as Content-Security-Policy violations on a page. */
function watchCspViolations(page: Page): string[] {
  const violations: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) violations.push(message.text());
  });
  return violations;
}

test('neither face breaks the Content-Security-Policy', async ({ page }) => {
  trackRequests(page.context());
  const violations = watchCspViolations(page);
  const response = await page.goto('/');
  expect(response?.headers()['content-security-policy']).toContain("script-src 'self'");
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await submitSignInForm(page);
  await expect(page.getByRole('heading', { name: 'Dashboard' }).first()).toBeVisible();
  for (const path of ['/hosts', '/bookings', '/feedback', '/chats', '/promo-code']) {
    await page.goto(path);
    await networkQuiet(page);
  }
  expect(violations).toEqual([]);
});

test('a visitor without a token sees the landing page, and admin paths lead back to it', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.locator('.ant-layout')).toHaveCount(0);
  await page.goto('/hosts');
  await expect(page).toHaveURL(/\/$/);
});

test('an administrator signs in, reaches the dashboard, and logs out', async ({ page }) => {
  await submitSignInForm(page);

  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('heading', { name: 'Dashboard' }).first()).toBeVisible();
  await expect(page.getByText('Hoy').first()).toBeVisible();
  const token = await page.evaluate(() => localStorage.getItem('token'));
  expect(token).toBeTruthy();

  await page.getByRole('menuitem', { name: /Logout/ }).click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('button', { name: 'Login' })).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
  const revoked = await page.request.post('/api/admin/logout', { headers: { authorization: `Bearer ${token}` } });
  expect(revoked.status()).toBe(401);
});

test('wrong credentials keep the visitor on the login page with the documented message', async ({ page }) => {
  await submitSignInForm(page, { email: E2E_ADMIN.email, password: 'not the password' });
  await expect(page.getByText('Authentication failed. Please check your credentials.')).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);
});

test('the landing page and the login page have no serious or critical accessibility violations', async ({ browser }) => {
  const context = await browser.newContext();
  const page = await context.newPage();
  for (const path of ['/', '/login']) {
    await page.goto(path);
    // The landing page and /login hold no live stream: the network does go idle there.
    await page.waitForLoadState('networkidle');
    await expectNoSeriousAxeViolations(page, { label: path });
  }
  await context.close();
});

test('the accessibility check fails on a nameless button and on text too faint to read', async ({ browser }) => {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto('/login');
  await page.waitForLoadState('networkidle');
  await page.evaluate(() => {
    const nameless = document.createElement('button');
    nameless.id = 'nameless';
    const faint = document.createElement('p');
    faint.id = 'faint';
    faint.textContent = 'grey on white';
    faint.style.cssText = 'color: #eeeeee; background: #ffffff';
    document.body.append(nameless, faint);
  });
  const failure = await expectNoSeriousAxeViolations(page, { label: 'planted' }).then(
    () => 'no failure',
    (error: Error) => error.message,
  );
  expect(failure).toContain('planted: button-name #nameless');
  expect(failure).toContain('planted: color-contrast #faint');
  await context.close();
});
