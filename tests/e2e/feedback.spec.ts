// Feedback end to end on the demo data: newest first, 10 cards at a time with Show More, long comments
// open and close, and no serious or critical accessibility violation. Read-only.
import type { APIRequestContext, Page } from '@playwright/test';
import type { Feedback } from '../../src/contracts/feedbacks';
import { expect, expectNoSeriousAxeViolations, networkQuiet, test } from './fixtures';

async function openFeedback(page: Page) {
  await page.goto('/feedback');
  await expect(page.getByRole('heading', { level: 2, name: 'Feedback' })).toBeVisible();
}

async function feedbackPage(request: APIRequestContext, token: string, page: number) {
  const response = await request.get(`/api/admin/feedbacks?page=${page}&pageSize=10`, { headers: { authorization: `Bearer ${token}` } });
  expect(response.status()).toBe(200);
  return { rows: (await response.json()) as Feedback[], total: Number(response.headers()['x-total-count']) };
}

const cards = (page: Page) => page.locator('.ant-card');
// The load-more button comes after every card; the cards' own "Show More" buttons open one comment.
const loadMore = (page: Page) => page.getByRole('button', { name: 'Show More', exact: true }).last();

test('shows 10 feedbacks newest first and 10 more with Show More', async ({ adminPage: page, adminToken: token }) => {
  const first = await feedbackPage(page.request, token, 1);
  const second = await feedbackPage(page.request, token, 2);
  expect(first.total).toBeGreaterThan(10);
  await openFeedback(page);
  await expect(page.getByText(`Showing 10 of ${first.total} feedback(s)`)).toBeVisible();
  await expect(cards(page)).toHaveCount(10);
  await expect(cards(page).first()).toContainText(first.rows[0].User?.name ?? 'Unknown User');
  await expect(cards(page).first().getByText(`${first.rows[0].rating} out of 5 stars`)).toBeAttached();

  await loadMore(page).click();
  const shown = Math.min(20, first.total);
  await expect(page.getByText(`Showing ${shown} of ${first.total} feedback(s)`)).toBeVisible();
  await expect(cards(page)).toHaveCount(shown);
  await expect(cards(page).nth(10)).toContainText(second.rows[0].User?.name ?? 'Unknown User');
});

test('a long comment opens with Show More and closes with Show Less', async ({ adminPage: page }) => {
  await openFeedback(page);
  // The button names the comment it opens; both are followed by that id, since the button's name changes.
  const commentId = await cards(page).getByRole('button', { name: 'Show More' }).first().getAttribute('aria-controls');
  const toggle = page.locator(`button[aria-controls="${commentId}"]`);
  const comment = page.locator(`[id="${commentId}"]`);
  await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  const short = await comment.innerText();
  expect(Array.from(short)).toHaveLength(203);
  expect(short.endsWith('...')).toBe(true);
  await toggle.click();
  await expect(toggle).toHaveText('Show Less');
  await expect(toggle).toHaveAttribute('aria-expanded', 'true');
  expect(Array.from(await comment.innerText()).length).toBeGreaterThan(200);
  expect(await comment.innerText()).toContain(short.slice(0, -3));
  await toggle.click();
  await expect(toggle).toHaveText('Show More');
  await expect(comment).toHaveText(short);
});

test('Feedback has no serious or critical accessibility violations', async ({ adminPage: page }) => {
  await openFeedback(page);
  await expect(cards(page).first()).toBeVisible();
  await networkQuiet(page);
  await expectNoSeriousAxeViolations(page);
});
