// The live stream's cursors, sealed (issue 47). A cursor is where a stream stands among every change
// (a transaction id and a change id). Sent in the clear, two that a member received told how many
// changes of any kind, readable to them or not, were written between them. Sealed (AES-256-GCM, a
// fresh nonce each time) under the one key every process reads from live_cursor_key, a cursor tells
// nothing, and whichever process a browser reconnects to opens it.
import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import type { LiveCursor } from './live.repository';

export interface CursorSeal {
  /** The cursor as the stream sends it (`id:`), and as the browser sends it back (Last-Event-ID). */
  seal(cursor: LiveCursor): string;
  /** The cursor a Last-Event-ID holds, or undefined for anything this key did not seal (the stream then resyncs). */
  open(text: string | undefined): LiveCursor | undefined;
}

const NONCE_BYTES = 12;
const TAG_BYTES = 16;
/** A sealed cursor in base64url: nonce, tag and at most 40 bytes of cursor; the pattern runs after this length check. */
const SEALED = /^[A-Za-z0-9_-]{38,100}$/;
const CURSOR = /^(\d{1,20})-(\d{1,19})$/;

export function createCursorSeal(key: Buffer): CursorSeal {
  return {
    seal(cursor) {
      const nonce = randomBytes(NONCE_BYTES);
      const cipher = createCipheriv('aes-256-gcm', key, nonce);
      const sealed = Buffer.concat([cipher.update(`${cursor.xid}-${cursor.id}`, 'utf8'), cipher.final()]);
      return Buffer.concat([nonce, cipher.getAuthTag(), sealed]).toString('base64url');
    },
    open(text) {
      if (text === undefined || text.length > 100 || !SEALED.test(text)) return undefined;
      const bytes = Buffer.from(text, 'base64url');
      if (bytes.length <= NONCE_BYTES + TAG_BYTES) return undefined;
      try {
        const decipher = createDecipheriv('aes-256-gcm', key, bytes.subarray(0, NONCE_BYTES));
        decipher.setAuthTag(bytes.subarray(NONCE_BYTES, NONCE_BYTES + TAG_BYTES));
        const plain = Buffer.concat([decipher.update(bytes.subarray(NONCE_BYTES + TAG_BYTES)), decipher.final()]).toString('utf8');
        const match = CURSOR.exec(plain);
        return match ? { xid: match[1], id: Number(match[2]) } : undefined;
      } catch {
        // Not sealed under this key, or altered: the stream resyncs.
        return undefined;
      }
    },
  };
}
