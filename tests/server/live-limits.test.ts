// The live stream's limits (docs/decisions/026-live-changes.md), with small ones passed through the
// app's configuration: streams per session and per member across sessions, counted in the database so
// a second process on the same database counts the same streams (429 with Retry-After); streams per
// process (503 with Retry-After, leaving no record); presence only on a record the list has, and on at
// most so many records per member (429 with Retry-After); and presence news for any number of records
// read with one statement.
import { sql } from 'drizzle-orm';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePostgres } from 'drizzle-orm/node-postgres';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readsActivityKind } from '../../src/contracts/activity';
import { LIVE_LIMITS, LIVE_PRESENCE_PATH, LIVE_PRESENCE_STALE_SECONDS, type LiveLimits, type LivePresence } from '../../src/contracts/live';
import { buildApp } from '../../server/app';
import { readConfig } from '../../server/config';
import type { Database } from '../../server/db/client';
import * as schema from '../../server/db/schema';
import { createLiveRepository } from '../../server/modules/live/live.repository';
import { createLiveService } from '../../server/modules/live/live.service';
import { createTestApp, type TestApp } from './helpers/app';
import { insertGuest, insertHost, insertProperty } from './helpers/fixtures';
import { listenOnFreePort, type OpenStream, openStream } from './helpers/sse';
import { createStaff, loginAs } from './helpers/staff';

const LIMITS: LiveLimits = { streamsPerSession: 2, streamsPerMember: 3, streamsPerProcess: 5, presencePerMember: 2 };

let t: TestApp;
/** A second process on the same database, with the same limits. */
let other: FastifyInstance;
let baseUrl = '';
let otherUrl = '';
let adminToken = '';

beforeAll(async () => {
  t = await createTestApp({ livePollMs: 50, liveLimits: LIMITS });
  adminToken = await t.login();
  baseUrl = await listenOnFreePort(t.app);
  other = await buildApp({ handle: t.handle, config: t.config, clock: t.clock, logger: false });
  await other.ready();
  otherUrl = await listenOnFreePort(other);
});
afterAll(async () => {
  for (const app of [t.app, other]) app.server.closeAllConnections();
  await other.close();
  await t.close();
});

const streamRecords = async () => (await t.handle.query<{ open: number }>(sql`SELECT count(*)::int AS open FROM live_streams`))[0].open;

async function closeAll(streams: OpenStream[]): Promise<void> {
  for (const stream of streams) stream.close();
  await expect.poll(() => t.app.services.live.size + other.services.live.size).toBe(0);
  await expect.poll(streamRecords).toBe(0);
}

