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

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** Applies pending migrations; safe to call on every start. (`folder`: another set, for tests of a migration.) */
  migrate(folder?: string): Promise<void>;
  close(): Promise<void>;
}

export const MIGRATIONS_FOLDER = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');

/** The embedded database in `<dataDir>/pg`, owned by this process through the lock file. */
export async function openPglite(dataDir: string, options: { lock?: boolean } = {}): Promise<Database> {
  fs.mkdirSync(dataDir, { recursive: true });
  const release = options.lock === false ? () => {} : acquireDataDirLock(dataDir);
  try {
    const client = await PGlite.create({ dataDir: path.join(dataDir, 'pg') });
    const db = drizzlePglite(client, { schema }) as unknown as Db;
    return {
      db,
      kind: 'pglite',
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

export async function openPostgres(url: string): Promise<Database> {
  const pool = new pg.Pool({ connectionString: url, max: 10 });
  // Fail at start-up, with the server's own message, rather than on the first request.
  await pool.query('select 1');
  const db = drizzlePg(pool, { schema }) as unknown as Db;
  return {
    db,
    kind: 'postgres',
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
}

export async function ping(db: Db): Promise<boolean> {
  try {
    await db.execute(sql`select 1`);
    return true;
  } catch {
    return false;
  }
}
