import { spawn } from 'node:child_process';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rawRows } from '../../lib/raw-sql';
import { backend } from '../../test/databases';
import { startPeerApp, startTestApp, type TestContext } from '../../test/harness';
import { requestsAs, signInAll } from '../../test/signed-in';
import { WebhookSender } from './sender';
import { startReceiver, type Receiver } from './test-receiver';

/**
 * Two instances on one PostgreSQL database (DESIGN §7) sending the same outbox at once: each
 * delivery reaches the receiver once. The lease keeps the job on one instance; this runs both
 * senders together, so it is the claims (FOR UPDATE SKIP LOCKED and the claim's time) that are
 * tested. The embedded database serves one process: no second instance there.
 */
const onPostgres = backend() === 'postgres';

describe.skipIf(!onPostgres)(onPostgres ? 'two instances send each delivery once' : 'two instances — skipped: a second instance needs a PostgreSQL server (set TEST_DATABASE_URL)', () => {
  let a: TestContext;
  let b: TestContext;
  let receiver: Receiver;
  const cookie: Record<string, string> = {};
  const { call } = requestsAs(() => a.app, cookie);

  beforeAll(async () => {
    a = await startTestApp({ config: { webhookAllowPrivate: true } });
    b = await startPeerApp(a);
    Object.assign(cookie, await signInAll(a.app, ['demo-company']));
    receiver = await startReceiver();
  });
  afterAll(async () => {
    await receiver?.close();
    await b?.close();
    await a?.close();
  });

  it('40 deliveries to 4 endpoints, two senders racing round after round: each sent exactly once', async () => {
    for (let e = 0; e < 4; e++) {
      const { id } = (await call('demo-company', 'POST', '/api/webhooks', { url: `${receiver.url}/${e}`, events: ['alarm.opened'] })).json().data;
      for (let i = 0; i < 10; i++) await call('demo-company', 'POST', `/api/webhooks/${id}/test`);
    }
    const sender = (ctx: TestContext) => new WebhookSender({ db: ctx.db, clock: () => new Date(), logger: ctx.app.log }, { allowPrivate: true, perEndpoint: 3, concurrency: 2 });
    const [one, two] = [sender(a), sender(b)];
    for (let round = 0; round < 20 && receiver.received.length < 40; round++) await Promise.all([one.runOnce(), two.runOnce()]);
    const ids = receiver.received.map((r) => r.headers['webhook-id']);
    expect(ids).toHaveLength(40);
    expect(new Set(ids).size).toBe(40);
    const [left] = await rawRows<{ n: number }>(a.db, sql`select count(*)::int as n from webhook_deliveries where status <> 'succeeded'`);
    expect(left!.n).toBe(0);
  });

  it('a sender killed -9 while it posts loses nothing: another sends the delivery once its claim lapses, signed, with the same id', async () => {
    const made = (await call('demo-company', 'POST', '/api/webhooks', { url: `${receiver.url}/killed`, events: ['alarm.opened'] })).json().data as { id: number; secret: string };
    receiver.answer('hang');
    const first = receiver.next();
    expect((await call('demo-company', 'POST', `/api/webhooks/${made.id}/test`)).json().code).toBe(1000);
    // The sender of another process takes the delivery and is killed while the receiver holds its request.
    const root = path.resolve(import.meta.dirname, '../../../../..');
    const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/test/webhook-sender-cli.ts', a.config.databaseUrl!], { cwd: root, stdio: ['ignore', 'pipe', 'inherit'] });
    let posted: Awaited<typeof first>;
    try {
      posted = await first;
    } finally {
      child.kill('SIGKILL');
    }
    await new Promise((resolve) => child.once('exit', resolve));
    const [claimed] = await rawRows<{ status: string; attempts: number }>(a.db, sql`select status, attempts from webhook_deliveries where endpoint_id = ${made.id}`);
    expect(claimed!.status).not.toBe('succeeded');

    // Before its claim lapses no one sends it again; after, the next sender does, the same message.
    const sender = (minutesAhead: number) => new WebhookSender({ db: b.db, clock: () => new Date(Date.now() + minutesAhead * 60_000), logger: b.app.log }, { allowPrivate: true });
    expect(await sender(0).runOnce()).toBe(0);
    const again = receiver.next();
    await sender(15).runOnce();
    const resent = await again;
    expect(resent.headers['webhook-id']).toBe(posted.headers['webhook-id']);
    expect(resent.body).toBe(posted.body);
    const header = (name: string) => String(resent.headers[name]);
    const verified = new Webhook(made.secret).verify(resent.body, { 'webhook-id': header('webhook-id'), 'webhook-timestamp': header('webhook-timestamp'), 'webhook-signature': header('webhook-signature') }) as { type: string };
    expect(verified.type).toBe('test.ping');
    const [done] = await rawRows<{ status: string }>(a.db, sql`select status from webhook_deliveries where endpoint_id = ${made.id}`);
    expect(done!.status).toBe('succeeded');
  });

  it('the periodic job runs on the instance holding its lease only', async () => {
    a.app.jobs.start();
    b.app.jobs.start();
    // Both claim their leases at once on start; wait for the claims to land (milliseconds).
    const holders = () => [a, b].filter((ctx) => ctx.app.jobs.holds('webhooks')).length;
    for (let i = 0; i < 100 && holders() === 0; i++) await new Promise((r) => setTimeout(r, 20));
    await new Promise((r) => setTimeout(r, 100));
    const held = holders();
    await Promise.all([a.app.jobs.stop(), b.app.jobs.stop()]);
    expect(held).toBe(1);
  });
});
