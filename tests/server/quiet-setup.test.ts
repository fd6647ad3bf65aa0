// A fresh clone's `npm ci` and `npm start` print no warning (issue 49). npm 11 runs a dependency's
// install script only when package.json's `allowScripts` decides on it, and warns about every package
// it has no decision for; Vite warns about a config that its coming native loader could not read (an
// import without its file's extension).
import fs from 'node:fs';
import path from 'node:path';
import { createLogger, loadConfigFromFile } from 'vite';
import { describe, expect, it } from 'vitest';

const root = process.cwd();
const readJson = <T>(file: string): T => JSON.parse(fs.readFileSync(path.join(root, file), 'utf8')) as T;

describe('a fresh install and start', () => {
  it("decide in package.json's allowScripts on every package of the lockfile that has an install script", () => {
    const { allowScripts = {} } = readJson<{ allowScripts?: Record<string, boolean> }>('package.json');
    const lock = readJson<{ packages: Record<string, { version?: string; hasInstallScript?: boolean }> }>('package-lock.json');
    const withScripts = Object.entries(lock.packages)
      .filter(([, entry]) => entry.hasInstallScript)
      .map(([where, entry]) => ({ name: where.slice(where.lastIndexOf('node_modules/') + 'node_modules/'.length), version: entry.version }));
    // esbuild's postinstall checks its platform binary: three versions of it today (vite, drizzle-kit, tsx).
    expect(withScripts.map((entry) => entry.name)).toContain('esbuild');
    const undecided = withScripts.filter(({ name, version }) => typeof (allowScripts[`${name}@${version}`] ?? allowScripts[name]) !== 'boolean');
    expect(undecided).toEqual([]);
  });

  it('load vite.config.ts without a warning', async () => {
    const warnings: string[] = [];
    const logger = createLogger('info');
    logger.warn = (message) => void warnings.push(message);
    logger.warnOnce = (message) => void warnings.push(message);
    const loaded = await loadConfigFromFile({ command: 'build', mode: 'production' }, path.join(root, 'vite.config.ts'), root, 'info', logger);
    expect(loaded?.config.plugins?.flat().map((plugin) => (plugin && typeof plugin === 'object' && 'name' in plugin ? plugin.name : undefined))).toContain(
      'hoy-precompress',
    );
    expect(warnings).toEqual([]);
  });
});
