// npm run lighthouse [-- <url> | --page /login] [--runs N] [--assert]: audits the landing page or the sign-in page (mobile) with Lighthouse 12 in
// the system Chromium and prints the four category scores and the page's JavaScript bytes.
// Without a URL it builds the web app when needed and starts the real server on a throwaway database.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { CHROMIUM_FLAGS, chromiumPath } from './chromium.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const lighthouseBin = path.join(root, 'node_modules', 'lighthouse', 'cli', 'index.js');
// Issue 5's targets (scores out of 100, JavaScript in compressed KB).
const TARGETS = { performance: 95, accessibility: 100, 'best-practices': 100, seo: 95 };
const JS_BUDGET_KB = 100;

function parseArguments(argv) {
  const options = { url: undefined, page: '/', runs: 3, isAssert: false };
  for (let index = 0; index < argv.length; index += 1) {
    const argument = argv[index];
    if (argument === '--runs') options.runs = Math.max(1, Number(argv[++index]) || 1);
    else if (argument === '--assert') options.isAssert = true;
    else if (argument === '--page') options.page = argv[++index] ?? '/';
    else if (/^https?:\/\//.test(argument)) options.url = argument;
    else throw new Error(`Unknown argument "${argument}". Usage: npm run lighthouse -- [url | --page /login] [--runs N] [--assert]`);
  }
  return options;
}

function findFreePort() {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

async function waitForHealth(baseUrl, server, timeoutMs = 180_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`The server exited with code ${server.exitCode}`);
    try {
      const response = await fetch(`${baseUrl}/api/health`);
      if (response.ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error(`The server did not answer ${baseUrl}/api/health within ${timeoutMs / 1000} s`);
}

/** scripts/start.mjs builds dist/ when it is missing or stale, then serves; a fresh data directory keeps the real one untouched. */
async function startServer(page) {
  const port = await findFreePort();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'hoy-lighthouse-'));
  const server = spawn(process.execPath, [path.join(root, 'scripts', 'start.mjs')], {
    cwd: root,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, DATABASE_URL: '', SEED_DEMO: '0', LOG_LEVEL: 'warn' },
  });
  const baseUrl = `http://127.0.0.1:${port}`;
  const stop = async () => {
    if (server.exitCode === null) {
      const exited = new Promise((resolve) => server.once('exit', resolve));
      server.kill('SIGTERM');
      await exited;
    }
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    await waitForHealth(baseUrl, server);
  } catch (error) {
    await stop();
    throw error;
  }
  return { url: `${baseUrl}${page}`, stop };
}

function runLighthouse(url) {
  return new Promise((resolve, reject) => {
    const child = spawn(
      process.execPath,
      [
        lighthouseBin,
        url,
        '--quiet',
        '--output=json',
        '--output-path=stdout',
        '--form-factor=mobile',
        '--only-categories=performance,accessibility,best-practices,seo',
        `--chrome-flags=${CHROMIUM_FLAGS.join(' ')}`,
      ],
      { cwd: root, env: { ...process.env, CHROME_PATH: chromiumPath() }, stdio: ['ignore', 'pipe', 'pipe'] },
    );
    const output = [];
    const errors = [];
    child.stdout.on('data', (chunk) => output.push(chunk));
    child.stderr.on('data', (chunk) => errors.push(chunk));
    child.on('error', reject);
    child.on('exit', (code) => {
      if (code !== 0) reject(new Error(`lighthouse exited with code ${code}\n${Buffer.concat(errors).toString()}`));
      else resolve(JSON.parse(Buffer.concat(output).toString()));
    });
  });
}

// Lighthouse sometimes loses the trace on a busy machine (NO_NAVSTART); such a run is repeated, not reported.
const ATTEMPTS_PER_RUN = 3;

async function runWithRetry(url) {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await runLighthouse(url);
    } catch (error) {
      if (attempt >= ATTEMPTS_PER_RUN) throw error;
      process.stderr.write(`Lighthouse run failed (attempt ${attempt} of ${ATTEMPTS_PER_RUN}), trying again: ${error.message.split('\n')[0]}\n`);
    }
  }
}

