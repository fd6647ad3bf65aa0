// Every control is named by what it shows: on every admin screen, the landing page and the sign-in
// page, in English and in Somali, each button, link, tab and menu item's accessible name begins with
// its visible text, no icon inside one is exposed to assistive technology (so no name reads
// "reload Refresh"), and an icon-only control carries a name of its own. Axe runs on each screen too.
import type { Page } from '@playwright/test';
import { expect, expectNoSeriousAxeViolations, test } from './fixtures';

const CONTROLS = 'button, a[href], [role="button"], [role="link"], [role="tab"], [role="menuitem"]';

interface Control {
  index: number;
  text: string;
  /** Icons inside the control that assistive technology can still see. */
  exposedIcons: string[];
  /** What an icon-only control is named by, when it has no text. */
  ownName: string;
}

/** Marks every visible control on the page and reads its text and the icons inside it. */
async function readControls(page: Page): Promise<Control[]> {
  return page.evaluate((selector) => {
    const isHidden = (element: Element) => element.closest('[aria-hidden="true"], [hidden], [inert]') !== null;
    const controls: Control[] = [];
    document.querySelectorAll(selector).forEach((element, index) => {
      if (!(element instanceof HTMLElement) || element.getClientRects().length === 0 || isHidden(element)) return;
      if (getComputedStyle(element).visibility === 'hidden') return;
      element.dataset.nameCheck = String(index);
      const exposedIcons = [...element.querySelectorAll('.anticon, svg, img[alt=""]')]
        .filter((icon) => !isHidden(icon) && (icon.getAttribute('aria-label') || icon.getAttribute('role') === 'img'))
        .map((icon) => icon.getAttribute('aria-label') ?? icon.outerHTML.slice(0, 60));
      const ownName = element.getAttribute('aria-label') ?? element.getAttribute('title') ?? '';
      // The text a sighted user reads: every visible text node outside aria-hidden parts (an avatar's letter).
      const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
      const parts: string[] = [];
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const parent = node.parentElement;
        if (parent && !isHidden(parent) && parent.getClientRects().length > 0) parts.push(node.textContent ?? '');
      }
      controls.push({ index, text: parts.join(' ').replace(/\s+/g, ' ').trim(), exposedIcons, ownName });
    });
    return controls;
  }, CONTROLS);
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

async function expectControlsNamedByTheirText(page: Page, screen: string): Promise<number> {
  const controls = await readControls(page);
  expect(controls.length, `${screen}: controls found`).toBeGreaterThan(0);
  expect.soft(
    controls.filter((control) => control.exposedIcons.length > 0).map((control) => `${control.text || control.ownName}: ${control.exposedIcons.join(', ')}`),
    `${screen}: icons exposed inside controls`,
  ).toEqual([]);
  for (const control of controls) {
    const locator = page.locator(`[data-name-check="${control.index}"]`);
    // Text nodes side by side ("sea view" + "Declined") may or may not be spaced in the name: spaces are optional.
    const expected = control.text ? new RegExp(`^${control.text.split(' ').map(escapeRegExp).join('\\s*')}`) : /\S/;
    await expect.soft(locator, `${screen}: "${control.text || control.ownName}"`).toHaveAccessibleName(expected, { timeout: 1000 });
  }
  return controls.length;
}

/** Waits until the screen has shown its data: no spinner, and the network quiet for a moment. */
async function settle(page: Page): Promise<void> {
  await page.waitForLoadState('networkidle');
  await expect(page.locator('.ant-spin-spinning, .ant-skeleton-active')).toHaveCount(0);
}

const ADMIN_SCREENS = [
  '/dashboard',
  '/hosts',
  '/listings',
  '/property-approvals',
  '/bookings',
  '/chats',
  '/promo-code',
  '/promo-code-guest',
  '/promo-code-host',
  '/promo-code-host-regular',
  '/feedback',
  '/landing-data',
  '/activity',
];

for (const locale of ['en-US', 'so']) {
  test(`every admin screen names its controls by their text (${locale})`, async ({ newAdminPage, adminToken }) => {
    test.setTimeout(240_000);
    const page = await newAdminPage({ locale, viewport: { width: 1280, height: 800 } });
    const api = page.request;
    const headers = { authorization: `Bearer ${adminToken}` };
    const [host] = (await (await api.get('/api/admin/hosts?page=1', { headers })).json()) as { userId: number }[];
    const [listing] = (await (await api.get('/api/admin/listings?page=1', { headers })).json()) as { propertyId: number }[];
    const [conversation] = (await (await api.get('/api/admin/conversations?page=1', { headers })).json()) as { id: number }[];
    const screens = [...ADMIN_SCREENS, `/host-details/${host.userId}`, `/listings/${listing.propertyId}`, `/chats?conversation=${conversation.id}`];
    let checked = 0;
    for (const screen of screens) {
      await page.goto(screen);
      await settle(page);
      await expect(page.locator('html')).toHaveAttribute('lang', locale.slice(0, 2));
      checked += await expectControlsNamedByTheirText(page, screen);
      await expectNoSeriousAxeViolations(page, { label: `${screen} (${locale})` });
    }
    // The sessions dialog, opened from the sidebar's "Sessions" entry (the one before "Logout").
    await page.getByRole('menuitem').nth(-2).click();
    await expect(page.getByRole('dialog')).toBeVisible();
    await settle(page);
    checked += await expectControlsNamedByTheirText(page, 'sessions dialog');
    await expectNoSeriousAxeViolations(page, { label: `sessions dialog (${locale})` });
    expect(checked).toBeGreaterThan(100);
  });
}

for (const language of ['en', 'so']) {
  test(`the landing page and the sign-in page name their controls by their text (${language})`, async ({ browser }) => {
    const context = await browser.newContext({ locale: language === 'so' ? 'so' : 'en-US' });
    const page = await context.newPage();
    await page.goto(`/?lang=${language}`);
    await settle(page);
    await expectControlsNamedByTheirText(page, `landing (${language})`);
    await page.goto('/login');
    await settle(page);
    await expect(page.locator('html')).toHaveAttribute('lang', language);
    await expectControlsNamedByTheirText(page, `login (${language})`);
    await context.close();
  });
}