describe('live streams per session, per member and per process', () => {
  it('answers 429 with Retry-After past a session’s streams and past a member’s streams across sessions, on every process', async () => {
    const sessionB = await t.login();
    const streams: OpenStream[] = [];
    for (let n = 0; n < LIMITS.streamsPerSession; n += 1) streams.push(await openStream(baseUrl, adminToken));
    expect(streams.map((stream) => stream.status)).toEqual([200, 200]);
    const sessionFull = await openStream(baseUrl, adminToken);
    expect(sessionFull.status).toBe(429);
    expect(Number(sessionFull.retryAfter)).toBeGreaterThan(0);

    // Another session of the same member: one more, then the member holds LIMITS.streamsPerMember.
    streams.push(await openStream(baseUrl, sessionB));
    expect(streams.at(-1)!.status).toBe(200);
    for (const [url, token] of [
      [baseUrl, sessionB],
      [otherUrl, sessionB],
      [otherUrl, await t.login()],
    ]) {
      const memberFull = await openStream(url, token);
      expect(memberFull.status, url).toBe(429);
      expect(Number(memberFull.retryAfter)).toBeGreaterThan(0);
    }
    // Another member is not held back by this one.
    const moderator = await createStaff(t, adminToken, 'moderator');
    streams.push(await openStream(otherUrl, await loginAs(t, moderator.email)));
    expect(streams.at(-1)!.status).toBe(200);

    // One closes: the member may open one again, on the other process too.
    streams[0].close();
    await expect
      .poll(async () => {
        const stream = await openStream(otherUrl, sessionB);
        streams.push(stream);
        return stream.status;
      })
      .toBe(200);
    await closeAll(streams);
  });

  it('answers 503 with Retry-After past the process’s streams, and leaves no record of the refused one', async () => {
    const viewer = await createStaff(t, adminToken, 'viewer');
    const support = await createStaff(t, adminToken, 'support');
    const tokens = [adminToken, adminToken, await loginAs(t, viewer.email), await loginAs(t, viewer.email), await loginAs(t, support.email)];
    const streams: OpenStream[] = [];
    for (const token of tokens) streams.push(await openStream(baseUrl, token));
    expect(streams.map((stream) => stream.status)).toEqual(Array(LIMITS.streamsPerProcess).fill(200));
    expect(t.app.services.live.size).toBe(LIMITS.streamsPerProcess);
    const supportAgain = await loginAs(t, support.email);
    const full = await openStream(baseUrl, supportAgain);
    expect(full.status).toBe(503);
    expect(Number(full.retryAfter)).toBeGreaterThan(0);
    expect(await streamRecords()).toBe(LIMITS.streamsPerProcess);
    // The other process holds its own.
    streams.push(await openStream(otherUrl, supportAgain));
    expect(streams.at(-1)!.status).toBe(200);
    await closeAll(streams);
  });

  it('defaults to the limits of src/contracts/live.ts, per member and per process from the environment', () => {
    expect(readConfig({}).liveLimits).toEqual(LIVE_LIMITS);
    expect(readConfig({ LIVE_STREAMS_PER_MEMBER: '7', LIVE_STREAMS_PER_PROCESS: '900' }).liveLimits).toEqual({
      ...LIVE_LIMITS,
      streamsPerMember: 7,
      streamsPerProcess: 900,
    });
  });
});

