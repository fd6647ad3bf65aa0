// Every declared record action (src/contracts/record-action.ts, decision 044) × every role, generated
// from the lists' declarations: each of its calls (the single call where it has one, the batch and its
// undo where it runs in bulk) is registered with the action's permission, answers 401 without a
// session, 403 to every role without the permission, and lets every role with it past the check. A
// new action is tested here without anyone remembering to add it.
import { beforeAll, describe, expect, it } from 'vitest';
import { batchPathsOf } from '../../src/contracts/list-declaration';
import { ROLES, type Role } from '../../src/contracts/roles';
import { LIST_DEFINITIONS } from '../../server/list-definitions';
import { ROLE_TABLE } from '../../server/role-table';
import { signedInTestApp } from './helpers/app';
import { createStaff, loginAs } from './helpers/staff';

const t = signedInTestApp();
const tokens = {} as Record<Role, string>;
const MISSING_ID = 999_999;

/** One call an action is made through: its method, path and a body that passes validation. */
interface ActionCall {
  label: string;
  url: string;
  body: Record<string, unknown>;
}

const ACTIONS = LIST_DEFINITIONS.flatMap((list) => (list.actions ?? []).map((action) => ({ list, action })));

function callsOf({ list, action }: (typeof ACTIONS)[number]): ActionCall[] {
  const calls: ActionCall[] = [];
  if (action.path) calls.push({ label: 'one record', url: `/api/${action.path.replace(':id', String(MISSING_ID))}`, body: {} });
  if (action.isBulk) calls.push({ label: 'in bulk', url: `/api/${batchPathsOf(list).decide}`, body: { decision: action.name, ids: [MISSING_ID] } });
  if (action.isBulk && action.undoSeconds !== undefined) calls.push({ label: 'undone', url: `/api/${batchPathsOf(list).undo}`, body: { ids: [MISSING_ID] } });
  return calls;
}

beforeAll(async () => {
  tokens.administrator = t.token;
  for (const role of ROLES) {
    if (role === 'administrator') continue;
    const member = await createStaff(t, t.token, role, `${role}-actions@hoy.test`);
    tokens[role] = await loginAs(t, member.email);
  }
});

describe('every declared action', () => {
  it('is declared at all (hosts, listings and property approvals decide their rows)', () => {
    expect(ACTIONS.map(({ list, action }) => `${list.name}.${action.name}`)).toEqual(
      expect.arrayContaining([
        'hosts.approve',
        'hosts.decline',
        'listings.approve',
        'listings.decline',
        'property-approvals.approve',
        'property-approvals.decline',
      ]),
    );
  });

  describe.each(ACTIONS.map((entry) => [`${entry.list.name} ${entry.action.name}`, entry] as const))('%s', (_name, entry) => {
    const calls = callsOf(entry);
    const { permission } = entry.action;

    it('has a call, each registered with its permission', () => {
      expect(calls.length).toBeGreaterThan(0);
      for (const call of calls) {
        const template = call.url.replace(String(MISSING_ID), ':id');
        const registered = t.app.guardedCalls.find((guarded) => guarded.method === 'POST' && guarded.url === template);
        expect(registered?.access.permission, `${call.label}: POST ${template}`).toBe(permission);
      }
    });

    it('answers 401 without a session', async () => {
      for (const call of calls) {
        const response = await t.app.inject({ method: 'POST', url: call.url, payload: call.body });
        expect(response.statusCode, `${call.label}: ${call.url}`).toBe(401);
      }
    });

    it('answers 403 to every role without its permission, and lets the others past the check', async () => {
      const wrong: string[] = [];
      for (const role of ROLES) {
        const isAllowed = ROLE_TABLE.hasPermission(role, permission);
        for (const call of calls) {
          const { statusCode } = await t.request({ method: 'POST', url: call.url, token: tokens[role], payload: call.body });
          const isRight = isAllowed ? statusCode !== 401 && statusCode !== 403 : statusCode === 403;
          if (!isRight) wrong.push(`${role}, ${call.label}: ${call.url} answered ${statusCode}`);
        }
      }
      expect(wrong).toEqual([]);
    });
  });
});
