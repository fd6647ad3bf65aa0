import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { openPglite } from '../../server/db/client';
import { DirectoryLockedError, lockDirectory } from '../../server/db/dir-lock';
import { temporaryDirectories } from './helpers/temporary-directories';

const temporaryDirectory = temporaryDirectories('hoy-lock-');

describe('the embedded data directory lock', () => {
  it('refuses a second holder while the first lives, naming the directory', () => {
    const directory = temporaryDirectory();
    const release = lockDirectory(directory);
    expect(() => lockDirectory(directory)).toThrow(DirectoryLockedError);
    expect(() => lockDirectory(directory)).toThrow(directory);
    release();
    const releaseAgain = lockDirectory(directory);
    releaseAgain();
  });

  it('takes over a lock left by a process that no longer runs', () => {
    const directory = temporaryDirectory();
    const deadPid = 2 ** 22 + 12345;
    fs.writeFileSync(path.join(directory, 'hoy.lock'), JSON.stringify({ pid: deadPid, hostname: os.hostname() }));
    const release = lockDirectory(directory);
    expect(JSON.parse(fs.readFileSync(path.join(directory, 'hoy.lock'), 'utf8')).pid).toBe(process.pid);
    release();
    expect(fs.existsSync(path.join(directory, 'hoy.lock'))).toBe(false);
  });

  it('a second server process on the same data directory refuses to start with a clear message', async () => {
    const directory = temporaryDirectory();
    const handle = await openPglite({ dataDir: directory });
    try {
      const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
        env: { ...process.env, DATA_DIR: directory, DATABASE_URL: '', PORT: '0', LOG_LEVEL: 'silent' },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let stderr = '';
      child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
      const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
      expect(code).toBe(2);
      expect(stderr).toContain(`The data directory ${directory} is in use`);
    } finally {
      await handle.close();
    }
  });

  it('keeps what was written across a close and a reopen', async () => {
    const directory = temporaryDirectory();
    const first = await openPglite({ dataDir: directory });
    await first.migrate();
    await first.query(sql`INSERT INTO email_subscribers (email) VALUES ('kept@hoy.test')`);
    await first.close();
    const second = await openPglite({ dataDir: directory });
    await second.migrate();
    const rows = await second.query<{ email: string }>(sql`SELECT email FROM email_subscribers`);
    await second.close();
    expect(rows).toEqual([{ email: 'kept@hoy.test' }]);
  });
});

describe('the embedded database under many concurrent statements', () => {
  it('lets the event loop turn between statements, so waiting sockets and timers are served', async () => {
    const handle = await openPglite();
    try {
      let finished = 0;
      let finishedWhenTheLoopTurned = -1;
      const statements = Array.from({ length: 100 }, () => handle.query(sql`SELECT 1`).then(() => (finished += 1)));
      // Scheduled after all 100 are queued: without turns it would run only once every one has run.
      setImmediate(() => (finishedWhenTheLoopTurned = finished));
      await Promise.all(statements);
      expect(finished).toBe(100);
      expect(finishedWhenTheLoopTurned).toBeGreaterThanOrEqual(0);
      expect(finishedWhenTheLoopTurned).toBeLessThan(10);

      // A transaction takes one turn as a whole, and its statements still run in order inside it.
      const inside = await handle.db.transaction(async (tx) => {
        await tx.execute(sql`CREATE TEMPORARY TABLE turn_check (n int)`);
        await tx.execute(sql`INSERT INTO turn_check VALUES (1), (2)`);
        return tx.execute(sql`SELECT sum(n)::int AS total FROM turn_check`);
      });
      expect((inside as unknown as { rows: { total: number }[] }).rows[0].total).toBe(3);
    } finally {
      await handle.close();
    }
  });
});
