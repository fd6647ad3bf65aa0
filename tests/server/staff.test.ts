// Staff accounts (/api/admin/staff, /api/admin/me): creating, roles, disabling, passwords, sessions,
// the last-administrator rule, and who did what in the audit trail and the chats. Decision 018.
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { ActivityRow } from '../../src/contracts/activity';
import type { AuditEvent } from '../../src/contracts/audit';
import type { ChatMessage } from '../../src/contracts/chats';
import type { Role } from '../../src/contracts/roles';
import type { StaffRow } from '../../src/contracts/staff';
import { conversations } from '../../server/db/schema';
import { TEST_ADMIN_EMAIL, TEST_ADMIN_PASSWORD, signedInTestApp } from './helpers/app';
import { insertGuest, insertHost } from './helpers/fixtures';
import { createStaff, loginAs, STAFF_PASSWORD, stepUp } from './helpers/staff';

const t = signedInTestApp();
// Roles, disables, passwords and second factors need a step-up (decision 039, tests/server/step-up.test.ts); the clock stays put.
beforeAll(() => stepUp(t, t.token, { password: TEST_ADMIN_PASSWORD }));
const LAST_ADMINISTRATOR = 'At least one active administrator must remain: make another staff member an administrator first.';

const asAdmin = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: Record<string, unknown>) =>
  t.request({ method, url, token: t.token, ...(payload ? { payload } : {}) });
const myId = async () => (await asAdmin('GET', '/api/admin/me')).json<{ id: number }>().id;

/** A new member of `role`, signed in as themselves: their row and token. */
async function signedInMember(role: Role, email: string) {
  const member = await createStaff(t, t.token, role, email);
  return { member, token: await loginAs(t, member.email) };
}

/** The status a GET of `url` answers to `token`. */
const statusOf = async (url: string, token: string) => (await t.request({ method: 'GET', url, token })).statusCode;

describe('creating a staff member', () => {
  it('creates a member who signs in with their first password and sees their own account', async () => {
    const created = await asAdmin('POST', '/api/admin/staff', { name: '  Hodan Ali ', email: 'hodan@hoy.test', role: 'support', password: STAFF_PASSWORD });
    expect(created.statusCode).toBe(201);
    const row = created.json<StaffRow>();
    expect(row).toMatchObject({ name: 'Hodan Ali', email: 'hodan@hoy.test', role: 'support', disabledAt: null });
    expect(created.body).not.toContain('password');

    const token = await loginAs(t, 'HODAN@hoy.test');
    const me = await t.request({ method: 'GET', url: '/api/admin/me', token });
    expect(me.statusCode).toBe(200);
    expect(me.json()).toEqual({
      id: row.id,
      name: 'Hodan Ali',
      email: 'hodan@hoy.test',
      role: 'support',
      secondFactor: { isEnabled: false, isRequired: false, recoveryCodesLeft: 0 },
    });
  });

  it('refuses a taken e-mail in any case (409), a short password and an unknown role (400)', async () => {
    const taken = await asAdmin('POST', '/api/admin/staff', { name: 'Again', email: 'Hodan@HOY.test', role: 'viewer', password: STAFF_PASSWORD });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().message).toBe('A staff member with this email already exists.');
    const envAdmin = await asAdmin('POST', '/api/admin/staff', { name: 'Env', email: TEST_ADMIN_EMAIL, role: 'viewer', password: STAFF_PASSWORD });
    expect(envAdmin.statusCode).toBe(409);
    const short = await asAdmin('POST', '/api/admin/staff', { name: 'Short', email: 'short@hoy.test', role: 'viewer', password: 'short' });
    expect(short.statusCode).toBe(400);
    const role = await asAdmin('POST', '/api/admin/staff', { name: 'Boss', email: 'boss@hoy.test', role: 'owner', password: STAFF_PASSWORD });
    expect(role.statusCode).toBe(400);
    const email = await asAdmin('POST', '/api/admin/staff', { name: 'Bad', email: 'not an email', role: 'viewer', password: STAFF_PASSWORD });
    expect(email.statusCode).toBe(400);
  });
});

describe('the staff list', () => {
  it('pages by name, searches name and e-mail, and filters by role', async () => {
    await createStaff(t, t.token, 'viewer', 'list-viewer@hoy.test');
    await createStaff(t, t.token, 'moderator', 'list-moderator@hoy.test');
    const all = await asAdmin('GET', '/api/admin/staff?page=1&pageSize=50');
    expect(all.statusCode).toBe(200);
    const names = all.json<StaffRow[]>().map((row) => row.name);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b)));
    const byRole = await asAdmin('GET', '/api/admin/staff?page=1&status=moderator');
    expect(byRole.json<StaffRow[]>().every((row) => row.role === 'moderator')).toBe(true);
    expect(byRole.headers['x-total-count']).toBe(String(byRole.json<StaffRow[]>().length));
    const searched = await asAdmin('GET', '/api/admin/staff?page=1&q=list-view');
    expect(searched.json<StaffRow[]>().map((row) => row.email)).toEqual(['list-viewer@hoy.test']);
    expect((await asAdmin('GET', '/api/admin/staff?page=1&status=owner')).statusCode).toBe(400);
  });
});

