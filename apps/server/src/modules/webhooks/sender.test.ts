import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { Webhook } from 'standardwebhooks';
import { rawRows } from '../../lib/raw-sql';
import { startTestApp, type TestContext } from '../../test/harness';
import { requestsAs, signInAll } from '../../test/signed-in';
import { mailDisabledEndpoint, type DisabledEndpoint } from './owner-notice';
import { claimDue } from './repo';
import { WebhookSender, type SenderOptions } from './sender';
import { startReceiver, type Receiver } from './test-receiver';

// The sender against a real receiver on loopback (WEBHOOK_ALLOW_PRIVATE on, as a self-hoster
// would set it), on a clock the test moves: no test waits for a backoff on the wall clock.
let ctx: TestContext;
let now = Date.parse('2026-11-30T10:00:00Z');
const clock = () => new Date(now);
const cookie: Record<string, string> = {};
const { call } = requestsAs(() => ctx.app, cookie);
const receivers: Receiver[] = [];

beforeAll(async () => {
  ctx = await startTestApp({ config: { webhookAllowPrivate: true }, clock });
  Object.assign(cookie, await signInAll(ctx.app, ['demo-company']));
});
afterAll(() => ctx?.close());
afterEach(async () => {
  vi.useRealTimers();
  await ctx.db.execute(sql`delete from webhook_endpoints`);
  await Promise.all(receivers.splice(0).map((r) => r.close()));
});

const senderWith = (options: Partial<SenderOptions> = {}) => new WebhookSender({ db: ctx.db, clock, logger: ctx.app.log }, { allowPrivate: true, timeoutMs: 2_000, ...options });

async function endpointAt(receiver: Receiver, events = ['alarm.opened']): Promise<{ id: number; secret: string }> {
  const answer = (await call('demo-company', 'POST', '/api/webhooks', { url: receiver.url, events })).json();
  if (answer.code !== 1000) throw new Error(JSON.stringify(answer));
  return answer.data;
}
const receiver = async (...args: Parameters<typeof startReceiver>) => {
  const r = await startReceiver(...args);
  receivers.push(r);
  return r;
};
const testEvent = async (endpointId: number) => (await call('demo-company', 'POST', `/api/webhooks/${endpointId}/test`)).json().data.deliveryId as number;
/** Instants as epoch milliseconds (the drivers answer timestamps differently in raw rows). */
const ms = (column: string) => sql.raw(`(extract(epoch from ${column}) * 1000)::float8`);
const delivery = async (id: number) =>
  (
    await rawRows<{ status: string; attempts: number; next_attempt_at: number | null; last_status_code: number | null; last_error: string | null; duration_ms: number; response_excerpt: string | null }>(
      ctx.db,
      sql`select status, attempts, ${ms('next_attempt_at')} as next_attempt_at, last_status_code, last_error, duration_ms, response_excerpt from webhook_deliveries where id = ${id}`,
    )
  )[0]!;
const endpoint = async (id: number) =>
  (await rawRows<{ enabled: boolean; disabled_reason: string | null; failing_since: number | null }>(ctx.db, sql`select enabled, disabled_reason, ${ms('failing_since')} as failing_since from webhook_endpoints where id = ${id}`))[0]!;

describe('webhook deliveries are signed (Standard Webhooks)', () => {
  it('the receiver verifies the signature with the standardwebhooks library; a replay, a changed body or another secret is refused', async () => {
    const r = await receiver();
    const { id, secret } = await endpointAt(r);
    const deliveryId = await testEvent(id);
    expect(await senderWith().runOnce()).toBe(1);
    expect(r.received).toHaveLength(1);
    const { headers, body } = r.received[0]!;
    const payload = new Webhook(secret).verify(body, headers as Record<string, string>) as { type: string; version: number; id: string; timestamp: string; data: { endpointId: number } };
    expect(payload).toMatchObject({ type: 'test.ping', version: 1, id: headers['webhook-id'], timestamp: new Date(now).toISOString(), data: { endpointId: id } });
    expect(headers['content-type']).toBe('application/json');
    expect(() => new Webhook(secret).verify(body.replace('test.ping', 'alarm.opened'), headers as Record<string, string>)).toThrow(/No matching signature/);
    expect(() => new Webhook(`whsec_${Buffer.alloc(32, 7).toString('base64')}`).verify(body, headers as Record<string, string>)).toThrow(/No matching signature/);
    // The same request replayed six minutes later is too old for the library (5 minutes' tolerance).
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 6 * 60_000 });
    expect(() => new Webhook(secret).verify(body, headers as Record<string, string>)).toThrow(/too old/);
    vi.useRealTimers();
    expect(await delivery(deliveryId)).toMatchObject({ status: 'succeeded', attempts: 1, last_status_code: 200, next_attempt_at: null, response_excerpt: 'ok' });
  });
});

