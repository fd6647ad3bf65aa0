// node scripts/bench-export.mjs [options]: Export CSV of every booking in Chromium, measured: from
// the click to the start of the download (the browser's download manager has the answer's headers),
// to its end (the file is on disk), and how much the page's JavaScript heap grows meanwhile. The file
// streams through a download ticket (docs/decisions/022-exports-stream-through-download-tickets.md),
// so the heap should not grow with the file. A measurement, not a test: it prints JSON and passes or
// fails nothing. Needs an already seeded database (npm run seed -- --hosts 100000 --bookings 1000000).
import { spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { fileURLToPath } from 'node:url';
import { chromium } from '@playwright/test';
import { CHROMIUM_FLAGS, chromiumPath } from './chromium.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

const USAGE = `Usage: node scripts/bench-export.mjs [options]

  Starts the server on DATABASE_URL (PostgreSQL, already seeded) or, without it, on the embedded
  database in DATA_DIR, creates an administrator for the run, signs in through /login in Chromium
  ($CHROME_PATH or /usr/bin/chromium), opens Bookings and clicks Export CSV.

  --base-url URL    measure a server that is already running instead (then --email and --password)
  --email E         the administrator to sign in as (with --base-url)
  --password P
  --port N          the port of the server this script starts (default 3998)
  --dist DIR        the built web app it serves (default dist; run npm run build first)
  --status S        export only the bookings of this status (default: every booking)
  --timeout S       seconds the whole download may take (default 600)
`;

const { values: options } = parseArgs({
  options: {
    'base-url': { type: 'string' },
    email: { type: 'string' },
    password: { type: 'string' },
    port: { type: 'string', default: '3998' },
    dist: { type: 'string', default: 'dist' },
    status: { type: 'string' },
    timeout: { type: 'string', default: '600' },
    help: { type: 'boolean', default: false },
  },
});
if (options.help) {
  process.stdout.write(USAGE);
  process.exit(0);
}

const timeoutMs = Number(options.timeout) * 1000;
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
const megabytes = (bytes) => Math.round((bytes / 1024 / 1024) * 10) / 10;

function databaseEnvironment() {
  return process.env.DATABASE_URL
    ? { DATABASE_URL: process.env.DATABASE_URL }
    : { DATA_DIR: path.resolve(root, process.env.DATA_DIR ?? path.join('.bench', 'data')) };
}

/** Starts `server/main.ts` and waits for it to be ready; answers the process. */
async function startServer(baseUrl) {
  const staticDir = path.resolve(root, options.dist);
  if (!fs.existsSync(path.join(staticDir, 'index.html'))) throw new Error(`${staticDir} holds no built web app: run npm run build, or pass --dist`);
  const server = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'server', 'main.ts')], {
    cwd: root,
    env: { ...process.env, ...databaseEnvironment(), PORT: options.port, HOST: '127.0.0.1', LOG_LEVEL: 'warn', SEED_DEMO: '0', STATIC_DIR: staticDir },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  for (let attempt = 0; attempt < 600; attempt += 1) {
    if (server.exitCode !== null) throw new Error(`the server exited with ${server.exitCode}`);
    const ready = await fetch(`${baseUrl}/api/health/ready`).then(
      (response) => response.ok,
      () => false,
    );
    if (ready) return server;
    await sleep(250);
  }
  server.kill('SIGTERM');
  throw new Error('the server was not ready within 150 s');
}

/** The page's JavaScript heap in use, in bytes; after a full collection when `isCollected`. */
async function heapUsed(cdp, isCollected) {
  if (isCollected) await cdp.send('HeapProfiler.collectGarbage');
  return (await cdp.send('Runtime.getHeapUsage')).usedSize;
}

/** Lines and bytes of a file, read in chunks (a million lines do not fit comfortably in a string). */
async function countLines(file) {
  let lines = 0;
  let bytes = 0;
  for await (const chunk of fs.createReadStream(file)) {
    bytes += chunk.length;
    for (let index = chunk.indexOf(10); index !== -1; index = chunk.indexOf(10, index + 1)) lines += 1;
  }
  return { lines, bytes };
}

