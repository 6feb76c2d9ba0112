import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { createDatabaseFrom, withDatabase } from '../apps/server/src/test/databases';

/**
 * The data a server leaves after its first start (migrated, the demo seeded, the browser tests'
 * passwords), made once a run by e2e/global-setup.ts (e2e/server-template.ts) and copied for each
 * browser-test server (`startServer(env, { dataFrom })`). A first start costs a server about 10 s
 * of CPU (migrations and the demo's rows), a start on a copy about 4 s; the browser tests start
 * eight or so servers on cores their pages are short of.
 *
 * With TEST_DATABASE_URL (CI's PostgreSQL server, as for the API tests) the servers run on
 * PostgreSQL, each on a database of its own cloned from a template database; otherwise on the
 * embedded database, each on a copy of a template directory. The embedded database answers the
 * servers' statements through a thread of their own, in WebAssembly: the browser tests' servers
 * spent a fifth of the phase's CPU.
 */
export type ServerTemplate = { kind: 'dir'; dir: string } | { kind: 'postgres'; url: string };

/** A server's own copy of the template: the environment that points a server at it, and its removal. */
export interface ServerData {
  env: Record<string, string>;
  remove(): Promise<void>;
}

/** The database a PostgreSQL URL names. */
export const databaseName = (url: string) => new URL(url).pathname.slice(1);

/** Runs `work` on a connection to the `postgres` database of the server `url` names (to create and drop others). */
export async function onPostgres<T>(url: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: withDatabase(url, 'postgres') });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/** Removes the template (at the end of the run). */
export async function removeServerTemplate(template: ServerTemplate): Promise<void> {
  if (template.kind === 'dir') fs.rmSync(template.dir, { recursive: true, force: true });
  else await onPostgres(template.url, (client) => client.query(`drop database if exists ${databaseName(template.url)} with (force)`));
}

let copies = 0;

/** A copy of the template of the server's own, named after `name` (a directory beside the template's, or a database). */
export async function copyServerTemplate(template: ServerTemplate, name: string): Promise<ServerData> {
  const own = `${name.replace(/\W/g, '_')}_${process.pid}_${++copies}`;
  if (template.kind === 'dir') {
    const dir = path.join(path.dirname(template.dir), `e2e-${own}`);
    fs.rmSync(dir, { recursive: true, force: true });
    fs.cpSync(template.dir, dir, { recursive: true });
    // The template's server is stopped: a lock it left would name a process long gone.
    fs.rmSync(path.join(dir, 'ullage.lock'), { force: true });
    return { env: { DATA_DIR: dir }, remove: async () => fs.rmSync(dir, { recursive: true, force: true }) };
  }
  const database = `e2e_${own}`.toLowerCase();
  const from = databaseName(template.url);
  await onPostgres(template.url, (client) => createDatabaseFrom(client, database, from));
  return {
    env: { DATABASE_URL: withDatabase(template.url, database) },
    remove: () => onPostgres(template.url, (client) => client.query(`drop database if exists ${database} with (force)`)).then(() => undefined),
  };
}
