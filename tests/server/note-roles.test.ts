// Every list that declares notes (src/contracts/record-note.ts, decision 046) × every role, generated
// from the declarations: its notes' calls answer 401 without a session, 403 to every role that does
// not read the list, and let every role that reads it past the check (404 for a record that is not
// there). A new noted list is tested here without anyone remembering to add it.
import { beforeAll, describe, expect, it } from 'vitest';
import { ROLES, type Role } from '../../src/contracts/roles';
import { LIST_DEFINITIONS } from '../../server/list-definitions';
import { ROLE_TABLE } from '../../server/role-table';
import { signedInTestApp } from './helpers/app';
import { createStaff, loginAs } from './helpers/staff';

const t = signedInTestApp();
const tokens = {} as Record<Role, string>;
const MISSING_ID = 999_999;

const NOTED = LIST_DEFINITIONS.filter((list) => list.notes !== undefined);

beforeAll(async () => {
  tokens.administrator = t.token;
  for (const role of ROLES) {
    if (role === 'administrator') continue;
    tokens[role] = await loginAs(t, (await createStaff(t, t.token, role, `${role}-notes@hoy.test`)).email);
  }
});

it('covers the lists that take notes (hosts, bookings, listings, property approvals)', () => {
  expect(NOTED.map((list) => list.name).sort()).toEqual(['bookings', 'hosts', 'listings', 'property-approvals']);
});

describe.each(NOTED.map((list) => [list.name, list] as const))('the notes of %s', (_name, list) => {
  const url = `${list.paths[0]}/${MISSING_ID}/notes`;
  const calls = [
    { method: 'GET' as const, payload: undefined },
    { method: 'POST' as const, payload: { body: 'A note' } },
  ];

  it.each(calls)('$method answers 401 without a session', async ({ method, payload }) => {
    expect((await t.request({ method, url, payload })).statusCode).toBe(401);
  });

  it.each(ROLES.flatMap((role) => calls.map((call) => ({ role, ...call }))))(
    '$method as $role: 404 past the check if the role reads the list, else 403',
    async ({ role, method, payload }) => {
      const status = (await t.request({ method, url, payload, token: tokens[role] })).statusCode;
      expect(status).toBe(ROLE_TABLE.hasPermission(role, list.permission) ? 404 : 403);
    },
  );
});
