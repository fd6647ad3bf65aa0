// Cases (issue 51, point 5; decision 048): a 1-2 star feedback opens its case by trigger, a flag opens
// a booking's once, take-next gives each case to exactly one of many racing members, closing needs a
// resolution, overdue follows the app's clock, the roles, the events, the live stream and /metrics.
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Case, FlaggedBooking, TakenCase } from '../../src/contracts/cases';
import { listenOnFreePort, openStream } from './helpers/sse';
import { signedInTestApp } from './helpers/app';
import { insertBooking, insertFeedback } from './helpers/fixtures';
import { createStaff, loginAs } from './helpers/staff';

const METRICS_TOKEN = 'a-metrics-token-for-the-cases-test';
const t = signedInTestApp({ metricsToken: METRICS_TOKEN, caseDeadlineHours: 24 });
const tokens = { admin: '', support: '', support2: '', moderator: '', viewer: '' };
const ids = { support: 0, support2: 0 };
const emails: Partial<Record<keyof typeof tokens, string>> = {};
const HOUR = 3_600_000;

beforeAll(async () => {
  for (const [name, role] of [
    ['support', 'support'],
    ['support2', 'support'],
    ['moderator', 'moderator'],
    ['viewer', 'viewer'],
  ] as const) {
    const member = await createStaff(t, t.token, role, `cases-${name}@hoy.test`);
    emails[name] = member.email;
    tokens[name] = await loginAs(t, member.email);
    if (name === 'support' || name === 'support2') ids[name] = member.id;
  }
  tokens.admin = t.token;
});

/** Moves the app's clock on, and signs everyone in again (their sessions went idle meanwhile). */
async function advance(milliseconds: number) {
  t.clock.advance(milliseconds);
  tokens.admin = await t.login();
  for (const [name, email] of Object.entries(emails)) tokens[name as keyof typeof tokens] = await loginAs(t, email);
}

/** Closes every open case, so a test starts from an empty queue. */
async function emptyQueue() {
  await t.handle.query(sql`UPDATE cases SET status = 'closed', closed_at = '2000-01-01T00:00:00Z', resolution = 'cleared by the test' WHERE status = 'open'`);
}

const casesOf = async (filter: string, token = tokens.admin) => {
  const response = await t.request({ url: `/api/admin/cases?filter=${filter}&pageSize=100`, token });
  expect(response.statusCode).toBe(200);
  return { cases: response.json<Case[]>(), total: Number(response.headers['x-total-count']) };
};
const takeNext = (token: string) => t.request({ method: 'POST', url: '/api/admin/cases/take-next', token });
const close = (id: number, payload: unknown, token = tokens.admin) =>
  t.request({ method: 'POST', url: `/api/admin/cases/${id}/close`, token, payload: payload as Record<string, unknown> });
const flag = (bookingId: number, payload: unknown, token = tokens.admin) =>
  t.request({ method: 'POST', url: `/api/admin/bookings/${bookingId}/flag`, token, payload: payload as Record<string, unknown> });

const eventsOf = (caseId: number) =>
  t.handle.query<{ type: string; payload: Record<string, unknown> }>(
    sql`SELECT type, payload FROM outbox_events WHERE payload->>'entity' = 'case' AND payload->>'id' = ${String(caseId)} ORDER BY created_at, type`,
  );

describe('a feedback opens its case', () => {
  it('opens a low-rating case for 1 and 2 stars, due after the configured hours, and none for 3 to 5', async () => {
    await emptyQueue();
    const at = new Date('2026-11-01T08:00:00Z');
    const low = [await insertFeedback(t.handle, { rating: 1, comments: 'Dirty', createdAt: at }), await insertFeedback(t.handle, { rating: 2, createdAt: at })];
    for (const rating of [3, 4, 5]) await insertFeedback(t.handle, { rating, createdAt: at });
    const { cases, total } = await casesOf('open');
    expect(total).toBe(2);
    expect(cases.map((row) => [row.source, row.sourceId, row.queue, row.status, row.ownerId]).sort()).toEqual(
      low.map((feedback) => ['feedback', feedback.id, 'low-rating', 'open', null]).sort(),
    );
    const dirty = cases.find((row) => row.sourceId === low[0].id)!;
    expect(dirty).toMatchObject({ rating: 1, comment: 'Dirty', openedAt: at.toISOString(), dueAt: new Date(at.getTime() + 24 * HOUR).toISOString() });
  });

  it('opens cases with the deadline the server was configured with (written to case_settings at start)', async () => {
    await t.handle.query(sql`UPDATE case_settings SET deadline_hours = 2`);
    try {
      const at = new Date('2026-11-01T08:00:00Z');
      const feedback = await insertFeedback(t.handle, { rating: 1, createdAt: at });
      const [row] = await t.handle.query<{ due_at: Date }>(sql`SELECT due_at FROM cases WHERE source = 'feedback' AND source_id = ${feedback.id}`);
      expect(new Date(row.due_at).toISOString()).toBe(new Date(at.getTime() + 2 * HOUR).toISOString());
    } finally {
      await t.app.services.cases.applySettings();
    }
    const [{ hours }] = await t.handle.query<{ hours: number }>(sql`SELECT deadline_hours AS hours FROM case_settings`);
    expect(Number(hours)).toBe(24);
  });
});

