// Directories under the system's temporary folder for one test file, each removed after its test.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach } from 'vitest';

/** Registers the clean-up and answers the maker: each call creates a new directory named `<prefix>…`. */
export function temporaryDirectories(prefix: string): () => string {
  const directories: string[] = [];
  afterEach(() => {
    for (const directory of directories.splice(0)) fs.rmSync(directory, { recursive: true, force: true });
  });
  return () => {
    const directory = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
    directories.push(directory);
    return directory;
  };
}
