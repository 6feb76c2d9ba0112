import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { E2E_ADMIN_PASSWORD, startServer, type RunningServer } from '../../../e2e/server';
import { backend } from './test/databases';
import { emptyPostgresDatabase, signInOverHttp } from './test/processes';
import { openSse } from './test/sse';

/**
 * The real server process shutting down on SIGTERM, as an orchestrator or a rolling upgrade
 * does it behind a load balancer: the open live streams end at once (their clients reconnect to
 * another instance) instead of holding the process until the orchestrator kills it, and the
 * process exits 0. On the embedded database in its own DATA_DIR, and, in the server-pg project,
 * on a PostgreSQL database of its own (the live bus over LISTEN/NOTIFY and the leases to release).
 */
describe('graceful shutdown of the server process', () => {
  let server: RunningServer;
  let database: Awaited<ReturnType<typeof emptyPostgresDatabase>> | undefined;

  beforeAll(async () => {
    if (backend() === 'postgres') database = await emptyPostgresDatabase();
    server = await startServer({ DEMO: 'on', SIMULATOR: 'off', LOG_LEVEL: 'info', ...(database ? { DATABASE_URL: database.url } : {}) }, { requireWeb: false });
  }, 120_000);
  afterAll(async () => {
    await server?.stop();
    await database?.drop();
  });

  it('on SIGTERM: the alarm feed ends within seconds, and the process exits 0', async () => {
    const { cookie, userId } = await signInOverHttp(server.baseUrl, 'admin', E2E_ADMIN_PASSWORD);
    expect((await fetch(`${server.baseUrl}/api/ready`)).status).toBe(200);
    const feed = await openSse(`${server.baseUrl}/api/sse-msg/connect?userId=${userId}&lang=en`, { cookie });
    const timeout = (ms: number) => new Promise<'timeout'>((resolve) => setTimeout(() => resolve('timeout'), ms));
    const signalled = Date.now();
    server.child.kill('SIGTERM');
    expect(await Promise.race([feed.ended.then(() => 'ended' as const), timeout(5000)]), server.output()).toBe('ended');
    expect(await Promise.race([server.exited, timeout(10_000)]), server.output()).toBe(0);
    expect(Date.now() - signalled).toBeLessThan(10_000);
    expect(server.output()).toContain('"msg":"stopped"');
  }, 30_000);
});
