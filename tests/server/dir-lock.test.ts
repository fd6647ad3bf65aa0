// The data directory lock across real processes: a holder killed with SIGKILL, a stale note naming a
// dead or reused pid, several processes starting at the same moment, and the directory's permissions.
// Driver-neutral: only server/db/dir-lock.ts runs, in small processes (helpers/lock-holder.ts).
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import readline from 'node:readline';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { DirectoryLockedError, lockDirectory, lockDirectoryByFile } from '../../server/db/dir-lock';
import { temporaryDirectories } from './helpers/temporary-directories';

const holderScript = path.join(path.dirname(fileURLToPath(import.meta.url)), 'helpers', 'lock-holder.ts');

const temporaryDirectory = temporaryDirectories('hoy-dir-lock-');
const holders: Holder[] = [];

// Registered after the directories' clean-up, so it runs before it: holders die before their directories go.
afterEach(() => {
  for (const holder of holders.splice(0)) holder.child.kill('SIGKILL');
});

interface Holder {
  child: ChildProcessWithoutNullStreams;
  /** The next line the process prints. */
  nextLine(): Promise<string>;
  exited: Promise<number | null>;
}

function startHolder(directory: string): Holder {
  const child = spawn(process.execPath, ['--import', 'tsx', holderScript, directory], { stdio: ['pipe', 'pipe', 'pipe'] });
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.on('exit', resolve));
  const waiting: ((line: string) => void)[] = [];
  const early: string[] = [];
  const lines = readline.createInterface({ input: child.stdout });
  lines.on('line', (line) => {
    const resolve = waiting.shift();
    if (resolve) resolve(line);
    else early.push(line);
  });
  // The process may exit before its last lines are read from the pipe: only once the output has
  // closed (every line delivered) does an exit mean no line is coming.
  const outputDone = new Promise<void>((resolve) => lines.on('close', resolve));
  const nextLine = () => {
    const line = early.shift();
    if (line !== undefined) return Promise.resolve(line);
    return Promise.race([
      new Promise<string>((resolve) => waiting.push(resolve)),
      Promise.all([outputDone, exited]).then(([, code]) => Promise.reject(new Error(`lock holder exited with ${code}: ${stderr}`))),
    ]);
  };
  const holder = { child, nextLine, exited };
  holders.push(holder);
  return holder;
}

/** Starts a holder, has it take the lock, and answers its first answer ("locked" or "refused …"). */
async function takeInChild(directory: string): Promise<{ holder: Holder; answer: string }> {
  const holder = startHolder(directory);
  expect(await holder.nextLine()).toBe('ready');
  holder.child.stdin.write('go\n');
  return { holder, answer: await holder.nextLine() };
}

/** The pid of a process that ran and has ended, as a crashed owner's would be. */
async function deadPid(): Promise<number> {
  const child = spawn(process.execPath, ['-e', '']);
  await new Promise((resolve) => child.on('exit', resolve));
  return child.pid!;
}

function writeNote(directory: string, pid: number): void {
  fs.writeFileSync(path.join(directory, 'hoy.lock'), JSON.stringify({ pid, hostname: os.hostname() }));
}

function readNote(directory: string): { pid: number } {
  return JSON.parse(fs.readFileSync(path.join(directory, 'hoy.lock'), 'utf8')) as { pid: number };
}

/**
 * Writes a stale note naming this very process (a reused pid), then one naming a dead process, and
 * takes the lock with `lock` each time (running `whileHeld` while it holds it). Answers, for each,
 * the pid the note then names and whether a note is left after the release.
 */
async function takeOverStaleNotes(directory: string, lock: (directory: string) => () => void, whileHeld: () => void = () => {}) {
  const takeovers: { notedPid: number; isNoteLeft: boolean }[] = [];
  for (const pid of [process.pid, await deadPid()]) {
    writeNote(directory, pid);
    const release = lock(directory);
    const notedPid = readNote(directory).pid;
    whileHeld();
    release();
    takeovers.push({ notedPid, isNoteLeft: fs.existsSync(path.join(directory, 'hoy.lock')) });
  }
  return takeovers;
}

/** What takeOverStaleNotes answers when both notes are taken over and removed. */
const BOTH_TAKEN_OVER = [
  { notedPid: process.pid, isNoteLeft: false },
  { notedPid: process.pid, isNoteLeft: false },
];

const modeOf = (file: string) => fs.statSync(file).mode & 0o777;

