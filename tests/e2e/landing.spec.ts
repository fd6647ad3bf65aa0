// The landing page as a visitor uses it (both forms against the real server, both languages, a phone-sized
// window, axe), and what it collected as staff read it on Data from Landing Page.
import type { Browser, Page } from '@playwright/test';
import { expect, expectNoSeriousAxeViolations, exportCsv, signInThroughForm, test } from './fixtures';

/** A value no other test or seed row contains, so a search finds exactly this run's submission. */
function uniqueMark(): string {
  return `e2e${Date.now().toString(36)}${Math.floor(Math.random() * 1e6).toString(36)}`;
}

/** Staff in a second browser, signed in through the login form as they would be. */
async function signInAsAdmin(browser: Browser): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  await signInThroughForm(page);
  return page;
}

test('a prospective host registers; staff see the submission, hostile text shown literally, and export it', async ({ page, browser }) => {
  const mark = uniqueMark();
  const hostile = `<img src=x onerror="window.hoyInjected=1">${mark}`;
  await page.goto('/');
  await page.getByRole('link', { name: 'Get Started' }).click();
  const register = page.getByRole('region', { name: 'Register as a host' });
  await expect(register).toBeInViewport();

  await register.getByLabel('Name').fill(hostile);
  await register.getByLabel('Email').fill(`${mark}@example.com`);
  await register.getByLabel('Phone').fill('+252 61 555 0101');
  await register.getByLabel('Property address').fill(`  12 Lido Beach Road, ${mark}  `);
  await register.getByRole('button', { name: 'Submit' }).click();
  await expect(register.getByRole('status')).toHaveText('Thank you for your submission!');
  await expect(register.getByLabel('Name')).toHaveValue('');
  await expect(register.getByLabel('Property address')).toHaveValue('');

  const admin = await signInAsAdmin(browser);
  await admin.goto('/landing-data');
  await expect(admin.getByRole('navigation').getByRole('link', { name: 'Data from Landing Page' })).toHaveAttribute('href', '/landing-data');
  await expect(admin.getByRole('heading', { name: 'Data from Landing Page' })).toBeVisible();
  await admin.getByLabel('Search registrations...').fill(mark);
  // The newest row is on the first page anyway: wait until the (debounced) search has applied.
  await expect(admin.getByText('Showing 1 to 1 of 1 results')).toBeVisible();
  const row = admin.getByRole('row').filter({ hasText: mark });
  await expect(row).toHaveCount(1);
  await expect(row.getByRole('cell').first()).toHaveText(hostile);
  // Stored exactly as sent, spaces included (the page's text matchers would ignore them, the API does not).
  const token = await admin.evaluate(() => localStorage.getItem('token'));
  const stored = await admin.request.get(`/api/admin/host-information?page=1&pageSize=10&q=${mark}`, {
    headers: { authorization: `Bearer ${token}` },
  });
  expect(await stored.json()).toEqual([
    expect.objectContaining({ name: hostile, email: `${mark}@example.com`, phone: '+252 61 555 0101', address: `  12 Lido Beach Road, ${mark}  ` }),
  ]);
  expect(await admin.evaluate(() => (window as { hoyInjected?: number }).hoyInjected)).toBeUndefined();
  await expect(admin.locator('main img[src="x"]')).toHaveCount(0);

  const { fileName, lines } = await exportCsv(admin);
  expect(fileName).toBe('host-information.csv');
  expect(lines[0]).toBe('id,name,email,phone,address,createdAt');
  // Only the searched set: one header and one row.
  expect(lines).toHaveLength(2);
  expect(lines[1]).toContain(mark);
  await admin.context().close();
});

test('a visitor subscribes to updates; staff see the address on the subscribers tab', async ({ page, browser }) => {
  const email = `${uniqueMark()}@example.org`;
  await page.goto('/');
  const subscribe = page.getByRole('region', { name: 'Get updates' });
  await subscribe.getByLabel('Email address').fill(email);
  await subscribe.getByRole('button', { name: 'Subscribe' }).click();
  await expect(subscribe.getByRole('status')).toHaveText('Thank you for subscribing!');
  await expect(subscribe.getByLabel('Email address')).toHaveValue('');

  const admin = await signInAsAdmin(browser);
  await admin.goto('/landing-data');
  await admin.getByRole('tab', { name: 'Email subscribers' }).click();
  await expect(admin).toHaveURL(/\/landing-data\/subscribers/);
  await admin.getByLabel('Search subscribers...').fill(email);
  await expect(admin.getByRole('row').filter({ hasText: email })).toHaveCount(1);
  await admin.context().close();
});

