// Builds the server once into dist/, as the web app is built: `npm start` and the Docker image run
// compiled JavaScript, and tsx stays a development tool (issue 37).
//
// Our own workspace packages (@ullage/domain, contracts, simulator) are TypeScript sources and are
// bundled in; every package from the registry stays an import of node_modules. The demo fleet is
// imported only when the demo is on, so it is a chunk of its own that a server without the demo
// never loads. Worker threads are entries named as the code asks for them
// (`new URL('./pglite-worker-entry.mjs', import.meta.url)`): every output lies flat in dist/, so
// that URL finds the compiled worker from whichever chunk asks. The migrations travel beside them
// (db/client.ts reads them from its own folder).
import fs from 'node:fs';
import path from 'node:path';
import { build } from 'esbuild';

const here = import.meta.dirname;
const dist = path.join(here, 'dist');

/** Bare imports stay external (node_modules, node:*) unless they are one of our workspace packages. */
const registryPackagesExternal = {
  name: 'registry-packages-external',
  setup(b) {
    b.onResolve({ filter: /^[^./]/ }, (args) => (args.path.startsWith('@ullage/') ? undefined : { path: args.path, external: true }));
  },
};

const started = performance.now();
fs.rmSync(dist, { recursive: true, force: true });
await build({
  entryPoints: [
    { in: 'src/main.ts', out: 'main' },
    { in: 'src/db/pglite-worker.ts', out: 'pglite-worker-entry' },
    { in: 'src/modules/ingest/prepare-worker.ts', out: 'prepare-worker-entry' },
    { in: 'src/modules/device-commands/import-reader-worker.ts', out: 'import-reader-entry' },
  ],
  absWorkingDir: here,
  outdir: dist,
  outExtension: { '.js': '.mjs' },
  chunkNames: 'chunk-[hash]',
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'node',
  target: 'node20',
  sourcemap: 'linked',
  plugins: [registryPackagesExternal],
  logLevel: 'warning',
});
fs.cpSync(path.join(here, 'src/db/migrations'), path.join(dist, 'migrations'), { recursive: true });
console.log(`server built into apps/server/dist in ${Math.round(performance.now() - started)} ms`);
