// Every guarded call × every role, generated from the routes the app registered (app.guardedCalls,
// collected by the auth guard as routes are added) and the role table (src/contracts/roles.ts): a new
// route is in the matrix without anyone remembering to add it. A role without the permission gets 403
// and the database does not change; a role with it gets past the check (whatever the handler then
// answers). docs/decisions/018-staff-roles.md.
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { LIVE_STREAM_PATH } from '../../src/contracts/live';
import { ROLES, type Role } from '../../src/contracts/roles';
import { ROLE_TABLE } from '../../server/role-table';
import { conversations } from '../../server/db/schema';
import type { GuardedCall } from '../../server/plugins/auth-guard';
import { signedInTestApp, TEST_ADMIN_PASSWORD } from './helpers/app';
import { insertGuest, insertHost, insertProperty } from './helpers/fixtures';
import { createStaff, loginAs, STAFF_PASSWORD, stepUp, type StaffMember } from './helpers/staff';

const t = signedInTestApp();
const staff = {} as Record<Exclude<Role, 'administrator'>, StaffMember>;
const ids = { host: 0, guest: 0, listing: 0, property: 0, conversation: 0, administrator: 0 };
const tokens = {} as Record<Role, string>;
const MISSING_ID = 999_999;

/** The forms a call is tried in: a list route also as its two exports. */
type Form = 'call' | 'csv' | 'whole array';

/** A new session of the role's member, stepped up (decision 039), so the calls that need a step-up get past it too. */
async function tokenFor(role: Role): Promise<string> {
  const token = role === 'administrator' ? await t.login() : await loginAs(t, staff[role].email);
  await stepUp(t, token, { password: role === 'administrator' ? TEST_ADMIN_PASSWORD : STAFF_PASSWORD });
  return token;
}

beforeAll(async () => {
  for (const role of ROLES) {
    if (role !== 'administrator') staff[role] = await createStaff(t, t.token, role, `${role}@hoy.test`);
  }
  for (const role of ROLES) tokens[role] = await tokenFor(role);
  const host = await insertHost(t.handle, { name: 'Matrix Host', statusHost: 'Pending' });
  ids.host = host.id;
  ids.listing = (await insertProperty(t.handle, host.id, { title: 'Matrix listing' })).id;
  ids.property = (await insertProperty(t.handle, host.id, { title: 'Matrix property' })).id;
  const guest = await insertGuest(t.handle, { name: 'Matrix Guest' });
  ids.guest = guest.id;
  const [conversation] = await t.handle.db.insert(conversations).values({ userId: guest.id, title: 'Matrix chat', unreadCount: 1 }).returning();
  ids.conversation = conversation.id;
  const me = await t.request({ method: 'GET', url: '/api/admin/me', token: t.token });
  ids.administrator = me.json<{ id: number }>().id;
});

/** A path's parameters filled with real rows (`real`) or with a row that does not exist. */
function pathOf(call: GuardedCall, real: boolean): string {
  const idFor = (): number => {
    if (!real) return MISSING_ID;
    if (call.url.startsWith('/api/admin/listings/')) return ids.listing;
    if (call.url.startsWith('/api/admin/property-approvals/')) return ids.property;
    if (call.url.startsWith('/api/admin/conversations/')) return ids.conversation;
    if (call.url.startsWith('/api/admin/staff/')) return ids.administrator;
    if (call.url.startsWith('/api/admin/guests/')) return ids.guest;
    return ids.host;
  };
  return call.url.replace(':id', String(idFor())).replace(':kind', 'host-regular');
}

/** A body that would pass validation where one is easy to give: a refused call must not change anything even so. */
function bodyOf(call: GuardedCall): Record<string, unknown> | undefined {
  if (call.method === 'GET' || call.method === 'DELETE') return undefined;
  if (call.url === '/api/hosts/:id') return { name: 'Changed', email: 'changed@hoy.test', phone: '+252 61 000', propertyAddress: 'Changed' };
  if (call.url.endsWith('/messages')) return { text: 'a message that must not be stored' };
  if (call.url === '/api/admin/staff') return { name: 'Sneaky', email: 'sneaky@hoy.test', role: 'administrator', password: 'a password long enough' };
  if (call.url.endsWith('/role')) return { role: 'viewer' };
  if (call.url.endsWith('/reset-password')) return { password: 'another password long enough' };
  if (call.url.endsWith('/decline')) return { reason: 'no' };
  return {};
}

