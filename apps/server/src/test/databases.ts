import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { MIGRATIONS_FOLDER, openPglite, openPostgres, type Database } from '../db/client';

export const PG_TEMPLATE_DB = 'ullage_test_template';

/** Databases of one test run: `ullage_test_template_<run>` and `ullage_t_<run>_<id>`. */
export function testDatabasePrefix(template: string): string {
  return `ullage_t_${template.slice(PG_TEMPLATE_DB.length + 1)}_`;
}

export type Backend = 'pglite' | 'postgres';

/** Which database this test worker runs against (the vitest project sets it). */
export function backend(): Backend {
  return process.env.TEST_BACKEND === 'postgres' ? 'postgres' : 'pglite';
}

/** Changes whenever a migration changes, so a stale template is never reused. */
export function migrationsFingerprint(): string {
  const hash = createHash('sha256');
  for (const file of fs.readdirSync(MIGRATIONS_FOLDER).filter((f) => f.endsWith('.sql')).sort()) {
    hash.update(file).update(fs.readFileSync(path.join(MIGRATIONS_FOLDER, file)));
  }
  return hash.digest('hex').slice(0, 12);
}

export function withDatabase(url: string, name: string): string {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}

/** `create database <name> template <template>`; two copies of one template at the same instant collide ("being accessed by other users"): the second tries again. */
export async function createDatabaseFrom(admin: pg.Client, name: string, template: string): Promise<void> {
  for (let attempt = 0; ; attempt++) {
    try {
      await admin.query(`create database ${name} template ${template}`);
      return;
    } catch (error) {
      if (attempt >= 20) throw error;
      await new Promise((r) => setTimeout(r, 100 + Math.random() * 200));
    }
  }
}

/** A fresh, migrated, empty database of its own for one test file. */
export async function freshDatabase(templates: { pgliteTemplate: string; postgresTemplateUrl: string | null }): Promise<Database & { dataDir?: string; url?: string }> {
  const id = randomBytes(5).toString('hex');
  if (backend() === 'postgres') {
    if (!templates.postgresTemplateUrl) throw new Error('TEST_BACKEND=postgres needs TEST_DATABASE_URL');
    // The template's name carries this run's id; the file's database carries it too, so
    // concurrent runs on one server (a developer's and CI's) never touch each other's.
    const template = new URL(templates.postgresTemplateUrl).pathname.slice(1);
    const name = `${testDatabasePrefix(template)}${id}`;
    const admin = new pg.Client({ connectionString: withDatabase(templates.postgresTemplateUrl, 'postgres') });
    await admin.connect();
    await createDatabaseFrom(admin, name, template);
    await admin.end();
    const url = withDatabase(templates.postgresTemplateUrl, name);
    const database = await openPostgres(url);
    return {
      ...database,
      url,
      close: async () => {
        await database.close();
        const dropper = new pg.Client({ connectionString: withDatabase(templates.postgresTemplateUrl!, 'postgres') });
        await dropper.connect();
        await dropper.query(`drop database if exists ${name}`);
        await dropper.end();
      },
    };
  }
  const dataDir = path.resolve('.tmp', `db-${id}`);
  fs.cpSync(templates.pgliteTemplate, dataDir, { recursive: true });
  // In place, as a rule: the suite's thousands of short statements ran 1.6 × as long through the
  // server's own thread (db/pglite-thread.ts, tested in pglite-thread.test.ts and by every
  // `npm start`); TEST_PGLITE_THREAD=worker runs the whole suite on it (all passed, 371 s against 238 s).
  const database = await openPglite(dataDir, { thread: process.env.TEST_PGLITE_THREAD === 'worker' ? 'worker' : 'main' });
  return {
    ...database,
    dataDir,
    close: async () => {
      await database.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