describe('retries', () => {
  it('a failing receiver is retried in backoff order (5 s, then 30 s) with the same id and body until it answers 2xx', async () => {
    const r = await receiver();
    r.answer({ status: 500, body: 'down' }, { status: 503 }, { status: 204 });
    const { id } = await endpointAt(r);
    const deliveryId = await testEvent(id);
    const sender = senderWith();
    const t0 = now;
    await sender.runOnce();
    expect(await delivery(deliveryId)).toMatchObject({ status: 'failed', attempts: 1, last_status_code: 500, response_excerpt: 'down', next_attempt_at: t0 + 5_000 });
    expect((await endpoint(id)).failing_since).toBe(t0);
    now = t0 + 4_999;
    expect(await sender.runOnce()).toBe(0);
    now = t0 + 5_000;
    await sender.runOnce();
    expect(await delivery(deliveryId)).toMatchObject({ status: 'failed', attempts: 2, last_status_code: 503, next_attempt_at: t0 + 35_000 });
    now = t0 + 34_999;
    expect(await sender.runOnce()).toBe(0);
    now = t0 + 35_000;
    await sender.runOnce();
    expect(await delivery(deliveryId)).toMatchObject({ status: 'succeeded', attempts: 3, last_status_code: 204, next_attempt_at: null });
    expect((await endpoint(id)).failing_since).toBeNull();
    expect(r.received.map((x) => x.headers['webhook-id'])).toEqual(Array(3).fill(r.received[0]!.headers['webhook-id']));
    expect(new Set(r.received.map((x) => x.body)).size).toBe(1);
    // Listed with its response code and attempts, and sent again on request.
    const listed = (await call('demo-company', 'GET', `/api/webhooks/${id}/deliveries`)).json().data.list[0];
    expect(listed).toMatchObject({ id: deliveryId, status: 'succeeded', attempts: 3, lastStatusCode: 204, durationMs: expect.any(Number) });
    await call('demo-company', 'POST', `/api/webhooks/${id}/deliveries/${deliveryId}/redeliver`);
    await sender.runOnce();
    expect(r.received).toHaveLength(4);
    expect(await delivery(deliveryId)).toMatchObject({ status: 'succeeded', attempts: 1 });
  });

  it('after 24 hours of failures a delivery is given up, and an endpoint failing for a day is disabled', async () => {
    const r = await receiver({ status: 500 });
    const { id } = await endpointAt(r);
    const first = await testEvent(id);
    const told: DisabledEndpoint[] = [];
    const sender = senderWith({ onDisabled: async (endpoint) => void told.push(endpoint) });
    const t0 = now;
    for (let round = 0; round < 40; round++) {
      await sender.runOnce();
      const d = await delivery(first);
      if (d.status !== 'failed') break;
      now = d.next_attempt_at!;
    }
    expect(await delivery(first)).toMatchObject({ status: 'gave_up', attempts: 18, next_attempt_at: null });
    expect(now - t0).toBeLessThanOrEqual(24 * 3_600_000);
    expect(await endpoint(id)).toMatchObject({ enabled: true });
    // The next failure a day after the first disables it; what is queued for it then waits.
    now = t0 + 24 * 3_600_000;
    const second = await testEvent(id);
    await sender.runOnce();
    expect(await endpoint(id)).toMatchObject({ enabled: false, disabled_reason: 'failing' });
    expect(told).toEqual([{ endpointId: id, url: r.url, createdBy: expect.any(Number), failingSince: new Date(t0).toISOString() }]);
    // Its maker is mailed, in the language they use the app in.
    await ctx.db.execute(sql`update users set email = 'ops@pampa.invalid', language = 'es' where id = ${told[0]!.createdBy}`);
    const mails: { to: string; subject: string; text: string }[] = [];
    await mailDisabledEndpoint({ db: ctx.db, send: async (mail) => void mails.push(mail), logger: ctx.app.log, defaultLanguage: 'en' })(told[0]!);
    expect(mails).toEqual([expect.objectContaining({ to: 'ops@pampa.invalid', subject: `Destino de webhook desactivado: ${r.url}` })]);
    expect(mails[0]!.text).toContain('Configuración del sistema → Webhooks');
    const page = (await call('demo-company', 'GET', `/api/webhooks/${id}`)).json().data;
    expect(page).toMatchObject({ enabled: false, disabledReason: 'failing', failingSince: new Date(t0).toISOString().replace('.000', '') });
    const third = await testEvent(id);
    now += 3_600_000;
    expect(await sender.runOnce()).toBe(0);
    expect((await delivery(second)).status).toBe('failed');
    expect((await delivery(third)).status).toBe('pending');
    // Enabled again by its owner, it is heard again, the older delivery first.
    r.answer({ status: 200 }, { status: 200 });
    await call('demo-company', 'PUT', `/api/webhooks/${id}`, { url: r.url, events: ['alarm.opened'], enabled: true });
    expect(await endpoint(id)).toMatchObject({ enabled: true, disabled_reason: null, failing_since: null });
    const before = r.received.length;
    await sender.runOnce();
    expect([(await delivery(second)).status, (await delivery(third)).status]).toEqual(['succeeded', 'succeeded']);
    expect(r.received.length - before).toBe(2);
  });
});