const formsOf = (call: GuardedCall): Form[] => (call.access.isExport ? ['call', 'csv', 'whole array'] : ['call']);
const queryOf = (call: GuardedCall, form: Form): string => {
  if (!call.access.isExport) return '';
  return { call: '?page=1&pageSize=5', csv: '?format=csv', 'whole array': '' }[form];
};
const isAllowed = (role: Role, call: GuardedCall, form: Form) =>
  ROLE_TABLE.hasPermission(role, call.access.permission) && (form === 'call' || ROLE_TABLE.hasPermission(role, 'export'));

/** A fingerprint of every table a call could change: any insert, update or delete alters it. */
async function snapshot(): Promise<Record<string, string>> {
  const tables = [
    'administrators',
    'users',
    'host_verifications',
    'properties',
    'bookings',
    'feedbacks',
    'promos',
    'conversations',
    'messages',
    'audit_events',
    'host_interest_submissions',
    'email_subscribers',
  ];
  const result: Record<string, string> = {};
  for (const table of tables) {
    const [row] = await t.handle.query<{ fingerprint: string }>(
      sql.raw(`SELECT count(*) || ':' || coalesce(md5(string_agg(entry::text, '|' ORDER BY entry::text)), '') AS fingerprint FROM ${table} AS entry`),
    );
    result[table] = row.fingerprint;
  }
  const [sessions] = await t.handle.query<{ fingerprint: string }>(sql`SELECT count(*) || ':' || count(revoked_at) AS fingerprint FROM admin_sessions`);
  result.admin_sessions = sessions.fingerprint;
  return result;
}

describe('the roles matrix', () => {
  it('covers every guarded call the app registered, each with one permission', () => {
    const calls = t.app.guardedCalls.map((call) => `${call.method} ${call.url}`);
    expect(calls.length).toBeGreaterThan(40);
    expect(new Set(calls).size).toBe(calls.length);
    expect(calls).toEqual(expect.arrayContaining(['GET /api/admin/staff', 'POST /api/admin/staff', 'GET /api/admin/me', 'DELETE /api/hosts/:id']));
  });

  it('answers 403 to every role without the permission, before any change', async () => {
    const before = await snapshot();
    const refused: string[] = [];
    const wrong: string[] = [];
    for (const call of t.app.guardedCalls) {
      for (const form of formsOf(call)) {
        for (const role of ROLES) {
          if (isAllowed(role, call, form)) continue;
          const response = await t.request({
            method: call.method as 'GET',
            url: `${pathOf(call, true)}${queryOf(call, form)}`,
            token: tokens[role],
            ...(bodyOf(call) ? { payload: bodyOf(call) } : {}),
          });
          const label = `${role} ${call.method} ${call.url} (${form})`;
          refused.push(label);
          if (response.statusCode !== 403 || response.json<{ message: string }>().message !== 'You do not have permission to do this.') {
            wrong.push(`${label}: ${response.statusCode}`);
          }
        }
      }
    }
    expect(wrong).toEqual([]);
    // Each of the three other roles is refused something; the viewer most of all.
    expect(refused.length).toBeGreaterThan(60);
    expect(await snapshot()).toEqual(before);
  });

  it('lets every role with the permission past the check', async () => {
    const wrong: string[] = [];
    for (const call of t.app.guardedCalls) {
      for (const form of formsOf(call)) {
        for (const role of ROLES) {
          if (!isAllowed(role, call, form)) continue;
          // Writes aim at a row that does not exist (404) or fail validation (400): allowed writes that
          // succeed are proved one by one below. Signing out uses a session of its own.
          const isWrite = call.method !== 'GET';
          const signsOut = call.url === '/api/admin/logout' || call.url === '/api/admin/sessions/revoke-others';
          const token = signsOut ? await tokenFor(role) : tokens[role];
          // The live stream never ends by itself: its answer is taken as its head arrives.
          const isStream = call.url === LIVE_STREAM_PATH;
          const response = await t.request({
            method: call.method as 'GET',
            url: `${pathOf(call, !isWrite)}${queryOf(call, form)}`,
            token,
            ...(isWrite ? { payload: {} } : {}),
            ...(isStream ? { payloadAsStream: true } : {}),
          });
          if (isStream) {
            if (response.headers['content-type'] !== 'text/event-stream; charset=utf-8') wrong.push(`${role} ${call.url}: not an event stream`);
            response.stream().destroy();
          }
          if ([401, 403].includes(response.statusCode) || response.statusCode >= 500) {
            wrong.push(`${role} ${call.method} ${call.url} (${form}): ${response.statusCode} ${response.body.slice(0, 120)}`);
          }
          if (signsOut) tokens[role] = await tokenFor(role);
        }
      }
    }
    expect(wrong).toEqual([]);
  });
});

