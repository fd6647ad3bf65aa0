// Live streams for the benchmark (issue 27, docs/decisions/026-live-changes.md): many back-office tabs
// holding GET /api/admin/live open while the workload runs, and how long a change takes to reach them.
// Markers are e-mail subscribers inserted straight into the database at known moments; every stream
// that receives one notes the delay.
import http from 'node:http';
import { Client } from 'pg';

/** Streams one session may hold (src/contracts/live.ts): the tabs are spread over enough sessions. */
const STREAMS_PER_SESSION = 10;

/**
 * Opens `count` streams on `baseUrl`, signing in as many sessions as they need with `signIn()`.
 * Answers the open streams' controls: `delays()` lists every marker's arrival delay in ms.
 */
export async function openLiveStreams({ baseUrl, count, signIn }) {
  const tokens = [];
  for (let made = 0; made < Math.ceil(count / STREAMS_PER_SESSION); made += 1) tokens.push(await signIn());
  const markers = new Map();
  const delays = [];
  let received = 0;
  let broken = 0;
  const requests = [];
  // node:http rather than fetch: 500 readers share the benchmark's cores with the load they measure.
  const agent = new http.Agent({ keepAlive: false, maxSockets: Infinity });
  const onMessage = (block) => {
    received += 1;
    if (!block.includes('"email-subscribers"')) return;
    const data = block.split('\n').find((line) => line.startsWith('data: '));
    for (const change of JSON.parse(data.slice('data: '.length)).changes) {
      const sentAt = markers.get(change.id);
      if (change.resource === 'email-subscribers' && sentAt !== undefined) delays.push(performance.now() - sentAt);
    }
  };
  const open = (token) =>
    new Promise((resolve, reject) => {
      const request = http.get(`${baseUrl}/api/admin/live`, { headers: { authorization: `Bearer ${token}` }, agent }, (response) => {
        if (response.statusCode !== 200) {
          response.resume();
          reject(new Error(`a live stream answered ${response.statusCode}`));
          return;
        }
        response.setEncoding('utf8');
        let buffered = '';
        response.on('data', (chunk) => {
          buffered += chunk;
          for (let end = buffered.indexOf('\n\n'); end >= 0; end = buffered.indexOf('\n\n')) {
            onMessage(buffered.slice(0, end));
            buffered = buffered.slice(end + 2);
          }
        });
        response.on('error', () => (broken += 1));
        resolve();
      });
      request.on('error', (error) => {
        if (request.destroyed && error.code === 'ECONNRESET') return;
        reject(error);
      });
      requests.push(request);
    });
  for (let index = 0; index < count; index += 1) await open(tokens[Math.floor(index / STREAMS_PER_SESSION)]);
  return {
    /** Inserts one marker straight into the database and notes when. */
    async mark(client) {
      const sentAt = performance.now();
      markers.set(await insertMarker(client), sentAt);
    },
    delays: () => [...delays],
    markers: () => markers.size,
    received: () => received,
    broken: () => broken,
    close() {
      for (const request of requests) request.destroy();
      agent.destroy();
    },
  };
}

/** Inserts one marker (an e-mail subscriber) straight into the database; answers its id. */
export async function insertMarker(client) {
  const { rows } = await client.query(`INSERT INTO email_subscribers (email) VALUES ('live-marker-' || md5(random()::text) || '@bench.local') RETURNING id`);
  return Number(rows[0].id);
}

/** With no streams open: the same markers, so a turn without streams writes what a turn with them does. */
export const UNWATCHED = { mark: insertMarker };

/** Inserts a marker every `everyMs` until stopped; answers how many it inserted. */
export async function startMarkers(databaseUrl, streams, everyMs = 500) {
  const client = new Client({ connectionString: databaseUrl });
  await client.connect();
  const state = { isRunning: true };
  const loop = (async () => {
    while (state.isRunning) {
      await streams.mark(client);
      await new Promise((resolve) => setTimeout(resolve, everyMs));
    }
  })();
  return {
    async stop() {
      state.isRunning = false;
      await loop;
      await client.end();
    },
  };
}

/** The value at fraction `q` (0.5, 0.99) of `values`, or 0 for none. */
export function quantile(values, q) {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil(sorted.length * q) - 1)];
}
