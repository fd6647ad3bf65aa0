// Staff members for role tests: created through the API by the test administrator, signed in as themselves.
import type { Role } from '../../../src/contracts/roles';
import type { StaffRow } from '../../../src/contracts/staff';
import type { TestApp } from './app';

export const STAFF_PASSWORD = 'staff password long enough';

export interface StaffMember {
  id: number;
  email: string;
  role: Role;
}

export async function createStaff(t: TestApp, adminToken: string, role: Role, email = `${role}-${Date.now()}@hoy.test`): Promise<StaffMember> {
  const response = await t.request({
    method: 'POST',
    url: '/api/admin/staff',
    token: adminToken,
    payload: { name: `${role[0].toUpperCase()}${role.slice(1)} Member`, email, role, password: STAFF_PASSWORD },
  });
  if (response.statusCode !== 201) throw new Error(`creating ${email}: ${response.statusCode} ${response.body}`);
  const row = response.json<StaffRow>();
  return { id: row.id, email: row.email, role: row.role };
}

/** Signs a staff member in; answers the bearer token. */
export async function loginAs(t: TestApp, email: string, password = STAFF_PASSWORD): Promise<string> {
  const response = await t.request({ method: 'POST', url: '/api/admin/admin-login', payload: { email, password } });
  if (response.statusCode !== 200) throw new Error(`login ${email}: ${response.statusCode} ${response.body}`);
  return response.json<{ token: string }>().token;
}

/** A step-up's proof: the password (a member without a second factor), or a code or a recovery code. */
export type StepUpProof = { password: string } | { code: string } | { recoveryCode: string };

/**
 * Steps a session up (docs/decisions/039-step-up.md), so that for 5 minutes it may make the calls
 * that can take an account; throws unless the step-up is accepted.
 */
export async function stepUp(t: TestApp, token: string, proof: StepUpProof = { password: STAFF_PASSWORD }): Promise<void> {
  const response = await t.request({ method: 'POST', url: '/api/admin/account/step-up', token, payload: proof });
  if (response.statusCode !== 200) throw new Error(`step-up: ${response.statusCode} ${response.body}`);
}
