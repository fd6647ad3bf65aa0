// The promo screens end to end: an edit is saved to the database (it survives a reload and shows on
// the overview), bad values are refused with their messages (on the screen, and by the server for
// a stale version), and axe finds no serious or critical violation.
import type { Page } from '@playwright/test';
import { expect, expectNoSeriousAxeViolations, networkQuiet, test } from './fixtures';

/** A future date as YYYY-MM-DD and as the screens show it ("Dec 24, 2031"), different on every run. */
function futureDate(): { iso: string; shown: string } {
  const date = new Date(Date.UTC(2031 + Math.floor(Math.random() * 5), Math.floor(Math.random() * 12), 1 + Math.floor(Math.random() * 28)));
  const iso = date.toISOString().slice(0, 10);
  const shown = date.toLocaleDateString('en-US', { month: 'short', day: 'numeric', year: 'numeric', timeZone: 'UTC' });
  return { iso, shown };
}

/** Presses a field's Edit button unless the field is editable already (a refused field opens by itself). */
async function startEditing(page: Page, field: string): Promise<void> {
  const button = page.getByRole('button', { name: `Edit ${field}` });
  if (await button.isEnabled()) await button.click();
}

async function typeDate(page: Page, label: string, iso: string): Promise<void> {
  const input = page.getByLabel(label, { exact: true });
  await input.click();
  await input.press('ControlOrMeta+a');
  await input.pressSequentially(iso);
  await input.press('Enter');
}

test('promos with the seeded, expired date save: a guest promo code and the new-joiner free stays survive a reload', async ({
  adminPage: page,
  adminToken: token,
}) => {
  const headers = { authorization: `Bearer ${token}` };
  // The seeded defaults: a date that has passed.
  expect(
    (
      await page.request.put('/api/admin/promos/guest', { headers, data: { promoCode: 'HOY5', validUntil: '2025-10-31', promoValue: 5, activation: true } })
    ).status(),
  ).toBe(200);
  expect(
    (await page.request.put('/api/admin/promos/host-new-joiner', { headers, data: { validityEnds: '2025-10-31', freeStays: 5, isActive: true } })).status(),
  ).toBe(200);

  await page.goto('/promo-code-guest');
  await expect(page.getByLabel('Valid Until', { exact: true })).toHaveValue('Oct 31, 2025');
  await expect(page.getByText('This promo has expired')).toBeVisible();
  const code = `PAST${Math.floor(Math.random() * 100_000)}`;
  await startEditing(page, 'Promo Code');
  await page.getByLabel('Promo Code', { exact: true }).fill(code);
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Promo saved')).toBeVisible();
  await page.reload();
  await expect(page.getByLabel('Promo Code', { exact: true })).toHaveValue(code);
  await expect(page.getByLabel('Valid Until', { exact: true })).toHaveValue('Oct 31, 2025');

  await page.goto('/promo-code-host');
  await expect(page.getByText('This promo has expired')).toBeVisible();
  const stays = String(10 + Math.floor(Math.random() * 300));
  await page.getByLabel('Number of free stays offered').fill(stays);
  await page.getByRole('switch', { name: 'Activation' }).click();
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Promo saved')).toBeVisible();
  await page.reload();
  await expect(page.getByLabel('Number of free stays offered')).toHaveValue(stays);
  await expect(page.getByRole('switch', { name: 'Activation' })).not.toBeChecked();
});

test('a Regular promo edit is saved: it survives a reload and shows on the overview', async ({ adminPage: page }) => {
  await page.goto('/promo-code-host-regular');
  await expect(page.getByRole('heading', { level: 2, name: 'Host: Regular Promo' })).toBeVisible();
  const stays = page.getByLabel('Number of free stays offered');
  await expect(stays).not.toHaveValue('');

  const date = futureDate();
  const freeStays = String(2 + Math.floor(Math.random() * 300));
  await typeDate(page, 'Validity Ends', date.iso);
  await stays.fill(freeStays);
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Promo saved')).toBeVisible();

  await page.reload();
  await expect(page.getByLabel('Validity Ends', { exact: true })).toHaveValue(date.shown);
  await expect(page.getByLabel('Number of free stays offered')).toHaveValue(freeStays);

  await page.goto('/promo-code');
  const hostCard = page.locator('.ant-card').filter({ has: page.getByRole('heading', { name: 'Host Promos' }) });
  // The Regular promo's own figures: the New Joiner promo beside it may show the same number or date.
  const regular = hostCard.locator('.ant-descriptions').filter({ has: page.getByRole('link', { name: 'Manage Regular Promo' }) });
  await expect(regular.getByText(date.shown)).toBeVisible();
  await expect(regular.getByText(freeStays, { exact: true })).toBeVisible();
  await regular.getByRole('link', { name: 'Manage Regular Promo' }).click();
  await expect(page).toHaveURL(/\/promo-code-host-regular$/);
});

test('bad promo values are refused with their messages: on the screen, and by the server for a stale version', async ({ adminPage: first, newAdminPage }) => {
  const second = await newAdminPage();
  for (const page of [first, second]) {
    await page.goto('/promo-code-guest');
    await expect(page.getByLabel('Promo Code', { exact: true })).not.toHaveValue('');
  }
  const puts: string[] = [];
  first.on('request', (request) => {
    if (request.method() === 'PUT') puts.push(request.url());
  });

  // On the screen: a code with a space and a sign never reaches the server.
  await first.getByRole('button', { name: 'Edit Promo Code' }).click();
  const code = first.getByLabel('Promo Code', { exact: true });
  const storedCode = await code.inputValue();
  await code.fill('HOY 5!');
  await first.getByRole('button', { name: 'Save' }).click();
  await expect(first.getByText('Promo code must be 1 to 32 letters or digits')).toBeVisible();
  expect(puts).toEqual([]);

  // A good save from the first browser...
  await code.fill(storedCode);
  await startEditing(first, 'Valid Until');
  await typeDate(first, 'Valid Until', futureDate().iso);
  await first.getByRole('button', { name: 'Save' }).click();
  await expect(first.getByText('Promo saved')).toBeVisible();
  expect(puts).toHaveLength(1);

  // ...makes the second browser's copy stale: the server refuses it with its message.
  await startEditing(second, 'Valid Until');
  await typeDate(second, 'Valid Until', futureDate().iso);
  await second.getByRole('button', { name: 'Save' }).click();
  await expect(second.getByRole('alert').filter({ hasText: 'This promo was changed by someone else. Reload it and try again.' })).toBeVisible();
  await second.getByRole('button', { name: 'Reload' }).click();
  await expect(second.getByRole('alert')).toHaveCount(0);
});

test('the promo screens have no serious or critical accessibility violations', async ({ adminPage: page }) => {
  // Four screens, each read by axe: more than the default 30 s on a busy machine.
  test.setTimeout(90_000);
  for (const path of ['/promo-code', '/promo-code-guest', '/promo-code-host', '/promo-code-host-regular']) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 2 })).toBeVisible();
    await networkQuiet(page);
    await expectNoSeriousAxeViolations(page, { label: path });
  }
});
