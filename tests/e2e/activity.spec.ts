// Activity against the real server: a decision made in one screen shows in the trail, newest first,
// with who, what, the linked record and before → after; search, kind filter, time sort, CSV, axe.
import type { ListingRow } from '../../src/contracts/listings';
import { E2E_ADMIN } from './server';
import { expect, expectNoSeriousAxeViolations, exportCsv, test } from './fixtures';

test('a listing declined with a reason shows in Activity, searchable, filtered by kind, sorted by time and exported', async ({
  adminPage: page,
  adminToken: token,
}) => {
  const headers = { authorization: `Bearer ${token}` };
  const pending = (await (await page.request.get('/api/admin/listings?status=Pending&page=1&pageSize=100', { headers })).json()) as ListingRow[];
  // The last pending listing: the listings journeys take theirs from the front.
  const listing = pending[pending.length - 1];
  const reason = `Activity ${Date.now().toString(36)}: <b>not bold</b>`;
  expect((await page.request.post(`/api/admin/listings/${listing.id}/decline`, { headers, data: { reason } })).status()).toBe(200);

  await page.goto('/dashboard');
  await page.getByRole('link', { name: 'Activity', exact: true }).click();
  await expect(page.getByRole('heading', { level: 2, name: 'Activity' })).toBeVisible();
  const first = page.locator('tbody tr.ant-table-row').first();
  await expect(first).toContainText('Listing declined');
  await expect(first).toContainText(E2E_ADMIN.email);
  await expect(first).toContainText('Status: Pending → Declined');
  await expect(first).toContainText(`Reason: ${reason}`);
  await expect(page.locator('tbody b')).toHaveCount(0);

  await page.getByRole('searchbox', { name: 'Search by staff member, record name, action or reason...' }).fill(reason);
  await expect(page.getByText('Showing 1 to 1 of 1 results')).toBeVisible();
  const kinds = page.getByRole('radiogroup', { name: 'Filter activity by kind of record' });
  await kinds.getByText('Hosts', { exact: true }).click();
  await expect(page.getByText('No activity matches your search criteria.')).toBeVisible();
  await kinds.getByText('Listings', { exact: true }).click();
  await expect(page.getByText('Showing 1 to 1 of 1 results')).toBeVisible();
  // The address holds the search and the kind before the export (it must not change during it).
  await expect.poll(() => decodeURIComponent(page.url())).toMatch(/\[field\]=q&.*\[field\]=status&|\[field\]=status&.*\[field\]=q&/);

  const { fileName, lines } = await exportCsv(page);
  expect(fileName).toBe('activity.csv');
  expect(lines[0]).toBe('id,createdAt,administratorEmail,action,entityType,entityId,reason,before,after');
  expect(lines).toHaveLength(2);
  expect(lines[1]).toContain(`listing.decline,listing,${listing.id}`);

  // The record links to the listing it decided; the state survives the trip back.
  await page.getByRole('link', { name: `Listing #${listing.id}` }).click();
  await expect(page).toHaveURL(new RegExp(`/listings/${listing.id}$`));
  await page.goBack();
  await expect(page.getByRole('searchbox', { name: 'Search by staff member, record name, action or reason...' })).toHaveValue(reason);

  // Time sorts both ways, never back to unsorted.
  await page.getByRole('searchbox', { name: 'Search by staff member, record name, action or reason...' }).fill('');
  await kinds.getByText('All', { exact: true }).click();
  const time = page.getByRole('columnheader', { name: /Time/ });
  await time.click();
  await expect(time).toHaveAttribute('aria-sort', 'ascending');
  await time.click();
  await expect(time).toHaveAttribute('aria-sort', 'descending');
  await expect(first).toContainText(`Listing #${listing.id}`);
  await expectNoSeriousAxeViolations(page, { label: 'Activity' });
});
