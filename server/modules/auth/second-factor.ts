// TOTP (RFC 6238: SHA-1, 6 digits, 30-second steps, through otpauth) and recovery codes: the parts
// of a second factor that need no database. docs/decisions/020-second-factor.md.
import { createHash, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import { Secret, TOTP } from 'otpauth';
import QRCode from 'qrcode';
import { RECOVERY_CODE_COUNT, RECOVERY_CODE_LENGTH } from '../../../src/contracts/account';

const PERIOD_SECONDS = 30;
/** Codes of the step before and after the current one are accepted too (clocks drift). */
const ACCEPTED_STEPS_EITHER_SIDE = 1;
/** 160 bits, the HMAC-SHA-1 key length RFC 4226 recommends. */
const SECRET_BYTES = 20;
const CROCKFORD = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';

function totpOf(secret: string, label = '', issuer = ''): TOTP {
  return new TOTP({
    issuer,
    label,
    algorithm: 'SHA1',
    digits: 6,
    period: PERIOD_SECONDS,
    secret: Secret.fromBase32(secret),
  });
}

export function createTotpSecret(): string {
  return new Secret({ size: SECRET_BYTES }).base32;
}

/** What an authenticator app scans: the otpauth:// URI (issuer: the app's name) and its QR code as SVG. */
export async function describeSecret(
  secret: string,
  { accountName, issuer }: { accountName: string; issuer: string },
): Promise<{ otpauthUri: string; qrCodeSvg: string }> {
  const otpauthUri = totpOf(secret, accountName, issuer).toString();
  const qrCodeSvg = await QRCode.toString(otpauthUri, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 });
  return { otpauthUri, qrCodeSvg };
}

/**
 * The time step a code belongs to, when it is right for `secret` at `now` give or take one step;
 * else undefined. The caller accepts a step only once (administrators.totp_last_step).
 */
export function matchingStep(secret: string, code: string, now: Date): number | undefined {
  const totp = totpOf(secret);
  const delta = totp.validate({ token: code, timestamp: now.getTime(), window: ACCEPTED_STEPS_EITHER_SIDE });
  if (delta === null) return undefined;
  return totp.counter({ timestamp: now.getTime() }) + delta;
}

/** The current code of a secret (tests and the bench sign in with it). */
export function currentCode(secret: string, now: Date): string {
  return totpOf(secret).generate({ timestamp: now.getTime() });
}

/** Ten fresh recovery codes, as shown once: XXXX-XXXX-XXXX-XXXX, 80 random bits each. */
export function createRecoveryCodes(): string[] {
  return Array.from({ length: RECOVERY_CODE_COUNT }, () => {
    const characters = Array.from({ length: RECOVERY_CODE_LENGTH }, () => CROCKFORD[randomInt(CROCKFORD.length)]).join('');
    return characters.match(/.{4}/g)!.join('-');
  });
}

/** Only a salted SHA-256 is kept (ASVS 2.6.2); 80 random bits need no slow hash. */
export function hashRecoveryCode(code: string, salt = randomBytes(16).toString('base64')): { salt: string; codeHash: string } {
  const normalized = code.replace(/[\s-]/g, '').toUpperCase();
  return { salt, codeHash: createHash('sha256').update(salt).update(normalized).digest('hex') };
}

export function isRecoveryCode(code: string, stored: { salt: string; codeHash: string }): boolean {
  const candidate = Buffer.from(hashRecoveryCode(code, stored.salt).codeHash, 'hex');
  const expected = Buffer.from(stored.codeHash, 'hex');
  return candidate.length === expected.length && timingSafeEqual(candidate, expected);
}
