// npm run bench:review -- --base-url URL --email E --password P [--decisions N]: times the keyboard
// review queue in Chromium on a running server (issue 28): signed in as the given member, it opens the
// first pending listing and presses A (approve) N times, timing each from the key to the next pending
// listing's title on screen. That span holds the decision's request, its answer and the next record's
// screen, read ahead by the queue. Every decision is real: run it on a database made for it.
import { parseArgs } from 'node:util';
import { chromium } from '@playwright/test';
import { CHROMIUM_FLAGS, chromiumPath } from './chromium.mjs';

const { values: options } = parseArgs({
  options: {
    'base-url': { type: 'string', default: 'http://127.0.0.1:3000' },
    email: { type: 'string', default: 'admin@example.com' },
    password: { type: 'string' },
    decisions: { type: 'string', default: '20' },
  },
});
const baseUrl = options['base-url'];
const say = (line) => process.stdout.write(`${line}\n`);

const browser = await chromium.launch({ executablePath: chromiumPath(), args: [...CHROMIUM_FLAGS] });
try {
  const page = await browser.newPage({ baseURL: baseUrl, viewport: { width: 1280, height: 900 } });
  await page.goto('/login');
  await page.getByLabel('Email').fill(options.email);
  await page.getByLabel('Password').fill(options.password);
  await page.getByRole('button', { name: 'Login' }).click();
  await page.waitForURL(/\/dashboard/);

  // The session's token, where the back-office keeps it (src/lib/session.ts).
  const token = await page.evaluate(() => localStorage.getItem('token'));
  const pending = await page.request.get(`${baseUrl}/api/admin/listings?page=1&status=Pending`, { headers: { authorization: `Bearer ${token}` } });
  const [first] = await pending.json();
  if (!first) throw new Error('no pending listing to review');

  await page.goto(`/listings/${first.propertyId}`);
  const title = page.getByRole('heading', { level: 2 }).first();
  await title.waitFor();
  // The queue reads ahead once the screen has settled.
  await page.waitForTimeout(1000);

  const spans = [];
  for (let index = 0; index < Number(options.decisions); index += 1) {
    const before = await title.textContent();
    const started = Date.now();
    await page.keyboard.press('a');
    await page.waitForFunction((old) => document.querySelector('h2')?.textContent !== old, before, { polling: 'raf', timeout: 10_000 });
    spans.push(Date.now() - started);
    // A reviewer reads the record before deciding: the next one's read-ahead has time to land.
    await page.waitForTimeout(700);
  }
  spans.sort((a, b) => a - b);
  const at = (share) => spans[Math.min(spans.length - 1, Math.floor(share * spans.length))];
  say(`keyboard review, ${spans.length} approvals by A: next listing on screen p50 ${at(0.5)} ms, p90 ${at(0.9)} ms, max ${spans.at(-1)} ms`);
} finally {
  await browser.close();
}
