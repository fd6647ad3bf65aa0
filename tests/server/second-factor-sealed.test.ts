// TOTP secrets sealed at rest under SECOND_FACTOR_KEY (docs/decisions/036-totp-secrets-sealed.md):
// the seal itself, then the API with a key: what the database holds, signing in with a code, the
// sealing at start of secrets stored before the key, and a sealed secret moved to another member.
import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readConfig } from '../../server/config';
import { currentCode } from '../../server/modules/auth/second-factor';
import { createSecretSeal } from '../../server/modules/auth/secret-seal';
import { createTestApp, type LogLine, type TestApp } from './helpers/app';
import { createStaff, loginAs, STAFF_PASSWORD, stepUp, type StaffMember } from './helpers/staff';

const STEP_MS = 30_000;
const KEY = randomBytes(32);
const SECRET = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';

describe('the seal', () => {
  const seal = createSecretSeal(KEY);

  it('opens what it sealed for the same member, and keeps no part of the secret readable', () => {
    const stored = seal.seal(SECRET, 7);
    expect(stored).not.toContain(SECRET);
    expect(stored).not.toContain(SECRET.slice(0, 8));
    expect(seal.isOpenText(stored)).toBe(false);
    expect(seal.open(stored, 7)).toBe(SECRET);
    // A fresh nonce each time: the same secret sealed twice reads differently.
    expect(seal.seal(SECRET, 7)).not.toBe(stored);
  });

  it('does not open for another member, under another key, altered, or without a key', () => {
    const stored = seal.seal(SECRET, 7);
    expect(seal.open(stored, 8)).toBeUndefined();
    expect(createSecretSeal(randomBytes(32)).open(stored, 7)).toBeUndefined();
    const altered = `${stored.slice(0, -2)}${stored.endsWith('AA') ? 'AB' : 'AA'}`;
    expect(seal.open(altered, 7)).toBeUndefined();
    expect(seal.open('sealed-v1:short:x', 7)).toBeUndefined();
    expect(createSecretSeal(undefined).open(stored, 7)).toBeUndefined();
  });

  it('passes a secret through as it is without a key, and reads one stored before the key was set', () => {
    const none = createSecretSeal(undefined);
    expect(none.isSealing).toBe(false);
    expect(none.seal(SECRET, 7)).toBe(SECRET);
    expect(none.open(SECRET, 7)).toBe(SECRET);
    expect(seal.isOpenText(SECRET)).toBe(true);
    expect(seal.open(SECRET, 7)).toBe(SECRET);
  });

  it('opens under a previous key during a rotation, and seals again under the key only what a previous key alone opens', () => {
    const previous = randomBytes(32);
    const underPrevious = createSecretSeal(previous).seal(SECRET, 7);
    const rotating = createSecretSeal(KEY, [randomBytes(32), previous]);
    expect(rotating.open(underPrevious, 7)).toBe(SECRET);
    const moved = rotating.reseal(underPrevious, 7);
    expect(moved).toEqual(expect.any(String));
    expect(seal.open(moved!, 7)).toBe(SECRET);
    expect(createSecretSeal(previous).open(moved!, 7)).toBeUndefined();
    // Under the key itself, stored as it is, for another member or under no known key: not due.
    expect(rotating.reseal(seal.seal(SECRET, 7), 7)).toBeUndefined();
    expect(rotating.reseal(SECRET, 7)).toBeUndefined();
    expect(rotating.reseal(underPrevious, 8)).toBeUndefined();
    expect(rotating.open(underPrevious, 8)).toBeUndefined();
    expect(rotating.reseal(createSecretSeal(randomBytes(32)).seal(SECRET, 7), 7)).toBeUndefined();
    // What it seals, the key alone opens.
    expect(seal.open(rotating.seal(SECRET, 7), 7)).toBe(SECRET);
    expect(createSecretSeal(previous).open(rotating.seal(SECRET, 7), 7)).toBeUndefined();
  });

  it('takes only a 64-digit hexadecimal key from the environment', () => {
    const base = { DATA_DIR: '/nonexistent', STATIC_DIR: '/nonexistent' };
    expect(readConfig({ ...base, SECOND_FACTOR_KEY: KEY.toString('hex') }).secondFactorKey).toEqual(KEY);
    expect(readConfig(base).secondFactorKey).toBeUndefined();
    expect(() => readConfig({ ...base, SECOND_FACTOR_KEY: 'abc' })).toThrow(/SECOND_FACTOR_KEY/);
    expect(() => readConfig({ ...base, SECOND_FACTOR_KEY: 'z'.repeat(64) })).toThrow(/SECOND_FACTOR_KEY/);
    expect(() => createSecretSeal(randomBytes(16))).toThrow(/32 bytes/);
  });

  it('takes previous keys only as 64-digit hexadecimal keys separated by commas, at most four, and only with a key', () => {
    const base = { DATA_DIR: '/nonexistent', STATIC_DIR: '/nonexistent', SECOND_FACTOR_KEY: KEY.toString('hex') };
    const [first, second] = [randomBytes(32), randomBytes(32)];
    expect(readConfig({ ...base, SECOND_FACTOR_PREVIOUS_KEYS: `${first.toString('hex')},${second.toString('hex')}` }).secondFactorPreviousKeys).toEqual([
      first,
      second,
    ]);
    expect(readConfig(base).secondFactorPreviousKeys).toEqual([]);
    expect(() => readConfig({ ...base, SECOND_FACTOR_PREVIOUS_KEYS: `${first.toString('hex')},` })).toThrow(/SECOND_FACTOR_PREVIOUS_KEYS/);
    expect(() => readConfig({ ...base, SECOND_FACTOR_PREVIOUS_KEYS: `${first.toString('hex')} ${second.toString('hex')}` })).toThrow(
      /SECOND_FACTOR_PREVIOUS_KEYS/,
    );
    expect(() => readConfig({ ...base, SECOND_FACTOR_PREVIOUS_KEYS: Array.from({ length: 5 }, () => first.toString('hex')).join(',') })).toThrow(
      /at most 4 keys/,
    );
    expect(() => readConfig({ DATA_DIR: '/nonexistent', SECOND_FACTOR_PREVIOUS_KEYS: first.toString('hex') })).toThrow(/needs SECOND_FACTOR_KEY/);
    expect(() => createSecretSeal(KEY, [randomBytes(31)])).toThrow(/32 bytes each/);
  });
});

