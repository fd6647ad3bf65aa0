// `npm run bench:dashboard -- --follow N`: what N open dashboards whose charts follow the live stream
// cost the server while the marketplace writes (decision 028). One real stream, opened with the bench's
// session, says when each resource changes; every simulated dashboard then does what
// src/admin/pages/dashboard/charts/use-chart-follow.ts does in a visible tab with its charts on
// screen: a chart whose resources changed reads its call again at once, or `everyMs` after its last
// read if it read less than that ago. The dashboards open spread over the first interval (a member
// opens the dashboard when they do) and each keeps its range (mostly the default, the last 30 days).
// Only the re-reads after that first interval are timed.
import http from 'node:http';
import { CHART_LIVE_RESOURCES } from '../src/contracts/dashboard-chart-names.ts';

const DAY_MS = 86_400_000;
const dayOf = (time) => new Date(time).toISOString().slice(0, 10);

/** A preset range ending today: the default 30 days for most, 7, 90 or 365 days for the rest. */
function presetRange() {
  const draw = Math.random();
  const days = draw < 0.7 ? 30 : draw < 0.8 ? 7 : draw < 0.9 ? 90 : 365;
  const now = Date.now();
  return { from: dayOf(now - (days - 1) * DAY_MS), to: dayOf(now) };
}

/** Calls `onChange(resource)` for each change the stream reports until `signal` aborts. */
async function followStream(baseUrl, token, signal, onChange) {
  const response = await fetch(`${baseUrl}/api/admin/live`, {
    headers: { authorization: `Bearer ${token}`, 'x-hoy-activity': 'background' },
    signal,
  });
  if (!response.ok) throw new Error(`live stream answered ${response.status}`);
  const decoder = new TextDecoder();
  let buffered = '';
  try {
    for await (const chunk of response.body) {
      buffered += decoder.decode(chunk, { stream: true });
      const messages = buffered.split('\n\n');
      buffered = messages.pop() ?? '';
      for (const message of messages) {
        const lines = message.split('\n');
        if (!lines.includes('event: changes')) continue;
        const data = lines.find((line) => line.startsWith('data: '))?.slice('data: '.length);
        for (const resource of new Set(JSON.parse(data ?? '{}').changes?.map((change) => change.resource) ?? [])) onChange(resource);
      }
    }
  } catch (error) {
    if (!signal.aborted) throw error;
  }
}

/** A GET over a kept-alive connection: the time to the whole answer and its status. */
function timedGet(agent, baseUrl, token, path) {
  const startedAt = performance.now();
  return new Promise((resolve) => {
    const request = http.get(`${baseUrl}${path}`, { agent, headers: { authorization: `Bearer ${token}` } }, (response) => {
      response.resume();
      response.on('end', () => resolve({ ms: performance.now() - startedAt, ok: response.statusCode === 200 }));
    });
    request.on('error', () => resolve({ ms: performance.now() - startedAt, ok: false }));
  });
}

const percentile = (sorted, share) => Math.round(sorted[Math.min(sorted.length - 1, Math.floor(share * sorted.length))] ?? 0);

/**
 * Runs `dashboards` following dashboards for `seconds` (after one interval of opening) and answers the
 * re-reads asked and answered a second within that time, and of those asked in it (each waited for):
 * p50 / p99 / max, failures, and how many per chart.
 */
export async function followDashboards({ baseUrl, token, chartNames, dashboards, everyMs, seconds }) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: Math.max(1, Math.min(256, dashboards)) });
  const controller = new AbortController();
  const timed = [];
  const perChart = Object.fromEntries(chartNames.map((name) => [name, 0]));
  let failures = 0;
  let answered = 0;
  let measureFrom = Infinity;
  let measureTo = Infinity;
  const charts = [];
  const inFlight = new Set();
  const read = async (chart) => {
    chart.lastRead = Date.now();
    const isTimed = chart.lastRead >= measureFrom;
    const { ms, ok } = await timedGet(agent, baseUrl, token, `/api/admin/dashboard/charts/${chart.name}?from=${chart.range.from}&to=${chart.range.to}`);
    const answeredAt = Date.now();
    if (answeredAt >= measureFrom && answeredAt < measureTo) answered += 1;
    if (!isTimed) return;
    timed.push(ms);
    perChart[chart.name] += 1;
    if (!ok) failures += 1;
  };
  // As useLiveRefetch: a read already waiting sees this change too; otherwise at once or at its turn.
  const owe = (chart) => {
    if (!chart.isOpen || chart.timer) return;
    chart.timer = setTimeout(
      () => {
        chart.timer = undefined;
        const reading = read(chart);
        inFlight.add(reading);
        void reading.then(() => inFlight.delete(reading));
      },
      Math.max(0, chart.lastRead + everyMs - Date.now()),
    );
  };
  for (let dashboard = 0; dashboard < dashboards; dashboard += 1) {
    const range = presetRange();
    const opened = chartNames.map((name) => ({ name, range, resources: CHART_LIVE_RESOURCES[name] ?? [], lastRead: 0, isOpen: false, timer: undefined }));
    charts.push(...opened);
    setTimeout(() => opened.forEach((chart) => ((chart.isOpen = true), void read(chart))), Math.random() * everyMs);
  }
  const stream = followStream(baseUrl, token, controller.signal, (resource) => {
    for (const chart of charts) if (chart.resources.includes(resource)) owe(chart);
  });
  await new Promise((resolve) => setTimeout(resolve, everyMs));
  measureFrom = Date.now();
  await new Promise((resolve) => setTimeout(resolve, seconds * 1000));
  measureTo = Date.now();
  const measuredMs = measureTo - measureFrom;
  measureFrom = Infinity;
  controller.abort();
  for (const chart of charts) clearTimeout(chart.timer);
  await Promise.all([stream, ...inFlight]);
  agent.destroy();
  timed.sort((a, b) => a - b);
  const perSecond = (count) => Math.round((count / measuredMs) * 10_000) / 10;
  return {
    askedPerSecond: perSecond(timed.length),
    answeredPerSecond: perSecond(answered),
    p50Ms: percentile(timed, 0.5),
    p99Ms: percentile(timed, 0.99),
    maxMs: Math.round(timed.at(-1) ?? 0),
    failures,
    perChart,
  };
}