describe('flagging a booking', () => {
  it('opens one case with the reason and its case.opened event; a second flag answers the same case and opens none', async () => {
    const booking = await insertBooking(t.handle);
    const first = await flag(booking.id, { reason: 'Guest reports a locked door' }, tokens.support);
    expect(first.statusCode).toBe(200);
    const opened = first.json<FlaggedBooking>();
    expect(opened).toMatchObject({
      isNew: true,
      case: { source: 'booking', sourceId: booking.id, queue: 'flagged-booking', reason: 'Guest reports a locked door' },
    });
    expect(new Date(opened.case.dueAt).getTime() - new Date(opened.case.openedAt).getTime()).toBe(24 * HOUR);
    const second = await flag(booking.id, { reason: 'Again' }, tokens.support2);
    expect(second.json<FlaggedBooking>()).toMatchObject({ isNew: false, case: { id: opened.case.id, reason: 'Guest reports a locked door' } });
    const [{ count }] = await t.handle.query<{ count: number }>(
      sql`SELECT count(*)::int AS count FROM cases WHERE source = 'booking' AND source_id = ${booking.id}`,
    );
    expect(Number(count)).toBe(1);
    expect((await eventsOf(opened.case.id)).map((event) => [event.type, event.payload.decidedBy, event.payload.reason])).toEqual([
      ['case.opened', ids.support, 'Guest reports a locked door'],
    ]);
  });

  it('opens a new case for a booking whose earlier case was closed', async () => {
    const booking = await insertBooking(t.handle);
    const first = (await flag(booking.id, { reason: 'One' })).json<FlaggedBooking>();
    expect((await close(first.case.id, { resolution: 'Sorted' })).statusCode).toBe(200);
    expect((await flag(booking.id, { reason: 'Two' })).json<FlaggedBooking>()).toMatchObject({ isNew: true, case: { reason: 'Two' } });
  });

  it('refuses no reason, a blank or over-long one (400) and an unknown booking (404), opening nothing', async () => {
    const booking = await insertBooking(t.handle);
    for (const payload of [{}, { reason: '   ' }, { reason: 'x'.repeat(501) }, { reason: 7 }]) expect((await flag(booking.id, payload)).statusCode).toBe(400);
    expect((await flag(2_000_000_000, { reason: 'Ghost' })).statusCode).toBe(404);
    expect((await flag(0, { reason: 'Zero' })).statusCode).toBe(400);
    const [{ count }] = await t.handle.query<{ count: number }>(
      sql`SELECT count(*)::int AS count FROM cases WHERE source = 'booking' AND source_id = ${booking.id}`,
    );
    expect(Number(count)).toBe(0);
  });
});

