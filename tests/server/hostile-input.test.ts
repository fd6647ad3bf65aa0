// Property-based: generated bodies, ids and query strings against every route of the OpenAPI
// document, with and without a valid token. Never a 5xx; a refused write changes nothing.
import * as fc from 'fast-check';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LIVE_STREAM_PATH } from '../../src/contracts/live';
import { seedDemo } from '../../server/db/seed/demo';
import { createTestApp, type TestApp } from './helpers/app';
import { NAUGHTY_STRINGS, UNSTORABLE_STRINGS } from './helpers/naughty-strings';

interface JsonSchema {
  type?: string;
  properties?: Record<string, JsonSchema>;
}
interface Operation {
  parameters?: Array<{ in: string; name: string }>;
  requestBody?: { content: Record<string, { schema: JsonSchema }> };
}
interface Route {
  method: string;
  path: string;
  pathParameters: string[];
  queryParameters: string[];
  bodyFields: string[];
  isWrite: boolean;
}

const TABLES = [
  'administrators',
  'admin_sessions',
  'audit_events',
  'bookings',
  'conversations',
  'email_subscribers',
  'feedbacks',
  'host_interest_submissions',
  'host_verifications',
  'messages',
  'promos',
  'properties',
  'property_images',
  'users',
  'list_counters',
];

let t: TestApp;
let token: string;
let routes: Route[];

beforeAll(async () => {
  t = await createTestApp({ rateLimitLogin: 1_000_000, rateLimitPublic: 1_000_000 });
  await seedDemo(t.handle, { referenceDate: new Date('2026-11-01T09:00:00Z') });
  token = await t.login();
  const document = t.app.swagger() as { paths: Record<string, Record<string, Operation>> };
  routes = Object.entries(document.paths).flatMap(([path, operations]) =>
    Object.entries(operations).map(([method, operation]) => ({
      method: method.toUpperCase(),
      path,
      pathParameters: (operation.parameters ?? []).filter((parameter) => parameter.in === 'path').map((parameter) => parameter.name),
      queryParameters: (operation.parameters ?? []).filter((parameter) => parameter.in === 'query').map((parameter) => parameter.name),
      bodyFields: Object.keys(operation.requestBody?.content['application/json']?.schema.properties ?? {}),
      isWrite: method !== 'get',
    })),
  );
}, 120_000);

afterAll(() => t.close());

/** Every row of every table, hashed: equal before and after means nothing changed. */
async function snapshot(): Promise<string> {
  const parts = TABLES.map((table) => sql.raw(`(SELECT md5(coalesce(string_agg(t::text, '|' ORDER BY t::text), '')) FROM ${table} t)`));
  const [row] = await t.handle.query<{ digest: string }>(sql`SELECT concat_ws(',', ${sql.join(parts, sql`, `)}) AS digest`);
  return row.digest;
}

const hostileText = fc.oneof(
  fc.constantFrom(...NAUGHTY_STRINGS, ...UNSTORABLE_STRINGS),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.string({ maxLength: 40 }),
);
const scalar = fc.oneof(
  hostileText,
  fc.integer(),
  fc.constantFrom(0, -1, 1, 2_147_483_647, 2_147_483_648, Number.MAX_SAFE_INTEGER, 1e308, -0, 0.5),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.date({ noInvalidDate: true }).map((date) => date.toISOString()),
);
const value = fc.oneof({ weight: 4, arbitrary: scalar }, { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 3 }) });

const identifier = fc.oneof(
  fc.integer({ min: -3, max: 600 }).map(String),
  fc.constantFrom(
    '0',
    '2147483647',
    '2147483648',
    '99999999999999999999',
    '1.5',
    '1e3',
    '0x10',
    ' 1',
    'abc',
    'null',
    'guest',
    'host-regular',
    'host-new-joiner',
    '%00',
    '%2e%2e',
    '..%2f..%2f',
  ),
  hostileText.map((text) => encodeURIComponent(text.replace(/[\ud800-\udfff]/g, '?'))),
);

