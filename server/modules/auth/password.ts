// Password hashing with node:crypto scrypt: memory-hard, no native addon. Every hash runs under one
// process-wide concurrency bound, so a flood of sign-ins cannot take every core and libuv thread
// (which also serve static files and the database driver) away from everyone else.
import os from 'node:os';
import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';
import pLimit from 'p-limit';
import { PASSWORD_PARAMETERS, type PasswordParameters } from '../../config';
import { ServiceUnavailableError } from '../../errors';

const MAX_MEMORY = 64 * 1024 * 1024;
const KEY_LENGTH = 64;
const SALT_LENGTH = 16;

/** Hashes at once: half the cores (at least one), so the event loop always keeps a core. */
const HASH_CONCURRENCY = Math.max(1, Math.floor(os.availableParallelism() / 2));
/** Sign-ins waiting for a hash beyond this are refused with 503 at once instead of queueing. */
export const MAX_WAITING_HASHES = 16;
/**
 * Places beyond MAX_WAITING_HASHES kept for sign-ins from a browser that signed in before (a live
 * device cookie), so a flood from more networks than there are places cannot keep staff out
 * (sign-in-limits.ts, docs/decisions/038).
 */
export const KNOWN_DEVICE_HASHES = 4;
const limitHashes = pLimit(HASH_CONCURRENCY);

export const BUSY_MESSAGE = 'Too many sign-ins at this moment. Please try again in a few seconds.';

function scryptOnce(password: string, salt: Buffer, options: ScryptOptions): Promise<Buffer> {
  return new Promise<Buffer>((resolve, reject) => {
    scrypt(password.normalize('NFC'), salt, KEY_LENGTH, options, (error, key) => (error ? reject(error) : resolve(key)));
  });
}

/**
 * The key of `options`, then, when given, the `padding` derivation, one after the other in one of
 * the process's hash places: a check is one thread's work from start to end, as a single derivation
 * with today's parameters is (OpenSSL runs scrypt's lanes one after another), however many cores
 * are free to run its parts side by side.
 */
function deriveKey(password: string, salt: Buffer, options: ScryptOptions, padding?: ScryptOptions): Promise<Buffer> {
  if (limitHashes.pendingCount >= MAX_WAITING_HASHES + KNOWN_DEVICE_HASHES) return Promise.reject(new ServiceUnavailableError(BUSY_MESSAGE));
  return limitHashes(async () => {
    const key = await scryptOnce(password, salt, options);
    if (padding) await scryptOnce(password, salt, padding);
    return key;
  });
}

export interface PasswordHasher {
  /** Returns `scrypt$N$r$p$salt$key` (base64), so parameters can change without breaking old hashes. */
  hash(password: string): Promise<string>;
  verify(password: string, stored: string): Promise<PasswordCheck>;
  /** A real hash to verify against when the e-mail is unknown, so both failures take the same time. */
  decoyHash(): Promise<string>;
}

interface PasswordCheck {
  isValid: boolean;
  /** The stored hash used weaker parameters than today's: hash the password again now that it is known. */
  needsRehash: boolean;
}

/** scrypt's work grows with N·r·p: the unit in which a check is made to cost what today's parameters cost. */
const workOf = (options: PasswordParameters) => options.N * options.r * options.p;

/**
 * Hashes and checks with `today` (config.passwordHashing: PASSWORD_PARAMETERS in every running
 * server; only the API tests pass cheaper ones, so their hundreds of sign-ins do not each cost a
 * production hash). Every hasher shares the process-wide bound on hashes running at once.
 */
export function createPasswordHasher(today: PasswordParameters = PASSWORD_PARAMETERS): PasswordHasher {
  /**
   * The extra derivation that brings a check against weaker parameters up to today's cost: today's N
   * and r with the lanes (p) still missing, or nothing. Without it a hash made with older parameters
   * would answer faster than the decoy and tell who has not signed in since they changed.
   */
  function paddingParameters(stored: PasswordParameters): ScryptOptions | undefined {
    const { N, r } = today;
    const lanes = Math.round((workOf(today) - workOf(stored)) / (N * r));
    return lanes >= 1 ? { N, r, p: lanes, maxmem: MAX_MEMORY } : undefined;
  }

  async function hash(password: string): Promise<string> {
    const salt = randomBytes(SALT_LENGTH);
    const { N, r, p } = today;
    const key = await deriveKey(password, salt, { N, r, p, maxmem: MAX_MEMORY });
    return ['scrypt', N, r, p, salt.toString('base64'), key.toString('base64')].join('$');
  }

  let decoy: Promise<string> | undefined;

  return {
    hash,

    async verify(password, stored) {
      const [scheme, n, r, p, saltText, keyText] = stored.split('$');
      if (scheme !== 'scrypt' || !saltText || !keyText) return { isValid: false, needsRehash: false };
      const parameters = { N: Number(n), r: Number(r), p: Number(p) };
      const expected = Buffer.from(keyText, 'base64');
      const salt = Buffer.from(saltText, 'base64');
      // The padding runs after the key, in the same place: run side by side on another core, the two
      // would answer in two thirds of the decoy's time wherever two hashes may run at once.
      const actual = await deriveKey(password, salt, { ...parameters, maxmem: MAX_MEMORY }, paddingParameters(parameters));
      const isValid = actual.length === expected.length && timingSafeEqual(actual, expected);
      return { isValid, needsRehash: workOf(parameters) < workOf(today) };
    },

    decoyHash() {
      decoy ??= hash(randomBytes(16).toString('hex'));
      // A refused first attempt (busy) must not stay cached as the decoy.
      decoy.catch(() => {
        decoy = undefined;
      });
      return decoy;
    },
  };
}
