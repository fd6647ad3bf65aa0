// Download tickets (docs/decisions/022-exports-stream-through-download-tickets.md): the web app asks
// for one with its bearer token, the browser's download manager redeems it without one. A ticket works
// once, for a minute, for the export it names and the member who asked while they still may; any
// process on the database redeems it; its URL is not logged; the CSV stops reading the database when
// the download goes away.
import { randomBytes } from 'node:crypto';
import { EventEmitter } from 'node:events';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { EXPORT_MESSAGES, EXPORT_REASONS } from '../../src/contracts/exports';
import { EXPORTS_BUSY_MESSAGE } from '../../src/contracts/paging';
import { FORBIDDEN_REASON } from '../../src/contracts/roles';
import type { FastifyReply } from 'fastify';
import { buildApp } from '../../server/app';
import { createExportShares } from '../../server/lib/export-shares';
import { createExportSlots } from '../../server/lib/streams';
import { hashToken } from '../../server/modules/auth/tokens';
import { signedInTestApp, TEST_ADMIN_PASSWORD, type LogLine } from './helpers/app';
import { insertBooking, insertGuest, insertHost, insertProperty } from './helpers/fixtures';
import { createStaff, loginAs, stepUp } from './helpers/staff';

/** The batches the bookings list's exports have read, and whether the last walk ended: counted around its real source. */
const bookingWalk = vi.hoisted(() => ({ read: 0, isFinished: false }));
vi.mock('../../server/modules/bookings/bookings.repository', async (importOriginal) => {
  const original = await importOriginal<typeof import('../../server/modules/bookings/bookings.repository')>();
  return {
    ...original,
    bookingsListSource(db: Parameters<typeof original.bookingsListSource>[0]) {
      const source = original.bookingsListSource(db);
      return {
        ...source,
        async *batches(request: Parameters<typeof source.batches>[0]) {
          bookingWalk.isFinished = false;
          try {
            for await (const rows of source.batches(request)) {
              bookingWalk.read += 1;
              yield rows;
            }
          } finally {
            bookingWalk.isFinished = true;
          }
        },
      };
    },
  };
});

const t = signedInTestApp();

let tagCount = 0;
/** A word no other test uses, so a search for it sees only this test's rows. */
const newTag = () => `tkttag${(tagCount += 1)}q`;

/** Bookings of one guest named after the tag, with these statuses; answers their ids. */
async function bookingsTagged(tag: string, statuses: readonly ('pending' | 'confirmed' | 'completed')[]) {
  const host = await insertHost(t.handle);
  const property = await insertProperty(t.handle, host.id, { title: `Villa ${tag}` });
  const guest = await insertGuest(t.handle, { name: `Guest ${tag}` });
  const ids: number[] = [];
  for (const status of statuses) ids.push((await insertBooking(t.handle, { guestId: guest.id, propertyId: property.id, status })).id);
  return ids;
}

function askTicket(token: string, path: string, query: Record<string, unknown> = {}) {
  return t.request({ method: 'POST', url: '/api/admin/exports', token, payload: { path, query } });
}

/** A ticket's download URL, asked for with the token. */
async function ticketUrl(token: string, path: string, query: Record<string, string> = {}): Promise<string> {
  const answer = await askTicket(token, path, query);
  expect(answer.statusCode, answer.body).toBe(201);
  const { url, expiresAt } = answer.json<{ url: string; expiresAt: string }>();
  expect(url).toMatch(/^\/api\/admin\/exports\/[A-Za-z0-9_-]{43}$/);
  expect(new Date(expiresAt).getTime() - t.clock.now().getTime()).toBe(60_000);
  return url;
}

/** The download, as the browser's download manager fetches it: no token. */
const download = (url: string) => t.request({ method: 'GET', url });

const idsOf = (csv: string) =>
  csv
    .replace(/^\uFEFF/, '')
    .trim()
    .split('\r\n')
    .slice(1)
    .map((line) => Number(line.split(',')[0]));