function bodyFor(route: Route): fc.Arbitrary<unknown> {
  const fields = [...route.bodyFields, '__proto__', 'constructor', 'id', 'extra'];
  const shaped = fc.dictionary(fc.constantFrom(...fields), value, { maxKeys: fields.length });
  return fc.oneof({ weight: 3, arbitrary: shaped }, { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 2 }) }, { weight: 1, arbitrary: fc.constant(undefined) });
}

function queryFor(route: Route): fc.Arbitrary<string> {
  const names = [...route.queryParameters, 'page', 'pageSize', 'sort', 'order', 'format', 'x', '__proto__', 'q[]'];
  return fc
    .array(
      fc.tuple(
        fc.constantFrom(...names),
        fc.oneof(
          scalar.map((entry) => (typeof entry === 'string' ? entry : JSON.stringify(entry))),
          fc.constantFrom('csv', 'asc', 'desc', 'createdAt', '-1', '0', '1000000'),
        ),
      ),
      { maxLength: 6 },
    )
    .map((pairs) =>
      pairs.map(([name, entry]) => `${encodeURIComponent(name)}=${encodeURIComponent(String(entry).replace(/[\ud800-\udfff]/g, '?'))}`).join('&'),
    );
}

/** Hostile requests of one route: its path parameters, query and body drawn at random. */
const requestFor = (route: Route) =>
  fc.record({
    route: fc.constant(route),
    ids: fc.array(identifier, { minLength: route.pathParameters.length, maxLength: route.pathParameters.length }),
    query: queryFor(route),
    body: route.isWrite ? bodyFor(route) : fc.constant(undefined),
    isSignedIn: fc.boolean(),
  });

describe('hostile input on every route', () => {
  it('never answers 5xx, and a refused write changes nothing', async () => {
    expect(routes.length).toBeGreaterThan(30);
    const seen = new Set<string>();
    // Every route gets its share of the runs: drawn at random, a route among seventy could go untried.
    const runsPerRoute = Math.max(1, Math.ceil(Number(process.env.HOSTILE_RUNS ?? 600) / routes.length));
    for (const target of routes)
      await fc.assert(
        fc.asyncProperty(requestFor(target), async ({ route, ids, query, body, isSignedIn }) => {
          let url = route.path;
          route.pathParameters.forEach((name, index) => (url = url.replace(`{${name}}`, ids[index])));
          if (query) url += `?${query}`;
          // Logging out would end the shared session; it gets a session of its own.
          const bearer = isSignedIn ? (route.path === '/api/admin/logout' ? await t.login() : token) : undefined;
          const before = route.isWrite ? await snapshot() : '';
          // The live stream never ends by itself: its answer is judged by its head.
          const isStream = route.path === LIVE_STREAM_PATH;
          const answer = await t.request({
            method: route.method as 'GET',
            url,
            token: bearer,
            ...(body === undefined ? {} : { headers: { 'content-type': 'application/json' }, payload: JSON.stringify(body) }),
            ...(isStream ? { payloadAsStream: true } : {}),
          });
          if (isStream) answer.stream().destroy();
          seen.add(`${route.method} ${route.path}`);
          expect(answer.statusCode, `${route.method} ${url} ${isStream ? '(event stream)' : answer.body.slice(0, 300)}`).toBeLessThan(500);
          const after = route.isWrite ? await snapshot() : '';
          const isRefused = answer.statusCode >= 400;
          expect(isRefused ? after : before, `${route.method} ${url} answered ${answer.statusCode} but changed data`).toBe(before);
        }),
        { numRuns: runsPerRoute, seed: process.env.HOSTILE_SEED ? Number(process.env.HOSTILE_SEED) : undefined },
      );
    expect(seen.size).toBe(routes.length);
  }, 120_000);
});
