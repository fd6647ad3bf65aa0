// Hosts end to end against the seeded server: the list (cards, filters, search, sorting, paging,
// CSV), a dashboard card opening the filtered list, and Host Details (edit rules, cancel, save,
// verification modal, approval, history, delete). Each test makes its own hosts through the API.
import type { APIRequestContext } from '@playwright/test';
import { expect, expectNoSeriousAxeViolations, exportCsv, networkQuiet, test } from './fixtures';

const SHOTS = process.env.HOY_SCREENSHOT_DIR;

type HostRow = { userId: number; name: string; email: string | null; statusHost: string };

/** A seeded host, renamed through the API so this test's search finds only its own rows. */
async function claimHost(request: APIRequestContext, token: string, status: string, name: string, skip = 0): Promise<HostRow> {
  const headers = { authorization: `Bearer ${token}` };
  const response = await request.get(`/api/admin/hosts?status=${status}&pageSize=1&page=${skip + 1}&sort=numberOfProperties`, { headers });
  expect(response.status()).toBe(200);
  const [host] = (await response.json()) as HostRow[];
  const detail = await request.get(`/api/hosts/${host.userId}`, { headers });
  const { data } = (await detail.json()) as { data: { phone: string | null; propertyAddress: string | null } };
  const update = await request.put(`/api/hosts/${host.userId}`, {
    headers,
    data: {
      name,
      email: `${name.replace(/\s+/g, '.').toLowerCase()}@hoy.test`,
      phone: data.phone ?? '+252 61 000 0000',
      propertyAddress: data.propertyAddress ?? 'Mogadishu',
    },
  });
  expect(update.status()).toBe(200);
  return { ...host, name };
}

