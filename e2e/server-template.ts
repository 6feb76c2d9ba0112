import { startServer } from './server';
import { withDatabase } from '../apps/server/src/test/databases';
import { onPostgres, type ServerTemplate } from './server-data';

/**
 * The template of the browser tests' servers (e2e/server-data.ts), made by `npm start`'s own
 * first start (the server stopped as an operator stops it), so that path is still what every
 * browser test stands on.
 */
/** Makes the template: `where` a directory, or with `postgresUrl` a database named after it. */
export async function makeServerTemplate(where: { dir: string; postgresUrl?: string }): Promise<ServerTemplate> {
  const template: ServerTemplate = where.postgresUrl ? { kind: 'postgres', url: withDatabase(where.postgresUrl, `e2e_template_${process.pid}`) } : { kind: 'dir', dir: where.dir };
  if (template.kind === 'postgres') {
    const name = new URL(template.url).pathname.slice(1);
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