describe('at least once, never twice in the normal case', () => {
  it('deliveries claimed by a sender that died (kill -9 after claiming) are sent by a later one once their claim lapses', async () => {
    const r = await receiver();
    const { id } = await endpointAt(r);
    const ids = [await testEvent(id), await testEvent(id)];
    // The first sender claims and is gone before it posts or records anything.
    const claimed = await claimDue(ctx.db, { now: clock(), leaseUntil: new Date(now + 5 * 60_000), limit: 10, perEndpoint: 10, busy: [] });
    expect(claimed.map((c) => c.id)).toEqual(ids);
    const later = senderWith();
    expect(await later.runOnce()).toBe(0);
    now += 5 * 60_000;
    expect(await later.runOnce()).toBe(2);
    expect(r.received).toHaveLength(2);
    for (const d of ids) expect(await delivery(d)).toMatchObject({ status: 'succeeded', attempts: 1 });
    expect(await later.runOnce()).toBe(0);
  });

  it('each endpoint’s deliveries go out oldest first', async () => {
    const r = await receiver();
    const { id } = await endpointAt(r);
    for (let i = 0; i < 5; i++) await testEvent(id);
    await senderWith().runOnce();
    const uids = (await rawRows<{ uid: string }>(ctx.db, sql`select e.uid::text as uid from webhook_deliveries d join webhook_events e on e.id = d.event_id where d.endpoint_id = ${id} order by d.id`)).map((x) => x.uid);
    expect(r.received.map((x) => x.headers['webhook-id'])).toEqual(uids);
  });
});

describe('bounded: timeouts, large answers, redirects, private addresses', () => {
  it('an endpoint that never answers times out without holding the others', async () => {
    const slow = await receiver('hang');
    const fast = await receiver();
    const hanging = await testEvent((await endpointAt(slow)).id);
    const quick = await testEvent((await endpointAt(fast)).id);
    const started = performance.now();
    const fastArrived = fast.next().then(() => performance.now() - started);
    await senderWith({ timeoutMs: 600 }).runOnce();
    expect(await fastArrived).toBeLessThan(500);
    expect(await delivery(quick)).toMatchObject({ status: 'succeeded' });
    const timedOut = await delivery(hanging);
    expect(timedOut).toMatchObject({ status: 'failed', last_status_code: null, last_error: 'no answer within 600 ms' });
    expect(timedOut.duration_ms).toBeGreaterThanOrEqual(590);
    expect(timedOut.duration_ms).toBeLessThan(2_000);
  });

  it('a huge answer is read to 64 KB and cut; the excerpt kept is at most 1 KB', async () => {
    const r = await receiver({ status: 200, bigBytes: 50 * 1024 * 1024 });
    const id = await testEvent((await endpointAt(r)).id);
    const started = performance.now();
    await senderWith().runOnce();
    expect(performance.now() - started).toBeLessThan(2_000);
    const d = await delivery(id);
    expect(d).toMatchObject({ status: 'succeeded', last_status_code: 200, last_error: 'response over 65536 bytes: not read further' });
    expect(d.response_excerpt!.length).toBe(1024);
  });

  it('a redirect is not followed: it is a failed attempt', async () => {
    const target = await receiver();
    const r = await receiver({ status: 302, body: '' });
    const id = await testEvent((await endpointAt(r)).id);
    await senderWith().runOnce();
    expect(await delivery(id)).toMatchObject({ status: 'failed', last_status_code: 302 });
    expect(target.received).toHaveLength(0);
  });

  it('at send time the address is checked again: a loopback endpoint is refused when private addresses are not allowed, a name that now resolves inside too', async () => {
    const r = await receiver();
    const first = await testEvent((await endpointAt(r)).id);
    await senderWith({ allowPrivate: false }).runOnce();
    expect(await delivery(first)).toMatchObject({ status: 'failed', last_status_code: null, last_error: expect.stringMatching(/^refused: address: 127\.0\.0\.1/) });
    // DNS rebinding: the name was public when saved; it now answers a private address.
    const renamed = async (url: string) => {
      const { id } = await endpointAt(r);
      await ctx.db.execute(sql`update webhook_endpoints set url = ${url} where id = ${id}`);
      return testEvent(id);
    };
    const second = await renamed('http://hooks.example.com/in');
    await senderWith({ allowPrivate: false, resolve: async () => [{ address: '93.184.216.34', family: 4 }, { address: '10.1.2.3', family: 4 }] }).runOnce();
    expect(await delivery(second)).toMatchObject({ status: 'failed', last_error: 'refused: hooks.example.com resolves to 10.1.2.3, a private address' });
    expect(r.received).toHaveLength(0);
    // With the addresses allowed, the delivery connects to the address that was checked, whatever the name.
    const third = await renamed(r.url.replace('127.0.0.1', 'hooks.example.com'));
    await senderWith({ resolve: async () => [{ address: '127.0.0.1', family: 4 }] }).runOnce();
    expect(await delivery(third)).toMatchObject({ status: 'succeeded' });
    expect(r.received).toHaveLength(1);
    expect(r.received[0]!.headers.host).toMatch(/^hooks\.example\.com:\d+$/);
  });
});
