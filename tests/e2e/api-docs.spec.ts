// The API reference page: Swagger UI at /api/docs draws every call from the OpenAPI document, under
// the same Content-Security-Policy as the app (no inline script, no eval), without a token.
import { expect, test } from './fixtures';

test('the API reference at /api/docs lists the calls with their summaries, under the Content-Security-Policy', async ({ page }) => {
  const violations: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') violations.push(message.text());
  });
  page.on('pageerror', (error) => violations.push(error.message));

  const response = await page.goto('/api/docs');
  expect(response?.status()).toBe(200);
  expect(response?.headers()['content-security-policy']).toContain("script-src 'self'");
  expect(response?.headers()['content-disposition']).toBeUndefined();

  await expect(page.getByRole('heading', { name: /Hoy API/ })).toBeVisible();
  for (const summary of [
    'Sign a staff member in: a bearer token, or a challenge for the second factor',
    'Booking counts for the cards: total and one per status',
  ]) {
    await expect(page.getByText(summary).first()).toBeVisible();
  }
  // An operation opens with its documented answers, errors included.
  await page.getByText('Booking counts for the cards: total and one per status').first().click();
  await expect(page.getByRole('cell', { name: '401' }).first()).toBeVisible();
  expect(violations).toEqual([]);
});