async function measure({ baseUrl, email, password }) {
  const browser = await chromium.launch({ executablePath: chromiumPath(), args: [...CHROMIUM_FLAGS] });
  try {
    const context = await browser.newContext({ viewport: { width: 1366, height: 900 }, acceptDownloads: true });
    const page = await context.newPage();
    page.setDefaultTimeout(60_000);
    await page.goto(`${baseUrl}/login`);
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill(password);
    await page.getByRole('button', { name: 'Login' }).click();
    await page.getByRole('heading', { name: 'Dashboard' }).first().waitFor();
    await page.goto(`${baseUrl}/bookings${options.status ? `?status=${encodeURIComponent(options.status)}` : ''}`);
    await page.locator('main .ant-table-tbody tr.ant-table-row').first().waitFor();
    // The page is settled once its total is shown. Not 'networkidle': the live stream (issue 27) holds a
    // request open for as long as the page is, so the network is never idle.
    await page
      .getByText(/ of [\d,]+ results/)
      .first()
      .waitFor();
    const shown = (await page.locator('main').innerText()).match(/ of ([\d,]+) results/)?.[1];

    const cdp = await context.newCDPSession(page);
    const heapBefore = await heapUsed(cdp, true);
    const sampler = { isOn: true, peak: heapBefore };
    const sampling = (async () => {
      while (sampler.isOn) {
        sampler.peak = Math.max(sampler.peak, await heapUsed(cdp, false));
        await sleep(100);
      }
    })();

    const downloading = page.waitForEvent('download', { timeout: timeoutMs });
    const clickedAt = performance.now();
    await page.getByRole('button', { name: /Export CSV/ }).click();
    const download = await downloading;
    const startedAt = performance.now();
    const file = await download.path();
    const finishedAt = performance.now();
    sampler.isOn = false;
    await sampling;
    const failure = await download.failure();
    if (failure) throw new Error(`the download failed: ${failure}`);
    const heapAfter = await heapUsed(cdp, true);
    const { lines, bytes } = await countLines(file);
    return {
      bookingsShown: shown ? Number(shown.replace(/,/g, '')) : null,
      rowsInFile: lines - 1,
      fileMegabytes: megabytes(bytes),
      downloadStartMs: Math.round(startedAt - clickedAt),
      downloadDoneMs: Math.round(finishedAt - clickedAt),
      heapBeforeMegabytes: megabytes(heapBefore),
      heapPeakGrowthMegabytes: megabytes(sampler.peak - heapBefore),
      heapGrowthAfterMegabytes: megabytes(heapAfter - heapBefore),
      pageUrlUnchanged: page.url().startsWith(`${baseUrl}/bookings`),
      downloadUrlHoldsToken: download.url().includes((await page.evaluate(() => window.localStorage.getItem('token'))) ?? '\u0000'),
    };
  } finally {
    await browser.close();
  }
}

async function main() {
  if (options['base-url']) {
    if (!options.email || !options.password) throw new Error('--base-url needs --email and --password');
    return measure({ baseUrl: options['base-url'].replace(/\/$/, ''), email: options.email, password: options.password });
  }
  const baseUrl = `http://127.0.0.1:${options.port}`;
  const email = 'bench-export@hoy.local';
  const password = randomBytes(18).toString('base64url');
  // Before the server starts: the embedded database admits one process at a time.
  const created = spawnSync(process.execPath, ['--import', 'tsx', path.join(root, 'server', 'admin-cli.ts'), 'set-password', email, '--password', password], {
    cwd: root,
    env: { ...process.env, ...databaseEnvironment() },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  if (created.status !== 0) throw new Error(`creating the administrator failed (exit ${created.status})`);
  const server = await startServer(baseUrl);
  try {
    return await measure({ baseUrl, email, password });
  } finally {
    server.kill('SIGTERM');
    await new Promise((resolve) => server.once('exit', resolve));
  }
}

main().then(
  (result) => process.stdout.write(`${JSON.stringify(result, null, 2)}\n`),
  (error) => {
    process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
    process.exit(1);
  },
);
