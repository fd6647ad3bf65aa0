// TOTP secrets at rest (ASVS 2.8.2, decision 036). A code is checked against the secret itself, so
// it cannot be hashed; with SECOND_FACTOR_KEY set it is stored sealed: AES-256-GCM under that key,
// bound to its member's id, so a reader of the database (a backup, a dump) reads no secret, and a
// sealed secret copied onto another member's row does not open. Without the key a secret is stored
// as is, and the server says so when it starts. Keys rotate: a secret sealed under one of
// SECOND_FACTOR_PREVIOUS_KEYS still opens, and the server seals it again under the key at start.
import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';

/** What a sealed secret starts with; nothing `createTotpSecret` makes (base32) contains a colon. */
const SEALED_PREFIX = 'sealed-v1:';
const IV_BYTES = 12;
const TAG_BYTES = 16;

export interface SecretSeal<Owner = number> {
  /** Whether secrets are sealed (a key is configured). */
  readonly isSealing: boolean;
  /** The secret as it is stored for `administratorId`. */
  seal(secret: string, administratorId: Owner): string;
  /**
   * The secret a stored value holds, or undefined when it cannot be opened (sealed without a key
   * configured, under another key, for another member, or altered).
   */
  open(stored: string, administratorId: Owner): string | undefined;
  /** Whether a stored value is still the secret as is (stored before the key was configured). */
  isOpenText(stored: string): boolean;
  /**
   * A stored value that only a previous key opens, sealed again under the key (a rotation); undefined
   * for anything else (under the key already, stored as it is, or opened by no key).
   */
  reseal(stored: string, administratorId: Owner): string | undefined;
}

const totpContextOf = (administratorId: number) => Buffer.from(`hoy totp secret of administrator ${administratorId}`);

/** A sealed value under one key: the secret, or undefined when that key does not open it. */
function openUnder(key: Buffer, stored: string, context: Buffer): string | undefined {
  const [ivText, sealedText] = stored.slice(SEALED_PREFIX.length).split(':');
  const iv = Buffer.from(ivText ?? '', 'base64url');
  const sealed = Buffer.from(sealedText ?? '', 'base64url');
  if (iv.length !== IV_BYTES || sealed.length <= TAG_BYTES) return undefined;
  try {
    const decipher = createDecipheriv('aes-256-gcm', key, iv);
    decipher.setAAD(context);
    decipher.setAuthTag(sealed.subarray(sealed.length - TAG_BYTES));
    return Buffer.concat([decipher.update(sealed.subarray(0, sealed.length - TAG_BYTES)), decipher.final()]).toString('utf8');
  } catch {
    return undefined;
  }
}

/**
 * A seal under a 32-byte key, which also opens what `previousKeys` sealed (a rotation under way);
 * without a key, secrets pass through as they are. `contextOf` binds a sealed secret to its owner (a
 * member's TOTP secret by default; a webhook endpoint's signing secret, decision 041).
 */
export function createSecretSeal<Owner = number>(
  key: Buffer | undefined,
  previousKeys: readonly Buffer[] = [],
  contextOf: (owner: Owner) => Buffer = totpContextOf as unknown as (owner: Owner) => Buffer,
): SecretSeal<Owner> {
  if (key !== undefined && key.length !== 32) throw new Error('SECOND_FACTOR_KEY must be 32 bytes');
  if (previousKeys.some((previous) => previous.length !== 32)) throw new Error('SECOND_FACTOR_PREVIOUS_KEYS must be 32 bytes each');
  if (key === undefined && previousKeys.length > 0) throw new Error('SECOND_FACTOR_PREVIOUS_KEYS needs SECOND_FACTOR_KEY, the key secrets move to');
  const isOpenText = (stored: string) => !stored.startsWith(SEALED_PREFIX);
  const openUnderPrevious = (stored: string, administratorId: Owner) => {
    for (const previous of previousKeys) {
      const secret = openUnder(previous, stored, contextOf(administratorId));
      if (secret !== undefined) return secret;
    }
    return undefined;
  };
  const seal = (secret: string, administratorId: Owner) => {
    if (key === undefined) return secret;
    const iv = randomBytes(IV_BYTES);
    const cipher = createCipheriv('aes-256-gcm', key, iv);
    cipher.setAAD(contextOf(administratorId));
    const sealed = Buffer.concat([cipher.update(secret, 'utf8'), cipher.final(), cipher.getAuthTag()]);
    return `${SEALED_PREFIX}${iv.toString('base64url')}:${sealed.toString('base64url')}`;
  };
  return {
    isSealing: key !== undefined,
    isOpenText,
    seal,
    reseal(stored, administratorId) {
      if (key === undefined || isOpenText(stored) || openUnder(key, stored, contextOf(administratorId)) !== undefined) return undefined;
      const secret = openUnderPrevious(stored, administratorId);
      return secret === undefined ? undefined : seal(secret, administratorId);
    },
    open(stored, administratorId) {
      if (isOpenText(stored)) return stored;
      if (key === undefined) return undefined;
      return openUnder(key, stored, contextOf(administratorId)) ?? openUnderPrevious(stored, administratorId);
    },
  };
}
