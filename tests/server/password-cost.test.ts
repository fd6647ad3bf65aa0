// A wrong password costs the same whatever parameters the stored hash was made with: a hash from
// weaker scrypt parameters (kept until its owner signs in again) must not answer faster than the
// decoy, or the time would tell who has not signed in since the parameters changed. scrypt's cost
// grows with N·r·p, so the test adds up the N·r·p of every derivation a check makes. And it takes the
// same time on any number of cores: OpenSSL runs a derivation's lanes one after another, so a check
// of an older hash runs its parts one after another too, or on a machine where two hashes may run at
// once it would answer in two thirds of the decoy's time.
import { randomBytes, scryptSync } from 'node:crypto';
import { describe, expect, it, vi } from 'vitest';
import { PASSWORD_PARAMETERS } from '../../server/config';

/** The N·r·p of every derivation, and the most derivations running at once. */
const work = vi.hoisted(() => ({ total: 0, running: 0, mostAtOnce: 0 }));
vi.mock('node:crypto', async (importOriginal) => {
  const original = await importOriginal<typeof import('node:crypto')>();
  const scrypt = (...args: Parameters<typeof original.scrypt>) => {
    const options = args[3] as { N: number; r: number; p: number };
    work.total += options.N * options.r * options.p;
    work.running += 1;
    work.mostAtOnce = Math.max(work.mostAtOnce, work.running);
    const callback = args[4] as (error: Error | null, key: Buffer) => void;
    return (original.scrypt as (...rest: unknown[]) => void)(...args.slice(0, 4), (error: Error | null, key: Buffer) => {
      work.running -= 1;
      callback(error, key);
    });
  };
  return { ...original, default: { ...original, scrypt }, scrypt };
});
// A machine of 8 cores, where the process runs 4 hashes at once: a check's parts could run side by side.
vi.mock('node:os', async (importOriginal) => {
  const original = await importOriginal<typeof import('node:os')>();
  const availableParallelism = () => 8;
  return { ...original, default: { ...original, availableParallelism }, availableParallelism };
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

/** The most derivations a check ran at once. */
async function widthOf(check: () => Promise<unknown>): Promise<number> {
  work.mostAtOnce = 0;
  await check();
  return work.mostAtOnce;
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

  it('runs its derivations one after another, as the decoy’s one derivation runs, however many cores could run them side by side', async () => {
    const stored = olderHash('the right password here');
    const decoy = await passwords.decoyHash();
    expect(await widthOf(() => passwords.verify('a wrong guess', decoy))).toBe(1);
    expect(await widthOf(() => passwords.verify('a wrong guess', stored))).toBe(1);
  });
});
