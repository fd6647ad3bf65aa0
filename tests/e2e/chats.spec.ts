// The chat screen end to end: a sent message is stored (it survives a reload), a second browser
// sees it by polling without a reload, the tabs and search filter on the server, the phone layout
// stacks, and axe finds no serious or critical violation.
import type { Page } from '@playwright/test';
import { expect, expectNoSeriousAxeViolations, test } from './fixtures';

// Tall enough for the list and an open conversation side by side.
test.use({ viewport: { width: 1280, height: 800 } });

/** Opens the first conversation of the list and answers its id. */
async function openFirstConversation(page: Page): Promise<string> {
  await page.goto('/chats');
  const first = page.getByRole('region', { name: 'Conversations' }).getByRole('link').first();
  await first.click();
  await expect(page).toHaveURL(/\?conversation=\d+$/);
  return new URL(page.url()).searchParams.get('conversation') as string;
}

test('a sent message is stored: it is still there after a reload, with the conversation still open', async ({ adminPage: page }) => {
  const id = await openFirstConversation(page);
  const text = `Stored check ${Date.now()} <b>not bold</b>`;

  const input = page.getByPlaceholder('Type a message...');
  await expect(page.getByRole('button', { name: 'Send' })).toBeDisabled();
  await input.fill(text);
  await input.press('Enter');
  const log = page.getByRole('log');
  await expect(log.getByText(text)).toBeVisible();
  await expect(log.getByText('Sending...')).toHaveCount(0);
  await expect(input).toHaveValue('');

  await page.reload();
  await expect(page).toHaveURL(new RegExp(`\\?conversation=${id}$`));
  await expect(page.getByRole('log').getByText(text)).toBeVisible();
  await expect(page.getByRole('log').locator('b')).toHaveCount(0);
});

test('a message sent in one browser appears in another without a reload', async ({ adminPage: sender, newAdminPage }) => {
  const id = await openFirstConversation(sender);
  const watcher = await newAdminPage();
  await watcher.goto(`/chats?conversation=${id}`);
  await expect(watcher.getByRole('log')).toBeVisible();
  const navigations: string[] = [];
  watcher.on('framenavigated', (frame) => navigations.push(frame.url()));

  const text = `Polling check ${Date.now()}`;
  await sender.getByPlaceholder('Type a message...').fill(text);
  await sender.getByRole('button', { name: 'Send' }).click();
  await expect(sender.getByRole('log').getByText(text)).toBeVisible();

  // The open conversation polls every 3 s; the list's last message every 5 s.
  await expect(watcher.getByRole('log').getByText(text)).toBeVisible({ timeout: 10_000 });
  await expect(watcher.getByRole('region', { name: 'Conversations' }).getByText(text)).toBeVisible({ timeout: 10_000 });
  expect(navigations).toEqual([]);
});

test('the tabs and the search filter the list on the server', async ({ adminPage: page, adminToken: token }) => {
  const declinedTotal = await page.request
    .get('/api/admin/conversations?tab=declined&page=1&pageSize=20', { headers: { authorization: `Bearer ${token}` } })
    .then((answer) => Number(answer.headers()['x-total-count']));
  expect(declinedTotal).toBeGreaterThan(0);
  await page.goto('/chats');
  const list = page.getByRole('region', { name: 'Conversations' });
  await expect(list.getByRole('link').first()).toBeVisible();

  const declined = page.waitForRequest((request) => request.url().includes('/api/admin/conversations?') && request.url().includes('tab=declined'));
  await page.getByRole('tab', { name: 'Decline' }).click();
  await declined;
  await expect(list.getByText(`Showing 1 to ${declinedTotal} of ${declinedTotal} results`)).toBeVisible();
  await expect(list.getByRole('link')).toHaveCount(declinedTotal);

  await page.getByRole('tab', { name: 'All' }).click();
  await page.getByPlaceholder('Search my listing').fill('no conversation is called this');
  await expect(list.getByText('No conversations found')).toBeVisible();
});

test('at 375 px the list and the conversation stack without sideways scrolling', async ({ newAdminPage }) => {
  const page = await newAdminPage({ viewport: { width: 375, height: 740 } });
  const id = await openFirstConversation(page);
  expect(id).toBeTruthy();
  await expect(page.getByPlaceholder('Type a message...')).toBeVisible();
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  await page.screenshot({ path: 'test-results/chats-375.png', fullPage: true });
});

test('the chat screen has no serious or critical accessibility violations', async ({ adminPage: page }) => {
  await page.goto('/chats');
  await expect(page.getByText('Select a chat to start messaging')).toBeVisible();
  await expectNoSeriousAxeViolations(page, { label: 'no conversation open' });
  await openFirstConversation(page);
  await expect(page.getByRole('log').locator('[data-own]').first()).toBeVisible();
  await expectNoSeriousAxeViolations(page, { label: 'conversation open' });
});