describe('the data directory lock', () => {
  it('is taken at once by the next start after its holder is killed with SIGKILL', async () => {
    const directory = temporaryDirectory();
    const first = await takeInChild(directory);
    expect(first.answer).toBe('locked');
    first.holder.child.kill('SIGKILL');
    await first.holder.exited;
    // The killed holder's note is still there, naming a pid that no longer runs.
    expect(readNote(directory).pid).toBe(first.holder.child.pid);

    const restart = await takeInChild(directory);
    expect(restart.answer).toBe('locked');
    expect(readNote(directory).pid).toBe(restart.holder.child.pid);
  });

  it('takes over a stale note naming this very process (a reused pid) or a dead one', async () => {
    expect(await takeOverStaleNotes(temporaryDirectory(), lockDirectory)).toEqual(BOTH_TAKEN_OVER);
  });

  it('lets exactly one of three processes started at the same moment take it, round after round', async () => {
    const directory = temporaryDirectory();
    const stale = await deadPid();
    for (let round = 0; round < 10; round += 1) {
      writeNote(directory, stale);
      const contenders = [startHolder(directory), startHolder(directory), startHolder(directory)];
      for (const contender of contenders) expect(await contender.nextLine()).toBe('ready');
      // All three spin until the same instant, then take the lock together.
      const instant = Date.now() + 50;
      for (const contender of contenders) contender.child.stdin.write(`go ${instant}\n`);
      const answers = await Promise.all(contenders.map((contender) => contender.nextLine()));

      const winners = contenders.filter((_, index) => answers[index] === 'locked');
      expect(winners, `round ${round}: ${answers.join(' | ')}`).toHaveLength(1);
      for (const answer of answers.filter((line) => line !== 'locked')) {
        expect(answer).toMatch(/^refused /);
        expect(answer).toContain(directory);
      }
      expect(readNote(directory).pid).toBe(winners[0].child.pid);
      winners[0].child.stdin.write('release\n');
      expect(await winners[0].nextLine()).toBe('released');
      expect(await Promise.all(contenders.map((contender) => contender.exited))).toEqual(answers.map((answer) => (answer === 'locked' ? 0 : 3)));
    }
  });

  it('is refused to a second start while its holder lives, naming the directory and the holder', async () => {
    const directory = temporaryDirectory();
    const owner = await takeInChild(directory);
    expect(owner.answer).toBe('locked');

    expect(() => lockDirectory(directory)).toThrow(DirectoryLockedError);
    expect(() => lockDirectory(directory)).toThrow(`${directory} is in use by process ${owner.holder.child.pid}`);
    const second = await takeInChild(directory);
    expect(second.answer).toMatch(/^refused .*is in use/);
    expect(await second.holder.exited).toBe(3);

    owner.holder.child.stdin.write('release\n');
    expect(await owner.holder.exited).toBe(0);
    lockDirectory(directory)();
  });

  it('creates the directory for its user only (0700) and the note 0600, and tightens a 0755 directory', () => {
    const parent = temporaryDirectory();
    const created = path.join(parent, 'nested', 'data');
    const release = lockDirectory(created);
    expect(modeOf(created)).toBe(0o700);
    expect(modeOf(path.join(created, 'hoy.lock'))).toBe(0o600);
    release();

    const existing = temporaryDirectory();
    fs.chmodSync(existing, 0o755);
    // A stale note left with a wider mode is replaced, not reused.
    writeNote(existing, process.pid);
    fs.chmodSync(path.join(existing, 'hoy.lock'), 0o644);
    const releaseExisting = lockDirectory(existing);
    expect(modeOf(existing)).toBe(0o700);
    expect(modeOf(path.join(existing, 'hoy.lock'))).toBe(0o600);
    releaseExisting();
  });
});

describe('the lock file used where there is no abstract socket namespace', () => {
  it('takes over its own pid when it did not create the file, a dead pid, and refuses while held', async () => {
    const directory = temporaryDirectory();
    const takeovers = await takeOverStaleNotes(directory, lockDirectoryByFile, () => {
      // Now this process did create it: its own pid counts as alive.
      expect(() => lockDirectoryByFile(directory)).toThrow(DirectoryLockedError);
    });
    expect(takeovers).toEqual(BOTH_TAKEN_OVER);
    // A live process that is not this one keeps it.
    writeNote(directory, process.ppid);
    expect(() => lockDirectoryByFile(directory)).toThrow(`${directory} is in use by process ${process.ppid}`);
    expect(modeOf(directory)).toBe(0o700);
  });
});
