import fs from 'node:fs';
import path from 'node:path';
import { MIGRATIONS_FOLDER, openPglite, openPostgres, type Database } from '../db/client';
import { backend } from './databases';
import { TEST_INITDB_ARGS } from './pglite-template';
import { emptyPostgresDatabase } from './processes';

/**
 * An empty database of the backend under test (PGlite, or PostgreSQL with TEST_DATABASE_URL)
 * migrated only up to migration `last`: a database as an older release left it, for tests of
 * what a later migration does to existing data. `database.migrate()` then applies the rest.
 */
export async function databaseMigratedTo(last: number, name: string): Promise<{ database: Database; close(): Promise<void> }> {
  const scratch = path.resolve('.tmp', `${name}-${process.pid}-${Date.now()}`);
  const folder = path.join(scratch, 'migrations');
  fs.mkdirSync(path.join(folder, 'meta'), { recursive: true });
  const journal = JSON.parse(fs.readFileSync(path.join(MIGRATIONS_FOLDER, 'meta', '_journal.json'), 'utf8')) as { entries: { idx: number; tag: string }[] };
  journal.entries = journal.entries.filter((e) => e.idx <= last);
  fs.writeFileSync(path.join(folder, 'meta', '_journal.json'), JSON.stringify(journal));
  for (const e of journal.entries) fs.copyFileSync(path.join(MIGRATIONS_FOLDER, `${e.tag}.sql`), path.join(folder, `${e.tag}.sql`));

  let database: Database;
  let drop = async () => {};
  if (backend() === 'postgres') {
    const empty = await emptyPostgresDatabase();
    database = await openPostgres(empty.url);
    drop = empty.drop;
  } else {
    database = await openPglite(path.join(scratch, 'data'), { lock: false, initdbArgs: TEST_INITDB_ARGS });
  }
  await database.migrate(folder);
  return {
    database,
    close: async () => {
      await database.close();
      await drop();
      fs.rmSync(scratch, { recursive: true, force: true });
    },
  };
}
