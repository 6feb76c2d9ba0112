import { startServer } from './server';
import { withDatabase } from '../apps/server/src/test/databases';
import { databaseName, onPostgres, type ServerTemplate } from './server-data';

/**
 * Makes the template of the browser tests' servers (e2e/server-data.ts): `where` a directory, or
 * with `postgresUrl` a database named after this process. It is made by `npm start`'s own first
 * start (the server stopped as an operator stops it), so that path is still what every browser
 * test stands on.
 */
export async function makeServerTemplate(where: { dir: string; postgresUrl?: string }): Promise<ServerTemplate> {
  const template: ServerTemplate = where.postgresUrl ? { kind: 'postgres', url: withDatabase(where.postgresUrl, `e2e_template_${process.pid}`) } : { kind: 'dir', dir: where.dir };
  if (template.kind === 'postgres') {
    const name = databaseName(template.url);
    await onPostgres(template.url, async (client) => {
      await client.query(`drop database if exists ${name} with (force)`);
      await client.query(`create database ${name}`);
    });
  }
  const server = await startServer(template.kind === 'dir' ? { DATA_DIR: template.dir } : { DATABASE_URL: template.url });
  server.child.kill('SIGTERM');
  const code = await server.exited;
  if (code !== 0) throw new Error(`the template server stopped with ${code}:\n${server.output().slice(-2000)}`);
  return template;
}

