import fs from 'node:fs';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import pg from 'pg';
import { MIGRATIONS_FOLDER, openPglite, openPostgres } from '../db/client';
import { migrationsFingerprint, PG_TEMPLATE_DB, testDatabasePrefix, withDatabase } from './databases';
import { makePgliteTemplate, TEMPLATE_SETUP } from './pglite-template';
import { seedTestDatabase, testAppConfig } from './seeded-database';

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteTemplate: string;
    postgresTemplateUrl: string | null;
    /** The template with the administrator and the demo organisation in it (seeded-database.ts). */
    pgliteSeededTemplate: string;
    postgresSeededTemplateUrl: string | null;
  }
}

/**
 * Creates and migrates one database template per run: a PGlite directory (seconds to create,
 * milliseconds to copy) and, when TEST_DATABASE_URL is set, a PostgreSQL template database
 * that each test file clones with CREATE DATABASE … TEMPLATE. Beside each, a seeded one: the
 * first start's administrator and demo organisation, made once here rather than in every file.
 * The seeded one is made anew each run (the seed's code changes more often than migrations).
 */
export default async function setup(project: TestProject) {
  if (project.name === 'server-pg') return setupPostgres(project);
  project.provide('postgresTemplateUrl', null);
  project.provide('postgresSeededTemplateUrl', null);
  const root = path.resolve('.tmp');
  const templateDir = path.join(root, `pglite-template-${migrationsFingerprint()}-${TEMPLATE_SETUP}`);
  if (!fs.existsSync(path.join(templateDir, 'ready'))) {
    await makePgliteTemplate(templateDir);
    fs.writeFileSync(path.join(templateDir, 'ready'), MIGRATIONS_FOLDER);
  }
  project.provide('pgliteTemplate', templateDir);

  const seededDir = path.join(root, `pglite-seeded-${process.pid}`);
  fs.rmSync(seededDir, { recursive: true, force: true });
  fs.cpSync(templateDir, seededDir, { recursive: true });
  const seeded = await openPglite(seededDir, { lock: false });
  await seedTestDatabase(seeded.db, testAppConfig());
  await seeded.close();
  project.provide('pgliteSeededTemplate', seededDir);
  return () => fs.rmSync(seededDir, { recursive: true, force: true });
}

async function setupPostgres(project: TestProject) {
  project.provide('pgliteTemplate', '');
  project.provide('pgliteSeededTemplate', '');
  const url = process.env.TEST_DATABASE_URL;
  if (!url) throw new Error('the server-pg project needs TEST_DATABASE_URL');
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  const template = `${PG_TEMPLATE_DB}_${process.pid}`;
  await dropDatabase(admin, template);
  await admin.query(`create database ${template}`);
  const templateUrl = withDatabase(url, template);
  const database = await openPostgres(templateUrl);
  await database.migrate();
  await database.close();
  project.provide('postgresTemplateUrl', templateUrl);
  // Its clones are named with the run's prefix too (testDatabasePrefix), so the teardown finds their leftovers.
  const seededTemplate = `${template}_seeded`;
  await dropDatabase(admin, seededTemplate);
  await admin.query(`create database ${seededTemplate} template ${template}`);
  const seededUrl = withDatabase(url, seededTemplate);
  const seeded = await openPostgres(seededUrl);
  await seedTestDatabase(seeded.db, testAppConfig({ databaseUrl: seededUrl }));
  await seeded.close();
  project.provide('postgresSeededTemplateUrl', seededUrl);

  return async () => {
    const leftovers = await admin.query<{ datname: string }>(`select datname from pg_database where starts_with(datname, $1)`, [testDatabasePrefix(template)]);
    for (const row of leftovers.rows) await dropDatabase(admin, row.datname);
    await dropDatabase(admin, seededTemplate);
    await dropDatabase(admin, template);
    await admin.end();
  };
}

async function dropDatabase(client: pg.Client, name: string) {
  await client.query(`select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()`, [name]);
  await client.query(`drop database if exists ${name}`);
}
