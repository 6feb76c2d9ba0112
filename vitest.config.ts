import { defineConfig } from 'vitest/config';
import { localeBundles } from './apps/web/build/locale-bundles-plugin.ts';
import SlowestFilesReporter from './scripts/slowest-files-reporter.ts';

/**
 * One vitest run, four projects. Server tests share a migrated database template made once
 * in globalSetup (PGlite costs seconds to create, milliseconds to copy).
 */
export default defineConfig({
  test: {
    // The usual output, then the slowest files (scripts/slowest-files-reporter.ts).
    reporters: ['default', new SlowestFilesReporter()],
    // Two cores: API tests each hold a database, browser tests a Chromium. (Three for the unit
    // and API tests, two for the browser tests, ran slower on this machine: 22 min against 16.)
    maxWorkers: 2,
    projects: [
      { test: { name: 'domain', include: ['packages/*/src/**/*.test.ts', 'apps/simulator/src/**/*.test.ts', 'scripts/**/*.test.ts'], environment: 'node' } },
      // The web units may import modules that read the split locale files.
      { plugins: [localeBundles()], test: { name: 'web', include: ['apps/web/src/**/*.test.ts'], environment: 'node' } },
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
          // One file at a time for this landing: two at a time, with files started longest first,
          // failed four tests on files meeting each other's data on a shared server (an audit entry,
          // a leak-test count; issue 33's next step is a server per file group that cannot meet).
          fileParallelism: false,
          // Browser tests run after the rest, on their own.
          sequence: { groupOrder: 1 },
        },
      },
    ],
  },
});