describe('disabling and enabling', () => {
  it('ends a disabled member’s sessions at once and refuses their sign-in; enabling lets them back', async () => {
    const { member, token } = await signedInMember('support', 'to-disable@hoy.test');
    expect(await statusOf('/api/admin/dashboard', token)).toBe(200);

    const disabled = await asAdmin('POST', `/api/admin/staff/${member.id}/disable`);
    expect(disabled.statusCode).toBe(200);
    expect(disabled.json<StaffRow>().disabledAt).toBe(t.clock.now().toISOString());
    expect(await statusOf('/api/admin/dashboard', token)).toBe(401);
    const signIn = await t.request({ method: 'POST', url: '/api/admin/admin-login', payload: { email: member.email, password: STAFF_PASSWORD } });
    expect(signIn.statusCode).toBe(401);
    expect(signIn.json().message).toBe('Invalid email or password.');

    expect((await asAdmin('POST', `/api/admin/staff/${member.id}/enable`)).json<StaffRow>().disabledAt).toBeNull();
    const again = await loginAs(t, member.email);
    expect(await statusOf('/api/admin/dashboard', again)).toBe(200);
    // The old token stays dead: it was revoked, not only refused.
    expect(await statusOf('/api/admin/dashboard', token)).toBe(401);
  });

  it('refuses a session of a disabled account even if its revocation were missed', async () => {
    const { member, token } = await signedInMember('viewer', 'flag-only@hoy.test');
    await t.handle.query(sql`UPDATE administrators SET disabled_at = now() WHERE id = ${member.id}`);
    expect(await statusOf('/api/admin/me', token)).toBe(401);
  });
});

describe('the last active administrator', () => {
  it('cannot be disabled or demoted; with a second administrator one of them can', async () => {
    const me = await myId();
    const disable = await asAdmin('POST', `/api/admin/staff/${me}/disable`);
    expect(disable.statusCode).toBe(409);
    expect(disable.json().message).toBe(LAST_ADMINISTRATOR);
    const demote = await asAdmin('PUT', `/api/admin/staff/${me}/role`, { role: 'moderator' });
    expect(demote.statusCode).toBe(409);
    expect(demote.json().message).toBe(LAST_ADMINISTRATOR);
    expect((await asAdmin('GET', '/api/admin/me')).json().role).toBe('administrator');

    // A disabled administrator does not count.
    const second = await createStaff(t, t.token, 'administrator', 'second-admin@hoy.test');
    expect((await asAdmin('POST', `/api/admin/staff/${second.id}/disable`)).statusCode).toBe(200);
    expect((await asAdmin('PUT', `/api/admin/staff/${me}/role`, { role: 'moderator' })).statusCode).toBe(409);

    // Enabled again, the second administrator may be demoted once, and then no longer the first.
    expect((await asAdmin('POST', `/api/admin/staff/${second.id}/enable`)).statusCode).toBe(200);
    const secondToken = await loginAs(t, second.email);
    await stepUp(t, secondToken);
    const demoteFirst = await t.request({ method: 'PUT', url: `/api/admin/staff/${me}/role`, token: secondToken, payload: { role: 'viewer' } });
    expect(demoteFirst.statusCode).toBe(200);
    const demoteSecond = await t.request({ method: 'PUT', url: `/api/admin/staff/${second.id}/role`, token: secondToken, payload: { role: 'viewer' } });
    expect(demoteSecond.statusCode).toBe(409);
    // The role change took effect on the first administrator's next request.
    expect((await asAdmin('GET', '/api/admin/staff?page=1')).statusCode).toBe(403);
    const restore = await t.request({ method: 'PUT', url: `/api/admin/staff/${me}/role`, token: secondToken, payload: { role: 'administrator' } });
    expect(restore.statusCode).toBe(200);
    expect((await asAdmin('GET', '/api/admin/staff?page=1')).statusCode).toBe(200);
  });
});

describe('roles, passwords and sessions', () => {
  it('applies a role change on the member’s next request', async () => {
    const { member, token } = await signedInMember('support', 'promoted@hoy.test');
    expect(await statusOf('/api/admin/activity?page=1', token)).toBe(403);
    expect((await asAdmin('PUT', `/api/admin/staff/${member.id}/role`, { role: 'moderator' })).json<StaffRow>().role).toBe('moderator');
    expect(await statusOf('/api/admin/activity?page=1', token)).toBe(200);
    expect((await t.request({ method: 'GET', url: '/api/admin/me', token })).json().role).toBe('moderator');
  });

  it('resets a password: the old one and the old sessions stop working', async () => {
    const { member, token } = await signedInMember('viewer', 'forgetful@hoy.test');
    const reset = await asAdmin('POST', `/api/admin/staff/${member.id}/reset-password`, { password: 'a brand new password' });
    expect(reset.statusCode).toBe(200);
    expect(await statusOf('/api/admin/me', token)).toBe(401);
    const old = await t.request({ method: 'POST', url: '/api/admin/admin-login', payload: { email: member.email, password: STAFF_PASSWORD } });
    expect(old.statusCode).toBe(401);
    await loginAs(t, member.email, 'a brand new password');
    expect((await asAdmin('POST', `/api/admin/staff/${member.id}/reset-password`, { password: 'short' })).statusCode).toBe(400);
    expect((await asAdmin('POST', '/api/admin/staff/999999/reset-password', { password: 'a brand new password' })).statusCode).toBe(404);
  });

  it('signs a member out of every session', async () => {
    const member = await createStaff(t, t.token, 'moderator', 'signed-out@hoy.test');
    const tokens = [await loginAs(t, member.email), await loginAs(t, member.email)];
    const revoked = await asAdmin('POST', `/api/admin/staff/${member.id}/revoke-sessions`);
    expect(revoked.json()).toEqual({ revoked: 2 });
    for (const token of tokens) expect(await statusOf('/api/admin/me', token)).toBe(401);
    // They may sign in again: signing out is not disabling.
    await loginAs(t, member.email);
  });
});

