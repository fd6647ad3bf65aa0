// A Vite build plugin: writes a .br and a .gz beside every text asset, so the server sends
// compressed files without compressing per request (@fastify/static `preCompressed`). Plain
// JavaScript with its types in precompress.d.mts, so vite.config.ts imports it by its full name, as
// Vite's native config loader will require (no warning at `vite build`).
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);
const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|txt|xml|webmanifest)$/;
const MIN_BYTES = 1024;

/** @param {string} directory @returns {string[]} */
function filesUnder(directory) {
  return fs.readdirSync(directory, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(directory, entry.name);
    return entry.isDirectory() ? filesUnder(full) : [full];
  });
}

/** @returns {import('vite').Plugin} */
export function precompress() {
  let outDir = 'dist';
  return {
    name: 'hoy-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      const files = filesUnder(outDir).filter((file) => COMPRESSIBLE.test(file) && fs.statSync(file).size >= MIN_BYTES);
      await Promise.all(
        files.map(async (file) => {
          const content = fs.readFileSync(file);
          const [brotlied, gzipped] = await Promise.all([
            brotli(content, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
            gzipAsync(content, { level: 9 }),
          ]);
          fs.writeFileSync(`${file}.br`, brotlied);
          fs.writeFileSync(`${file}.gz`, gzipped);
        }),
      );
    },
  };
}
