// The live back-office (issue 27, docs/decisions/026-live-changes.md) in Chromium against the real
// server: what someone else writes shows on the open screen without a reload.
import type { ListingRow } from '../../src/contracts/listings';
import { expect, expectNoSeriousAxeViolations, test } from './fixtures';

test('a host form sent from the landing page appears on the open list at once, highlighted', async ({ adminPage: page }) => {
  await page.goto('/landing-data');
  await expect(page.getByRole('heading', { name: 'Data from Landing Page' })).toBeVisible();
  await expect(page.locator('.ant-table-tbody tr.ant-table-row').first()).toBeVisible();
  const name = `Live Visitor ${Date.now()}`;
  // The public form's call, as the landing page makes it: another hand, another connection.
  const sent = await page.request.post('/api/data/add-host-information', {
    data: { name, email: 'live.visitor@example.com', phone: '+252 61 555 0199', address: '1 Live Road, Hargeisa' },
  });
  expect(sent.ok()).toBe(true);
  const row = page.locator('.ant-table-tbody tr.ant-table-row', { hasText: name });
  await expect(row).toBeVisible();
  await expect(row).toHaveClass(/hoy-live-new/);
  // Said once, politely, to a screen reader.
  await expect(page.locator('[aria-live="polite"]', { hasText: /1 new/ })).toHaveCount(1);
});

test('"N new — Show" on a deeper page opens the first page with the new row, the search kept, and says so (en, so)', async ({ adminPage, newAdminPage }) => {
  const somali = await newAdminPage({ locale: 'so' });
  const languages = [
    {
      page: adminPage,
      search: '',
      searchName: 'Search registrations...',
      newRows: '1 new —',
      show: 'Show',
      said: 'Data from Landing Page: page 1 shown, the new row included',
    },
    // A search the new row matches, with more than a page of rows: Show keeps it.
    {
      page: somali,
      search: '@',
      searchName: 'Raadi diiwaangelinta...',
      newRows: '1 cusub —',
      show: 'Muuji',
      said: 'Xogta bogga hore: bogga 1aad ayaa la muujiyay, oo uu ku jiro safka cusub',
    },
  ];
  for (const { page, search, searchName, newRows, show, said } of languages) {
    await page.goto(search ? `/landing-data?q=${encodeURIComponent(search)}` : '/landing-data');
    await expect(page.locator('.ant-table-tbody tr.ant-table-row').first()).toBeVisible();
    // Page 2 of the newest-first list: a new row would land on page 1, out of sight.
    await page.getByRole('navigation').getByRole('button', { name: '2', exact: true }).click();
    await expect(page).toHaveURL(/currentPage=2/);
    await expect(page.locator('.ant-spin-spinning')).toHaveCount(0);
    const name = `Page Two Visitor ${Date.now()}`;
    const sent = await page.request.post('/api/data/add-host-information', {
      data: { name, email: 'page.two.visitor@example.com', phone: '+252 61 555 0198', address: '2 Live Road, Hargeisa' },
    });
    expect(sent.ok()).toBe(true);
    await expect(page.getByText(newRows, { exact: true })).toBeVisible();
    await expect(page.locator('.ant-table-tbody tr.ant-table-row', { hasText: name })).toHaveCount(0);

    await page.getByRole('button', { name: show, exact: true }).click();
    await expect(page.locator('.ant-table-tbody tr.ant-table-row', { hasText: name })).toBeVisible();
    await expect(page).toHaveURL(/currentPage=1/);
    await expect(page.getByRole('searchbox', { name: searchName })).toHaveValue(search);
    await expect(page.getByText(newRows, { exact: true })).toHaveCount(0);
    await expect(page.locator('[aria-live="polite"]', { hasText: said })).toHaveCount(1);
    await expectNoSeriousAxeViolations(page, { label: `/landing-data after Show (${search ? 'so' : 'en'})` });
  }
});

