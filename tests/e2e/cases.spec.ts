// Cases end to end on the demo data (decision 048): the sidebar counts the overdue cases, Take the next
// case gives the member a case and opens it, Close needs a resolution and says it is done, the
// screen updates without a reload, and no serious or critical accessibility violation.
import type { APIRequestContext } from '@playwright/test';
import type { Case } from '../../src/contracts/cases';
import { expect, expectNoSeriousAxeViolations, test } from './fixtures';

async function casesOf(request: APIRequestContext, token: string, filter: string) {
  const response = await request.get(`/api/admin/cases?filter=${filter}&pageSize=100`, { headers: { authorization: `Bearer ${token}` } });
  expect(response.status()).toBe(200);
  return { rows: (await response.json()) as Case[], total: Number(response.headers()['x-total-count']) };
}

test('takes the next case, closes it with a resolution, and counts the overdue in the sidebar', async ({ adminPage: page, adminToken: token }) => {
  // A colleague flags a booking (by API).
  const bookings = await page.request.get('/api/admin/bookings?page=1&pageSize=1', { headers: { authorization: `Bearer ${token}` } });
  const [booking] = (await bookings.json()) as { id: number }[];
  const flagged = await page.request.post(`/api/admin/bookings/${booking.id}/flag`, {
    headers: { authorization: `Bearer ${token}` },
    data: { reason: 'Guest locked out at <b>night</b>' },
  });
  expect(flagged.status()).toBe(200);

  await page.goto('/cases');
  await expect(page.getByRole('heading', { level: 2, name: 'Cases' })).toBeVisible();
  const overdue = await casesOf(page.request, token, 'overdue');
  const entry = page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: /^Cases/ });
  // The demo's low ratings are months old: long overdue.
  expect(overdue.total).toBeGreaterThan(1);
  await expect(entry).toHaveAccessibleName(`Cases ${overdue.total} cases overdue`);
  await expect(page.getByText('Guest locked out at <b>night</b>', { exact: false })).toBeAttached();

  const next = (await casesOf(page.request, token, 'unowned')).rows[0]!;
  expect(next.queue).toBe('low-rating');
  await page.getByRole('button', { name: 'Take the next case' }).click();
  await expect(page.getByRole('status').filter({ hasText: `Case #${next.id} is yours now.` })).toBeVisible();
  const panel = page.getByRole('dialog', { name: `Case #${next.id}` });
  await expect(panel).toBeVisible();
  await expectNoSeriousAxeViolations(page, { label: 'a case’s panel' });

  const close = panel.getByRole('button', { name: 'Close the case' });
  await expect(close).toBeDisabled();
  await panel.getByLabel('Resolution (required)').fill('Called the guest; sorted.');
  await close.click();
  await expect(page.getByRole('status').filter({ hasText: `Case #${next.id} is closed.` })).toBeVisible();
  await expect((await casesOf(page.request, token, 'closed')).rows[0]).toMatchObject({ id: next.id, resolution: 'Called the guest; sorted.' });
  await expect(entry).toHaveAccessibleName(`Cases ${overdue.total - 1} cases overdue`);

  // A colleague's change arrives without a reload: the flagged booking's case, closed by API, leaves "Unowned".
  await page.getByRole('group', { name: 'Show cases' }).getByText('Unowned', { exact: true }).click();
  const flaggedCase = ((await flagged.json()) as { case: Case }).case;
  const row = page.getByRole('button', { name: `Open case #${flaggedCase.id}` });
  await expect(row).toBeVisible();
  const closed = await page.request.post(`/api/admin/cases/${flaggedCase.id}/close`, {
    headers: { authorization: `Bearer ${token}` },
    data: { resolution: 'Let in by the host' },
  });
  expect(closed.status()).toBe(200);
  await expect(row).toHaveCount(0);
  await expectNoSeriousAxeViolations(page, { label: 'Cases' });
});