test('the hosts list filters, searches, sorts, pages and exports', async ({ adminPage: page, adminToken: token }) => {
  const tag = `Zq${Date.now().toString(36)}`;
  const pending = await claimHost(page.request, token, 'Pending', `${tag} Pending One`);
  const confirmed = await claimHost(page.request, token, 'Confirmed', `${tag} Confirmed One`);

  await page.goto('/hosts');
  await expect(page.getByRole('heading', { level: 2, name: 'Hosts Management' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Host counts' })).toContainText('Total Hosts');
  await expect(page.getByText(/^Showing 1 to 8 of \d+ results$/)).toBeVisible();
  await expect(page.locator('tbody tr.ant-table-row')).toHaveCount(8);
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/hosts-list.png`, fullPage: true });

  await page.getByRole('button', { name: '2', exact: true }).click();
  await expect(page.getByText(/^Showing 9 to 16 of/)).toBeVisible();
  await expect(page).toHaveURL(/currentPage=2/);

  await page.getByRole('searchbox', { name: 'Search hosts...' }).fill(tag);
  await expect(page.getByText('Showing 1 to 2 of 2 results')).toBeVisible();
  const statusFilter = page.getByRole('radiogroup', { name: 'Filter hosts by status' });
  await statusFilter.getByText('Pending', { exact: true }).click();
  await expect(page.getByText('Showing 1 to 1 of 1 results')).toBeVisible();
  await expect(page.getByRole('link', { name: pending.name, exact: true })).toBeVisible();
  await statusFilter.getByText('Rejected', { exact: true }).click();
  await expect(page.getByText('No hosts match your search criteria.')).toBeVisible();
  await statusFilter.getByText('All', { exact: true }).click();

  await page.getByRole('columnheader', { name: /Name/ }).click();
  await expect(page.locator('tbody tr.ant-table-row').first()).toContainText(confirmed.name);
  await page.getByRole('columnheader', { name: /Name/ }).click();
  await expect(page.locator('tbody tr.ant-table-row').first()).toContainText(pending.name);

  // The list state lives in the URL: a reload keeps search and sort.
  await page.reload();
  await expect(page.getByRole('searchbox', { name: 'Search hosts...' })).toHaveValue(tag);
  await expect(page.locator('tbody tr.ant-table-row').first()).toContainText(pending.name);

  const { fileName, lines } = await exportCsv(page);
  expect(fileName).toBe('hosts.csv');
  expect(lines[0]).toBe('userId,name,email,statusHost,numberOfProperties,suspendedAt');
  expect(
    lines
      .slice(1)
      .map((line) => line.split(',')[0])
      .sort(),
  ).toEqual([String(pending.userId), String(confirmed.userId)].sort());
});

test('a dashboard card opens the hosts list filtered by its status', async ({ adminPage: page }) => {
  await page.goto('/dashboard');
  await page.getByRole('link', { name: /^Pending hosts [\d,]+$/ }).click();
  await expect(page.getByRole('heading', { level: 2, name: 'Hosts Management' })).toBeVisible();
  await expect(page.getByRole('radio', { name: 'Pending', exact: true })).toBeChecked();
  // The administrator sees the selection's checkboxes first (decision 027): the status is the third cell.
  const statuses = page.locator('tbody tr.ant-table-row td:nth-child(3)');
  await expect(statuses.first()).toHaveText('Pending');
  expect(new Set(await statuses.allTextContents())).toEqual(new Set(['Pending']));
});

test('host details: edit rules, cancel, save, verification, approval, history and delete', async ({ adminPage: page, adminToken: token }) => {
  const tag = `Zd${Date.now().toString(36)}`;
  const host = await claimHost(page.request, token, 'Pending', `${tag} Details Host`, 1);

  await page.goto(`/host-details/${host.userId}`);
  await expect(page.getByRole('heading', { level: 2, name: host.name })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Host Information' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Registration Details' })).toBeVisible();
  await expect(page.getByText(/^[A-Z][a-z]{2} \d{1,2}, \d{4}$/).first()).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Host Verification Details' })).toBeVisible();
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/host-details.png`, fullPage: true });

  await page.getByRole('button', { name: /Edit/ }).click();
  await page.getByLabel('Email').fill('broken address');
  await page.getByLabel('Phone').fill('');
  await page.getByRole('button', { name: /Save/ }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Phone is required' })).toBeVisible();
  await page.getByLabel('Phone').fill('+252 61 777 0000');
  await page.getByRole('button', { name: /Save/ }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Please enter a valid email address' })).toBeVisible();
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/host-edit-error.png`, fullPage: true });
  await page.getByRole('button', { name: 'Cancel' }).click();
  await expect(page.getByText('broken address')).toHaveCount(0);

  await page.getByRole('button', { name: /Edit/ }).click();
  await expect(page.getByLabel('Email')).not.toHaveValue('broken address');
  await page.getByLabel('Name').fill(`${tag} <b>Renamed</b>`);
  await page.getByRole('button', { name: /Save/ }).click();
  await expect(page.getByText('Host updated successfully')).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: `${tag} <b>Renamed</b>` })).toBeVisible();
  await expect(page.getByText('Host details edited').first()).toBeVisible();

  const thumbnail = page.getByRole('button', { name: /^Open the ID document of/ });
  if (await thumbnail.count()) {
    await thumbnail.click();
    const dialog = page.getByRole('dialog');
    await expect(dialog.getByRole('img', { name: /^ID document of/ })).toBeVisible();
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/host-document-modal.png` });
    await dialog.getByRole('button', { name: 'Close' }).last().click();
    await expect(dialog).toBeHidden();
  }

  await page.getByRole('button', { name: /Approve Host/ }).click();
  await expect(page.getByText('Host is Approved Successfully')).toBeVisible();
  await expect(page.getByText('Host approved').first()).toBeVisible();
  await expect(page.getByText(/Pending → Confirmed/).first()).toBeVisible();

  await page.getByRole('button', { name: /Delete/ }).click();
  await expect(page.getByRole('dialog')).toContainText(`Are you sure you want to delete ${tag} <b>Renamed</b>? This action cannot be undone.`);
  await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
  await expect(page).toHaveURL(/\/hosts/);
  const gone = await page.request.get(`/api/hosts/${host.userId}`, { headers: { authorization: `Bearer ${token}` } });
  expect(gone.status()).toBe(404);

  await page.goto(`/host-details/${host.userId}`);
  await expect(page.getByText('Failed to fetch host details')).toBeVisible();
  await expect(page.getByText('Host not found')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Retry' })).toBeVisible();
  await page.getByRole('button', { name: /Back to Hosts/ }).click();
  await expect(page).toHaveURL(/\/hosts/);
});

test('the hosts screens have no serious or critical accessibility violations', async ({ adminPage: page, adminToken: token }) => {
  const list = await page.request.get('/api/admin/hosts?pageSize=1', { headers: { authorization: `Bearer ${token}` } });
  const [first] = (await list.json()) as HostRow[];
  for (const path of ['/hosts', `/host-details/${first.userId}`]) {
    await page.goto(path);
    await networkQuiet(page);
    await expect(page.getByRole('heading', { level: 2 }).first()).toBeVisible();
    await expectNoSeriousAxeViolations(page, { label: path });
  }
});
