// The live back-office (issue 27, docs/decisions/026-live-changes.md) in Chromium against the real
// server: what someone else writes shows on the open screen without a reload.
import type { ListingRow } from '../../src/contracts/listings';
import { expect, test } from './fixtures';

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
