import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { localeBundles } from './build/locale-bundles-plugin.ts';
import { manualChapters } from './build/manual-chapter-plugin.ts';
import { manualPrecache } from './build/manual-precache-plugin.ts';
import { precompress } from './build/precompress-plugin.ts';
import { tableFilterMenus } from './build/table-filter-menus-plugin.ts';

/**
 * Fewer, larger shared chunks than the bundler's own splitting (a chunk for each set of routes
 * that share a module): a cold home fetched 106 scripts, which Chromium's six connections a host
 * queue; with these groups 63, and home shows its stations ~200 ms sooner (bench/web-budgets.ts,
 * bench/results/2026-12-04-home-cold-load.md). A group is one file that every route needing any of
 * its modules loads whole:
 *  - `base`: what every page runs, the sign-in page too (React, the router, queries, translations).
 *    Taken first: a group takes its modules' dependencies with it, so without this one antd's
 *    took React, and the sign-in page (which has no antd) loaded all of it: 215 KB, budget 150;
 *  - `antd-shared`: antd's modules that 40 or more chunks share (most signed-in pages need most);
 *  - `app-shared`: small modules of our own that 40 or more chunks share.
 * With fewer shares (20) the groups take modules the sign-in page then loads (330 KB).
 */
const CHUNK_GROUPS = [
  { name: 'base', test: /[\\/]node_modules[\\/](react|react-dom|scheduler|react-router|@tanstack|i18next|react-i18next|use-sync-external-store)[\\/]/, priority: 3 },
  {
    name: 'antd-shared',
    test: /[\\/]node_modules[\\/](antd|@rc-component|@ant-design|@babel[\\/]runtime|clsx|dayjs|throttle-debounce|scroll-into-view-if-needed|compute-scroll-into-view|json2mq|stylis|@emotion)[\\/]/,
    minShareCount: 40,
    priority: 2,
  },
  { name: 'app-shared', test: /apps[\\/]web[\\/]src[\\/](lib|components)[\\/]|packages[\\/](domain|contracts)[\\/]/, minShareCount: 40, maxModuleSize: 4000, priority: 1 },
];

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
    rolldownOptions: {
      treeshake: { moduleSideEffects: [{ test: /[\\/]node_modules[\\/]@rc-component[\\/]/, sideEffects: false }] },
      output: { codeSplitting: { groups: CHUNK_GROUPS } },
    },
  },
});
