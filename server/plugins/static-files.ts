// The built web app (STATIC_DIR): its files, pre-compressed and cached by kind, and the history
// fallback that answers index.html to a page request no route serves, so the single-page app's own
// routes (/dashboard, /host-details/12) load on a reload or from a link. Without a built web app,
// neither is registered.
import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import fp from 'fastify-plugin';
import type { PageFallback } from './error-handler';

interface StaticFilesOptions {
  root: string;
}

function hasWebApp(root: string): boolean {
  return fs.existsSync(path.join(root, 'index.html'));
}

/** For the not-found handler (error-handler.ts): index.html when the web app is built, else nothing. */
export function historyFallback(root: string): PageFallback | undefined {
  return hasWebApp(root) ? (_request, reply) => reply.sendFile('index.html') : undefined;
}

export const staticFiles = fp<StaticFilesOptions>(
  async (app, { root }) => {
    if (!hasWebApp(root)) return;
    await app.register(fastifyStatic, {
      root,
      wildcard: false,
      index: false,
      // The build writes .br and .gz beside each asset (scripts/vite/precompress.mjs).
      preCompressed: true,
      setHeaders(reply, filePath) {
        // Built assets carry a content hash in their names: cache them for good. index.html names
        // the current assets, so it is revalidated on every visit.
        const isHashed = filePath.includes(`${path.sep}assets${path.sep}`);
        const isIndex = path.basename(filePath) === 'index.html';
        reply.header('cache-control', isHashed ? 'public, max-age=31536000, immutable' : isIndex ? 'no-cache' : 'public, max-age=3600');
      },
    });
  },
  { name: 'static-files' },
);
