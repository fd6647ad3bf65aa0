// Refuses text the database cannot give back exactly as sent: a lone UTF-16 surrogate would come back
// as U+FFFD, PostgreSQL rejects the NUL character in text, and PGlite's reader drops a leading U+FEFF
// (byte order mark) from every value it decodes. A 400 here beats a silent change later.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { BadRequestError } from '../errors';

const MALFORMED_TEXT_MESSAGE = 'Text must be valid Unicode, without NUL characters or a leading byte order mark.';

/** With the u flag a surrogate pair is one code point, so only a lone half matches the range. */
const LONE_SURROGATE_OR_LEADING_BOM = /[\uD800-\uDFFF]|^\uFEFF/u;

function isStorable(text: string): boolean {
  return !text.includes('\u0000') && !LONE_SURROGATE_OR_LEADING_BOM.test(text);
}

/** Walks with an explicit stack: a 1 MB body of nested arrays must not overflow the call stack. */
function hasUnstorableText(root: unknown): boolean {
  const pending: unknown[] = [root];
  while (pending.length > 0) {
    const value = pending.pop();
    if (typeof value === 'string') {
      if (!isStorable(value)) return true;
    } else if (value && typeof value === 'object') {
      for (const [key, child] of Object.entries(value)) {
        if (!isStorable(key)) return true;
        pending.push(child);
      }
    }
  }
  return false;
}

export function registerWellFormedTextCheck(app: FastifyInstance): void {
  app.addHook('preValidation', async (request: FastifyRequest) => {
    if (hasUnstorableText(request.body) || hasUnstorableText(request.query) || hasUnstorableText(request.params)) {
      throw new BadRequestError(MALFORMED_TEXT_MESSAGE);
    }
  });
}