test("a colleague's decision moves the sidebar's count of listings awaiting a decision", async ({ adminPage: page, adminToken: token }) => {
  const headers = { authorization: `Bearer ${token}` };
  await page.goto('/bookings');
  const link = page.getByRole('navigation').getByRole('link', { name: /^Listings \d+ awaiting a decision$/ });
  await expect(link).toBeVisible();
  const before = Number(/(\d+) awaiting/.exec((await link.textContent()) ?? '')?.[1]);
  expect(before).toBeGreaterThan(0);
  const pending = (await (await page.request.get('/api/admin/listings?status=Pending&page=1&pageSize=1', { headers })).json()) as ListingRow[];
  const decided = await page.request.post(`/api/admin/listings/${pending[0].propertyId}/approve`, { headers });
  expect(decided.ok()).toBe(true);
  await expect(page.getByRole('navigation').getByRole('link', { name: `Listings ${before - 1} awaiting a decision` })).toBeVisible();
});

test('an open listing says who approved it elsewhere and stops offering the decision', async ({ adminPage: page, adminToken: token }) => {
  const headers = { authorization: `Bearer ${token}` };
  const pending = (await (await page.request.get('/api/admin/listings?status=Pending&page=1&pageSize=1', { headers })).json()) as ListingRow[];
  await page.goto(`/listings/${pending[0].propertyId}`);
  const approve = page.getByRole('button', { name: 'Approve Property' });
  await expect(approve).toBeEnabled();
  // The sidebar's counts come only over the live stream: once shown, the stream follows changes.
  await expect(page.getByRole('navigation').getByRole('link', { name: /^Listings \d+ awaiting a decision$/ })).toBeVisible();
  // The same member through the API, not this tab: another hand.
  const decided = await page.request.post(`/api/admin/listings/${pending[0].propertyId}/approve`, { headers });
  expect(decided.ok()).toBe(true);
  await expect(page.getByRole('status').filter({ hasText: /approved this listing a moment ago/ })).toBeVisible();
  await expect(approve).toBeDisabled();
  await expect(page.getByRole('button', { name: 'Decline' })).toBeDisabled();
});

test("a review screen's place in the queue follows a colleague's decisions in another browser", async ({
  adminPage: page,
  adminToken: token,
  browser,
  baseURL,
}) => {
  const headers = { authorization: `Bearer ${token}` };
  const stamp = Date.now();
  const colleague = { name: `Hodan ${stamp}`, email: `hodan.${stamp}@hoy.test`, password: 'a colleague password long enough' };
  expect((await page.request.post('/api/admin/staff', { headers, data: { ...colleague, role: 'moderator' } })).status()).toBe(201);
  const signedIn = await page.request.post('/api/admin/admin-login', { data: { email: colleague.email, password: colleague.password } });
  const colleagueToken = ((await signedIn.json()) as { token: string }).token;
  const pendingAnswer = await page.request.get('/api/admin/listings?status=Pending&page=1&pageSize=4', { headers });
  const pending = (await pendingAnswer.json()) as ListingRow[];
  const total = Number(pendingAnswer.headers()['x-total-count']);
  expect(pending).toHaveLength(4);
  expect(total).toBeGreaterThan(4);

  // The third pending listing, in the list's order (the queue's, as no search or sort was used).
  await page.goto(`/listings/${pending[2].propertyId}`);
  await expect(page.getByRole('heading', { level: 2, name: pending[2].title })).toBeVisible();
  await expect(page.getByText(`3 of ${total} pending`, { exact: true })).toBeVisible();

  // The colleague, in a browser of their own, approves the first pending listing, then the one on screen.
  const colleagueContext = await browser.newContext({
    storageState: { cookies: [], origins: [{ origin: new URL(baseURL ?? '').origin, localStorage: [{ name: 'token', value: colleagueToken }] }] },
  });
  const colleaguePage = await colleagueContext.newPage();
  await colleaguePage.goto(`/listings/${pending[0].propertyId}`);
  await colleaguePage.getByRole('button', { name: 'Approve Property' }).click();
  await expect(colleaguePage.getByText('Status updated to Approved successfully!')).toBeVisible();
  await expect(page.getByText(`2 of ${total - 1} pending`, { exact: true })).toBeVisible();

  await colleaguePage.goto(`/listings/${pending[2].propertyId}`);
  await colleaguePage.getByRole('button', { name: 'Approve Property' }).click();
  await expect(colleaguePage.getByText('Status updated to Approved successfully!')).toBeVisible();
  await colleagueContext.close();
  // Decided, the listing on screen has left the queue: no place is claimed for it, and J goes on from
  // where it stood, to the listing after it.
  await expect(page.getByRole('status').filter({ hasText: `${colleague.name} approved this listing a moment ago` })).toBeVisible();
  await expect(page.getByText(/^\d+ of \d+ pending$/)).toHaveCount(0);
  await page.keyboard.press('j');
  await expect(page.getByRole('heading', { level: 2, name: pending[3].title })).toBeVisible();
  await expect(page.getByText(`2 of ${total - 2} pending`, { exact: true })).toBeVisible();
});

