// Every control is named by what it shows: on every admin screen, the landing page and the sign-in
// page, in English and in Somali, each button, link, tab and menu item's accessible name begins with
// its visible text, no icon inside one is exposed to assistive technology (so no name reads
// "reload Refresh"), and an icon-only control carries a name of its own. Axe runs on each screen too.
import type { Page } from '@playwright/test';
import { expect, expectNoSeriousAxeViolations, motionSettled, networkQuiet, openInApp, showWholePage, test } from './fixtures';
import { LIST_SCREENS } from './admin-lists';

// These journeys only read, each on a page of its own: the two workers may share them out, so the
// longest file does not finish alone at the end of the run.
test.describe.configure({ mode: 'parallel' });

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
    // Marks from an earlier reading of the same page (before a dialog opened) would name two controls alike.
    document.querySelectorAll<HTMLElement>('[data-name-check]').forEach((element) => delete element.dataset.nameCheck);
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

type Language = 'en' | 'so';

/** The name an antd icon reads by itself: its file name, in lower-case words joined by "-" ("reload", "close-circle"). */
const ICON_FILE_NAME = /^[a-z]+(-[a-z]+)*$/;
/** antd's own names for icon-only controls, in English whatever the language: in Somali they mean an untranslated name. */
const ANTD_ENGLISH_NAMES = /^(Close|Clear|Search|Increase Value|Decrease Value|expanded dropdown|remove)$/;

/** Chromium's own accessible name of every control `readControls` marked, read in one pass over its tree. */
async function accessibleNames(page: Page): Promise<Map<string, string>> {
  const cdp = await page.context().newCDPSession(page);
  try {
    const { root } = await cdp.send('DOM.getDocument', { depth: -1 });
    const marked = new Map<number, string>();
    const visit = (node: typeof root) => {
      const attributes = node.attributes ?? [];
      for (let i = 0; i < attributes.length; i += 2) if (attributes[i] === 'data-name-check') marked.set(node.backendNodeId, attributes[i + 1]);
      node.children?.forEach(visit);
    };
    visit(root);
    const { nodes } = await cdp.send('Accessibility.getFullAXTree');
    const names = new Map<string, string>();
    for (const node of nodes) {
      const index = node.backendDOMNodeId === undefined ? undefined : marked.get(node.backendDOMNodeId);
      if (index !== undefined)
        names.set(
          index,
          String(node.name?.value ?? '')
            .replace(/\s+/g, ' ')
            .trim(),
        );
    }
    return names;
  } finally {
    await cdp.detach();
  }
}

/** The controls whose accessible name (read from the tree, `names`) does not begin with their text. */
function misnamedControls(controls: Control[], names: Map<string, string>, language: Language): string[] {
  const misnamed: string[] = [];
  for (const control of controls) {
    const name = names.get(String(control.index));
    const label = `"${control.text || control.ownName}" is named ${name === undefined ? 'nothing (not in the tree)' : JSON.stringify(name)}`;
    // Text nodes side by side ("sea view" + "Declined") may or may not be spaced in the name: spaces are optional.
    const expected = control.text ? new RegExp(`^${control.text.split(' ').map(escapeRegExp).join('\\s*')}`) : /\S/;
    if (name === undefined || !expected.test(name)) misnamed.push(`${label}, not by its text`);
    // An icon-only control is named by words of its own, translated: never an icon's file name.
    else if (ICON_FILE_NAME.test(name)) misnamed.push(`${label}: an icon's file name`);
    else if (language === 'so' && ANTD_ENGLISH_NAMES.test(name)) misnamed.push(`${label}: antd's English name`);
  }
  return misnamed;
}

async function expectControlsNamedByTheirText(page: Page, screen: string, language: Language = 'en'): Promise<number> {
  // A loaded machine may report the network quiet before React has drawn the page: wait for its controls.
  await expect.poll(async () => (await readControls(page)).length, { message: `${screen}: controls found` }).toBeGreaterThan(0);
  // A control React replaces between the two readings (a list's pager once its total arrives) has no
  // name in the tree only because it is gone: read again, up to three times, before calling it misnamed.
  let controls = await readControls(page);
  let misnamed = misnamedControls(controls, await accessibleNames(page), language);
  for (let attempt = 1; attempt < 3 && misnamed.length > 0; attempt += 1) {
    await page.waitForTimeout(500);
    controls = await readControls(page);
    misnamed = misnamedControls(controls, await accessibleNames(page), language);
  }
  expect
    .soft(
      controls.filter((control) => control.exposedIcons.length > 0).map((control) => `${control.text || control.ownName}: ${control.exposedIcons.join(', ')}`),
      `${screen}: icons exposed inside controls`,
    )
    .toEqual([]);
  expect.soft(misnamed, `${screen}: controls not named by their text`).toEqual([]);
  return controls.length;
}

/** No antd icon anywhere on the page is left for assistive technology to read (as "calendar", "left"...). */
async function expectNoExposedIcons(page: Page, screen: string): Promise<void> {
  const exposed = await page.evaluate(() =>
    [...document.querySelectorAll('.anticon')]
      .filter((icon) => icon.closest('[aria-hidden="true"], [hidden], [inert]') === null)
      .map((icon) => `${icon.getAttribute('aria-label') ?? icon.className} in ${icon.parentElement?.className ?? ''}`),
  );
  expect.soft(exposed, `${screen}: icons exposed to assistive technology`).toEqual([]);
}

