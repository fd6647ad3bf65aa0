// The review workbench (decision 027) in Chromium: a page of pending listings selected and declined
// in one batch while a colleague's browser approves two of them, the summary naming the colleague,
// and Undo putting the batch's own rows back; the dialog passes axe.
import type { Page } from '@playwright/test';
import type { ListingRow } from '../../src/contracts/listings';
import { expect, expectNoSeriousAxeViolations, test } from './fixtures';

/**
 * Waits until no dialog is open, not even one that is leaving: the review keys never act while one
 * is (docs/product.md §29), and a key pressed in that moment is dropped.
 */
async function keysListen(page: Page): Promise<void> {
  await expect(page.locator('.ant-modal-wrap:visible')).toHaveCount(0);
}

test('declines a page of pending listings in one batch while a colleague approves two, then undoes it', async ({
  adminPage: page,
  adminToken,
  browser,
  baseURL,
}) => {
  const headers = { authorization: `Bearer ${adminToken}` };
  const stamp = Date.now();
  const colleague = { name: `Amina ${stamp}`, email: `amina.review.${stamp}@hoy.test`, password: 'a colleague password long enough' };
  expect((await page.request.post('/api/admin/staff', { headers, data: { ...colleague, role: 'moderator' } })).status()).toBe(201);
  const signedIn = await page.request.post('/api/admin/admin-login', { data: { email: colleague.email, password: colleague.password } });
  const colleagueToken = ((await signedIn.json()) as { token: string }).token;
  const pendingPage = async () => (await (await page.request.get('/api/admin/listings?status=Pending&page=1&pageSize=8', { headers })).json()) as ListingRow[];
  const shown = await pendingPage();
  expect(shown).toHaveLength(8);

  await page.goto('/listings?status=Pending');
  await expect(page.getByRole('checkbox', { name: `Select ${shown[0].title}` })).toBeVisible();
  await page.getByRole('checkbox', { name: 'Select every row on this page' }).check();
  await expect(page.getByText('8 selected')).toBeVisible();

  // The colleague, in a browser of their own, approves two of the selected rows meanwhile.
  const colleagueContext = await browser.newContext({
    storageState: { cookies: [], origins: [{ origin: new URL(baseURL ?? '').origin, localStorage: [{ name: 'token', value: colleagueToken }] }] },
  });
  const colleaguePage = await colleagueContext.newPage();
  for (const listing of shown.slice(2, 4)) {
    await colleaguePage.goto(`/listings/${listing.propertyId}`);
    await colleaguePage.getByRole('button', { name: 'Approve Property' }).click();
    await expect(colleaguePage.getByText('Status updated to Approved successfully!')).toBeVisible();
  }
  await colleagueContext.close();

  await page.getByRole('button', { name: 'Decline selection' }).click();
  const dialog = page.getByRole('dialog', { name: 'Decline 8 records?' });
  await expect(dialog.getByRole('textbox', { name: /Why are they declined/ })).toBeFocused();
  await expectNoSeriousAxeViolations(page, { label: 'batch decline dialog', include: '.ant-modal' });
  await dialog.getByRole('textbox', { name: /Why are they declined/ }).fill('Photos do not show the rooms');
  await dialog.getByRole('button', { name: 'Decline 8' }).click();

  const notice = page.locator('.ant-notification-notice').filter({ hasText: '6 declined' });
  await expect(notice).toContainText(`6 declined; 2 already approved by ${colleague.name}, skipped`);
  const statuses = async () => {
    const rows = (await (await page.request.get(`/api/admin/listings?page=1&pageSize=100`, { headers })).json()) as ListingRow[];
    return shown.map((listing) => rows.find((row) => row.propertyId === listing.propertyId)?.status);
  };
  expect(await statuses()).toEqual(['Declined', 'Declined', 'Approved', 'Approved', 'Declined', 'Declined', 'Declined', 'Declined']);

  await notice.getByRole('button', { name: 'Undo' }).click();
  await expect(page.locator('.ant-notification-notice').filter({ hasText: '6 undone' })).toBeVisible();
  // The batch's own six are pending again; the colleague's two approvals stand.
  expect(await statuses()).toEqual(['Pending', 'Pending', 'Approved', 'Approved', 'Pending', 'Pending', 'Pending', 'Pending']);
  await expect(page.getByRole('checkbox', { name: `Select ${shown[0].title}` })).toBeVisible();
});

