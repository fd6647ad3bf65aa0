// The exclusive lock on the embedded database directory, the `hoy.lock` note beside it, and the
// directory's permissions. PGlite takes no lock of its own, and two processes writing one directory
// corrupt it, so the server holds this lock for its whole life.
//
// How the lock is decided. On Linux it is a UNIX socket bound in the abstract namespace under a name
// derived from the directory's identity (device and inode). The kernel lets one socket at a time
// hold a name and frees it the moment its process ends, however it ends (SIGKILL, crash, out of
// memory). So there is no stale state to judge, a reused pid (pid 1 again after a container restart)
// means nothing, and two processes starting together cannot both win: bind() itself is the atomic
// test-and-set. `hoy.lock` (pid, hostname) is still written, for people and logs, but on Linux it
// never decides anything.
// The abstract namespace belongs to a network namespace: two containers that share a volume but not
// a network do not see each other's lock. Give each data directory one container. And an abstract
// name has no file permissions: a local user in the same network namespace could bind it first and
// keep the server from starting (refused, never corrupted).
//
// Elsewhere (macOS, Windows: development machines) there is no abstract namespace, and the lock is
// the file itself, created with O_EXCL; a file naming a process that no longer runs is taken over.
// Checking the owner and then removing the file leaves a window that two simultaneous starts can
// both pass; nothing in Node's standard library closes it without the kernel's help.
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

export class DirectoryLockedError extends Error {
  override name = 'DirectoryLockedError';
}

interface LockOwner {
  pid: number;
  hostname: string;
}

const LOCK_FILE = 'hoy.lock';

/** Lock files this process created and still holds, by real path: only these make its own pid "alive". */
const heldByThisProcess = new Set<string>();

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

function lockedError(dir: string, owner: LockOwner | undefined): DirectoryLockedError {
  const who = owner ? `process ${owner.pid} on ${owner.hostname}` : 'another process';
  return new DirectoryLockedError(`The data directory ${dir} is in use by ${who}. Stop that process, or set DATA_DIR to another directory.`);
}

/**
 * Creates the directory for this user only (it holds password hashes), and tightens an existing one
 * that this user owns. A directory owned by someone else, or one where chmod is refused (some
 * mounted volumes), is left as it is: the lock matters more than the mode.
 */
function prepareDirectory(dir: string): void {
  fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
  const stats = fs.statSync(dir);
  const ownedByMe = typeof process.getuid === 'function' && stats.uid === process.getuid();
  if (!ownedByMe || (stats.mode & 0o077) === 0) return;
  try {
    fs.chmodSync(dir, 0o700);
  } catch {
    // Not permitted here; keep going with the directory as it is.
  }
}

/**
 * Writes the note through a temporary file and a rename, so a reader sees the old note or the new
 * one, never half of one, and a stale note with a wider mode is replaced rather than reused.
 */
function writeOwnerNote(lockPath: string, owner: LockOwner): void {
  const temporaryPath = `${lockPath}.${process.pid}.tmp`;
  // A leftover from a crash at this very step (same pid again) would keep its old mode if reused.
  fs.rmSync(temporaryPath, { force: true });
  fs.writeFileSync(temporaryPath, JSON.stringify(owner), { mode: 0o600 });
  fs.renameSync(temporaryPath, lockPath);
}

/** Releases once; later calls do nothing. */
function once(release: () => void): () => void {
  let released = false;
  return () => {
    if (released) return;
    released = true;
    release();
  };
}

/**
 * The Linux lock: binds the abstract socket, or throws DirectoryLockedError when another process
 * (or this one, through an earlier call) holds it.
 *
 * The bind is synchronous: Node binds a UNIX socket inside `listen()` itself (the behaviour that
 * makes `server.address()` usable right after `listen()`), and `exclusive: true` keeps it so in a
 * cluster worker, which would otherwise ask the primary and answer later. Only the error object
 * comes later, on the next tick. Staying synchronous keeps one failure path for every caller. If a
 * future Node ever bound later, every start would be refused, loudly; it would never let two in.
 */
function lockBySocket(dir: string, lockPath: string): () => void {
  // Device and inode rather than the path: one directory reached through symlinks or mounted at
  // different paths (containers sharing a network) gets one name, and two different directories at
  // the same path in different containers (each with its own volume at /data) do not collide.
  const identity = fs.statSync(dir, { bigint: true });
  const digest = createHash('sha256').update(`${identity.dev}:${identity.ino}`).digest('hex').slice(0, 40);
  // Nobody is meant to talk to the socket; a connection is closed at once.
  const server = net.createServer((connection) => connection.destroy());
  // A refused bind is reported below from `listening`; the error event that follows must not crash.
  server.on('error', () => {});
  server.listen({ path: `\0hoy-lock-${digest}`, exclusive: true });
  if (!server.listening) {
    server.close();
    throw lockedError(dir, readOwner(lockPath));
  }
  // The lock must not be what keeps the process alive.
  server.unref();
  const me: LockOwner = { pid: process.pid, hostname: os.hostname() };
  try {
    writeOwnerNote(lockPath, me);
  } catch (error) {
    server.close();
    throw error;
  }
  return once(() => {
    // The note goes first, while the socket still excludes everyone, so it can only be ours.
    const owner = readOwner(lockPath);
    if (owner?.pid === me.pid && owner.hostname === me.hostname) fs.rmSync(lockPath, { force: true });
    server.close();
  });
}

/**
 * The lock on platforms without the abstract namespace: `hoy.lock` itself, created with O_EXCL. A
 * file naming a process that no longer runs on this host is taken over; so is one naming this very
 * process when this process did not create it (the pid was reused, as pid 1 is in every container).
 * Exported so tests can exercise it on Linux too.
 */
export function lockDirectoryByFile(dir: string): () => void {
  prepareDirectory(dir);
  const lockPath = path.join(fs.realpathSync(dir), LOCK_FILE);
  const me: LockOwner = { pid: process.pid, hostname: os.hostname() };
  for (let attempt = 0; attempt < 2; attempt += 1) {
    try {
      const fd = fs.openSync(lockPath, 'wx', 0o600);
      try {
        fs.writeSync(fd, JSON.stringify(me));
        fs.fsyncSync(fd);
      } finally {
        fs.closeSync(fd);
      }
      heldByThisProcess.add(lockPath);
      return once(() => {
        heldByThisProcess.delete(lockPath);
        const owner = readOwner(lockPath);
        if (owner?.pid === me.pid && owner.hostname === me.hostname) fs.rmSync(lockPath, { force: true });
      });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const owner = readOwner(lockPath);
      const isMine = owner?.pid === me.pid;
      const isAlive = isMine ? heldByThisProcess.has(lockPath) : owner !== undefined && isProcessAlive(owner.pid);
      const isStale = owner !== undefined && owner.hostname === me.hostname && !isAlive;
      if (!isStale) throw lockedError(dir, owner);
      fs.rmSync(lockPath, { force: true });
    }
  }
  throw new DirectoryLockedError(`Could not lock the data directory ${dir}.`);
}

/**
 * Takes the data directory for this process: creates it (mode 0700) if needed, takes the lock, and
 * writes `<dir>/hoy.lock` (mode 0600) naming this process. A live holder makes this throw
 * DirectoryLockedError naming the directory; a holder that died, by any means, does not.
 * Returns the function that releases the lock and removes the note if it is ours.
 */
export function lockDirectory(dir: string): () => void {
  if (process.platform !== 'linux') return lockDirectoryByFile(dir);
  prepareDirectory(dir);
  return lockBySocket(dir, path.join(dir, LOCK_FILE));
}
