// A process that only takes the data directory lock, for tests/server/dir-lock.test.ts. It starts,
// says "ready", and waits for "go <instant>" on stdin (milliseconds since the epoch), then spins until
// that instant, so several started by a test reach the lock within microseconds of each other, closer
// than any write to their stdin could line them up. Then it answers "locked" (and holds until "release") or "refused <message>" (and exits with 3).
import readline from 'node:readline';
import { DirectoryLockedError, lockDirectory } from '../../../server/db/dir-lock';

const directory = process.argv[2];
let release: (() => void) | undefined;

const input = readline.createInterface({ input: process.stdin });
input.on('line', (line) => {
  if (line.startsWith('go')) {
    const instant = Number(line.split(' ')[1] ?? 0);
    while (performance.timeOrigin + performance.now() < instant) {
      // Busy on purpose: a timer would wake each process at a different moment.
    }
    try {
      release = lockDirectory(directory);
      process.stdout.write('locked\n');
    } catch (error) {
      if (!(error instanceof DirectoryLockedError)) throw error;
      process.stdout.write(`refused ${error.message}\n`);
      process.exit(3);
    }
  } else if (line === 'release') {
    release?.();
    process.stdout.write('released\n');
    process.exit(0);
  }
});
// The test went away: leave without releasing, as a crash would.
input.on('close', () => process.exit(0));
process.stdout.write('ready\n');
