// The workload an administrator makes: every request another list, page, sort, order, status or
// search word, so the page cache answers almost none of them. Each list's sorts and statuses are read
// from the server's OpenAPI document, and the search words from the rows the API answers, so the
// workload follows the product without a list of its own. Also: a writer that changes the same
// database meanwhile, as the marketplace does (bookings inserted, users renamed).
import fs from 'node:fs';
import autocannon from 'autocannon';
import { Client } from 'pg';

/** How deep a random page may go (an administrator paging far into a list). */
const MAX_PAGE = 2000;

const pick = (values) => values[Math.floor(Math.random() * values.length)];

/** Every paged list of the API with its sorts and statuses, from /api/openapi.json. */
export async function readLists(baseUrl, token) {
  const document = await (await fetch(`${baseUrl}/api/openapi.json`)).json();
  const lists = [];
  for (const [path, item] of Object.entries(document.paths)) {
    const parameters = item.get?.parameters ?? [];
    const enumOf = (name) => parameters.find((parameter) => parameter.name === name && parameter.in === 'query')?.schema?.enum;
    // A paged list answers page, sort and q; of the second paths ("/admin/admin/...") one is enough.
    // A list's /total call takes the same parameters but is not a list.
    if (!enumOf('sort') || !parameters.some((parameter) => parameter.name === 'q') || path.includes('/admin/admin/') || path.endsWith('/total')) continue;
    const response = await fetch(`${baseUrl}${path}?page=1`, { headers: { authorization: `Bearer ${token}` } });
    const rows = await response.json();
    const total = Number(response.headers.get('x-total-count') ?? 0);
    const pageSize = Math.max(1, Array.isArray(rows) ? rows.length : 1);
    lists.push({ path, sorts: enumOf('sort'), statuses: enumOf('status') ?? [], lastPage: Math.max(1, Math.min(MAX_PAGE, Math.ceil(total / pageSize))) });
  }
  return lists;
}

/** Words and 3-letter fragments of the text the lists show (names, e-mails, titles, addresses), and ids. */
export async function readVocabulary(baseUrl, token, lists, pagesPerList = 6) {
  const words = new Set();
  const fragments = new Set();
  const ids = new Set();
  const collect = (value) => {
    if (typeof value === 'string') {
      for (const word of value.toLowerCase().split(/[^\p{L}\p{N}]+/u)) {
        if (word.length < 3 || /^\d+$/.test(word)) continue;
        words.add(word);
        const start = Math.floor(Math.random() * (word.length - 2));
        fragments.add(word.slice(start, start + 3));
      }
    } else if (value && typeof value === 'object') {
      for (const inner of Object.values(value)) collect(inner);
    }
  };
  for (const list of lists) {
    for (let read = 0; read < pagesPerList; read += 1) {
      const page = 1 + Math.floor(Math.random() * list.lastPage);
      const response = await fetch(`${baseUrl}${list.path}?page=${page}`, { headers: { authorization: `Bearer ${token}` } });
      const rows = await response.json();
      if (!Array.isArray(rows)) continue;
      for (const row of rows) {
        collect(row);
        if (typeof row.id === 'number') ids.add(String(row.id));
      }
    }
  }
  return { words: [...words], fragments: [...fragments], ids: [...ids] };
}

/** A random page of a random list: any page up to MAX_PAGE, any sort, either order, any status or none. */
export function randomPagePath(lists) {
  const list = pick(lists);
  const parts = [`page=${1 + Math.floor(Math.random() * list.lastPage)}`, `sort=${encodeURIComponent(pick(list.sorts))}`, `order=${pick(['asc', 'desc'])}`];
  if (list.statuses.length > 0 && Math.random() < 0.5) parts.push(`status=${encodeURIComponent(pick(list.statuses))}`);
  return `${list.path}?${parts.join('&')}`;
}

/**
 * A random search of a random list, as an operator makes one: a word (60%), a 3-letter fragment (30%)
 * or an id (10%), under any sort the list offers or its default order, either way, with a status half
 * the time. A common first name under the Guest sort is where a walk of the sort's order finds its
 * matches last, so the sort is drawn for every search, not left at the default.
 */
export function randomSearchPath(lists, vocabulary) {
  const list = pick(lists);
  const draw = Math.random();
  const term =
    draw < 0.6 || vocabulary.fragments.length === 0
      ? pick(vocabulary.words)
      : draw < 0.9 || vocabulary.ids.length === 0
        ? pick(vocabulary.fragments)
        : pick(vocabulary.ids);
  const parts = ['page=1', `q=${encodeURIComponent(term)}`];
  const sort = pick([undefined, ...list.sorts]);
  if (sort !== undefined) parts.push(`sort=${encodeURIComponent(sort)}`, `order=${pick(['asc', 'desc'])}`);
  if (list.statuses.length > 0 && Math.random() < 0.5) parts.push(`status=${encodeURIComponent(pick(list.statuses))}`);
  return `${list.path}?${parts.join('&')}`;
}

