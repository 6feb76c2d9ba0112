import fs from 'node:fs';
import path from 'node:path';
import { openPglite, type Db } from '../apps/server/src/db/client';
import { serverTemplate } from './browser';
import { copyDataDir, startServer, type RunningServer } from './server';

/**
 * The real server over a database of the file's own (`.tmp/e2e-<name>-<pid>`): a copy of the
 * run's first start (migrated, the demo seeded: e2e/server-template.ts), then `prepare` writes
 * the rows the file needs that no API makes, or that would take too long to come about (an
 * outage begins after 15 silent minutes). `stop` also removes the data.
 */
export async function startPreparedServer(name: string, prepare: (db: Db) => Promise<void>): Promise<RunningServer> {
  const dataDir = path.resolve(import.meta.dirname, '..', '.tmp', `e2e-${name}-${process.pid}`);
  const remove = () => fs.rmSync(dataDir, { recursive: true, force: true });
  try {
    copyDataDir(await serverTemplate(), dataDir);
    const database = await openPglite(dataDir);
    try {
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
