import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { withDatabase } from './databases';

/**
 * Helpers for tests of the real server process (e2e/server.ts startServer), which reach it over
 * HTTP only, as a client or a load balancer would.
 */

/**
 * An empty PostgreSQL database of its own on the server of TEST_DATABASE_URL: the server
 * migrates it and seeds the demo organisation on its first start, as in production.
 */
export async function emptyPostgresDatabase(): Promise<{ url: string; drop(): Promise<void> }> {
  const base = process.env.TEST_DATABASE_URL;
  if (!base) throw new Error('needs TEST_DATABASE_URL');
  const name = `ullage_proc_${process.pid}_${randomBytes(4).toString('hex')}`;
  const admin = async (statement: string) => {
    const client = new pg.Client({ connectionString: withDatabase(base, 'postgres') });
    await client.connect();
    try {
      await client.query(statement);
    } finally {
      await client.end();
    }
  };
  await admin(`create database ${name}`);
  return {
    url: withDatabase(base, name),
    // (force): a process killed with -9 may leave connections the server has not yet noticed.
    drop: () => admin(`drop database if exists ${name} with (force)`),
  };
}

/** Signs in over HTTP; the Cookie header of the session, and the user's id. */
export async function signInOverHttp(base: string, username: string, password: string): Promise<{ cookie: string; userId: number }> {
  const response = await fetch(`${base}/api/login/auth`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username, password }) });
  const body = (await response.json()) as { code: number };
  if (body.code !== 1000) throw new Error(`sign-in of ${username} failed: ${JSON.stringify(body)}`);
  const session = response.headers.getSetCookie().find((c) => c.startsWith('ullage_session='));
  if (!session) throw new Error('no session cookie');
  const cookie = session.split(';')[0]!;
  const info = (await (await fetch(`${base}/api/login/getInfo`, { headers: { cookie } })).json()) as { data: { userId: number } };
  return { cookie, userId: info.data.userId };
}
