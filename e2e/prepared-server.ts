import fs from 'node:fs';
import path from 'node:path';
import { testConfig } from '../apps/server/src/config';
import { openPglite, type Db } from '../apps/server/src/db/client';
import { firstStart } from '../apps/server/src/seed/first-start';
import { E2E_ADMIN_PASSWORD, E2E_DEMO_PASSWORD, startServer, type RunningServer } from './server';

/**
 * The real server over a database of the file's own (`.tmp/e2e-<name>-<pid>`): migrated, the demo
 * seeded, then `prepare` writes the rows the file needs that no API makes, or that would take
 * too long to come about (an outage begins after 15 silent minutes). `stop` also removes the data.
 */
export async function startPreparedServer(name: string, prepare: (db: Db) => Promise<void>): Promise<RunningServer> {
  const dataDir = path.resolve(import.meta.dirname, '..', '.tmp', `e2e-${name}-${process.pid}`);
  const remove = () => fs.rmSync(dataDir, { recursive: true, force: true });
  remove();
  try {
    const database = await openPglite(dataDir);
    try {
      await database.migrate();
      await firstStart(database.db, testConfig({ adminPassword: E2E_ADMIN_PASSWORD, demoPassword: E2E_DEMO_PASSWORD, demo: 'on' }));
      await prepare(database.db);
    } finally {
      await database.close();
    }
    const server = await startServer({ DATA_DIR: dataDir });
    return {
      ...server,
      stop: async () => {
        await server.stop();
        remove();
      },
    };
  } catch (error) {
    remove();
    throw error;
  }
}
