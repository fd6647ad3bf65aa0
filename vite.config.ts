import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { precompress } from './scripts/vite/precompress.mjs';

// Splitting follows the lazy imports of src/root.tsx: the entry holds React and i18next, the landing
// chunk its page, and the admin chunk Refine, antd and axios, so a visitor never downloads admin code.
export default defineConfig({
  plugins: [react(), precompress()],
  // APP_NAME overrides the product name at build time (src/app-name.ts); VITE_API_URL points the app at another server.
  envPrefix: ['VITE_', 'APP_NAME'],
  // qs's side channel is a Map for one call; the package's WeakMap machinery stays out (scripts/vite/side-channel-lite.cjs).
  resolve: { alias: { 'side-channel': fileURLToPath(new URL('./scripts/vite/side-channel-lite.cjs', import.meta.url)) } },
  build: {
    outDir: 'dist',
    // The admin chunk is large by design and loads only with a session.
    chunkSizeWarningLimit: 1500,
    rolldownOptions: {
      output: {
        // zod in a chunk of its own: left to itself the bundler merged it into a chunk of the first
        // load (with src/contracts/roles.ts), which needs no zod; the screens that validate load it.
        codeSplitting: { groups: [{ name: 'zod', test: /node_modules[\\/]zod[\\/]/ }] },
      },
      treeshake: {
        // Packages that do nothing on import but are kept because they are CommonJS or UMD: @refinedev/antd
        // imports react-markdown and remark-gfm for a Markdown field we never render; @refinedev/core imports
        // papaparse for its CSV hooks (we use neither) and, through its devtools, error-stack-parser, which
        // runs only in development. Saying so lets the bundler drop them from every load that does not call them.
        moduleSideEffects: [
          { test: /node_modules[\\/](react-markdown|remark-gfm|papaparse|error-stack-parser|stackframe|rc-field-form)[\\/]/, sideEffects: false },
          { test: /src[\\/]admin[\\/](icons\.tsx|icon-sets[\\/])/, sideEffects: false },
          // The contracts only declare: a list file's row schema (and zod with it) stays out of the first
          // load, which reads only the list's declaration (src/contracts/list-declaration.ts).
          { test: /src[\\/]contracts[\\/]/, sideEffects: false },
        ],
      },
    },
  },
  server: {
    proxy: { '/api': 'http://127.0.0.1:3000' },
  },
});
