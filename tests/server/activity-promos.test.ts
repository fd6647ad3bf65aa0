// Promo history follows the permission that reads promos (src/contracts/activity.ts
// `readsActivityKind`): a role without promos.read (Moderator, Support) reads no promo entry in
// Activity (pages, totals, searches, the exact total, the whole array, CSV) and no promo's history.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ActivityRow } from '../../src/contracts/activity';
import type { Role } from '../../src/contracts/roles';
import { createTestApp, TEST_ADMIN_EMAIL, type LogLine, type TestApp } from './helpers/app';
import { createStaff, loginAs } from './helpers/staff';

let t: TestApp;
const lines: LogLine[] = [];
const tokens = {} as Record<Role, string>;
/** A word only the promo entries' reasons hold. */
const PROMO_WORD = 'ramadanoffer';
const PROMO_ID = 2;

beforeAll(async () => {
  t = await createTestApp({}, undefined, { captureLogs: lines });
  tokens.administrator = await t.login();
  for (const role of ['moderator', 'support', 'viewer'] as const) {
    const member = await createStaff(t, tokens.administrator, role, `${role}.promos@hoy.test`);
    tokens[role] = await loginAs(t, member.email);
  }
  const administratorId = (await t.app.services.auth.administratorIdOf(TEST_ADMIN_EMAIL))!;
  const { audit } = t.app.services;
  // Two promo changes and one host decision, besides the three staff accounts created above.
  for (const action of ['promo.update', 'promo.activate']) {
    await audit.record(t.handle.db, { administratorId, action, entityType: 'promo', entityId: PROMO_ID, reason: `${PROMO_WORD} for the season` });
    t.clock.advance(60_000);
  }
  await audit.record(t.handle.db, { administratorId, action: 'host.approve', entityType: 'host', entityId: 1, reason: 'papers in order' });
});
afterAll(() => t.close());

const get = (role: Role, url: string) => t.request({ method: 'GET', url, token: tokens[role] });

async function activityPage(role: Role, query = '') {
  const answer = await get(role, `/api/admin/activity?page=1&pageSize=100${query}`);
  expect(answer.statusCode, answer.body).toBe(200);
  return { kinds: answer.json<ActivityRow[]>().map((row) => row.entityType), total: Number(answer.headers['x-total-count']), body: answer.body };
}

describe('promo entries in Activity', () => {
  it('are left out for a Moderator (no promos.read) in pages, totals, searches, the exact total, the whole array and CSV', async () => {
    const all = await activityPage('moderator');
    expect(all.kinds).toEqual(['host']);
    expect(all.total).toBe(1);
    expect(await activityPage('moderator', '&status=promo')).toMatchObject({ kinds: [], total: 0 });
    for (const word of [PROMO_WORD, 'promo.update', 'promo']) {
      const searched = await activityPage('moderator', `&q=${encodeURIComponent(word)}`);
      expect(searched, word).toMatchObject({ kinds: [], total: 0 });
      const exact = await get('moderator', `/api/admin/activity/total?q=${encodeURIComponent(word)}`);
      expect(exact.json(), word).toEqual({ total: 0 });
    }
    const whole = await get('moderator', '/api/admin/activity');
    expect(whole.json<ActivityRow[]>().map((row) => row.entityType)).toEqual(['host']);
    const file = await get('moderator', '/api/admin/activity?format=csv');
    expect(file.statusCode).toBe(200);
    expect(file.body.trim().split('\r\n')).toHaveLength(2);
    for (const body of [all.body, whole.body, file.body]) {
      expect(body).not.toContain(PROMO_WORD);
      expect(body).not.toContain('promo.');
    }
  });

  it('are shown to a Viewer (promos.read) and an administrator, with their totals', async () => {
    const viewer = await activityPage('viewer');
    expect(viewer.kinds).toEqual(['host', 'promo', 'promo']);
    expect(viewer.total).toBe(3);
    expect((await activityPage('viewer', `&q=${PROMO_WORD}`)).total).toBe(2);
    expect((await activityPage('viewer', '&status=promo')).total).toBe(2);
    // The administrator reads the staff accounts' entries too.
    expect((await activityPage('administrator')).total).toBe(6);
    expect((await activityPage('administrator', '&status=promo')).total).toBe(2);
  });
});

describe("a promo's history", () => {
  it('is refused with 403 and logged as access.denied for roles without promos.read, and read by those with it', async () => {
    const history = (role: Role) => get(role, `/api/admin/audit?entityType=promo&entityId=${PROMO_ID}`);
    for (const role of ['moderator', 'support'] as const) {
      const refused = await history(role);
      expect(refused.statusCode, role).toBe(403);
      expect(refused.body).not.toContain(PROMO_WORD);
      expect(lines).toContainEqual(
        expect.objectContaining({ event: 'access.denied', role, route: '/api/admin/audit', permission: 'promos.read', method: 'GET' }),
      );
    }
    for (const role of ['viewer', 'administrator'] as const) {
      const read = await history(role);
      expect(read.statusCode, role).toBe(200);
      expect(read.json<{ action: string }[]>().map((event) => event.action)).toEqual(['promo.activate', 'promo.update']);
    }
    // A host's history stays open to every role.
    expect((await get('support', '/api/admin/audit?entityType=host&entityId=1')).statusCode).toBe(200);
  });
});