test('a message stored elsewhere appears in the open conversation without polling', async ({ adminPage: page, adminToken: token }) => {
  const headers = { authorization: `Bearer ${token}` };
  const [conversation] = (await (await page.request.get('/api/admin/conversations?page=1&pageSize=1', { headers })).json()) as { id: number }[];
  await page.goto(`/chats?conversation=${conversation.id}`);
  const log = page.getByRole('log');
  await expect(log.locator('[data-own]').first()).toBeVisible();
  const text = `Live message ${Date.now()}`;
  // Sent from another page of the back-office (no user-side HTTP call exists): it comes back over the stream.
  const sent = await page.request.post(`/api/admin/conversations/${conversation.id}/messages`, { headers, data: { text } });
  expect(sent.ok()).toBe(true);
  await expect(log.getByText(text)).toBeVisible();
});

test('a colleague opening a listing shows on its review screen and beside its row, and leaves with them', async ({ adminPage: page, adminToken: token }) => {
  const headers = { authorization: `Bearer ${token}` };
  const stamp = Date.now();
  const colleague = { name: `Amina ${stamp}`, email: `amina.${stamp}@hoy.test`, password: 'a colleague password long enough' };
  expect((await page.request.post('/api/admin/staff', { headers, data: { ...colleague, role: 'moderator' } })).status()).toBe(201);
  const signedIn = await page.request.post('/api/admin/admin-login', { data: { email: colleague.email, password: colleague.password } });
  const colleagueHeaders = { authorization: `Bearer ${((await signedIn.json()) as { token: string }).token}` };
  const [listing] = (await (await page.request.get('/api/admin/listings?page=1&pageSize=1', { headers })).json()) as ListingRow[];

  await page.goto(`/listings/${listing.propertyId}`);
  await expect(page.getByRole('heading', { level: 2, name: listing.title })).toBeVisible();
  // The colleague's own review screen says it is open (as the browser would).
  const present = { resource: 'listings', id: listing.propertyId };
  expect((await page.request.put('/api/admin/live/presence', { headers: colleagueHeaders, data: present })).status()).toBe(204);
  await expect(page.getByRole('status').filter({ hasText: `${colleague.name} is also reviewing this` })).toBeVisible();

  await page.goto('/listings');
  await expect(page.getByRole('row', { name: new RegExp(listing.title) }).getByText(`${colleague.name} is reviewing`)).toBeVisible();
  const left = await page.request.delete(`/api/admin/live/presence?resource=listings&id=${listing.propertyId}`, { headers: colleagueHeaders });
  expect(left.status()).toBe(204);
  await expect(page.getByText(`${colleague.name} is reviewing`)).toHaveCount(0);
});
