import { defineConfig } from 'vitest/config';
import { localeBundles } from './apps/web/build/locale-bundles-plugin.ts';
import { manualChapters } from './apps/web/build/manual-chapter-plugin.ts';
import SlowestFilesReporter from './scripts/slowest-files-reporter.ts';
import WaitBoundFirst from './scripts/test-sequencer.ts';

/**
 * One vitest run, four projects. Server tests share a migrated database template made once
 * in globalSetup (PGlite costs seconds to create, milliseconds to copy).
 */
export default defineConfig({
  test: {
    // The usual output, then the slowest files (scripts/slowest-files-reporter.ts).
    reporters: ['default', new SlowestFilesReporter()],
    // Wait-bound files first, so their waiting overlaps the others' computing (scripts/test-sequencer.ts).
    sequence: { sequencer: WaitBoundFirst },
    // Four workers for the unit and API tests on two cores: a few API files wait most of their
    // time (outages of a minute, open streams), and the other workers keep the cores busy
    // meanwhile (217 s against about 300 s with two, 232 s with three). The browser tests set
    // their own (below).
    maxWorkers: 4,
    projects: [
      // Unit files share their worker's modules (isolate: false), as the server's do: each imported
      // its rules and locales afresh, 19 s of the units' 32 s. None keeps state between files
      // (the two with fake timers restore real ones after each test).
      { test: { name: 'domain', include: ['packages/*/src/**/*.test.ts', 'apps/simulator/src/**/*.test.ts', 'scripts/**/*.test.ts'], environment: 'node', isolate: false } },
      // The web units may import modules that read the split locale files or the manual's chapters.
      { plugins: [localeBundles(), manualChapters()], test: { name: 'web', include: ['apps/web/src/**/*.test.ts', 'apps/web/build/**/*.test.ts'], environment: 'node', isolate: false } },
      {
        test: {
          name: 'server',
          include: ['apps/server/src/**/*.test.ts'],
          environment: 'node',
          // The app's modules are imported once per worker, not once per file: the server project
          // took 1 min 55 s of CPU instead of 4 min 39 s. Each file still builds its own app on
          // its own copy of the database; the server keeps no module-level state keyed by row ids.
          isolate: false,
          globalSetup: ['apps/server/src/test/global-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
          pool: 'forks',
          env: { TEST_BACKEND: 'pglite' },
        },
      },
      // The same server tests again on the PostgreSQL server, when CI provides one.
      ...(process.env.TEST_DATABASE_URL
        ? [
            {
              test: {
                name: 'server-pg',
                include: ['apps/server/src/**/*.test.ts'],
                environment: 'node',
                isolate: false,
                globalSetup: ['apps/server/src/test/global-setup.ts'],
                env: { TEST_BACKEND: 'postgres' },
                testTimeout: 30_000,
                hookTimeout: 60_000,
                pool: 'forks' as const,
                    },
            },
          ]
        : []),
      {
        test: {
          name: 'e2e',
          include: ['e2e/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['e2e/global-setup.ts'],
          setupFiles: ['e2e/worker-server.setup.ts', 'e2e/late-texts.setup.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          // A page answers within seconds, not within vitest's default second: a poll for what a
          // page shows waits up to 15 s (on a busy machine the login error came after the default
          // second, failing the test), and asks every 200 ms rather than every 50 (a poll is a call
          // into the page: CPU the browser tests are short of).
          expect: { poll: { timeout: 15_000, interval: 200 } },
          // Three files at a time, each on a server no other running file uses (e2e/global-setup.ts
          // leases them), in one Chromium; the modules they share (playwright-core, the helpers)
          // are imported once per worker, not once per file. With two, the cores were idle 12 % of
          // the browser tests' time (a test waiting out a toast, a server starting); a third file
          // fills some of it: 319 s against 343 s for the 40 files on 2 cores.
          maxWorkers: 3,
          isolate: false,
          // Browser tests run after the rest, on their own.
          sequence: { groupOrder: 1 },
        },
      },
    ],
  },
});