describe('presence', () => {
  const put = (token: string, resource: string, id: number) => t.request({ method: 'PUT', url: LIVE_PRESENCE_PATH, token, payload: { resource, id } });

  it('refuses a record the list does not have with 404, and notes nothing', async () => {
    const guest = await insertGuest(t.handle);
    const host = await insertHost(t.handle);
    const property = await insertProperty(t.handle, host.id);
    for (const [resource, id] of [
      ['hosts', 2_000_000_000],
      ['hosts', guest.id],
      ['listings', 2_000_000_000],
      ['property-approvals', 2_000_000_000],
    ] as const) {
      expect((await put(adminToken, resource, id)).statusCode, `${resource} ${id}`).toBe(404);
    }
    const [{ noted }] = await t.handle.query<{ noted: number }>(sql`SELECT count(*)::int AS noted FROM live_presence`);
    expect(noted).toBe(0);
    for (const [resource, id] of [
      ['hosts', host.id],
      ['listings', property.id],
      ['property-approvals', property.id],
    ] as const) {
      expect((await put(adminToken, resource, id)).statusCode, resource).toBe(204);
      const left = await t.request({ method: 'DELETE', url: `${LIVE_PRESENCE_PATH}?resource=${resource}&id=${id}`, token: adminToken });
      expect(left.statusCode).toBe(204);
    }
  });

  it(`answers 429 with Retry-After to a member present on ${LIMITS.presencePerMember} records already, on every process`, async () => {
    const moderator = await createStaff(t, adminToken, 'moderator');
    const token = await loginAs(t, moderator.email);
    const hosts = [await insertHost(t.handle), await insertHost(t.handle), await insertHost(t.handle)];
    expect((await put(token, 'hosts', hosts[0].id)).statusCode).toBe(204);
    expect((await put(token, 'hosts', hosts[1].id)).statusCode).toBe(204);
    const refused = await put(token, 'hosts', hosts[2].id);
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    const elsewhere = await other.inject({
      method: 'PUT',
      url: LIVE_PRESENCE_PATH,
      headers: { authorization: `Bearer ${token}` },
      payload: { resource: 'hosts', id: hosts[2].id },
    });
    expect(elsewhere.statusCode).toBe(429);
    // Renewing one already noted is not one more; another member is not held back.
    expect((await put(token, 'hosts', hosts[0].id)).statusCode).toBe(204);
    expect((await put(adminToken, 'hosts', hosts[2].id)).statusCode).toBe(204);
    // Leaving one, or one going stale, makes room.
    await t.request({ method: 'DELETE', url: `${LIVE_PRESENCE_PATH}?resource=hosts&id=${hosts[1].id}`, token });
    expect((await put(token, 'hosts', hosts[2].id)).statusCode).toBe(204);
    t.clock.advance((LIVE_PRESENCE_STALE_SECONDS + 1) * 1000);
    expect((await put(token, 'hosts', hosts[1].id)).statusCode).toBe(204);
    expect((await put(token, 'listings', (await insertProperty(t.handle, hosts[0].id)).id)).statusCode).toBe(204);
  });

  it('reads the viewers of every record a read brings news of with one statement, however many records', async () => {
    // A live service of its own whose database counts the statements that read presence.
    let presenceReads = 0;
    const logger = {
      logQuery: (query: string) => {
        if (/^\s*select/i.test(query) && query.includes('live_presence')) presenceReads += 1;
      },
    };
    const db = (t.handle.pglite
      ? drizzlePglite(t.handle.pglite, { schema, logger })
      : drizzlePostgres(t.handle.pool!, { schema, logger })) as unknown as Database;
    const live = createLiveService({
      repository: createLiveRepository(db),
      clock: t.clock,
      log: t.app.log,
      pollMs: 50,
      permissionOf: t.app.services.live.permissionOf,
      readsActivityKind,
      limits: LIMITS,
      sessionState: async () => ({ isLive: true, role: 'administrator', endsAt: new Date(t.clock.now().getTime() + 3_600_000) }),
      overdueCases: () => t.app.services.cases.overdueCount(),
    });
    await t.login();
    const [{ sessionId, administratorId }] = await t.handle.query<{ sessionId: number; administratorId: number }>(
      sql`SELECT id AS "sessionId", administrator_id AS "administratorId" FROM admin_sessions ORDER BY id DESC LIMIT 1`,
    );
    const received: LivePresence[] = [];
    const connection = {
      write: (message: string) => {
        const match = /^event: presence\ndata: (.+)$/m.exec(message);
        if (match) received.push(JSON.parse(match[1]) as LivePresence);
        return true;
      },
      close: () => {},
      abort: () => {},
    };
    const { stream } = await live.open(
      { sessionId, administratorId, role: 'administrator', endsAt: new Date(t.clock.now().getTime() + 3_600_000) },
      connection,
      undefined,
    );
    expect(stream).toBeDefined();
    const hosts = await Promise.all(Array.from({ length: 25 }, () => insertHost(t.handle)));
    const staff = await Promise.all(Array.from({ length: 3 }, (_, n) => createStaff(t, adminToken, 'moderator', `present-${n}-${Date.now()}@hoy.test`)));
    /** Notes `members` on `records` in one transaction (one read brings them all), waits for their news, and answers the presence reads it took. */
    const noteAll = async (records: readonly number[]) => {
      const before = presenceReads;
      const now = t.clock.now().toISOString();
      await t.handle.db.transaction(async (transaction) => {
        for (const member of staff) {
          for (const id of records) {
            await transaction.execute(
              sql`INSERT INTO live_presence (resource, record_id, administrator_id, seen_at) VALUES ('hosts', ${id}, ${member.id}, ${now}::timestamptz)`,
            );
          }
        }
        for (const id of records)
          await transaction.execute(sql`INSERT INTO live_changes (resource, action, row_id) VALUES ('presence:hosts', 'updated', ${id})`);
      });
      // Waits for the news as long as a busy machine takes (it asserts the reads, not their pace).
      await expect.poll(() => records.every((id) => received.some((presence) => presence.id === id)), { timeout: 15_000 }).toBe(true);
      return presenceReads - before;
    };
    const one = await noteAll([hosts[0].id]);
    const many = await noteAll(hosts.slice(1).map((host) => host.id));
    expect(one).toBe(1);
    expect(many).toBe(1);
    const last = received.find((presence) => presence.id === hosts[24].id);
    expect(last?.viewers.map((viewer) => viewer.administratorId).sort()).toEqual(staff.map((member) => member.id).sort());
    live.shutdown();
  });
});
