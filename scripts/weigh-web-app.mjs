// What a landing visitor, the sign-in page and a signed-in administrator download, in gzip: read
// from a built dist/index.html and each chunk's static imports. `npm run bench` prints it, and the
// journeys' bundle check (tests/e2e/bundle-budget.spec.ts) holds the build to the budgets.
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

/** The budgets, in KB of gzip: issue 25 point 5 (the first load) and the landing and sign-in pages' own. */
export const WEB_BUDGETS_KB = { landing: 100, login: 100, adminFirstLoad: 350 };

/** Relative module imports of a built chunk: static ones (loaded with it) and dynamic ones (routes). */
function importsOf(source) {
  const staticImports = [...source.matchAll(/(?:\bfrom\s*|\bimport\s*)["'`]\.\/([\w.-]+\.js)["'`]/g)].map((match) => match[1]);
  const dynamicImports = [...source.matchAll(/\bimport\(\s*["'`]\.\/([\w.-]+\.js)["'`]\s*\)/g)].map((match) => match[1]);
  return { staticImports: [...new Set(staticImports)], dynamicImports: [...new Set(dynamicImports)] };
}

/** The gzip size of a set of chunks and of every chunk they import statically. */
function weigh(assets, names) {
  const seen = new Set();
  const pending = [...names];
  while (pending.length > 0) {
    const name = pending.pop();
    if (seen.has(name)) continue;
    seen.add(name);
    pending.push(...importsOf(fs.readFileSync(path.join(assets, name), 'utf8')).staticImports);
  }
  const sizes = [...seen].sort().map((name) => ({ file: name, bytes: zlib.gzipSync(fs.readFileSync(path.join(assets, name)), { level: 9 }).length }));
  const kb = (bytes) => Number((bytes / 1024).toFixed(1));
  // The total of the exact sizes, rounded once: a sum of rounded sizes drifts by up to 0.05 KB a file.
  const total = sizes.reduce((sum, file) => sum + file.bytes, 0);
  return { gzipKb: kb(total), files: sizes.map(({ file, bytes }) => ({ file, gzipKb: kb(bytes) })) };
}

/** The three weights of the build in `dist`, each with its files and whether it meets its budget. */
export function weighWebApp(dist) {
  const indexPath = path.join(dist, 'index.html');
  const html = fs.readFileSync(indexPath, 'utf8');
  const assets = path.join(dist, 'assets');
  const entries = [...html.matchAll(/<(?:script[^>]*\bsrc|link[^>]*rel="modulepreload"[^>]*\bhref)="\/assets\/([\w.-]+\.js)"/g)].map((match) => match[1]);
  const routeChunks = entries.flatMap((entry) => importsOf(fs.readFileSync(path.join(assets, entry), 'utf8')).dynamicImports);
  const landingChunk = routeChunks.find((name) => /landing/i.test(name));
  const loginChunk = routeChunks.find((name) => /^login/i.test(name));
  const adminChunk = routeChunks.find((name) => /^(app|admin)\b/i.test(name));
  // Routes inside the admin chunk load lazily; the first screen after sign-in is the dashboard.
  const dashboardChunks = adminChunk
    ? importsOf(fs.readFileSync(path.join(assets, adminChunk), 'utf8')).dynamicImports.filter((name) => /dashboard/i.test(name))
    : [];
  const weights = {
    landing: weigh(assets, [...entries, ...(landingChunk ? [landingChunk] : [])]),
    login: weigh(assets, [...entries, ...(loginChunk ? [loginChunk] : [])]),
    adminFirstLoad: weigh(assets, [...entries, ...(adminChunk ? [adminChunk] : []), ...dashboardChunks]),
  };
  const judged = Object.fromEntries(
    Object.entries(weights).map(([name, weight]) => [name, { ...weight, targetKb: WEB_BUDGETS_KB[name], meetsTarget: weight.gzipKb <= WEB_BUDGETS_KB[name] }]),
  );
  return { ...judged, builtAt: fs.statSync(indexPath).mtime.toISOString() };
}