test('reviews listings by keyboard alone: A approves and opens the next, D asks the reason, U undoes, ? lists the keys', async ({
  adminPage: page,
  adminToken,
}) => {
  const headers = { authorization: `Bearer ${adminToken}` };
  const pending = (await (await page.request.get('/api/admin/listings?status=Pending&page=1&pageSize=3', { headers })).json()) as ListingRow[];
  // The queue walks the pending listings in the list's order.
  await page.goto('/listings?status=Pending');
  await expect(page.getByRole('link', { name: pending[0].title })).toBeVisible();
  await page.getByRole('link', { name: pending[0].title }).click();
  await expect(page.getByRole('heading', { level: 2, name: pending[0].title })).toBeVisible();
  await expect(page.getByText(/^1 of \d+ pending$/)).toBeVisible();

  await page.keyboard.press('a');
  await expect(page.getByRole('heading', { level: 2, name: pending[1].title })).toBeVisible();
  await expect(page.getByText('Status updated to Approved successfully!')).toBeVisible();
  await page.keyboard.press('u');
  await expect(page.getByText('1 undone')).toBeVisible();
  const first = (await (await page.request.get(`/api/admin/listings/${pending[0].propertyId}`, { headers })).json()) as { status: string };
  expect(first.status).toBe('Pending');

  await page.keyboard.press('d');
  const reason = page.getByRole('textbox', { name: 'Reason for declining' });
  await expect(reason).toBeFocused();
  // Typing a shortcut's letter in the reason types it, and opens nothing.
  await page.keyboard.type('jak');
  await expect(reason).toHaveValue('jak');
  await page.keyboard.press('Escape');
  await expect(reason).toHaveCount(0);
  await keysListen(page);
  await page.keyboard.press('j');
  await expect(page.getByRole('heading', { level: 2, name: pending[2].title })).toBeVisible();
  await page.keyboard.press('k');
  await expect(page.getByRole('heading', { level: 2, name: pending[1].title })).toBeVisible();

  await page.keyboard.press('?');
  const help = page.getByRole('dialog', { name: 'Keyboard shortcuts' });
  await expect(help.getByText('Open the next pending record')).toBeVisible();
  await expectNoSeriousAxeViolations(page, { label: 'shortcuts dialog', include: '.ant-modal' });
  await help.getByRole('switch', { name: 'Use single-key shortcuts on review screens' }).click();
  await page.keyboard.press('Escape');
  await expect(help).toBeHidden();
  await keysListen(page);
  await page.keyboard.press('j');
  await expect(page.getByRole('heading', { level: 2, name: pending[1].title })).toBeVisible();

  // Host Details has the same queue: D declines the pending host with a reason, and the next opens.
  const hosts = (await (await page.request.get('/api/admin/hosts?status=Pending&page=1&pageSize=2', { headers })).json()) as { userId: number; name: string }[];
  await page.goto(`/host-details/${hosts[0].userId}`);
  await expect(page.getByRole('heading', { level: 2, name: hosts[0].name })).toBeVisible();
  // The keys are off for this member since the listing above; the button turns them back on.
  await page.getByRole('button', { name: 'Keyboard shortcuts' }).click();
  await page.getByRole('switch', { name: 'Use single-key shortcuts on review screens' }).click();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog', { name: 'Keyboard shortcuts' })).toBeHidden();
  // D decides only once the member's permission to is known, as the Approve Host button shows.
  await expect(page.getByRole('button', { name: 'Approve Host' })).toBeVisible();
  await keysListen(page);
  await page.keyboard.press('d');
  await expect(page.getByRole('textbox', { name: 'Why is this host declined? (optional)' })).toBeFocused();
  await page.keyboard.type('No identity document');
  await page.getByRole('dialog', { name: 'Decline this host?' }).getByRole('button', { name: 'Decline' }).click();
  await expect(page.getByText('1 declined')).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: hosts[1].name })).toBeVisible();
});

test('Esc closes the shortcuts dialog when pressed at once after "?", while the dialog is still opening (en, so)', async ({
  newAdminPage,
  adminToken,
  request,
}) => {
  const headers = { authorization: `Bearer ${adminToken}` };
  const [listing] = (await (await request.get('/api/admin/listings?status=Pending&page=1&pageSize=1', { headers })).json()) as ListingRow[];
  for (const { locale, title, position } of [
    { locale: 'en', title: 'Keyboard shortcuts', position: /^1 of \d+ pending$/ },
    { locale: 'so', title: 'Furayaasha kiiboodhka', position: /^1 ka mid ah \d+ sugaya$/ },
  ]) {
    // A browser that does not ask for reduced motion, as most members' do: the dialog takes about 0.3 s
    // to open, and antd's own Esc works only once it has.
    const page = await newAdminPage({ locale, reducedMotion: 'no-preference' });
    await page.goto(`/listings/${listing.propertyId}`);
    await expect(page.getByRole('heading', { level: 2, name: listing.title })).toBeVisible();
    await expect(page.getByText(position)).toBeVisible();
    for (let round = 0; round < 2; round += 1) {
      await keysListen(page);
      await page.keyboard.press('?');
      const help = page.getByRole('dialog', { name: title });
      await expect(help).toBeVisible();
      await page.keyboard.press('Escape');
      await expect(help).toBeHidden();
    }
  }
});