describe('a download ticket', () => {
  it('streams the CSV the list’s format=csv call streams, once, without the token, and is no good a second time', async () => {
    const tag = newTag();
    const ids = await bookingsTagged(tag, ['pending', 'confirmed', 'pending']);
    const url = await ticketUrl(t.token, '/api/admin/bookings', { q: tag, status: 'pending' });
    expect(url).not.toContain(t.token);

    const file = await download(url);
    expect(file.statusCode, file.body).toBe(200);
    expect(file.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(file.headers['content-disposition']).toBe('attachment; filename="bookings.csv"');
    expect(file.headers['cache-control']).toBe('no-store');
    expect(file.headers['referrer-policy']).toBe('no-referrer');
    expect(idsOf(file.body)).toEqual([ids[0], ids[2]]);
    const direct = await t.request({ method: 'GET', url: `/api/admin/bookings?format=csv&q=${tag}&status=pending`, token: t.token });
    expect(file.body).toBe(direct.body);

    const again = await download(url);
    expect(again.statusCode).toBe(404);
    expect(again.json()).toMatchObject({ message: EXPORT_MESSAGES.ticketInvalid, reason: EXPORT_REASONS.ticketInvalid });
    expect(again.headers['referrer-policy']).toBe('no-referrer');
    expect(again.headers['cache-control']).toBe('no-store');
  });

  it('is stored only as its SHA-256, with the session, the path and the query it names', async () => {
    const tag = newTag();
    const url = await ticketUrl(t.token, '/api/admin/bookings', { q: tag, page: '3', pageSize: '8', sort: 'total', order: 'desc' });
    const ticket = url.split('/').at(-1)!;
    const rows = await t.handle.query<{ ticket_hash: string; path: string; query: string; used_at: string | null }>(
      sql`SELECT ticket_hash, path, query, used_at FROM export_tickets WHERE ticket_hash = ${hashToken(ticket)}`,
    );
    expect(rows).toEqual([{ ticket_hash: hashToken(ticket), path: '/api/admin/bookings', query: `q=${tag}&sort=total&order=desc`, used_at: null }]);
    const [{ stored }] = await t.handle.query<{ stored: number }>(sql`SELECT count(*)::int AS stored FROM export_tickets WHERE ticket_hash = ${ticket}`);
    expect(stored).toBe(0);
  });

  it('expires 60 seconds after it is made', async () => {
    const fresh = await ticketUrl(t.token, '/api/admin/hosts');
    const stale = await ticketUrl(t.token, '/api/admin/hosts');
    t.clock.advance(59_000);
    expect((await download(fresh)).statusCode).toBe(200);
    t.clock.advance(1_000);
    const expired = await download(stale);
    expect(expired.statusCode).toBe(404);
    expect(expired.json()).toMatchObject({ reason: EXPORT_REASONS.ticketInvalid });
  });

  it('is bound to the one export it names: a query on the download changes nothing', async () => {
    const tag = newTag();
    const ids = await bookingsTagged(tag, ['pending', 'completed']);
    const url = await ticketUrl(t.token, '/api/admin/bookings', { q: tag, status: 'completed' });
    const file = await download(`${url}?q=&status=pending&format=json`);
    expect(file.statusCode).toBe(200);
    expect(idsOf(file.body)).toEqual([ids[1]]);
  });

  it('names only a list that has a CSV, with a query the list accepts (400 otherwise, nothing stored)', async () => {
    const [{ before }] = await t.handle.query<{ before: number }>(sql`SELECT count(*)::int AS before FROM export_tickets`);
    for (const [path, query] of [
      ['/api/admin/dashboard', {}],
      ['/api/admin/listings', {}],
      ['/api/admin/bookings/../hosts', {}],
      ['/api/admin/bookings?format=csv', {}],
      ['/api/admin/bookings', { status: 'lost' }],
      ['/api/admin/bookings', { sort: 'password' }],
      ['/api/admin/activity', { staffId: 'me' }],
      ['/api/admin/bookings', { q: 'x'.repeat(201) }],
      ['/api/admin/bookings', { q: 3 }],
      ['/api/admin/bookings', 'q=all'],
      ['x'.repeat(500), {}],
      [42, {}],
    ] as const) {
      const answer = await askTicket(t.token, path as string, query as Record<string, unknown>);
      expect(answer.statusCode, `${String(path)} ${JSON.stringify(query)}`).toBe(400);
    }
    expect((await askTicket(t.token, '/api/admin/dashboard')).json()).toMatchObject({ message: EXPORT_MESSAGES.unknownList });
    const [{ after }] = await t.handle.query<{ after: number }>(sql`SELECT count(*)::int AS after FROM export_tickets`);
    expect(after).toBe(before);
  });

  it('needs a token to be asked for', async () => {
    expect((await t.request({ method: 'POST', url: '/api/admin/exports', payload: { path: '/api/admin/hosts', query: {} } })).statusCode).toBe(401);
  });

  it('answers a malformed ticket with a 4xx, never a 5xx', async () => {
    for (const ticket of [
      '',
      'x',
      'A'.repeat(42),
      'A'.repeat(44),
      'A'.repeat(300),
      `${'A'.repeat(42)}=`,
      `${'A'.repeat(42)}%00`,
      `${'A'.repeat(41)}%C3%A9`,
      '%E0%A4%A',
      '..%2F..%2Fhosts',
      `${'A'.repeat(43)}/more`,
      'A'.repeat(43),
      "'; DROP TABLE export_tickets; --",
    ]) {
      const answer = await download(`/api/admin/exports/${ticket}`);
      expect(answer.statusCode, ticket).toBeGreaterThanOrEqual(400);
      expect(answer.statusCode, ticket).toBeLessThan(500);
    }
    expect((await download(`/api/admin/exports/${'A'.repeat(43)}`)).statusCode).toBe(404);
    expect((await download(`/api/admin/exports/${'A'.repeat(42)}`)).statusCode).toBe(400);
  });

  it('is redeemed by exactly one of several redemptions at once; the others are told it is gone', async () => {
    const url = await ticketUrl(t.token, '/api/admin/hosts');
    const ticket = url.split('/').at(-1)!;
    // The service itself: over HTTP the process's one export slot would turn the others away first.
    const outcomes = await Promise.allSettled(Array.from({ length: 6 }, () => t.app.services.exports.redeemTicket(ticket)));
    expect(outcomes.filter((outcome) => outcome.status === 'fulfilled')).toHaveLength(1);
    for (const outcome of outcomes.filter((each) => each.status === 'rejected')) {
      expect(outcome.reason).toMatchObject({ statusCode: 404, reason: EXPORT_REASONS.ticketInvalid });
    }
  });
});

describe('who a ticket serves', () => {
  it('is refused to a role without export (a Viewer) and for a list the role cannot read', async () => {
    const viewer = await createStaff(t, t.token, 'viewer');
    const viewerToken = await loginAs(t, viewer.email);
    const refused = await askTicket(viewerToken, '/api/admin/hosts');
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ reason: FORBIDDEN_REASON });

    // A Moderator exports, but does not read bookings (docs/decisions/018-staff-roles.md).
    const moderator = await createStaff(t, t.token, 'moderator');
    const moderatorToken = await loginAs(t, moderator.email);
    expect((await askTicket(moderatorToken, '/api/admin/bookings')).statusCode).toBe(403);
    expect((await askTicket(moderatorToken, '/api/admin/admin/bookings')).statusCode).toBe(403);
    expect((await askTicket(moderatorToken, '/api/admin/hosts')).statusCode).toBe(201);
  });

  it('follows its member’s role as it is when the download starts: refused once they may no longer export', async () => {
    const member = await createStaff(t, t.token, 'support');
    const url = await ticketUrl(await loginAs(t, member.email), '/api/admin/bookings');
    await stepUp(t, t.token, { password: TEST_ADMIN_PASSWORD });
    const demoted = await t.request({ method: 'PUT', url: `/api/admin/staff/${member.id}/role`, token: t.token, payload: { role: 'viewer' } });
    expect(demoted.statusCode, demoted.body).toBe(200);
    const refused = await download(url);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ reason: FORBIDDEN_REASON });
  });

  it('is refused after its member is disabled, or their sessions are revoked, or they sign out', async () => {
    const disabled = await createStaff(t, t.token, 'support');
    const disabledUrl = await ticketUrl(await loginAs(t, disabled.email), '/api/admin/hosts');
    await stepUp(t, t.token, { password: TEST_ADMIN_PASSWORD });
    expect((await t.request({ method: 'POST', url: `/api/admin/staff/${disabled.id}/disable`, token: t.token })).statusCode).toBe(200);
    expect((await download(disabledUrl)).statusCode).toBe(401);

    const revoked = await createStaff(t, t.token, 'support');
    const revokedUrl = await ticketUrl(await loginAs(t, revoked.email), '/api/admin/hosts');
    expect((await t.request({ method: 'POST', url: `/api/admin/staff/${revoked.id}/revoke-sessions`, token: t.token })).statusCode).toBe(200);
    expect((await download(revokedUrl)).statusCode).toBe(401);

    const leaving = await createStaff(t, t.token, 'support');
    const leavingToken = await loginAs(t, leaving.email);
    const leavingUrl = await ticketUrl(leavingToken, '/api/admin/hosts');
    expect((await t.request({ method: 'POST', url: '/api/admin/logout', token: leavingToken })).statusCode).toBeLessThan(300);
    expect((await download(leavingUrl)).statusCode).toBe(401);
  });

  it('is bound to the session that asked: another session of the member ending does not matter', async () => {
    const member = await createStaff(t, t.token, 'support');
    const url = await ticketUrl(await loginAs(t, member.email), '/api/admin/hosts');
    const other = await loginAs(t, member.email);
    expect((await t.request({ method: 'POST', url: '/api/admin/logout', token: other })).statusCode).toBeLessThan(300);
    expect((await download(url)).statusCode).toBe(200);
  });
});

