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
  // Every tag of the document is listed, folded; a tag opens to its calls and their summaries.
  const document = (await (await page.request.get('/api/openapi.json')).json()) as { paths: Record<string, Record<string, { tags?: string[] }>> };
  const tags = [...new Set(Object.values(document.paths).flatMap((operations) => Object.values(operations).map((operation) => operation.tags?.[0])))];
  expect(tags.length).toBeGreaterThan(20);
  for (const tag of tags) await expect(page.getByRole('heading', { level: 3, name: new RegExp(`^${tag}\\b`) })).toBeVisible();
  for (const [tag, summary] of [
    ['auth', 'Sign a staff member in: a bearer token, or a challenge for the second factor'],
    ['bookings', 'Booking counts for the cards: total and one per status'],
  ]) {
    await page
      .getByRole('heading', { level: 3, name: new RegExp(`^${tag}\\b`) })
      .getByRole('button')
      .first()
      .click();
    await expect(page.getByText(summary).first()).toBeVisible();
  }
  // An operation opens with its documented answers, errors included.
  await page.getByText('Booking counts for the cards: total and one per status').first().click();
  await expect(page.getByRole('cell', { name: '401' }).first()).toBeVisible();
  expect(violations).toEqual([]);
});
