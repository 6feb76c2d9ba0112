import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { localeBundles } from './build/locale-bundles-plugin.ts';

/** The API server of `npm start -w apps/server`; the dev server forwards to it so cookies stay same-origin. */
const apiTarget = 'http://127.0.0.1:8080';

export default defineConfig({
  plugins: [react(), localeBundles()],
  server: {
    proxy: {
      '/api': { target: apiTarget, changeOrigin: false },
      '/metrics': { target: apiTarget, changeOrigin: false },
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // The manifest lets scripts/login-budget.mjs and the server know which chunks a route loads.
    manifest: true,
    chunkSizeWarningLimit: 1500,
  },
});
