// `npm run build:server`: the server as plain JavaScript for production (the container image), so
// nothing compiles TypeScript at run time. Our code (server/ and the contracts it shares with the web
// app) is bundled; packages stay in node_modules, where the image installs only the production ones.
// Out: build/server/main.mjs (the server), build/server/admin-cli.mjs (`node build/server/admin-cli.mjs`),
// and build/server/migrations, which the server applies at start.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/**
 * The files server/lists.ts finds by convention, which the bundle has no folders to read: the list
 * definitions by name and the modules with a repository. esbuild bundles every file the imports'
 * patterns match; this tells the bundle which ones there are.
 */
function bundledFiles() {
  const lists = fs
    .readdirSync(path.join(root, 'src', 'contracts', 'lists'))
    .filter((file) => file.endsWith('.ts'))
    .map((file) => file.slice(0, -'.ts'.length));
  const modules = path.join(root, 'server', 'modules');
  const repositories = fs.readdirSync(modules).filter((module) => fs.existsSync(path.join(modules, module, `${module}.repository.ts`)));
  return { lists, repositories };
}

/**
 * Bundles the server into `outdir` (inside the repository, so its imports find node_modules) and
 * answers the packages the bundle imports at run time.
 */
export async function buildServer(outdir = path.join(root, 'build', 'server')) {
  fs.rmSync(outdir, { recursive: true, force: true });
  const result = await build({
    entryPoints: [path.join(root, 'server', 'main.ts'), path.join(root, 'server', 'admin-cli.ts')],
    outdir,
    entryNames: '[name]',
    outExtension: { '.js': '.mjs' },
    bundle: true,
    packages: 'external',
    platform: 'node',
    format: 'esm',
    target: 'node20.19',
    sourcemap: true,
    metafile: true,
    define: { HOY_BUNDLED_FILES: JSON.stringify(bundledFiles()) },
    logLevel: 'warning',
  });
  // The bundle finds its migrations beside itself, as server/db/client.ts does in the source tree.
  fs.cpSync(path.join(root, 'server', 'db', 'migrations'), path.join(outdir, 'migrations'), { recursive: true });
  const packages = new Set();
  for (const output of Object.values(result.metafile.outputs)) {
    for (const imported of output.imports) {
      if (!imported.external || imported.path.startsWith('node:')) continue;
      const parts = imported.path.split('/');
      packages.add(parts.slice(0, imported.path.startsWith('@') ? 2 : 1).join('/'));
    }
  }
  return { outdir, packages: [...packages].sort() };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const { outdir } = await buildServer();
  process.stdout.write(`built ${path.relative(root, outdir)}/main.mjs and admin-cli.mjs\n`);
}