describe('several processes on one database', () => {
  const lines: LogLine[] = [];
  let other: Awaited<ReturnType<typeof buildApp>>;
  beforeAll(async () => {
    other = await buildApp({
      handle: t.handle,
      config: t.config,
      clock: t.clock,
      logger: { level: 'info', stream: { write: (line: string) => void lines.push(JSON.parse(line) as LogLine) } },
    });
    await other.ready();
  });
  afterAll(async () => other.close());

  it('redeem a ticket made by another process, once between them, and log no ticket', async () => {
    const tag = newTag();
    const ids = await bookingsTagged(tag, ['confirmed']);
    const url = await ticketUrl(t.token, '/api/admin/bookings', { q: tag });
    const ticket = url.split('/').at(-1)!;
    const file = await other.inject({ method: 'GET', url });
    expect(file.statusCode).toBe(200);
    expect(idsOf(file.body)).toEqual(ids);
    expect((await download(url)).statusCode).toBe(404);
    expect((await other.inject({ method: 'GET', url })).statusCode).toBe(404);

    const logged = JSON.stringify(lines);
    expect(lines.some((line) => (line.req as { url?: string } | undefined)?.url === '/api/admin/exports/[ticket]')).toBe(true);
    expect(logged).not.toContain(ticket);
    expect(logged).not.toContain(hashToken(ticket));
  });
});

