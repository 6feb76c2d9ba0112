import { openPglite, openPostgres, type Db } from '../apps/server/src/db/client';
import { serverTemplate } from './browser';
import { startServer, type RunningServer } from './server';
import { copyServerTemplate } from './server-data';

/**
 * The real server over a database of the file's own: a copy of the run's first start (migrated,
 * the demo seeded: e2e/server-data.ts), then `prepare` writes the rows the file needs that no
 * API makes, or that would take too long to come about (an outage begins after 15 silent
 * minutes). `stop` also removes the data.
 */
export async function startPreparedServer(name: string, prepare: (db: Db) => Promise<void>): Promise<RunningServer> {
  const data = await copyServerTemplate(await serverTemplate(), name);
  try {
    const database = data.env.DATABASE_URL ? await openPostgres(data.env.DATABASE_URL) : await openPglite(data.env.DATA_DIR!);
    try {
      await prepare(database.db);
    } finally {
      await database.close();
    }
    const server = await startServer(data.env);
    return {
      ...server,
      stop: async () => {
        await server.stop();
        await data.remove();
      },
    };
  } catch (error) {
    await data.remove();
    throw error;
  }
}
