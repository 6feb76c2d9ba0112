import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import * as schema from './schema';
import { acquireDataDirLock } from './lock';
import { useLanes } from './lanes';
import { PgliteThread } from './pglite-thread';

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /**
   * Where a connection's own error goes (one lost while idle or while held by a transaction):
   * without a listener, pg would throw it and stop the process. Set by main.ts once the app has
   * its DatabaseAvailability; until then such errors are dropped (the next query reconnects).
   */
  onConnectionError: (error: Error) => void;
  /** Applies pending migrations; safe to call on every start. (`folder`: another set, for tests of a migration.) */
  migrate(folder?: string): Promise<void>;
  close(): Promise<void>;
}

export const MIGRATIONS_FOLDER = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');

/**
 * The embedded database in `<dataDir>/pg`, owned by this process through the lock file.
 * `thread: 'worker'` (the server's) runs it on a thread of its own with people's statements
 * before the background's (pglite-thread.ts, lanes.ts); `'main'` runs it in place — the test
 * suite's choice for its many short-lived databases (the thread has its own test,
 * pglite-thread.test.ts; TEST_PGLITE_THREAD=worker runs the whole suite on it).
 */
export async function openPglite(
  dataDir: string,
  options: {
    lock?: boolean;
    thread?: 'worker' | 'main';
    onThreadStopped?: (error: Error) => void;
    /** Arguments for initdb when the directory is new, in place only (the test suite's templates: test/pglite-template.ts). */
    initdbArgs?: string[];
  } = {},
): Promise<Database> {
  fs.mkdirSync(dataDir, { recursive: true });
  const release = options.lock === false ? () => {} : acquireDataDirLock(dataDir);
  try {
    const pgDir = path.join(dataDir, 'pg');
    let client: { close(): Promise<void> };
    let db: Db;
    if (options.thread === 'worker') {
      useLanes();
      const thread = await PgliteThread.open(pgDir, { onStopped: options.onThreadStopped });
      client = thread;
      db = drizzlePglite(thread as never, { schema }) as unknown as Db;
    } else {
      const pglite = await PGlite.create({ dataDir: pgDir, ...(options.initdbArgs ? { initDbStartParams: options.initdbArgs } : {}) });
      client = pglite;
      db = drizzlePglite(pglite, { schema }) as unknown as Db;
    }
    return {
      db,
      kind: 'pglite',
      // In-process: there is no connection to lose.
      onConnectionError: () => {},
      migrate: (folder = MIGRATIONS_FOLDER) => migratePglite(db as never, { migrationsFolder: folder }),
      close: async () => {
        await client.close();
        release();
      },
    };
  } catch (error) {
    release();
    throw error;
  }
}

/** How long a query waits for a connection before it fails (a database that does not answer at all). */
const CONNECT_TIMEOUT_MS = 5_000;

export async function openPostgres(url: string): Promise<Database> {
  const pool = new pg.Pool({
    connectionString: url,
    max: 10,
    connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
    // A peer gone without a word (a failover, a cut network) is noticed by the kernel, not only at the next query.
    keepAlive: true,
    // No JIT compilation: a report's statement is thousands of short index look-ups whose summed
    // estimate passes jit_above_cost, and compiling it took ~450 ms of a 500 ms statement at
    // 1,000 tanks (issue 35; 63 ms without). None of our statements gains from it.
    // Named statements (raw-sql.ts preparedRows) skip parsing but are still planned for their
    // own parameters every time: a generic plan made while a table was young or empty walked
    // every active alarm of the fleet for each tank (14 ms a group on bench/ingest.ts) until the
    // next ANALYZE.
    options: '-c jit=off -c plan_cache_mode=force_custom_plan',
  });
  const db = drizzlePg(pool, { schema }) as unknown as Db;
  const database: Database = {
    db,
    kind: 'postgres',
    onConnectionError: () => {},
    migrate: async (folder = MIGRATIONS_FOLDER) => {
      // Several instances may start together against one server; one migrates at a time.
      const client = await pool.connect();
      try {
        await client.query('select pg_advisory_lock(727001)');
        await migratePg(drizzlePg(client, { schema }), { migrationsFolder: folder });
      } finally {
        await client.query('select pg_advisory_unlock(727001)').catch(() => {});
        client.release();
      }
    },
    close: () => pool.end(),
  };
  // An idle connection's error reaches the pool; a connection held by a transaction or the
  // migrator has no listener of the pool's while held, and pg throws an error nobody listens
  // for, which stops the process. So every connection gets a listener of its own. The pool
  // drops a broken connection on release and opens a new one for the next query.
  const report = (error: Error) => database.onConnectionError(error);
  pool.on('error', report);
  pool.on('connect', (client) => client.on('error', report));
  // Fail at start-up, with the server's own message, rather than on the first request.
  try {
    await pool.query('select 1');
  } catch (error) {
    await pool.end().catch(() => {});
    throw error;
  }
  return database;
}

/** Whether the database answers within `timeoutMs` (a database that hangs is as good as gone). */
export async function ping(db: Db, timeoutMs = 3_000): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<false>((resolve) => {
    timer = setTimeout(() => resolve(false), timeoutMs);
    timer.unref();
  });
  try {
    return await Promise.race([db.execute(sql`select 1`).then(() => true, () => false), timeout]);
  } finally {
    clearTimeout(timer);
  }
}