describe('export slots shared between members', () => {
  /** A stand-in for an answer: its response closes when the test says. */
  const answer = () => {
    const raw = new EventEmitter();
    return { reply: { raw } as unknown as FastifyReply, close: () => raw.emit('close') };
  };

  it('give each member one export at a time, so one member never holds every slot', () => {
    const slots = createExportSlots(3);
    const shares = createExportShares(slots);
    const first = answer();
    shares.hold(1, first.reply);
    expect(shares.isFreeFor(1)).toBe(false);
    expect(() => shares.hold(1, answer().reply)).toThrow(expect.objectContaining({ statusCode: 503, reason: 'exports-busy' }));
    expect(slots.taken()).toBe(1);
    // The other members' exports start meanwhile, until the slots are all taken.
    const second = answer();
    shares.hold(2, second.reply);
    shares.hold(3, answer().reply);
    expect(shares.isFreeFor(4)).toBe(false);
    expect(() => shares.hold(4, answer().reply)).toThrow(expect.objectContaining({ statusCode: 503 }));
    // A closed answer gives its slot back, once, and its member may export again.
    first.close();
    first.close();
    expect(slots.taken()).toBe(2);
    shares.hold(1, answer().reply);
    second.close();
    expect(shares.isFreeFor(2)).toBe(true);
  });

  it('refuse a member a ticket while their own export streams, and serve others meanwhile', async () => {
    const member = await createStaff(t, t.token, 'support');
    const token = await loginAs(t, member.email);
    const streaming = answer();
    t.app.services.exportShares.hold(member.id, streaming.reply);
    try {
      const refused = await askTicket(token, '/api/admin/hosts');
      expect(refused.statusCode).toBe(503);
      expect(refused.json()).toMatchObject({ reason: 'exports-busy' });
    } finally {
      streaming.close();
    }
    expect((await download(await ticketUrl(token, '/api/admin/hosts'))).statusCode).toBe(200);
  });
});