describe('the role table as the issue states it', () => {
  const call = async (role: Role, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: Record<string, unknown>) =>
    (await t.request({ method, url, token: tokens[role], ...(payload ? { payload } : {}) })).statusCode;

  it('gives the viewer every screen read-only and no export', async () => {
    for (const url of [
      '/api/admin/dashboard',
      '/api/admin/hosts?page=1',
      '/api/admin/bookings?page=1',
      '/api/admin/activity?page=1',
      '/api/admin/promos',
      '/api/admin/host-information?page=1',
    ]) {
      expect(await call('viewer', 'GET', url), url).toBe(200);
    }
    expect(await call('viewer', 'GET', '/api/admin/hosts?format=csv')).toBe(403);
    expect(await call('viewer', 'GET', '/api/admin/hosts')).toBe(403);
    expect(await call('viewer', 'PUT', `/api/hosts/${ids.host}`, { name: 'x' })).toBe(403);
    expect(await call('viewer', 'POST', `/api/admin/conversations/${ids.conversation}/messages`, { text: 'hi' })).toBe(403);
    expect(await call('viewer', 'GET', '/api/admin/staff?page=1')).toBe(403);
  });

  it('keeps the moderator to hosts, decisions, feedback and Activity', async () => {
    expect(await call('moderator', 'GET', '/api/admin/activity?page=1')).toBe(200);
    expect(await call('moderator', 'GET', '/api/admin/feedbacks?page=1')).toBe(200);
    expect(await call('moderator', 'GET', '/api/admin/hosts?format=csv')).toBe(200);
    expect(await call('moderator', 'GET', '/api/admin/bookings?page=1')).toBe(403);
    expect(await call('moderator', 'GET', '/api/admin/conversations')).toBe(403);
    expect(await call('moderator', 'PUT', '/api/admin/promos/guest', {})).toBe(403);
  });

  it('keeps support to bookings, chats, feedback, and hosts and listings read-only', async () => {
    expect(await call('support', 'GET', '/api/admin/bookings?page=1')).toBe(200);
    expect(await call('support', 'GET', `/api/hosts/${ids.host}`)).toBe(200);
    expect(await call('support', 'GET', `/api/admin/listings/${ids.listing}`)).toBe(200);
    expect(await call('support', 'POST', `/api/admin/update-status-host/${ids.host}`)).toBe(403);
    expect(await call('support', 'POST', `/api/admin/listings/${ids.listing}/approve`, {})).toBe(403);
    expect(await call('support', 'GET', '/api/admin/activity?page=1')).toBe(403);
  });

  it('lets allowed writes really succeed: a moderator approves a host and declines a listing, support answers a chat', async () => {
    expect(await call('moderator', 'POST', `/api/admin/update-status-host/${ids.host}`)).toBe(200);
    expect(await call('moderator', 'POST', `/api/admin/listings/${ids.listing}/decline`, { reason: 'Blurry photos' })).toBe(200);
    expect(await call('moderator', 'POST', `/api/admin/property-approvals/${ids.property}/approve`, {})).toBe(200);
    expect(
      await call('moderator', 'PUT', `/api/hosts/${ids.host}`, {
        name: 'Renamed by moderator',
        email: 'renamed@hoy.test',
        phone: '+252 61 000 0000',
        propertyAddress: 'Hodan, Mogadishu',
      }),
    ).toBe(200);
    expect(await call('support', 'POST', `/api/admin/conversations/${ids.conversation}/messages`, { text: 'Support here' })).toBe(201);
    expect(await call('support', 'POST', `/api/admin/conversations/${ids.conversation}/read`)).toBe(200);
    expect(await call('administrator', 'PUT', '/api/admin/staff/999999/role', { role: 'viewer' })).toBe(404);
    const activity = await t.request({ method: 'GET', url: `/api/admin/activity?page=1&staffId=${staff.moderator.id}`, token: tokens.administrator });
    expect(activity.json<Array<{ action: string }>>().map((row) => row.action)).toEqual(['host.update', 'property.approve', 'listing.decline', 'host.approve']);
  });
});