test('a subscription the server refuses is explained in the page, not in a dialog', async ({ page }) => {
  let hasDialog = false;
  page.on('dialog', (dialog) => {
    hasDialog = true;
    void dialog.dismiss();
  });
  await page.goto('/');
  const subscribe = page.getByRole('region', { name: 'Get updates' });
  // Passes the browser's own check (type=email) but not Hoy's rule, docs/product.md §20.1 (a dot after the @).
  await subscribe.getByLabel('Email address').fill('reader@localhost');
  await subscribe.getByRole('button', { name: 'Subscribe' }).click();
  await expect(subscribe.getByRole('alert')).toHaveText('Error subscribing to email list. Please enter a valid email address.');
  await expect(subscribe.getByLabel('Email address')).toHaveValue('reader@localhost');
  expect(hasDialog).toBe(false);
});

test('the language switch turns the page Somali and back, and the choice is remembered', async ({ page }) => {
  await page.goto('/');
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await page.getByRole('button', { name: 'Soomaali' }).click();
  await expect(page.locator('html')).toHaveAttribute('lang', 'so');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Raadi, Ballanso, Ku raaxayso');
  await expect(page.getByRole('link', { name: 'Hadda bilow' })).toBeVisible();
  await expect(page).toHaveURL(/\?lang=so$/);
  await expect(page).toHaveTitle('Hoy: Raadi, Ballanso, Ku raaxayso degitaanno gaaban');

  await page.goto('/');
  await expect(page.locator('html')).toHaveAttribute('lang', 'so');
  await page.getByRole('button', { name: 'English' }).click();
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Discover, Book, Enjoy');
});

test('a shared /?lang=so link opens the page in Somali, /?lang=en in English', async ({ browser }) => {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto('/?lang=so');
  await expect(page.locator('html')).toHaveAttribute('lang', 'so');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Raadi, Ballanso, Ku raaxayso');
  await expect(page.locator('link[rel="alternate"][hreflang="so"]')).toHaveAttribute('href', /\/\?lang=so$/);
  await page.goto('/?lang=en');
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Discover, Book, Enjoy');
  await context.close();
});

test('at 375 px the anchors sit behind a menu button that works from the keyboard', async ({ browser }) => {
  const context = await browser.newContext({ viewport: { width: 375, height: 740 } });
  const page = await context.newPage();
  await page.goto('/');
  const toggle = page.getByRole('button', { name: 'Open menu' });
  const menu = page.getByRole('navigation', { name: 'Main' });
  await expect(toggle).toBeVisible();
  await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  await expect(menu).toBeHidden();

  await toggle.focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('button', { name: 'Close menu' })).toHaveAttribute('aria-expanded', 'true');
  await expect(menu).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(menu).toBeHidden();
  await expect(page.getByRole('button', { name: 'Open menu' })).toBeFocused();

  await page.getByRole('button', { name: 'Open menu' }).click();
  await menu.getByRole('link', { name: "FAQ's" }).click();
  await expect(menu).toBeHidden();
  await expect(page.getByRole('heading', { name: 'Frequently asked questions' })).toBeInViewport();
  // Nothing wider than the phone: no sideways scrolling.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  await context.close();
});

test('the FAQ opens one answer at a time and the store links go to the general store sites', async ({ page }) => {
  await page.goto('/');
  const faq = page.getByRole('region', { name: 'Frequently asked questions' });
  await faq.getByRole('button', { name: 'How much does it cost to host on Hoy?' }).click();
  await expect(faq.getByText('hosting service fee of 2.5%')).toBeVisible();
  await faq.getByRole('button', { name: 'What is Hoy?' }).click();
  await expect(faq.getByText('hosting service fee of 2.5%')).toBeHidden();
  await faq.getByRole('button', { name: 'What is Hoy?' }).click();
  await expect(faq.getByRole('button', { expanded: true })).toHaveCount(0);

  const hero = page.getByRole('region', { name: 'Discover, Book, Enjoy' });
  await expect(hero.getByRole('link', { name: /Google Play/ })).toHaveAttribute('href', 'https://play.google.com/store');
  await expect(hero.getByRole('link', { name: /App Store/ })).toHaveAttribute('href', 'https://www.apple.com/app-store/');
  await expect(page.getByRole('contentinfo')).toContainText('© 2024 Hoy');
});

test('the landing page has no serious or critical accessibility violations in English or Somali', async ({ browser }) => {
  for (const language of ['en', 'so']) {
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.goto(`/?lang=${language}`);
    await page.waitForLoadState('networkidle');
    await expectNoSeriousAxeViolations(page, { label: language });
    // Again with an answer open and the phone layout's menu open.
    await page.locator('.accordion-button').nth(2).click();
    await page.setViewportSize({ width: 375, height: 740 });
    await page.locator('.menu-toggle').click();
    await expectNoSeriousAxeViolations(page, { label: `${language} (375 px, menu and answer open)` });
    await context.close();
  }
});
