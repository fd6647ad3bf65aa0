// Session tokens: 256 random bits for the client; only their SHA-256 is stored.
import { createHash, randomBytes } from 'node:crypto';

export function createToken(): string {
  return randomBytes(32).toString('base64url');
}

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}