describe('the download’s export slot', () => {
  it('is refused with 503 exports-busy when the process has none free, when asked for and when redeemed, and the ticket survives a refusal', async () => {
    const url = await ticketUrl(t.token, '/api/admin/hosts');
    const slots = t.app.services.exportSlots;
    const held = Array.from({ length: slots.limit }, () => slots.tryTake());
    try {
      const asked = await askTicket(t.token, '/api/admin/hosts');
      expect(asked.statusCode).toBe(503);
      expect(asked.headers['retry-after']).toBe('5');
      expect(asked.json()).toMatchObject({ message: EXPORTS_BUSY_MESSAGE, reason: 'exports-busy' });
      const busy = await download(url);
      expect(busy.statusCode).toBe(503);
      expect(busy.json()).toMatchObject({ reason: 'exports-busy' });
    } finally {
      for (const giveBack of held) giveBack?.();
    }
    expect((await download(url)).statusCode).toBe(200);
    expect(slots.taken()).toBe(0);
  });

  it('is never taken by a made-up, used or expired ticket: those are refused with 404 before any slot is asked for', async () => {
    const used = await ticketUrl(t.token, '/api/admin/hosts');
    expect((await download(used)).statusCode).toBe(200);
    const expired = await ticketUrl(t.token, '/api/admin/hosts');
    t.clock.advance(60_000);
    const slots = t.app.services.exportSlots;
    const taken = vi.spyOn(slots, 'tryTake');
    try {
      for (const url of [used, expired, `/api/admin/exports/${'B'.repeat(43)}`, `/api/admin/exports/${'x'.repeat(42)}_`]) {
        const refused = await download(url);
        expect(refused.statusCode, url).toBe(404);
        expect(refused.json()).toMatchObject({ reason: EXPORT_REASONS.ticketInvalid });
      }
      expect(taken).not.toHaveBeenCalled();
    } finally {
      taken.mockRestore();
    }
    expect(slots.taken()).toBe(0);
  });

  it('starts a member’s exports while a client without a session sends made-up tickets as fast as it can', async () => {
    const tag = newTag();
    const ids = await bookingsTagged(tag, ['confirmed']);
    // Six clients, each sending a made-up ticket as soon as its last one is answered.
    const flooding = { isOn: true };
    const refusals: number[] = [];
    const flood = Array.from({ length: 6 }, async () => {
      while (flooding.isOn) {
        refusals.push((await download(`/api/admin/exports/${randomBytes(32).toString('base64url')}`)).statusCode);
        // A refusal answered without any I/O must not starve the member's requests of the event loop.
        await new Promise((resolve) => setImmediate(resolve));
      }
    });
    try {
      for (let index = 0; index < 5; index += 1) {
        const url = await ticketUrl(t.token, '/api/admin/bookings', { q: tag });
        const file = await download(url);
        expect(file.statusCode, file.body).toBe(200);
        expect(idsOf(file.body)).toEqual(ids);
      }
    } finally {
      flooding.isOn = false;
      await Promise.all(flood);
    }
    expect(refusals.length).toBeGreaterThan(8);
    expect(new Set(refusals)).toEqual(new Set([404]));
    expect(t.app.services.exportSlots.taken()).toBe(0);
  });

  it('stops reading the database when the download goes away, and gives the slot back', async () => {
    // 40 batches of 1,000: more than the stream and the sockets hold ahead of a reader who stops.
    await t.handle.query(sql`INSERT INTO bookings (status, total) SELECT 'completed', n FROM generate_series(1, 40000) AS n`);
    Object.assign(bookingWalk, { read: 0, isFinished: false });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const address = t.app.server.address() as AddressInfo;
    const url = await ticketUrl(t.token, '/api/admin/bookings');
    await new Promise<void>((resolve, reject) => {
      const request = http.get({ host: '127.0.0.1', port: address.port, path: url }, (response) => {
        expect(response.statusCode).toBe(200);
        // The first bytes arrive; then the person cancels the download.
        response.once('data', () => {
          response.destroy();
          resolve();
        });
      });
      request.on('error', reject);
    });
    await vi.waitFor(() => expect(bookingWalk.isFinished).toBe(true), { timeout: 10_000 });
    const readWhenStopped = bookingWalk.read;
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(bookingWalk.read).toBe(readWhenStopped);
    expect(bookingWalk.read).toBeLessThan(40);
    await vi.waitFor(() => expect(t.app.services.exportSlots.taken()).toBe(0));
  });
});
