import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { precompress } from './scripts/vite/precompress';

// Splitting follows the lazy imports of src/root.tsx: the entry holds React and i18next, the landing
// chunk its page, and the admin chunk Refine, antd and axios, so a visitor never downloads admin code.
export default defineConfig({
  plugins: [react(), precompress()],
  // APP_NAME overrides the product name at build time (src/app-name.ts); VITE_API_URL points the app at another server.
  envPrefix: ['VITE_', 'APP_NAME'],
  build: {
    outDir: 'dist',
    // The admin chunk is large by design and loads only with a session.
    chunkSizeWarningLimit: 1500,
    rolldownOptions: {
      treeshake: {
        // @refinedev/antd imports react-markdown (CommonJS) and remark-gfm for a Markdown field we never render;
        // neither does anything on import, so saying so lets the bundler drop them from the screens that use its hooks.
        moduleSideEffects: [{ test: /node_modules[\\/](react-markdown|remark-gfm)[\\/]/, sideEffects: false }],
      },
    },
  },
  server: {
    proxy: { '/api': 'http://127.0.0.1:3000' },
  },
});