describe('take the next case', () => {
  it('gives the soonest deadline first, writes case.taken, and answers null when none is free', async () => {
    await emptyQueue();
    const later = await insertFeedback(t.handle, { rating: 1, createdAt: new Date('2026-11-01T06:00:00Z') });
    const sooner = await insertFeedback(t.handle, { rating: 2, createdAt: new Date('2026-11-01T05:00:00Z') });
    const taken = (await takeNext(tokens.support)).json<TakenCase>().case!;
    expect(taken).toMatchObject({ sourceId: sooner.id, ownerId: ids.support, ownerName: 'Support Member', firstActionAt: t.clock.now().toISOString() });
    expect((await takeNext(tokens.support)).json<TakenCase>().case).toMatchObject({ sourceId: later.id });
    expect((await takeNext(tokens.support2)).json<TakenCase>()).toEqual({ case: null });
    expect((await eventsOf(taken.id)).map((event) => [event.type, event.payload.ownerId, event.payload.status])).toEqual([['case.taken', ids.support, 'open']]);
    expect((await casesOf('mine', tokens.support)).total).toBe(2);
    expect((await casesOf('mine', tokens.support2)).total).toBe(0);
    expect((await casesOf('unowned')).total).toBe(0);
  });

  it('gives each of 30 cases to exactly one of 40 members taking at once', async () => {
    await emptyQueue();
    for (let index = 0; index < 30; index += 1) await insertFeedback(t.handle, { rating: 1, comments: `race ${index}` });
    const takers = [tokens.support, tokens.support2, tokens.moderator, tokens.admin];
    const answers = await Promise.all(Array.from({ length: 40 }, (_, index) => takeNext(takers[index % takers.length])));
    expect(answers.every((answer) => answer.statusCode === 200)).toBe(true);
    const taken = answers.map((answer) => answer.json<TakenCase>().case).filter((found): found is Case => found !== null);
    expect(taken).toHaveLength(30);
    expect(new Set(taken.map((found) => found.id)).size).toBe(30);
    const rows = await t.handle.query<{ id: number; owner_id: number | null }>(sql`SELECT id, owner_id FROM cases WHERE status = 'open'`);
    expect(rows.every((row) => row.owner_id !== null)).toBe(true);
    const ownerOf = new Map(rows.map((row) => [Number(row.id), Number(row.owner_id)]));
    for (const found of taken) expect(ownerOf.get(found.id)).toBe(found.ownerId);
    const [{ events }] = await t.handle.query<{ events: number }>(
      sql`SELECT count(*)::int AS events FROM outbox_events WHERE type = 'case.taken' AND (payload->>'id')::int = ANY(${`{${taken.map((found) => found.id).join(',')}}`}::int[])`,
    );
    expect(Number(events)).toBe(30);
  });

  it('lets the holder release a case to the queue (case.released), and refuses another member with 409', async () => {
    await emptyQueue();
    await insertFeedback(t.handle, { rating: 1 });
    const taken = (await takeNext(tokens.support)).json<TakenCase>().case!;
    const other = await t.request({ method: 'POST', url: `/api/admin/cases/${taken.id}/release`, token: tokens.support2 });
    expect(other.statusCode).toBe(409);
    const released = await t.request({ method: 'POST', url: `/api/admin/cases/${taken.id}/release`, token: tokens.support });
    expect(released.statusCode).toBe(200);
    expect(released.json<Case>()).toMatchObject({ ownerId: null, firstActionAt: taken.firstActionAt });
    expect((await takeNext(tokens.support2)).json<TakenCase>().case).toMatchObject({ id: taken.id, ownerId: ids.support2 });
    expect((await eventsOf(taken.id)).map((event) => event.type).sort()).toEqual(['case.released', 'case.taken', 'case.taken']);
  });
});

describe('closing a case', () => {
  it('needs a resolution of 1 to 2,000 characters, stored as sent, with its case.closed event; a second close is 409', async () => {
    await emptyQueue();
    await insertFeedback(t.handle, { rating: 2 });
    const { cases } = await casesOf('open');
    const id = cases[0].id;
    for (const payload of [{}, { resolution: '' }, { resolution: ' \n ' }, { resolution: 'x'.repeat(2001) }, { resolution: null }])
      expect((await close(id, payload, tokens.support)).statusCode).toBe(400);
    expect((await t.app.services.cases.find(id)).status).toBe('open');
    const resolution = `Called the guest <b>back</b>; refund offered. ${'é'.repeat(1900)}`;
    const closed = await close(id, { resolution }, tokens.support);
    expect(closed.statusCode).toBe(200);
    expect(closed.json<Case>()).toMatchObject({
      status: 'closed',
      resolution,
      closedBy: ids.support,
      ownerId: ids.support,
      closedAt: t.clock.now().toISOString(),
    });
    expect((await close(id, { resolution: 'Again' }, tokens.support2)).statusCode).toBe(409);
    expect((await close(2_000_000_000, { resolution: 'Ghost' })).statusCode).toBe(404);
    expect((await eventsOf(id)).map((event) => [event.type, event.payload.resolution, event.payload.status])).toEqual([['case.closed', resolution, 'closed']]);
    expect((await casesOf('closed')).cases[0]).toMatchObject({ id, status: 'closed' });
  });

  it('is refused by the database itself without a resolution', async () => {
    await insertFeedback(t.handle, { rating: 1 });
    const refused = await t.handle.query(sql`UPDATE cases SET status = 'closed', closed_at = now() WHERE status = 'open'`).catch((error: unknown) => error);
    expect(refused).toMatchObject({ cause: { constraint: 'cases_closed_check' } });
  });
});

