// Activity as each role reads it: staff accounts' e-mails and roles are for roles that manage staff
// (src/contracts/activity.ts), in every form of the list; and every form honours every filter.
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { ActivityRow } from '../../src/contracts/activity';
import type { Role } from '../../src/contracts/roles';
import { administrators } from '../../server/db/schema';
import { TEST_ADMIN_EMAIL, signedInTestApp } from './helpers/app';
import { insertHost } from './helpers/fixtures';
import { createStaff, loginAs, type StaffMember } from './helpers/staff';

const t = signedInTestApp();
const staff = {} as Record<'moderator' | 'viewer', StaffMember>;
const tokens = {} as Record<Role, string>;
const MODERATOR_EMAIL = 'mod.secret@hoy.test';
const VIEWER_EMAIL = 'viewer.secret@hoy.test';
/** Every staff e-mail on record: none may reach a role without staff.manage. */
const STAFF_EMAILS = [TEST_ADMIN_EMAIL, MODERATOR_EMAIL, VIEWER_EMAIL];

beforeAll(async () => {
  // Two staff.create entries, whose `after` carries the new member's e-mail and role.
  staff.moderator = await createStaff(t, t.token, 'moderator', MODERATOR_EMAIL);
  staff.viewer = await createStaff(t, t.token, 'viewer', VIEWER_EMAIL);
  tokens.administrator = t.token;
  tokens.moderator = await loginAs(t, MODERATOR_EMAIL);
  tokens.viewer = await loginAs(t, VIEWER_EMAIL);
  // One host decision by the administrator, one by the moderator.
  for (const [name, role] of [
    ['Approved By Admin', 'administrator'],
    ['Approved By Moderator', 'moderator'],
  ] as const) {
    const host = await insertHost(t.handle, { name, statusHost: 'Pending' });
    const response = await t.request({ method: 'POST', url: `/api/admin/update-status-host/${host.id}`, token: tokens[role] });
    if (response.statusCode !== 200) throw new Error(`${role} approving: ${response.statusCode} ${response.body}`);
    t.clock.advance(60_000);
  }
});

const get = (role: Role, query: string) => t.request({ method: 'GET', url: `/api/admin/activity${query}`, token: tokens[role] });

async function page(role: Role, query = '') {
  const response = await get(role, `?page=1&pageSize=100${query}`);
  expect(response.statusCode, response.body).toBe(200);
  return { rows: response.json<ActivityRow[]>(), total: Number(response.headers['x-total-count']), body: response.body };
}

async function wholeArray(role: Role, query = '') {
  const response = await get(role, query);
  expect(response.statusCode, response.body).toBe(200);
  return { rows: response.json<ActivityRow[]>(), body: response.body };
}

/** The CSV's rows as objects by header. */
async function csv(role: Role, query = '') {
  const response = await get(role, `?format=csv${query}`);
  expect(response.statusCode, response.body).toBe(200);
  const [header, ...lines] = response.body
    .replace(/^\uFEFF/, '')
    .trimEnd()
    .split('\r\n');
  const names = header.split(',');
  // The fields this test reads come before the JSON columns, which are the only quoted ones.
  const rows = lines.map((line) =>
    Object.fromEntries(
      line
        .split(',')
        .slice(0, 6)
        .map((value, index) => [names[index], value]),
    ),
  );
  return { rows, body: response.body };
}

describe('Activity for an administrator', () => {
  it('shows the entries about staff accounts, with every staff e-mail', async () => {
    const { rows, total } = await page('administrator');
    expect(total).toBe(4);
    const staffEntries = rows.filter((row) => row.entityType === 'staff');
    expect(staffEntries.map((row) => row.action)).toEqual(['staff.create', 'staff.create']);
    expect(staffEntries[0].after).toMatchObject({ email: VIEWER_EMAIL, role: 'viewer' });
    expect(rows.every((row) => row.administratorEmail !== null)).toBe(true);
    expect((await page('administrator', '&status=staff')).total).toBe(2);
    expect((await page('administrator', `&q=${encodeURIComponent(TEST_ADMIN_EMAIL)}`)).total).toBe(3);
  });
});

