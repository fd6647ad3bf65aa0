// A call refused for the caller's role (403 from the role check, server/plugins/auth-guard.ts) is a
// security event in the log (docs/decisions/013-sign-in-abuse.md): who, which role, which route,
// which permission, from where; never the token. So is a call refused because the member's role
// requires a second factor they have not set up yet (403 `second-factor-enrolment-required`).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNT_REASONS } from '../../src/contracts/account';
import { createTestApp, TestClock, type LogLine, type TestApp } from './helpers/app';
import { createStaff, loginAs, type StaffMember } from './helpers/staff';

const lines: LogLine[] = [];
let t: TestApp;
let viewer: StaffMember;
let viewerToken: string;

beforeAll(async () => {
  t = await createTestApp({}, new TestClock(), { captureLogs: lines });
  viewer = await createStaff(t, await t.login(), 'viewer', 'viewer.logged@hoy.test');
  viewerToken = await loginAs(t, viewer.email);
});
afterAll(() => t.close());

const deniedEvents = () => lines.filter((line) => line.event === 'access.denied');

describe('a call refused for the role', () => {
  it('is logged as access.denied with the member, role, method, route, permission and client address, never the token', async () => {
    const refused = await t.request({ method: 'GET', url: '/api/admin/staff?page=1&q=someone', token: viewerToken });
    expect(refused.statusCode).toBe(403);
    const exported = await t.request({ method: 'GET', url: '/api/admin/hosts?format=csv', token: viewerToken });
    expect(exported.statusCode).toBe(403);

    expect(deniedEvents()).toEqual([
      expect.objectContaining({
        event: 'access.denied',
        administratorId: viewer.id,
        role: 'viewer',
        method: 'GET',
        route: '/api/admin/staff',
        permission: 'staff.manage',
        clientAddress: '127.0.0.1',
      }),
      // A list the role reads, asked as an export it may not take.
      expect.objectContaining({ administratorId: viewer.id, role: 'viewer', route: '/api/admin/hosts', permission: 'export' }),
    ]);
    expect(deniedEvents().every((line) => line.level >= 40)).toBe(true);
    expect(JSON.stringify(lines)).not.toContain(viewerToken);
  });

  it('is the only kind of call logged so: an allowed call and a call without a session are not', async () => {
    const before = deniedEvents().length;
    expect((await t.request({ method: 'GET', url: '/api/admin/hosts?page=1', token: viewerToken })).statusCode).toBe(200);
    expect((await t.request({ method: 'GET', url: '/api/admin/staff?page=1' })).statusCode).toBe(401);
    expect(deniedEvents()).toHaveLength(before);
  });
});

describe('a call refused until the member sets up a second factor their role requires', () => {
  it('is logged as access.denied with the reason, the member, role, method, route and client address, never the token', async () => {
    const member = await createStaff(t, await t.login(), 'support', 'support.enrol@hoy.test');
    const token = await loginAs(t, member.email);
    await t.app.services.staff.setSecondFactorPolicy(member.id, ['support']);
    const before = deniedEvents().length;
    const refused = await t.request({ method: 'GET', url: '/api/admin/bookings?page=1', token });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ reason: ACCOUNT_REASONS.enrolmentRequired });

    expect(deniedEvents().slice(before)).toEqual([
      expect.objectContaining({
        event: 'access.denied',
        reason: ACCOUNT_REASONS.enrolmentRequired,
        administratorId: member.id,
        role: 'support',
        method: 'GET',
        route: '/api/admin/bookings',
        permission: null,
        clientAddress: '127.0.0.1',
      }),
    ]);
    expect(
      deniedEvents()
        .slice(before)
        .every((line) => line.level >= 40),
    ).toBe(true);
    expect(JSON.stringify(lines)).not.toContain(token);
    // Enrolment itself stays open, and is not logged as a refusal.
    expect((await t.request({ method: 'GET', url: '/api/admin/me', token })).statusCode).toBe(200);
    expect(deniedEvents()).toHaveLength(before + 1);
  });
});
