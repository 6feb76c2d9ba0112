import { startServer } from './server';

/**
 * The data directory a server leaves after its first start (migrated, the demo seeded, the
 * browser tests' passwords), made once a run by e2e/global-setup.ts and copied for each browser
 * test server (`startServer(env, { dataFrom })`). A first start costs a server about 10 s of CPU
 * (migrations and the demo's rows in the embedded database), a start on a copy about 4 s; the
 * browser tests start eight or so servers on cores their pages are short of. The template is
 * made by `npm start`'s own first start (the server stopped as an operator stops it), so that
 * path is still what every browser test stands on.
 */
export async function makeServerTemplate(dir: string): Promise<string> {
  const server = await startServer({ DATA_DIR: dir });
  server.child.kill('SIGTERM');
  const code = await server.exited;
  if (code !== 0) throw new Error(`the template server stopped with ${code}:\n${server.output().slice(-2000)}`);
  return dir;
}