/** Signs a member of staff in through the API; answers the session's token. */
export async function signInAt(baseUrl, email, password) {
  const response = await fetch(`${baseUrl}/api/admin/admin-login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  if (!response.ok) throw new Error(`sign-in failed: ${response.status} ${await response.text()}`);
  return (await response.json()).token;
}

/** Drives `nextPath` with autocannon: every request a new path. */
export async function driveRandom({ baseUrl, token, nextPath, connections, duration }) {
  const paths = new Set();
  const result = await autocannon({
    url: baseUrl,
    connections,
    duration,
    headers: { authorization: `Bearer ${token}` },
    requests: [
      {
        method: 'GET',
        setupRequest: (request) => {
          // A path asked before would be answered from the page cache: draw again (a few times at most).
          let path = nextPath();
          for (let draw = 0; draw < 20 && paths.has(path); draw += 1) path = nextPath();
          paths.add(path);
          return { ...request, path };
        },
      },
    ],
  });
  return {
    requestsPerSecond: Math.round(result.requests.average),
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    errors: result.errors + result.timeouts,
    non2xx: result.non2xx,
    requests: result.requests.total,
    distinctPaths: paths.size,
  };
}

/** CPU time a process has used so far, in ms, from /proc (utime and stime); 0 where it cannot be read. */
function processCpuMs(pid) {
  try {
    // After the command's closing parenthesis come the fields from the third on: utime is the 14th, stime the 15th.
    const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return (Number(fields[11]) + Number(fields[12])) * (1000 / CLOCK_TICKS_PER_SECOND);
  } catch {
    return 0;
  }
}

/** Linux's USER_HZ, the unit of /proc's CPU times. */
const CLOCK_TICKS_PER_SECOND = 100;

/** The processes of the database's connections, when its server runs on this machine (else none). */
async function backendPids(databaseUrl) {
  if (!databaseUrl || !['127.0.0.1', 'localhost', '::1', '[::1]'].includes(new URL(databaseUrl).hostname)) return [];
  const client = new Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query('SELECT pid FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()');
    return rows.map((row) => Number(row.pid));
  } finally {
    await client.end();
  }
}

/**
 * Runs `run` (which answers autocannon's figures) and adds the CPU time each request cost the server
 * (process `pid`) and, on a PostgreSQL server of this machine, its connections (`databaseCpuMs`):
 * a rate on two shared cores moves by a tenth or more from one run to the next, the time a request
 * costs much less. A connection opened during the run counts whole; one closed during it is missed.
 */
export async function withCpuCost({ pid, databaseUrl }, run) {
  const before = new Map((await backendPids(databaseUrl)).map((backend) => [backend, processCpuMs(backend)]));
  const serverBefore = processCpuMs(pid);
  const figures = await run();
  const serverMs = processCpuMs(pid) - serverBefore;
  let databaseMs = 0;
  for (const backend of await backendPids(databaseUrl)) databaseMs += processCpuMs(backend) - (before.get(backend) ?? 0);
  const perRequest = (ms) => Math.round((ms / Math.max(1, figures.requests)) * 100) / 100;
  return { ...figures, cpuMsPerRequest: { server: perRequest(serverMs), ...(databaseUrl ? { database: perRequest(databaseMs) } : {}) } };
}

/** `count` requests one after another (one administrator alone): latency percentiles. */
export async function oneAtATime({ baseUrl, token, nextPath, count }) {
  const timings = [];
  let failures = 0;
  for (let index = 0; index < count; index += 1) {
    const path = nextPath();
    const startedAt = performance.now();
    const response = await fetch(`${baseUrl}${path}`, { headers: { authorization: `Bearer ${token}` } });
    await response.arrayBuffer();
    timings.push({ path, ms: performance.now() - startedAt });
    if (!response.ok) failures += 1;
  }
  timings.sort((a, b) => a.ms - b.ms);
  const at = (share) => Math.round(timings[Math.min(timings.length - 1, Math.floor(share * timings.length))].ms);
  const slowest = timings.at(-1);
  return {
    requests: count,
    p50Ms: at(0.5),
    p99Ms: at(0.99),
    maxMs: Math.round(slowest.ms),
    slowest: { path: slowest.path, ms: Math.round(slowest.ms) },
    failures,
  };
}

/**
 * Writes straight into the database about `perSecond` statements a second, half booking inserts and
 * half user renames, as the marketplace's backend would. `pause()` and `resume()` stop and restart it
 * between turns; `stop()` answers how many it wrote, and their rate while it was writing.
 */
export async function startLiveWriter(databaseUrl, perSecond = 50) {
  const client = new Client({ connectionString: databaseUrl });
  await client.connect();
  const { rows } = await client.query(
    'SELECT min(id) AS low, max(id) AS high, (SELECT min(id) FROM properties) AS plow, (SELECT max(id) FROM properties) AS phigh FROM users',
  );
  const range = (low, high) => Number(low) + Math.floor(Math.random() * (Number(high) - Number(low) + 1));
  let written = 0;
  // Time spent writing: the rate is of the writing turns, not of the quiet ones between them.
  let writingMs = 0;
  let writingSince = performance.now();
  const state = { isRunning: true, isPaused: false };
  // Each statement has its moment on a fixed schedule: one that took longer than its share is followed
  // at once, so slow answers under load do not lower the rate (a wait after each one wrote 43 a second).
  let dueAt = performance.now();
  let wake;
  const loop = (async () => {
    while (state.isRunning) {
      if (state.isPaused) {
        await new Promise((resolve) => (wake = resolve));
        continue;
      }
      if (written % 2 === 0) {
        await client.query(
          `INSERT INTO bookings (guest_id, property_id, status, check_in_date, check_out_date, total)
           SELECT (SELECT id FROM users WHERE id = $1), (SELECT id FROM properties WHERE id = $2), 'pending', current_date, current_date + 2, 90`,
          [range(rows[0].low, rows[0].high), range(rows[0].plow, rows[0].phigh)],
        );
      } else {
        await client.query("UPDATE users SET name = 'Renamed ' || md5(random()::text) WHERE id = $1", [range(rows[0].low, rows[0].high)]);
      }
      written += 1;
      dueAt += 1000 / perSecond;
      const wait = dueAt - performance.now();
      if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
      // More than a second behind (a statement waited on a lock): start the schedule again, no burst.
      else if (wait < -1000) dueAt = performance.now();
    }
  })();
  const resume = () => {
    if (!state.isPaused) return;
    state.isPaused = false;
    writingSince = performance.now();
    dueAt = writingSince;
    wake?.();
  };
  return {
    /** Stops writing until `resume` (a statement under way finishes first). */
    pause() {
      if (state.isPaused) return;
      state.isPaused = true;
      writingMs += performance.now() - writingSince;
    },
    resume,
    async stop() {
      resume();
      state.isRunning = false;
      await loop;
      await client.end();
      writingMs += performance.now() - writingSince;
      return { statements: written, perSecond: Math.round((written / writingMs) * 1000) };
    },
  };
}

/**
 * Counts the vacuums of the tables the server's vacuum watch keeps (decision 025) that end during
 * each kind of turn: `during(kind, run)` runs `run` and adds those that ended meanwhile to `kind`.
 */
export async function startVacuumCount(databaseUrl) {
  const client = new Client({ connectionString: databaseUrl });
  await client.connect();
  const total = async () => {
    const { rows } = await client.query(
      "SELECT coalesce(sum(vacuum_count), 0)::int AS vacuums FROM pg_stat_user_tables WHERE relname IN ('bookings', 'booking_names', 'users', 'properties')",
    );
    return rows[0].vacuums;
  };
  const counts = {};
  return {
    async during(kind, run) {
      const before = await total();
      try {
        return await run();
      } finally {
        counts[kind] = (counts[kind] ?? 0) + (await total()) - before;
      }
    },
    async stop() {
      await client.end();
      return counts;
    },
  };
}

/**
 * Whether answers are current while the marketplace writes: renames a guest who has bookings and a
 * host straight in the database, then searches each new name through the API at once. The bookings
 * search must find every one of the guest's bookings, the hosts search the host.
 */
export async function checkAnswersAreCurrent({ baseUrl, token, databaseUrl }) {
  const client = new Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const suffix = Math.random().toString(36).slice(2, 10);
    const guestName = `Current Guest ${suffix}`;
    const hostName = `Current Host ${suffix}`;
    const {
      rows: [guest],
    } = await client.query(
      'SELECT guest_id AS id, count(*)::int AS bookings FROM bookings WHERE guest_id = (SELECT guest_id FROM bookings WHERE guest_id IS NOT NULL ORDER BY random() LIMIT 1) GROUP BY guest_id',
    );
    const {
      rows: [host],
    } = await client.query('SELECT id FROM users WHERE is_host ORDER BY random() LIMIT 1');
    await client.query('UPDATE users SET name = $1 WHERE id = $2', [guestName, guest.id]);
    await client.query('UPDATE users SET name = $1 WHERE id = $2', [hostName, host.id]);
    const totalOf = async (path) => {
      const response = await fetch(`${baseUrl}${path}`, { headers: { authorization: `Bearer ${token}` } });
      return Number(response.headers.get('x-total-count'));
    };
    const bookingsFound = await totalOf(`/api/admin/bookings?page=1&q=${encodeURIComponent(guestName)}`);
    const hostsFound = await totalOf(`/api/admin/hosts?page=1&q=${encodeURIComponent(hostName)}`);
    const listingsOfHost = await totalOf(`/api/admin/property-approvals?page=1&q=${encodeURIComponent(hostName)}`);
    const {
      rows: [owned],
    } = await client.query('SELECT count(*)::int AS count FROM properties WHERE host_id = $1', [host.id]);
    return {
      guest: { bookings: guest.bookings, found: bookingsFound },
      host: { found: hostsFound, properties: owned.count, propertiesFound: listingsOfHost },
      isCurrent: bookingsFound === guest.bookings && hostsFound === 1 && listingsOfHost === owned.count,
    };
  } finally {
    await client.end();
  }
}