describe('the API with SECOND_FACTOR_KEY', () => {
  let t: TestApp;
  let adminToken: string;
  const logs: LogLine[] = [];
  let memberCount = 0;

  beforeAll(async () => {
    t = await createTestApp({ secondFactorKey: KEY }, undefined, { captureLogs: logs });
    adminToken = await t.login();
  });
  afterAll(() => t.close());

  const newMember = (): Promise<StaffMember> => {
    memberCount += 1;
    return createStaff(t, adminToken, 'support', `sealed-${memberCount}@hoy.test`);
  };
  const codeAt = (secret: string, steps = 0) => currentCode(secret, new Date(t.clock.now().getTime() + steps * STEP_MS));
  const storedOf = async (id: number) => {
    const [row] = await t.handle.query<{ secret: string | null; pending: string | null }>(
      sql`SELECT totp_secret AS secret, totp_pending_secret AS pending FROM administrators WHERE id = ${id}`,
    );
    return row;
  };
  /** The password step, then the code step with `code`: answers the code step's status. */
  const signInWithCode = async (email: string, code: string) => {
    const first = await t.request({ method: 'POST', url: '/api/admin/admin-login', payload: { email, password: STAFF_PASSWORD } });
    expect(first.json<{ step: string }>().step).toBe('second-factor');
    const { challenge } = first.json<{ challenge: string }>();
    const second = await t.request({ method: 'POST', url: '/api/admin/admin-login/second-factor', payload: { challenge, code } });
    return second.statusCode;
  };
  const enrol = async (member: StaffMember) => {
    // Signed in by the password alone: the member has no second factor yet.
    const token = await loginAs(t, member.email);
    expect(token).toEqual(expect.any(String));
    await stepUp(t, token);
    const setup = await t.request({ method: 'POST', url: '/api/admin/account/second-factor/setup', token });
    const { setupId, secret } = setup.json<{ setupId: string; secret: string }>();
    const pending = await storedOf(member.id);
    expect(pending.pending).not.toBeNull();
    expect(pending.pending).not.toContain(secret);
    const confirm = await t.request({ method: 'POST', url: '/api/admin/account/second-factor/confirm', token, payload: { setupId, code: codeAt(secret) } });
    expect(confirm.statusCode).toBe(200);
    t.clock.advance(STEP_MS);
    return secret;
  };

  it('stores the setup and the secret sealed, and signs in with a code of the secret shown', async () => {
    const member = await newMember();
    const secret = await enrol(member);
    const stored = await storedOf(member.id);
    expect(stored.secret).not.toBeNull();
    expect(stored.secret).not.toContain(secret);
    expect(stored.pending).toBeNull();
    expect(await signInWithCode(member.email, codeAt(secret))).toBe(200);
    t.clock.advance(STEP_MS);
    expect(await signInWithCode(member.email, codeAt(secret, 5))).toBe(401);
  });

  it('takes no code for a sealed secret moved onto another member', async () => {
    const owner = await newMember();
    const other = await newMember();
    const secret = await enrol(owner);
    await enrol(other);
    await t.handle.query(sql`UPDATE administrators SET totp_secret = (SELECT totp_secret FROM administrators WHERE id = ${owner.id}) WHERE id = ${other.id}`);
    expect(await signInWithCode(other.email, codeAt(secret))).toBe(401);
    expect(await signInWithCode(owner.email, codeAt(secret))).toBe(200);
  });

  it('seals at start a secret stored as it was before the key, which then still signs in', async () => {
    const member = await newMember();
    await t.handle.query(sql`UPDATE administrators SET totp_secret = ${SECRET}, totp_last_step = NULL WHERE id = ${member.id}`);
    await t.app.services.account.sealStoredSecrets();
    const stored = await storedOf(member.id);
    expect(stored.secret).not.toContain(SECRET);
    expect(createSecretSeal(KEY).open(stored.secret!, member.id)).toBe(SECRET);
    expect(logs.some((line) => line.event === 'second-factor.sealed' && Number(line.secrets) >= 1)).toBe(true);
    expect(await signInWithCode(member.email, codeAt(SECRET))).toBe(200);
  });

  it('says at start when a stored secret does not open with the key', async () => {
    const member = await newMember();
    const foreign = createSecretSeal(randomBytes(32)).seal(SECRET, member.id);
    await t.handle.query(sql`UPDATE administrators SET totp_secret = ${foreign} WHERE id = ${member.id}`);
    await t.app.services.account.sealStoredSecrets();
    expect(logs.some((line) => line.event === 'second-factor.unreadable' && Number(line.secrets) >= 1)).toBe(true);
    // The stored value is left as it was, for the right key to open again.
    expect((await storedOf(member.id)).secret).toBe(foreign);
    expect(await signInWithCode(member.email, codeAt(SECRET))).toBe(401);
  });
});

