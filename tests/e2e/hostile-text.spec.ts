// Hostile text through the pages: names from the naughty-strings list are saved through the API and
// must show literally on Host Details and in the hosts list: the exact text, no markup made, no
// script run, no dialog opened.
import { NAUGHTY_STRINGS } from '../server/helpers/naughty-strings';
import { expect, test } from './fixtures';

// Every fourth string keeps the journey short; the API suite sends every one of them.
const SAMPLE = NAUGHTY_STRINGS.filter((value, index) => index % 4 === 0 && value.trim() !== '' && value.length <= 320);

test('naughty host names show literally on Host Details and in the hosts list', async ({ adminPage: page, adminToken: token }) => {
  test.setTimeout(120_000);
  const dialogs: string[] = [];
  page.on('dialog', (dialog) => {
    dialogs.push(dialog.message());
    void dialog.dismiss();
  });
  const headers = { authorization: `Bearer ${token}` };

  const list = await page.request.get('/api/admin/hosts?page=3&pageSize=1&sort=email&order=desc', { headers });
  const [{ userId }] = (await list.json()) as { userId: number }[];
  const detail = (await (await page.request.get(`/api/hosts/${userId}`, { headers })).json()) as {
    data: { email: string; phone: string; propertyAddress: string };
  };

  // The screen stays open: each name saved through the API (another client) reaches it over the live
  // stream, and Host Details reads the host again and shows it.
  await page.goto(`/host-details/${userId}`);
  await expect(page.getByRole('button', { name: 'Edit' })).toBeVisible();
  const isShownLiterally = (expected: string) =>
    page.evaluate(
      (text) => [...document.querySelectorAll('main *')].some((element) => element.childElementCount === 0 && element.textContent === text),
      expected,
    );
  let shown = 0;
  for (const name of SAMPLE) {
    const update = await page.request.put(`/api/hosts/${userId}`, {
      headers,
      data: { name, email: detail.data.email, phone: detail.data.phone, propertyAddress: detail.data.propertyAddress },
    });
    if (update.status() !== 200) continue;
    await expect.poll(() => isShownLiterally(name), { message: JSON.stringify(name) }).toBe(true);
    shown += 1;
  }
  expect(shown).toBeGreaterThan(SAMPLE.length * 0.8);

  const last = SAMPLE[SAMPLE.length - 1];
  await page.goto(`/hosts?q=${encodeURIComponent(detail.data.email)}`);
  await expect(page.getByRole('link', { name: last, exact: true })).toBeVisible();
  expect(dialogs).toEqual([]);
  expect(await page.evaluate(() => document.querySelectorAll('main script, main iframe, main object, main img[src="x"]').length)).toBe(0);
});