describe.each(['moderator', 'viewer'] as const)('Activity for a %s (no staff.manage)', (role) => {
  it('leaves out every entry about a staff account and every staff e-mail, in pages and totals', async () => {
    const all = await page(role);
    expect(all.total).toBe(2);
    expect(all.rows.map((row) => row.entityType)).toEqual(['host', 'host']);
    expect(all.rows.map((row) => row.administratorEmail)).toEqual([null, null]);
    // Who acted stays, by name.
    expect(all.rows.map((row) => row.administratorName)).toEqual(['Moderator Member', 'Administrator']);
    const staffOnly = await page(role, '&status=staff');
    expect(staffOnly).toMatchObject({ rows: [], total: 0 });
    for (const answer of [all, staffOnly]) {
      for (const email of STAFF_EMAILS) expect(answer.body).not.toContain(email);
      expect(answer.body).not.toContain('"role"');
    }
  });

  it('does not match staff e-mails in a search, so a search cannot spell one out', async () => {
    expect((await page(role, `&q=${encodeURIComponent(TEST_ADMIN_EMAIL)}`)).total).toBe(0);
    expect((await page(role, '&q=secret')).total).toBe(0);
    // The name, the action and the reason are still searched.
    expect((await page(role, '&q=Moderator%20Member')).total).toBe(1);
    expect((await page(role, '&q=host.approve')).total).toBe(2);
  });
});

describe('Activity exports for a moderator (no staff.manage, with export)', () => {
  it('leave out every entry about a staff account and every staff e-mail, in the whole array and CSV', async () => {
    const whole = await wholeArray('moderator');
    expect(whole.rows.map((row) => [row.entityType, row.administratorEmail])).toEqual([
      ['host', null],
      ['host', null],
    ]);
    const file = await csv('moderator');
    expect(file.rows.map((row) => [row.entityType, row.administratorEmail])).toEqual([
      ['host', ''],
      ['host', ''],
    ]);
    for (const body of [whole.body, file.body]) {
      for (const email of STAFF_EMAILS) expect(body).not.toContain(email);
    }
    expect((await wholeArray('moderator', `?staffId=${staff.moderator.id}`)).rows).toHaveLength(1);
  });
});

describe('Activity filters in every form', () => {
  it('keeps one staff member’s entries with staffId in a page, the whole array and CSV alike', async () => {
    const ofModerator = `staffId=${staff.moderator.id}`;
    const paged = await page('administrator', `&${ofModerator}`);
    expect(paged.total).toBe(1);
    expect(paged.rows.map((row) => row.administratorName)).toEqual(['Moderator Member']);
    const whole = await wholeArray('administrator', `?${ofModerator}`);
    expect(whole.rows.map((row) => row.id)).toEqual(paged.rows.map((row) => row.id));
    const file = await csv('administrator', `&${ofModerator}`);
    expect(file.rows.map((row) => Number(row.id))).toEqual(paged.rows.map((row) => row.id));
    // The administrator's own entries: the two staff accounts created and one host approved.
    const ofAdministrator = await wholeArray('administrator', `?staffId=${(await me()).id}`);
    expect(ofAdministrator.rows.map((row) => row.action).sort()).toEqual(['host.approve', 'staff.create', 'staff.create']);
  });

  it('selects in CSV exactly what a page selects under a search and a kind as well', async () => {
    const query = `&q=approve&status=host&staffId=${staff.moderator.id}`;
    const paged = await page('administrator', query);
    const file = await csv('administrator', query);
    expect(paged.total).toBe(1);
    expect(file.rows.map((row) => Number(row.id))).toEqual(paged.rows.map((row) => row.id));
  });
});

async function me(): Promise<{ id: number }> {
  const [row] = await t.handle.db.select({ id: administrators.id }).from(administrators).where(eq(administrators.email, TEST_ADMIN_EMAIL));
  return row;
}

describe("a record's history (the details screens)", () => {
  it('names who acted by name alone for roles that do not manage staff, with the e-mail for those who do', async () => {
    const host = await insertHost(t.handle, { name: 'History Host', statusHost: 'Pending' });
    const approved = await t.request({ method: 'POST', url: `/api/admin/update-status-host/${host.id}`, token: tokens.moderator });
    expect(approved.statusCode).toBe(200);
    const history = (role: Role) => t.request({ method: 'GET', url: `/api/admin/audit?entityType=host&entityId=${host.id}`, token: tokens[role] });
    for (const role of ['moderator', 'viewer'] as const) {
      const answer = await history(role);
      expect(answer.statusCode).toBe(200);
      const events = answer.json<{ administratorEmail: string | null; administratorName: string | null }[]>();
      expect(events.length).toBeGreaterThan(0);
      expect(events.every((event) => event.administratorEmail === null && event.administratorName === 'Moderator Member')).toBe(true);
      for (const email of STAFF_EMAILS) expect(answer.body).not.toContain(email);
    }
    const forAdministrator = (await history('administrator')).json<{ administratorEmail: string | null }[]>();
    expect(forAdministrator.map((event) => event.administratorEmail)).toContain(MODERATOR_EMAIL);
  });
});