/** The scripts the page loaded: bytes on the wire, and their gzip size whatever the server sent. */
async function measureScripts(report) {
  const requests = report.audits['network-requests']?.details?.items ?? [];
  const scripts = requests.filter((request) => request.resourceType === 'Script');
  let transferred = 0;
  let gzipped = 0;
  for (const script of scripts) {
    transferred += script.transferSize ?? 0;
    const response = await fetch(script.url);
    gzipped += gzipSync(Buffer.from(await response.arrayBuffer()), { level: 9 }).length;
  }
  return { count: scripts.length, transferredKb: transferred / 1024, gzippedKb: gzipped / 1024 };
}

function median(values) {
  const sorted = [...values].sort((left, right) => left - right);
  return sorted[Math.floor(sorted.length / 2)];
}

function printSummary(url, reports, scripts) {
  const lines = [`Lighthouse ${reports[0].lighthouseVersion} (mobile) on ${url}, median of ${reports.length} run(s):`];
  let isMet = true;
  // Search engines have nothing to find on the sign-in page: SEO counts for the landing page only.
  const targets = new URL(url).pathname === '/' ? TARGETS : { ...TARGETS, seo: 0 };
  for (const [category, target] of Object.entries(targets)) {
    const scores = reports.map((report) => Math.round((report.categories[category]?.score ?? 0) * 100));
    const score = median(scores);
    const isCategoryMet = score >= target;
    isMet &&= isCategoryMet;
    lines.push(
      `  ${category.padEnd(15)} ${String(score).padStart(3)}  (target ≥ ${target}; runs: ${scores.join(', ')}) ${isCategoryMet ? 'ok' : 'BELOW TARGET'}`,
    );
    // Scored audits that did not pass, so a score below 100 says what to fix (performance lists its metrics below).
    if (category !== 'performance') {
      for (const audit of failingAudits(reports[0], category)) lines.push(`      failing: ${audit.id}: ${audit.title}`);
    }
  }
  const metrics = reports.map((report) => report.audits);
  const metric = (id) => median(metrics.map((audits) => audits[id]?.numericValue ?? 0));
  lines.push(
    `  metrics         FCP ${Math.round(metric('first-contentful-paint'))} ms, LCP ${Math.round(metric('largest-contentful-paint'))} ms, TBT ${Math.round(metric('total-blocking-time'))} ms, CLS ${metric('cumulative-layout-shift').toFixed(3)}, SI ${Math.round(metric('speed-index'))} ms`,
  );
  const isJsMet = scripts.gzippedKb <= JS_BUDGET_KB;
  isMet &&= isJsMet;
  lines.push(
    `  javascript      ${scripts.count} file(s): ${scripts.gzippedKb.toFixed(1)} KB gzip (budget ≤ ${JS_BUDGET_KB} KB) ${isJsMet ? 'ok' : 'OVER BUDGET'}; ${scripts.transferredKb.toFixed(1)} KB as transferred by this server`,
  );
  process.stdout.write(`${lines.join('\n')}\n`);
  return isMet;
}

function failingAudits(report, category) {
  return report.categories[category].auditRefs
    .filter((reference) => reference.weight > 0)
    .map((reference) => report.audits[reference.id])
    .filter((audit) => audit.score !== null && audit.score < 1);
}

async function main() {
  const options = parseArguments(process.argv.slice(2));
  const target = options.url ? { url: options.url, stop: async () => undefined } : await startServer(options.page);
  try {
    const reports = [];
    for (let run = 0; run < options.runs; run += 1) reports.push(await runWithRetry(target.url));
    const scripts = await measureScripts(reports[0]);
    const isMet = printSummary(target.url, reports, scripts);
    if (options.isAssert && !isMet) process.exitCode = 1;
  } finally {
    await target.stop();
  }
}

await main();
