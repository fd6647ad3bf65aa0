// The live stream (docs/decisions/026-live-changes.md) over a real HTTP connection: changes written
// straight into the database reach it, filtered by role; a reconnect replays what it missed; it ends
// with its session and is not activity; a session holds at most ten. What each role reads:
// live-readers.test.ts; the limits per member and per process, and presence's: live-limits.test.ts.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LIVE_PRESENCE_PATH, LIVE_PRESENCE_STALE_SECONDS, LIVE_STREAMS_PER_SESSION, type LiveBadges, type LiveChange } from '../../src/contracts/live';
import { createTestApp, TEST_ADMIN_PASSWORD, type TestApp } from './helpers/app';
import { insertBooking, insertHost, insertProperty } from './helpers/fixtures';
import { changesOf, listenOnFreePort, openStream } from './helpers/sse';
import { createStaff, loginAs, stepUp } from './helpers/staff';

let t: TestApp;
let baseUrl = '';
let adminToken = '';

beforeAll(async () => {
  t = await createTestApp({ livePollMs: 50 });
  adminToken = await t.login();
  baseUrl = await listenOnFreePort(t.app);
});
afterAll(async () => {
  // The test's fetch keeps idle connections of its own pool open, which the closing server would
  // wait for until its keep-alive timeout: every stream has ended by now.
  t.app.server.closeAllConnections();
  await t.close();
});

const open = (token: string | undefined, headers: Record<string, string> = {}) => openStream(baseUrl, token, headers);