describe('who did it', () => {
  it('records every staff change in the audit trail, naming the administrator, and never the password', async () => {
    const member = await createStaff(t, t.token, 'viewer', 'audited@hoy.test');
    await asAdmin('PUT', `/api/admin/staff/${member.id}/role`, { role: 'support' });
    await asAdmin('POST', `/api/admin/staff/${member.id}/disable`);
    await asAdmin('POST', `/api/admin/staff/${member.id}/enable`);
    await asAdmin('POST', `/api/admin/staff/${member.id}/reset-password`, { password: 'yet another password' });
    await asAdmin('POST', `/api/admin/staff/${member.id}/revoke-sessions`);
    const activity = await asAdmin('GET', '/api/admin/activity?page=1&pageSize=100&status=staff');
    const rows = activity.json<ActivityRow[]>().filter((row) => row.entityId === member.id);
    expect(rows.map((row) => row.action)).toEqual([
      'staff.sessions-revoke',
      'staff.password-reset',
      'staff.enable',
      'staff.disable',
      'staff.role',
      'staff.create',
    ]);
    expect(rows.every((row) => row.administratorEmail === TEST_ADMIN_EMAIL && row.administratorName === 'Administrator')).toBe(true);
    expect(rows[4]).toMatchObject({ before: { role: 'viewer' }, after: { role: 'support' } });
    expect(JSON.stringify(rows)).not.toContain('yet another password');
  });

  it('filters Activity by staff member, and the host history names them', async () => {
    const { member: moderator, token } = await signedInMember('moderator', 'decider@hoy.test');
    const host = await insertHost(t.handle, { name: 'History Host', statusHost: 'Pending' });
    expect((await t.request({ method: 'POST', url: `/api/admin/update-status-host/${host.id}`, token })).statusCode).toBe(200);

    const mine = await asAdmin('GET', `/api/admin/activity?page=1&staffId=${moderator.id}`);
    expect(mine.headers['x-total-count']).toBe('1');
    expect(mine.json<ActivityRow[]>()).toEqual([
      expect.objectContaining({ action: 'host.approve', entityId: host.id, administratorEmail: 'decider@hoy.test', administratorName: 'Moderator Member' }),
    ]);
    const others = await asAdmin('GET', `/api/admin/activity?page=1&pageSize=100&staffId=${await myId()}`);
    expect(others.json<ActivityRow[]>().some((row) => row.action === 'host.approve')).toBe(false);
    expect((await asAdmin('GET', '/api/admin/activity?page=1&staffId=abc')).statusCode).toBe(400);
    const searched = await asAdmin('GET', '/api/admin/activity?page=1&q=Moderator Member');
    expect(searched.json<ActivityRow[]>().map((row) => row.action)).toContain('host.approve');

    const history = await asAdmin('GET', `/api/admin/audit?entityType=host&entityId=${host.id}`);
    expect(history.json<AuditEvent[]>()).toEqual([expect.objectContaining({ action: 'host.approve', administratorName: 'Moderator Member' })]);
  });

  it('records the support member who sends a chat message', async () => {
    const { member: support, token } = await signedInMember('support', 'answers@hoy.test');
    const guest = await insertGuest(t.handle, { name: 'Chatty Guest' });
    const [conversation] = await t.handle.db.insert(conversations).values({ userId: guest.id, title: 'Question' }).returning();
    const sent = await t.request({ method: 'POST', url: `/api/admin/conversations/${conversation.id}/messages`, token, payload: { text: 'Happy to help' } });
    expect(sent.statusCode).toBe(201);
    expect(sent.json<ChatMessage>()).toMatchObject({ text: 'Happy to help', sender: 'admin', staffName: 'Support Member' });
    const [stored] = await t.handle.query<{ administrator_id: number }>(sql`SELECT administrator_id FROM messages WHERE conversation_id = ${conversation.id}`);
    expect(stored.administrator_id).toBe(support.id);
    const listed = await asAdmin('GET', `/api/admin/conversations/${conversation.id}/messages`);
    expect(listed.json<ChatMessage[]>()).toEqual([expect.objectContaining({ staffName: 'Support Member', isOwn: true })]);
  });
});
