import fs from 'node:fs';
import { sql } from 'drizzle-orm';
import { openPglite } from '../db/client';

/**
 * Changes to the test templates' PGlite setup: part of the template's directory name, so a
 * template made before a change is not reused.
 */
export const TEMPLATE_SETUP = 'slim2';

/**
 * initdb's arguments for the API tests' PGlite databases, small to copy and quick to open: every
 * test file copies the template and starts PostgreSQL on the copy (some files more than once).
 * Measured on a 2-core machine, a file's copy and open cost 0.3 + 0.72 s of CPU with initdb's
 * defaults, the open nearly all PostgreSQL making and zeroing its 128 MB of shared buffers; with
 * these, 0.3 + 0.27 s (the copy, of 18 MB and 661 files rather than 41 MB and 1,255, costs about
 * the same). The server's own database (`npm start`) keeps PostgreSQL's defaults.
 *   - 32 MB of shared buffers and 10 connections (PGlite has one);
 *   - WAL segments of 1 MB rather than 16, and few of them kept.
 */
export const TEST_INITDB_ARGS = ['--wal-segsize=1', '-c', 'shared_buffers=32MB', '-c', 'max_connections=10', '-c', 'min_wal_size=2MB'];

/** The template: migrated, without template0 and template1 (no test creates a database on PGlite; about half its files). */
export async function makePgliteTemplate(dir: string): Promise<void> {
  fs.rmSync(dir, { recursive: true, force: true });
  const database = await openPglite(dir, { lock: false, initdbArgs: TEST_INITDB_ARGS });
  try {
    await database.migrate();
    await database.db.execute(sql.raw(`update pg_database set datistemplate = false where datname in ('template0', 'template1')`));
    await database.db.execute(sql.raw('drop database template0'));
    await database.db.execute(sql.raw('drop database template1'));
    await database.db.execute(sql.raw('checkpoint'));
  } finally {
    await database.close();
  }
}