describe('overdue cases', () => {
  it('counts a case overdue once the app clock passes its deadline: the list filter, the badge on the stream and /metrics', async () => {
    await emptyQueue();
    const now = t.clock.now();
    await insertFeedback(t.handle, { rating: 1, createdAt: new Date(now.getTime() - 25 * HOUR) });
    await insertFeedback(t.handle, { rating: 1, createdAt: new Date(now.getTime() - 23 * HOUR) });
    const booking = await insertBooking(t.handle);
    await flag(booking.id, { reason: 'Late' });
    expect((await casesOf('overdue')).total).toBe(1);
    expect(await t.app.services.cases.overdueCount()).toBe(1);
    await advance(2 * HOUR);
    expect((await casesOf('overdue')).total).toBe(2);

    const baseUrl = await listenOnFreePort(t.app);
    const support = await openStream(baseUrl, tokens.support);
    expect((await support.next('badges'))?.data).toMatchObject({ cases: 2 });
    support.close();

    const metrics = (await t.request({ url: '/metrics', headers: { authorization: `Bearer ${METRICS_TOKEN}` } })).body;
    expect(metrics).toContain('hoy_cases_open{queue="low-rating"} 2');
    expect(metrics).toContain('hoy_cases_open{queue="flagged-booking"} 1');
    expect(metrics).toContain('hoy_cases_overdue{queue="low-rating"} 2');
    expect(metrics).toContain('hoy_cases_overdue{queue="flagged-booking"} 0');
  });

  it('observes the seconds to a first action per queue in /metrics', async () => {
    await emptyQueue();
    const scrape = async () => (await t.request({ url: '/metrics', headers: { authorization: `Bearer ${METRICS_TOKEN}` } })).body;
    const countOf = (text: string) => Number(/hoy_case_first_action_seconds_count\{queue="flagged-booking"\} (\d+)/.exec(text)?.[1] ?? 0);
    const before = countOf(await scrape());
    const booking = await insertBooking(t.handle);
    await flag(booking.id, { reason: 'Slow' });
    await advance(HOUR);
    await takeNext(tokens.support);
    const after = await scrape();
    expect(countOf(after)).toBe(before + 1);
    expect(after).toMatch(/hoy_case_first_action_seconds_bucket\{le="3600",queue="flagged-booking"\} \d+/);
  });
});

describe('who may', () => {
  it('answers 401 without a session on every case call', async () => {
    for (const [method, url] of [
      ['GET', '/api/admin/cases'],
      ['GET', '/api/admin/cases/1'],
      ['POST', '/api/admin/cases/take-next'],
      ['POST', '/api/admin/cases/1/release'],
      ['POST', '/api/admin/cases/1/close'],
      ['POST', '/api/admin/bookings/1/flag'],
    ] as const)
      expect((await t.request({ method, url })).statusCode).toBe(401);
  });

  it('lets the viewer read cases but not work them (403, nothing changes); the moderator works cases but flags no booking it cannot read', async () => {
    await emptyQueue();
    await insertFeedback(t.handle, { rating: 1 });
    expect((await casesOf('open', tokens.viewer)).total).toBe(1);
    expect((await takeNext(tokens.viewer)).statusCode).toBe(403);
    const [open] = (await casesOf('open')).cases;
    expect((await close(open.id, { resolution: 'No' }, tokens.viewer)).statusCode).toBe(403);
    const booking = await insertBooking(t.handle);
    expect((await flag(booking.id, { reason: 'No' }, tokens.viewer)).statusCode).toBe(403);
    expect((await flag(booking.id, { reason: 'No' }, tokens.moderator)).statusCode).toBe(403);
    expect((await t.app.services.cases.find(open.id)).ownerId).toBeNull();
    expect((await takeNext(tokens.moderator)).json<TakenCase>().case).toMatchObject({ id: open.id });
  });

  it('refuses a filter it does not know with 400', async () => {
    expect((await t.request({ url: '/api/admin/cases?filter=everything', token: tokens.admin })).statusCode).toBe(400);
  });
});
