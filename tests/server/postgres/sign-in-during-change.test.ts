// Runs only in the server-pg project: a sign-in whose session would be inserted while a change of
// credentials is open on another connection (its epoch moved and its sessions revoked, not yet
// committed) waits for that change and then gets no session. Without the account row's lock in
// `insertSession` it read the old epoch beside the open change, committed a session the change's
// revoke could no longer see, and kept it (tests/server/sign-in-races.test.ts races the same on both
// databases, many rounds; this pins the one interleaving that lost).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type LogLine, type TestApp } from '../helpers/app';
import { createStaff, STAFF_PASSWORD } from '../helpers/staff';

let t: TestApp;
const logs: LogLine[] = [];
beforeAll(async () => {
  t = await createTestApp({}, undefined, { captureLogs: logs });
});
afterAll(() => t.close());

/** Whether a statement of another connection is waiting for a row lock. */
async function someoneWaitsForALock(): Promise<boolean> {
  const { rows } = await t.handle.pool!.query<{ waiting: number }>(
    "SELECT count(*)::int AS waiting FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock'",
  );
  return rows[0].waiting > 0;
}

describe('a sign-in meeting an open change of credentials', () => {
  it('waits for the change to commit, then gets no session', async () => {
    const member = await createStaff(t, await t.login(), 'support', 'open-change@hoy.test');
    const change = await t.handle.pool!.connect();
    try {
      // The statements of a reset or a disable (staff.service.ts), held open before COMMIT.
      await change.query('BEGIN');
      await change.query('SELECT id FROM administrators WHERE id = $1 FOR UPDATE', [member.id]);
      await change.query('UPDATE administrators SET credentials_epoch = credentials_epoch + 1 WHERE id = $1', [member.id]);
      await change.query('UPDATE admin_sessions SET revoked_at = now() WHERE administrator_id = $1 AND revoked_at IS NULL', [member.id]);

      const state = { isAnswered: false };
      const signedIn = t
        .request({ method: 'POST', url: '/api/admin/admin-login', payload: { email: member.email, password: STAFF_PASSWORD }, remoteAddress: '203.0.113.77' })
        .finally(() => {
          state.isAnswered = true;
        });
      // Until the change commits, the sign-in's insert waits for the account's row.
      for (let tries = 0; !state.isAnswered && !(await someoneWaitsForALock()); tries += 1) {
        if (tries === 100) throw new Error('the sign-in neither answered nor waited within 5 s');
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      expect(state.isAnswered).toBe(false);
      await change.query('COMMIT');

      const answer = await signedIn;
      expect(answer.statusCode).toBe(401);
      expect(logs.some((line) => line.event === 'login.failed' && line.reason === 'credentials-changed' && line.administratorId === member.id)).toBe(true);
    } finally {
      await change.query('ROLLBACK').catch(() => undefined);
      change.release();
    }
  });
});
