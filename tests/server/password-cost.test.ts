// A wrong password costs the same whatever parameters the stored hash was made with: a hash from
// weaker scrypt parameters (kept until its owner signs in again) must not answer faster than the
// decoy, or the time would tell who has not signed in since the parameters changed. scrypt's cost
// grows with N·r·p, so the test adds up the N·r·p of every derivation a check makes.
import { randomBytes, scryptSync } from 'node:crypto';
import { describe, expect, it, vi } from 'vitest';
import { PASSWORD_PARAMETERS } from '../../server/config';

const work = vi.hoisted(() => ({ total: 0 }));
vi.mock('node:crypto', async (importOriginal) => {
  const original = await importOriginal<typeof import('node:crypto')>();
  const scrypt = (...args: Parameters<typeof original.scrypt>) => {
    const options = args[3] as { N: number; r: number; p: number };
    work.total += options.N * options.r * options.p;
    return (original.scrypt as (...rest: unknown[]) => void)(...args);
  };
  return { ...original, default: { ...original, scrypt }, scrypt };
});

const { createPasswordHasher } = await import('../../server/modules/auth/password');
const passwords = createPasswordHasher(PASSWORD_PARAMETERS);

/** A stored hash with the parameters Hoy used before decision 013 (N=2^15, r=8, p=1). */
function olderHash(password: string): string {
  const salt = randomBytes(16);
  const key = scryptSync(password, salt, 64, { N: 2 ** 15, r: 8, p: 1, maxmem: 64 * 1024 * 1024 });
  return ['scrypt', 2 ** 15, 8, 1, salt.toString('base64'), key.toString('base64')].join('$');
}

async function workOf(check: () => Promise<unknown>): Promise<number> {
  work.total = 0;
  await check();
  return work.total;
}

describe('checking a password against an older hash', () => {
  it('still verifies it, and costs the same scrypt work as the decoy that unknown e-mails are checked against', async () => {
    const stored = olderHash('the right password here');
    expect((await passwords.verify('the right password here', stored)).isValid).toBe(true);
    const decoy = await passwords.decoyHash();
    const today = PASSWORD_PARAMETERS.N * PASSWORD_PARAMETERS.r * PASSWORD_PARAMETERS.p;
    expect(await workOf(() => passwords.verify('a wrong guess', decoy))).toBe(today);
    expect(await workOf(() => passwords.verify('a wrong guess', stored))).toBe(today);
  });
});