describe('GET /api/admin/live', () => {
  it('refuses a missing or unknown token with 401 and keeps the token out of the URL', async () => {
    expect((await open(undefined)).status).toBe(401);
    expect((await open('x'.repeat(43))).status).toBe(401);
  });

  it('sends the badges, then a booking inserted straight into the database, with an id to resume from', async () => {
    const stream = await open(adminToken);
    expect(stream.status).toBe(200);
    const badges = (await stream.next('badges'))?.data as LiveBadges;
    expect(badges).toEqual({
      hosts: expect.any(Number),
      listings: expect.any(Number),
      'property-approvals': expect.any(Number),
      chats: expect.any(Number),
      cases: expect.any(Number),
    });
    const booking = await insertBooking(t.handle);
    const message = await stream.next('changes');
    expect(changesOf(message)).toContainEqual({ resource: 'bookings', action: 'created', id: booking.id });
    // A sealed cursor (live-cursors.ts): base64url, no position in the clear.
    expect(message?.id).toMatch(/^[A-Za-z0-9_-]{38,100}$/);
    expect(message?.id).not.toMatch(/^\d+-\d+$/);
    await t.handle.query(sql`UPDATE bookings SET status = 'cancelled' WHERE id = ${booking.id}`);
    expect(changesOf(await stream.next('changes'))).toEqual([{ resource: 'bookings', action: 'updated', id: booking.id }]);
    stream.close();
  });

  it('moves the badges when a host starts waiting for verification', async () => {
    const stream = await open(adminToken);
    const before = (await stream.next('badges'))?.data as Required<LiveBadges>;
    const host = await insertHost(t.handle, { statusHost: 'Pending' });
    expect(changesOf(await stream.next('changes'))).toContainEqual({ resource: 'hosts', action: 'created', id: host.id });
    expect((await stream.next('badges'))?.data).toMatchObject({ hosts: before.hosts + 1 });
    stream.close();
  });

  it('replays what a reconnecting browser missed after its Last-Event-ID, and resyncs from an id it cannot replay', async () => {
    const first = await open(adminToken);
    await first.next('badges');
    await insertBooking(t.handle);
    const seen = await first.next('changes');
    first.close();
    const missed = [await insertBooking(t.handle), await insertBooking(t.handle)];
    const again = await open(adminToken, { 'last-event-id': seen!.id! });
    const replayed: LiveChange[] = [];
    while (replayed.length < 2) replayed.push(...changesOf(await again.next('changes')));
    expect(replayed).toEqual(missed.map((booking) => ({ resource: 'bookings', action: 'created', id: booking.id })));
    again.close();
    for (const lastEventId of ['1-1', 'not a cursor']) {
      const stale = await open(adminToken, { 'last-event-id': lastEventId });
      expect(await stale.next('resync')).toMatchObject({ event: 'resync' });
      stale.close();
    }
  });

  it('sends a member only the changes their role may read', async () => {
    const moderator = await createStaff(t, adminToken, 'moderator');
    const stream = await open(await loginAs(t, moderator.email));
    // A moderator decides listings but does not read bookings or chats.
    expect((await stream.next('badges'))?.data).toEqual({
      hosts: expect.any(Number),
      listings: expect.any(Number),
      'property-approvals': expect.any(Number),
      cases: expect.any(Number),
    });
    await insertBooking(t.handle);
    const property = await insertProperty(t.handle, (await insertHost(t.handle)).id);
    const changes: LiveChange[] = [];
    while (!changes.some((change) => change.resource === 'listings')) changes.push(...changesOf(await stream.next('changes')));
    expect(changes.map((change) => change.resource)).not.toContain('bookings');
    expect(changes).toContainEqual({ resource: 'property-approvals', action: 'created', id: property.id });
    stream.close();
  });

  it('follows a role change on an open stream', async () => {
    const member = await createStaff(t, adminToken, 'moderator');
    const stream = await open(await loginAs(t, member.email));
    await stream.next('badges');
    await stepUp(t, adminToken, { password: TEST_ADMIN_PASSWORD });
    const changed = await t.request({ method: 'PUT', url: `/api/admin/staff/${member.id}/role`, token: adminToken, payload: { role: 'support' } });
    expect(changed.statusCode, changed.body).toBe(200);
    const booking = await insertBooking(t.handle);
    const changes: LiveChange[] = [];
    while (!changes.some((change) => change.resource === 'bookings')) changes.push(...changesOf(await stream.next('changes')));
    expect(changes).toContainEqual({ resource: 'bookings', action: 'created', id: booking.id });
    stream.close();
  });

  it('ends the stream when its session signs out', async () => {
    const token = await t.login();
    const stream = await open(token);
    await stream.next('badges');
    expect((await t.request({ method: 'POST', url: '/api/admin/logout', token })).statusCode).toBeLessThan(300);
    expect((await stream.next('end'))?.data).toEqual({ reason: 'revoked' });
    expect(await stream.next('changes', 2000)).toBeUndefined();
    stream.close();
  });

  it('does not count as activity, and ends when the session goes idle', async () => {
    const token = await t.login();
    const [before] = await t.handle.query<{ lastSeenAt: string }>(sql`SELECT last_seen_at::text AS "lastSeenAt" FROM admin_sessions ORDER BY id DESC LIMIT 1`);
    t.clock.advance(5 * 60 * 1000);
    const stream = await open(token);
    await stream.next('badges');
    const [after] = await t.handle.query<{ lastSeenAt: string }>(sql`SELECT last_seen_at::text AS "lastSeenAt" FROM admin_sessions ORDER BY id DESC LIMIT 1`);
    expect(after.lastSeenAt).toBe(before.lastSeenAt);
    t.clock.advance(t.config.sessionIdleMinutes * 60 * 1000);
    expect((await stream.next('end'))?.data).toEqual({ reason: 'expired' });
    stream.close();
  });

  it('tells the other streams who opens and leaves a review screen, and answers who reviews what', async () => {
    // The idle test above moved the clock past the file's first session.
    const freshToken = await t.login();
    const moderator = await createStaff(t, freshToken, 'moderator');
    const moderatorToken = await loginAs(t, moderator.email);
    const property = await insertProperty(t.handle, (await insertHost(t.handle)).id);
    const watcher = await open(freshToken);
    await watcher.next('badges');
    const opened = await t.request({ method: 'PUT', url: LIVE_PRESENCE_PATH, token: moderatorToken, payload: { resource: 'listings', id: property.id } });
    expect(opened.statusCode, opened.body).toBe(204);
    expect((await watcher.next('presence'))?.data).toEqual({
      resource: 'listings',
      id: property.id,
      viewers: [{ administratorId: moderator.id, name: 'Moderator Member' }],
    });
    const listed = await t.request({ method: 'GET', url: `${LIVE_PRESENCE_PATH}?resource=listings`, token: freshToken });
    expect(listed.json()).toContainEqual({ id: property.id, viewers: [{ administratorId: moderator.id, name: 'Moderator Member' }] });
    // Renewing is not news; leaving is.
    await t.request({ method: 'PUT', url: LIVE_PRESENCE_PATH, token: moderatorToken, payload: { resource: 'listings', id: property.id } });
    const left = await t.request({ method: 'DELETE', url: `${LIVE_PRESENCE_PATH}?resource=listings&id=${property.id}`, token: moderatorToken });
    expect(left.statusCode).toBe(204);
    expect((await watcher.next('presence'))?.data).toEqual({ resource: 'listings', id: property.id, viewers: [] });
    watcher.close();
    // A screen that stops saying so is gone after LIVE_PRESENCE_STALE_SECONDS.
    const host = await insertHost(t.handle);
    expect((await t.request({ method: 'PUT', url: LIVE_PRESENCE_PATH, token: moderatorToken, payload: { resource: 'hosts', id: host.id } })).statusCode).toBe(
      204,
    );
    t.clock.advance((LIVE_PRESENCE_STALE_SECONDS + 1) * 1000);
    expect((await t.request({ method: 'GET', url: `${LIVE_PRESENCE_PATH}?resource=hosts`, token: freshToken })).json()).toEqual([]);
    for (const payload of [{ resource: 'bookings', id: 1 }, { resource: 'listings', id: 0 }, { resource: 'listings' }]) {
      expect((await t.request({ method: 'PUT', url: LIVE_PRESENCE_PATH, token: moderatorToken, payload })).statusCode).toBe(400);
    }
  });

  it('drops a stream whose reader stops reading, instead of holding its backlog', async () => {
    await t.login();
    const [{ sessionId, administratorId }] = await t.handle.query<{ sessionId: number; administratorId: number }>(
      sql`SELECT id AS "sessionId", administrator_id AS "administratorId" FROM admin_sessions ORDER BY id DESC LIMIT 1`,
    );
    // The connection the route gives a stream answers false once its reader is MAX_BUFFERED_BYTES behind.
    let written = 0;
    let isClosed = false;
    const connection = {
      write: (message: string) => (written += message.length) < 20_000,
      close: () => void (isClosed = true),
      abort: () => void (isClosed = true),
    };
    const before = t.app.services.live.size;
    const { stream } = await t.app.services.live.open(
      { sessionId, administratorId, role: 'administrator', endsAt: new Date(Date.now() + 60_000) },
      connection,
      undefined,
    );
    expect(stream).toBeDefined();
    expect(t.app.services.live.size).toBe(before + 1);
    await t.handle.query(sql`INSERT INTO bookings (status, total) SELECT 'pending', 1 FROM generate_series(1, 2000)`);
    await expect.poll(() => isClosed).toBe(true);
    expect(t.app.services.live.size).toBe(before);
    // Its record no longer counts against the session's streams.
    const openRecords = async () =>
      (await t.handle.query<{ open: number }>(sql`SELECT count(*)::int AS open FROM live_streams WHERE session_id = ${sessionId}`))[0].open;
    await expect.poll(openRecords).toBe(0);
  });

  it(`answers 429 to a session's stream past ${LIVE_STREAMS_PER_SESSION}`, async () => {
    const token = await t.login();
    const streams = [];
    for (let n = 0; n < LIVE_STREAMS_PER_SESSION; n += 1) streams.push(await open(token));
    expect(streams.map((stream) => stream.status)).toEqual(Array(LIVE_STREAMS_PER_SESSION).fill(200));
    const refused = await open(token);
    expect(refused.status).toBe(429);
    expect(Number(refused.retryAfter)).toBeGreaterThan(0);
    streams[0].close();
    // The closed stream stops counting once the server sees the connection go.
    await expect
      .poll(async () => {
        const stream = await open(token);
        streams.push(stream);
        return stream.status;
      })
      .toBe(200);
    for (const stream of streams) stream.close();
    await expect.poll(() => t.app.services.live.size).toBe(0);
  });
});