describe('the API while the key rotates', () => {
  it('signs in with a secret sealed under the previous key, and seals it under the new key at start', async () => {
    const previous = randomBytes(32);
    const logs: LogLine[] = [];
    const t = await createTestApp({ secondFactorKey: KEY, secondFactorPreviousKeys: [previous] }, undefined, { captureLogs: logs });
    try {
      const member = await createStaff(t, await t.login(), 'support', 'rotating@hoy.test');
      const underPrevious = createSecretSeal(previous).seal(SECRET, member.id);
      await t.handle.query(sql`UPDATE administrators SET totp_secret = ${underPrevious}, totp_last_step = NULL WHERE id = ${member.id}`);
      const signIn = async (steps: number) => {
        const first = await t.request({ method: 'POST', url: '/api/admin/admin-login', payload: { email: member.email, password: STAFF_PASSWORD } });
        const { challenge } = first.json<{ challenge: string }>();
        const code = currentCode(SECRET, new Date(t.clock.now().getTime() + steps * STEP_MS));
        return (await t.request({ method: 'POST', url: '/api/admin/admin-login/second-factor', payload: { challenge, code } })).statusCode;
      };
      // Before the start's sealing (another process may not have started yet): the previous key opens it.
      expect(await signIn(0)).toBe(200);
      t.clock.advance(STEP_MS);
      await t.app.services.account.sealStoredSecrets();
      const [row] = await t.handle.query<{ secret: string }>(sql`SELECT totp_secret AS secret FROM administrators WHERE id = ${member.id}`);
      expect(row.secret).not.toBe(underPrevious);
      // Now the new key alone opens it: the previous one can go.
      expect(createSecretSeal(KEY).open(row.secret, member.id)).toBe(SECRET);
      expect(createSecretSeal(previous).open(row.secret, member.id)).toBeUndefined();
      expect(logs.some((line) => line.event === 'second-factor.resealed' && line.secrets === 1)).toBe(true);
      expect(logs.some((line) => line.event === 'second-factor.unreadable')).toBe(false);
      expect(await signIn(0)).toBe(200);
      // A second start finds nothing left to move.
      logs.length = 0;
      await t.app.services.account.sealStoredSecrets();
      expect(logs.some((line) => line.event === 'second-factor.resealed')).toBe(false);
    } finally {
      await t.close();
    }
  });
});

describe('the API without SECOND_FACTOR_KEY', () => {
  it('stores secrets as they are and says so at start', async () => {
    const logs: LogLine[] = [];
    const t = await createTestApp({}, undefined, { captureLogs: logs });
    try {
      const member = await createStaff(t, await t.login(), 'support', 'unsealed@hoy.test');
      await t.handle.query(sql`UPDATE administrators SET totp_secret = ${SECRET} WHERE id = ${member.id}`);
      await t.app.services.account.sealStoredSecrets();
      const [row] = await t.handle.query<{ secret: string }>(sql`SELECT totp_secret AS secret FROM administrators WHERE id = ${member.id}`);
      expect(row.secret).toBe(SECRET);
      expect(logs.some((line) => line.event === 'second-factor.unsealed' && line.secrets === 1)).toBe(true);
    } finally {
      await t.close();
    }
  });
});
