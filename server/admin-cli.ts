// npm run admin -- <command>: manage administrators from the shell, on the configured database.
//   set-password <email> [--password <password>]   create or reset (a password is generated if omitted)
//   revoke-sessions                                 sign every administrator out everywhere
//   reset-second-factor <email>                     take a member's second factor off (a lost phone
//                                                   and lost recovery codes); their sessions end
import { randomBytes } from 'node:crypto';
import { pino } from 'pino';
import { MAX_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH } from '../src/contracts/auth';
import { isValidEmail } from '../src/contracts/common';
import { readConfig } from './config';
import { openDatabase } from './db/client';
import { systemClock } from './lib/clock';
import { createMemoryRateLimiter } from './lib/rate-limiter';
import { isCommonPassword } from './modules/auth/common-passwords';
import { createServices } from './services';

const USAGE = `Usage:
  npm run admin -- set-password <email> [--password <password>]
  npm run admin -- revoke-sessions
  npm run admin -- reset-second-factor <email>`;
const COMMANDS = ['set-password', 'revoke-sessions', 'reset-second-factor'];

async function run(argv: string[]): Promise<number> {
  const [command, ...rest] = argv;
  if (!COMMANDS.includes(command)) {
    process.stderr.write(`${USAGE}\n`);
    return 2;
  }
  const config = readConfig();
  const handle = await openDatabase(config);
  try {
    await handle.migrate();
    // Security events (password set, sessions revoked) go to standard error as the server's JSON log lines.
    const log = pino({ level: config.logLevel }, process.stderr);
    const { auth, staff } = createServices({ handle, config, clock: systemClock, limiter: createMemoryRateLimiter(systemClock), log });
    if (command === 'revoke-sessions') {
      process.stdout.write(`Revoked ${await auth.revokeAllSessions()} session(s).\n`);
      return 0;
    }
    const email = rest[0];
    if (command === 'reset-second-factor') {
      const id = email ? await auth.administratorIdOf(email) : undefined;
      if (id === undefined) {
        process.stderr.write(`No staff member has the e-mail ${email ?? '(none given)'}.\n`);
        return 2;
      }
      // Recorded in Activity as the member's own change: no one else was signed in to make it.
      await staff.resetSecondFactor(id, id);
      process.stdout.write(`Two-factor sign-in of ${email} is off; their sessions are revoked.\n`);
      return 0;
    }
    const passwordIndex = rest.indexOf('--password');
    const given = passwordIndex >= 0 ? rest[passwordIndex + 1] : undefined;
    if (!email || !isValidEmail(email) || (passwordIndex >= 0 && !given)) {
      process.stderr.write(`${USAGE}\n`);
      return 2;
    }
    // ASVS 2.1.1 and 2.1.2: at least 12 characters, at most 128.
    if (given !== undefined && (given.length < MIN_PASSWORD_LENGTH || given.length > MAX_PASSWORD_LENGTH)) {
      process.stderr.write(`The password must be ${MIN_PASSWORD_LENGTH} to ${MAX_PASSWORD_LENGTH} characters.\n`);
      return 2;
    }
    if (given !== undefined && isCommonPassword(given)) {
      process.stderr.write('The password is among the 100,000 most common ones: choose another.\n');
      return 2;
    }
    const password = given ?? randomBytes(12).toString('base64url');
    const outcome = await auth.setPassword(email, password);
    process.stdout.write(`Administrator ${email} ${outcome}; their sessions are revoked.\n`);
    if (given === undefined) process.stdout.write(`Generated password: ${password}\n`);
    return 0;
  } finally {
    await handle.close();
  }
}

run(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error: unknown) => {
    process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
    process.exit(1);
  },
);
