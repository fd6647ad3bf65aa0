// npm run bench:review -- --base-url URL --email E --password P [--decisions N] [--decision approve|decline]
// [--queue listings|hosts]: times the keyboard review queue in Chromium on a running server (issue 28):
// signed in as the given member, it opens the first pending listing (or host) and decides N in a row,
// by A, or by D, a reason and Enter on the dialog's Decline button, each timed from that key to the next
// pending record's title on screen. Two clocks: from this script (the key sent, the new title seen; it adds the browser
// protocol's round trips) and in the page (the key event's time to the first frame painted after the
// title changed). The span holds the decision leaving and the next record's screen, read ahead by the
// queue. Every decision is real: run it on a database made for it.
import { parseArgs } from 'node:util';
import { chromium } from '@playwright/test';
import { CHROMIUM_FLAGS, chromiumPath } from './chromium.mjs';

const { values: options } = parseArgs({
  options: {
    'base-url': { type: 'string', default: 'http://127.0.0.1:3000' },
    email: { type: 'string', default: 'admin@example.com' },
    password: { type: 'string' },
    decisions: { type: 'string', default: '20' },
    decision: { type: 'string', default: 'approve' },
    queue: { type: 'string', default: 'listings' },
  },
});
const baseUrl = options['base-url'];
const isDecline = options.decision === 'decline';
/** The two review queues: where a pending record is read from, and its screen. */
const QUEUES = {
  listings: { pending: '/api/admin/listings?page=1&status=Pending', idOf: (row) => row.propertyId, screen: (id) => `/listings/${id}` },
  hosts: { pending: '/api/admin/hosts?page=1&status=Pending', idOf: (row) => row.userId, screen: (id) => `/host-details/${id}` },
};
const queue = QUEUES[options.queue];
if (!queue) throw new Error(`--queue is listings or hosts, not ${options.queue}`);
const say = (line) => process.stdout.write(`${line}\n`);

/** In the page: the time of the next key event, and of the first frame painted once the title differs from `old`. */
function watchNextTitle(old) {
  window.hoyBench = {};
  addEventListener('keydown', (event) => (window.hoyBench.key = event.timeStamp), { capture: true, once: true });
  const watcher = new MutationObserver(() => {
    const title = document.querySelector('h2')?.textContent;
    if (!title || title === old) return;
    watcher.disconnect();
    // requestAnimationFrame runs before the frame is painted, a task queued there after it.
    requestAnimationFrame(() => setTimeout(() => (window.hoyBench.painted = performance.now())));
  });
  watcher.observe(document.body, { childList: true, subtree: true, characterData: true });
}

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
  const pending = await page.request.get(`${baseUrl}${queue.pending}`, { headers: { authorization: `Bearer ${token}` } });
  const [first] = await pending.json();
  if (!first) throw new Error(`no pending ${options.queue} to review`);

  await page.goto(queue.screen(queue.idOf(first)));
  const title = page.getByRole('heading', { level: 2 }).first();
  await title.waitFor();
  // The queue reads ahead once the screen has settled.
  await page.waitForTimeout(1000);

  const spans = [];
  const inPage = [];
  for (let index = 0; index < Number(options.decisions); index += 1) {
    const before = await title.textContent();
    if (isDecline) {
      await page.keyboard.press('d');
      await page.keyboard.type('Photos do not show the rooms');
      // The dialog's Decline button, reached from the reason as a keyboard user would (Tab), then Enter.
      await page.locator('.ant-modal .ant-btn-dangerous.ant-btn-primary').focus();
    }
    await page.evaluate(watchNextTitle, before);
    const started = Date.now();
    await page.keyboard.press(isDecline ? 'Enter' : 'a');
    await page.waitForFunction((old) => Boolean(document.querySelector('h2')?.textContent) && document.querySelector('h2')?.textContent !== old, before, {
      polling: 'raf',
      timeout: 10_000,
    });
    spans.push(Date.now() - started);
    await page.waitForFunction(() => window.hoyBench.painted !== undefined, undefined, { timeout: 10_000 });
    inPage.push(Math.round(await page.evaluate(() => window.hoyBench.painted - window.hoyBench.key)));
    // A reviewer reads the record before deciding: the next one's read-ahead has time to land.
    await page.waitForTimeout(700);
  }
  const summary = (values) => {
    const sorted = [...values].sort((a, b) => a - b);
    const at = (share) => sorted[Math.min(sorted.length - 1, Math.floor(share * sorted.length))];
    return `p50 ${at(0.5)} ms, p90 ${at(0.9)} ms, max ${sorted.at(-1)} ms`;
  };
  const how = isDecline ? 'declines by D, a reason and Enter' : 'approvals by A';
  say(
    `keyboard review of ${options.queue}, ${spans.length} ${how}: next record on screen ${summary(spans)} (script's clock); first frame painted ${summary(inPage)} (page's clock)`,
  );
} finally {
  await browser.close();
}
