// Property Approvals against the real server: search, sorting, decisions that survive a reload, two
// browsers deciding the same property (the second gets the server's 409 message), axe.
import type { APIRequestContext, Page } from '@playwright/test';
import type { PropertyApprovalRow } from '../../src/contracts/property-approvals';
import { expect, expectNoSeriousAxeViolations, searchShown, test } from './fixtures';

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
  await searchShown(page, property.address);
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

function rowOf(page: Page, property: PropertyApprovalRow) {
  return page.getByRole('row', { name: new RegExp(escapeRegExp(property.address)) });
}

/** The Approve or Decline button of a property's row. */
function decisionButton(page: Page, property: PropertyApprovalRow, decision: 'Approve' | 'Decline') {
  return rowOf(page, property).getByRole('button', { name: `${decision} ${property.title}` });
}

test('Property Approvals lists 8 a page, sorts by a column both ways, and searches title, address and host', async ({ adminPage: page }) => {
  await page.goto('/property-approvals');
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

test('approving and declining pending properties survive a reload', async ({ adminPage: page, adminToken: token }) => {
  await page.goto('/property-approvals');
  const [toApprove, toDecline] = await pendingProperties(page.request, token);

  await searchFor(page, toApprove);
  await decisionButton(page, toApprove, 'Approve').click();
  await expect(page.getByText('Status updated to Confirmed successfully!')).toBeVisible();
  await expect(rowOf(page, toApprove)).toContainText('Already Confirmed');

  await searchFor(page, toDecline);
  await decisionButton(page, toDecline, 'Decline').click();
  await expect(page.getByText('Status updated to Declined successfully!')).toBeVisible();
  await expect(rowOf(page, toDecline)).toContainText('Already Declined');

  await page.reload();
  await expect(rowOf(page, toDecline)).toContainText('Already Declined');
  await searchFor(page, toApprove);
  await expect(rowOf(page, toApprove)).toContainText('Already Confirmed');
  await expect(rowOf(page, toApprove).getByRole('button')).toHaveCount(0);
});

test('two browsers deciding the same property: the second sees the clear 409 message and the decided row', async ({
  adminPage: first,
  newAdminPage,
  adminToken: token,
}) => {
  const second = await newAdminPage();
  // The second tab's live stream is down (a dropped connection): the first's decision cannot reach it
  // before its click, which the server must refuse with its clear 409.
  await second.route('**/api/admin/live', (route) => route.abort());
  await first.goto('/property-approvals');
  await second.goto('/property-approvals');
  const property = (await pendingProperties(first.request, token))[2] as PropertyApprovalRow;

  await searchFor(first, property);
  await searchFor(second, property);
  await expect(decisionButton(second, property, 'Decline')).toBeEnabled();

  await decisionButton(first, property, 'Approve').click();
  await expect(first.getByText('Status updated to Confirmed successfully!')).toBeVisible();

  await decisionButton(second, property, 'Decline').click();
  await expect(second.getByText('This property was already confirmed by someone else.')).toBeVisible();
  await expect(rowOf(second, property)).toContainText('Already Confirmed');
  await expect(rowOf(second, property).locator('.ant-tag')).toHaveText('Confirmed');
});

test('Property Approvals has no serious or critical accessibility violations', async ({ adminPage: page }) => {
  await page.goto('/property-approvals');
  await expect(page.locator('.ant-table-tbody tr.ant-table-row')).toHaveCount(8);
  await expectNoSeriousAxeViolations(page);
});