/** Both checks, and axe, on the page as it is now. */
async function checkScreen(page: Page, screen: string, language: Language): Promise<number> {
  const checked = await expectControlsNamedByTheirText(page, screen, language);
  await expectNoExposedIcons(page, screen);
  // A button that has just left its disabled grey (a chart's CSV once its numbers arrive) fades for
  // 0.2 s: axe reading it halfway finds the grey too faint (seen once on the dashboard at 800 px).
  await motionSettled(page);
  await expectNoSeriousAxeViolations(page, { label: `${screen} (${language})` });
  return checked;
}

/** Waits until the screen has shown all its data, the parts that load on view included (showWholePage). */
async function settle(page: Page): Promise<void> {
  await networkQuiet(page);
  await expect(page.locator('.ant-spin-spinning, .ant-skeleton-active')).toHaveCount(0);
  await showWholePage(page);
}

/** Every screen: the admin lists' (from their declarations) and the others. */
const ADMIN_SCREENS = ['/dashboard', ...LIST_SCREENS, '/chats', '/promo-code', '/promo-code-guest', '/promo-code-host', '/promo-code-host-regular'];

const LOCALES = [
  { locale: 'en-US', language: 'en' },
  { locale: 'so', language: 'so' },
] as const;

/** The sidebar's fold toggle when folded, and the phone header's menu button, in each language. */
const EXPAND_MENU = { en: 'Expand the menu', so: 'Ballaadhi liiska' };
const OPEN_MENU = { en: 'Open the menu', so: 'Fur liiska' };

for (const { locale, language } of LOCALES) {
  test(`every admin screen names its controls by their text (${locale})`, async ({ newAdminPage, adminToken }) => {
    test.setTimeout(300_000);
    const page = await newAdminPage({ locale, viewport: { width: 1280, height: 800 } });
    const api = page.request;
    const headers = { authorization: `Bearer ${adminToken}` };
    const [host] = (await (await api.get('/api/admin/hosts?page=1', { headers })).json()) as { userId: number }[];
    const [listing] = (await (await api.get('/api/admin/listings?page=1', { headers })).json()) as { propertyId: number }[];
    const [conversation] = (await (await api.get('/api/admin/conversations?page=1', { headers })).json()) as { id: number }[];
    const screens = [...ADMIN_SCREENS, `/host-details/${host.userId}`, `/listings/${listing.propertyId}`, `/chats?conversation=${conversation.id}`];
    let checked = 0;
    for (const screen of screens) {
      await openInApp(page, screen);
      await settle(page);
      await expect(page.locator('html')).toHaveAttribute('lang', language);
      checked += await checkScreen(page, screen, language);
    }

    // The listing's photo preview: antd's close button and its icons.
    await openInApp(page, `/listings/${listing.propertyId}`);
    await settle(page);
    await page.locator('button:has(img)').first().click();
    await expect(page.locator('.ant-image-preview-img')).toBeVisible();
    checked += await checkScreen(page, 'photo preview', language);
    await page.keyboard.press('Escape');
    await expect(page.locator('.ant-image-preview-img')).toBeHidden();

    // A promo's date picker, open: its month and year buttons.
    await openInApp(page, '/promo-code-host');
    await settle(page);
    await page.locator('.ant-picker').first().click();
    await expect(page.locator('.ant-picker-dropdown')).toBeVisible();
    checked += await checkScreen(page, 'date picker', language);
    await page.keyboard.press('Escape');

    // The sessions dialog, opened from the sidebar's "Sessions" entry (the one before "Logout").
    await page.getByRole('menuitem').nth(-2).click();
    await expect(page.getByRole('dialog')).toBeVisible();
    await settle(page);
    checked += await checkScreen(page, 'sessions dialog', language);
    expect(checked).toBeGreaterThan(100);
  });

  test(`the folded sidebar and the phone's menu name their controls by their text (${locale})`, async ({ newAdminPage }) => {
    test.setTimeout(120_000);
    // A tablet: the sidebar folds to its icons; the brand keeps its name and the toggle is a named button.
    const tablet = await newAdminPage({ locale, viewport: { width: 800, height: 1000 } });
    for (const screen of ['/dashboard', '/bookings', '/landing-data']) {
      await openInApp(tablet, screen);
      await settle(tablet);
      await checkScreen(tablet, `${screen} at 800 px`, language);
    }
    await tablet.getByRole('button', { name: EXPAND_MENU[language], exact: true }).click();
    // The menu's texts fade in as it unfolds: read once they have (axe failed once on the fade).
    await motionSettled(tablet);
    await checkScreen(tablet, 'the unfolded sidebar at 800 px', language);

    // A phone: the menu is a drawer opened from the header.
    const phone = await newAdminPage({ locale, viewport: { width: 390, height: 844 } });
    for (const screen of ['/dashboard', '/bookings', '/chats']) {
      await openInApp(phone, screen);
      await settle(phone);
      await checkScreen(phone, `${screen} at 390 px`, language);
    }
    await phone.getByRole('button', { name: OPEN_MENU[language], exact: true }).click();
    await expect(phone.getByRole('dialog')).toBeVisible();
    await settle(phone);
    await motionSettled(phone);
    await checkScreen(phone, 'menu drawer', language);
  });

  test(`the landing page and the sign-in page name their controls by their text (${language})`, async ({ browser }) => {
    const context = await browser.newContext({ locale });
    const page = await context.newPage();
    await page.goto(`/?lang=${language}`);
    await settle(page);
    await checkScreen(page, 'landing', language);
    await page.goto('/login');
    await settle(page);
    await expect(page.locator('html')).toHaveAttribute('lang', language);
    await checkScreen(page, 'login', language);
    await context.close();
  });
}
