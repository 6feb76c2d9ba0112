import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { localeBundles } from './build/locale-bundles-plugin.ts';
import { manualChapters } from './build/manual-chapter-plugin.ts';
import { manualPrecache } from './build/manual-precache-plugin.ts';
import { precompress } from './build/precompress-plugin.ts';
import { tableFilterMenus } from './build/table-filter-menus-plugin.ts';

/** The API server that `npm run dev` starts beside Vite (or `npm start`); the dev server forwards to it so cookies stay same-origin. */
const apiTarget = 'http://127.0.0.1:8080';

export default defineConfig({
  plugins: [react(), tableFilterMenus(), localeBundles(), manualChapters(), manualPrecache(), precompress()],
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
    // antd's @rc-component packages declare no `sideEffects`, so the bundler keeps every module
    // a barrel names: each route carried the whole form library (Field, List, async-validator)
    // because antd's dropdowns import the form context. None of them is imported for its side
    // effects (no bare `import '@rc-component/…'` in antd or in them), so unused ones can go:
    // 13 KB gzip off every signed-in route.
    rolldownOptions: { treeshake: { moduleSideEffects: [{ test: /[\\/]node_modules[\\/]@rc-component[\\/]/, sideEffects: false }] } },
  },
});
