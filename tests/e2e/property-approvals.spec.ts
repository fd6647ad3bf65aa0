// Property Approvals against the real server: search, sorting, decisions that survive a reload, two
// browsers deciding the same property (the second gets the server's 409 message), axe.
import { AxeBuilder } from '@axe-core/playwright';
import { expect, test, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import type { PropertyApprovalRow } from '../../src/contracts/property-approvals';
import { E2E_ADMIN } from '../../playwright.config';

async function signIn(request: APIRequestContext): Promise<string> {
  const response = await request.post('/api/admin/admin-login', { data: E2E_ADMIN });
  expect(response.status()).toBe(200);
  return ((await response.json()) as { token: string }).token;
}

async function openAdmin(page: Page, path: string): Promise<string> {
  const token = await signIn(page.request);
  await page.goto('/login');
  await page.evaluate((value) => localStorage.setItem('token', value), token);
  await page.goto(path);
  return token;
}

/** Pending properties in id order; each test takes its own so none depends on another's decision. */
async function pendingProperties(request: APIRequestContext, token: string): Promise<PropertyApprovalRow[]> {
  const response = await request.get('/api/admin/property-approvals?status=pending&page=1&pageSize=100', {
    headers: { authorization: `Bearer ${token}` },
  });
  return (await response.json()) as PropertyApprovalRow[];
}

/** Narrows the list to one property by its address, which the demo data keeps distinct. */
async function searchFor(page: Page, property: PropertyApprovalRow) {
  await page.getByRole('searchbox', { name: 'Search by title, address, or host...' }).fill(property.address);
  await expect(page.getByRole('row', { name: new RegExp(escapeRegExp(property.address)) })).toBeVisible();
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

function rowOf(page: Page, property: PropertyApprovalRow) {
  return page.getByRole('row', { name: new RegExp(escapeRegExp(property.address)) });
}

async function newAdminPage(browser: Browser, path: string) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await openAdmin(page, path);
  return { context, page };
}

test('Property Approvals lists 8 a page, sorts by a column both ways, and searches title, address and host', async ({ page }) => {
  await openAdmin(page, '/property-approvals');
  await expect(page.getByRole('heading', { level: 2, name: 'Property Approvals' })).toBeVisible();
  await expect(page.locator('.ant-table-tbody tr.ant-table-row')).toHaveCount(8);
  await expect(page.getByText(/Showing 1 to 8 of \d+ results/)).toBeVisible();
  await expect(page.getByText('Already Confirmed').first()).toBeVisible();

  const hostHeader = page.getByRole('columnheader', { name: 'Host' });
  await hostHeader.click();
  await expect(hostHeader).toHaveAttribute('aria-sort', 'ascending');
  await expect(page).toHaveURL(/sorters.*hostName.*asc/);
  await hostHeader.click();
  await expect(hostHeader).toHaveAttribute('aria-sort', 'descending');
  await hostHeader.click();
  await expect(hostHeader).toHaveAttribute('aria-sort', 'ascending');

  await page.getByRole('searchbox', { name: 'Search by title, address, or host...' }).fill('zz-no-such-property-zz');
  await expect(page.getByText('No properties found')).toBeVisible();
  await expect(page.getByText('Showing 0 to 0 of 0 results')).toBeVisible();
});

test('approving and declining pending properties survive a reload', async ({ page }) => {
  const token = await openAdmin(page, '/property-approvals');
  const [toApprove, toDecline] = await pendingProperties(page.request, token);

  await searchFor(page, toApprove);
  await rowOf(page, toApprove).getByRole('button', { name: `Approve ${toApprove.title}` }).click();
  await expect(page.getByText('Status updated to Confirmed successfully!')).toBeVisible();
  await expect(rowOf(page, toApprove)).toContainText('Already Confirmed');

  await searchFor(page, toDecline);
  await rowOf(page, toDecline).getByRole('button', { name: `Decline ${toDecline.title}` }).click();
  await expect(page.getByText('Status updated to Declined successfully!')).toBeVisible();
  await expect(rowOf(page, toDecline)).toContainText('Already Declined');

  await page.reload();
  await expect(rowOf(page, toDecline)).toContainText('Already Declined');
  await searchFor(page, toApprove);
  await expect(rowOf(page, toApprove)).toContainText('Already Confirmed');
  await expect(rowOf(page, toApprove).getByRole('button')).toHaveCount(0);
});

test('two browsers deciding the same property: the second sees the clear 409 message and the decided row', async ({ browser }) => {
  const first = await newAdminPage(browser, '/property-approvals');
  const second = await newAdminPage(browser, '/property-approvals');
  const token = await signIn(first.page.request);
  const property = (await pendingProperties(first.page.request, token))[2] as PropertyApprovalRow;

  await searchFor(first.page, property);
  await searchFor(second.page, property);
  await expect(rowOf(second.page, property).getByRole('button', { name: `Decline ${property.title}` })).toBeEnabled();

  await rowOf(first.page, property).getByRole('button', { name: `Approve ${property.title}` }).click();
  await expect(first.page.getByText('Status updated to Confirmed successfully!')).toBeVisible();

  await rowOf(second.page, property).getByRole('button', { name: `Decline ${property.title}` }).click();
  await expect(second.page.getByText('This property was already confirmed by someone else.')).toBeVisible();
  await expect(rowOf(second.page, property)).toContainText('Already Confirmed');
  await expect(rowOf(second.page, property).locator('.ant-tag')).toHaveText('Confirmed');

  await first.context.close();
  await second.context.close();
});

test('Property Approvals has no serious or critical accessibility violations', async ({ browser }) => {
  const { context, page } = await newAdminPage(browser, '/property-approvals');
  await expect(page.locator('.ant-table-tbody tr.ant-table-row')).toHaveCount(8);
  const results = await new AxeBuilder({ page }).analyze();
  const blocking = results.violations.filter((violation) => violation.impact === 'serious' || violation.impact === 'critical');
  expect(blocking.map((violation) => `${violation.id} ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`)).toEqual([]);
  await context.close();
});
