// An exclusive lock on the embedded database directory. PGlite takes none of its own, and two
// processes writing one directory corrupt it, so the server holds this for its whole life.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

export class DirectoryLockedError extends Error {
  override name = 'DirectoryLockedError';
}

interface LockOwner {
  pid: number;
  hostname: string;
}

function isProcessAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function readOwner(lockPath: string): LockOwner | undefined {
  try {
    return JSON.parse(fs.readFileSync(lockPath, 'utf8')) as LockOwner;
  } catch {
    return undefined;
  }
}

/**
 * Takes `<dir>/hoy.lock` atomically (O_EXCL). A lock left by a process that no longer runs on this
 * host (killed, crashed) is taken over; a live owner makes this throw DirectoryLockedError.
 * Returns the function that releases the lock.
 */
export function lockDirectory(dir: string): () => void {
  fs.mkdirSync(dir, { recursive: true });
  const lockPath = path.join(dir, 'hoy.lock');
  const me: LockOwner = { pid: process.pid, hostname: os.hostname() };
  for (let attempt = 0; attempt < 2; attempt += 1) {
    try {
      const fd = fs.openSync(lockPath, 'wx', 0o600);
      fs.writeSync(fd, JSON.stringify(me));
      fs.fsyncSync(fd);
      fs.closeSync(fd);
      let released = false;
      return () => {
        if (released) return;
        released = true;
        if (readOwner(lockPath)?.pid === process.pid) fs.rmSync(lockPath, { force: true });
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const owner = readOwner(lockPath);
      const isStale = owner !== undefined && owner.hostname === me.hostname && !isProcessAlive(owner.pid);
      if (owner === undefined || !isStale) {
        const who = owner ? `process ${owner.pid} on ${owner.hostname}` : 'another process';
        throw new DirectoryLockedError(
          `The data directory ${dir} is in use by ${who}. Stop that process, or set DATA_DIR to another directory.`,
        );
      }
      fs.rmSync(lockPath, { force: true });
    }
  }
  throw new DirectoryLockedError(`Could not lock the data directory ${dir}.`);
}
