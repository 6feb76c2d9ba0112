import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { users } from '../db/schema';
import { ADMIN_PASSWORD, DEMO_PASSWORD, signIn, startTestApp, type TestContext } from '../test/harness';

/** Live streams (SSE) end when the session they were opened under ends, for any reason. */
let ctx: TestContext;
let base = '';
let admin = '';
beforeAll(async () => {
  ctx = await startTestApp();
  admin = await signIn(ctx.app, 'admin', ADMIN_PASSWORD);
  base = await ctx.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(() => ctx.close());

interface OpenStream {
  /** The data lines received so far. */
  messages: string[];
  /** Resolves when the server ends the stream. */
  ended: Promise<void>;
  close(): void;
}

async function openStream(path: string, cookie: string): Promise<OpenStream> {
  const controller = new AbortController();
  const res = await fetch(`${base}${path}`, { headers: { cookie }, signal: controller.signal });
  expect(res.headers.get('content-type')).toContain('text/event-stream');
  const messages: string[] = [];
  const reader = res.body!.getReader();
  const decoder = new TextDecoder();
  const ended = (async () => {
    for (;;) {
      const { value, done } = await reader.read();
      if (done) return;
      for (const line of decoder.decode(value, { stream: true }).split('\n')) if (line.startsWith('data: ')) messages.push(line.slice(6));
    }
  })();
  // Let the server register the stream before anything happens.
  await new Promise((r) => setTimeout(r, 150));
  return { messages, ended, close: () => controller.abort() };
}

/** True when `promise` settles within `ms`. */
const within = (promise: Promise<unknown>, ms: number) => Promise.race([promise.then(() => true, () => true), new Promise<boolean>((r) => setTimeout(() => r(false), ms))]);
const userIdOf = async (username: string) => (await ctx.db.select({ id: users.id }).from(users).where(eq(users.username, username)))[0]!.id;
const alarmFeed = async (username: string, cookie: string) => openStream(`/api/sse-msg/connect?userId=${await userIdOf(username)}`, cookie);
const raiseAlarm = () =>
  fetch(`${base}/api/device/v1/stations/NWP-SH01/report`, {
    method: 'POST',
    headers: { authorization: 'Bearer demo-device-key:NWP-SH01', 'content-type': 'application/json' },
    body: JSON.stringify({ alarms: [{ kind: 'level', tank: '1', code: 2, ts: new Date(Date.now() - 1000).toISOString() }] }),
  });
const put = (url: string, cookie: string, payload: object) => ctx.app.inject({ method: 'PUT', url, headers: { cookie }, payload });

describe('streams end with their session', () => {
  it('logout: the alarm feed that was delivering ends, and delivers nothing more', async () => {
    const cookie = await signIn(ctx.app, 'demo-company', DEMO_PASSWORD);
    const stream = await alarmFeed('demo-company', cookie);
    await raiseAlarm();
    await expect.poll(() => stream.messages.length, { timeout: 3000 }).toBe(1);
    expect((await ctx.app.inject({ method: 'POST', url: '/api/login/logout', headers: { cookie } })).json().code).toBe(100);
    expect(await within(stream.ended, 2000)).toBe(true);
    await raiseAlarm();
    await new Promise((r) => setTimeout(r, 300));
    expect(stream.messages).toHaveLength(1);
  });

  it('the monitor’s live events end at logout too; another session’s stream of the same user stays open', async () => {
    const one = await signIn(ctx.app, 'admin', ADMIN_PASSWORD);
    const events = await openStream('/api/monitor/events', one);
    const kept = await openStream('/api/monitor/events', admin);
    await ctx.app.inject({ method: 'POST', url: '/api/login/logout', headers: { cookie: one } });
    expect(await within(events.ended, 2000)).toBe(true);
    expect(await within(kept.ended, 300)).toBe(false);
    kept.close();
  });

  it('password change: the other sessions’ streams end, the changing session’s stays', async () => {
    const changing = await signIn(ctx.app, 'demo-distributor', DEMO_PASSWORD);
    const other = await signIn(ctx.app, 'demo-distributor', DEMO_PASSWORD);
    const own = await alarmFeed('demo-distributor', changing);
    const elsewhere = await alarmFeed('demo-distributor', other);
    const changed = await put('/api/user/updatePwd', changing, { username: 'demo-distributor', oldPwd: DEMO_PASSWORD, pwd: 'Changed#2026', rePwd: 'Changed#2026' });
    expect(changed.json().code).toBe(100);
    expect(await within(elsewhere.ended, 2000)).toBe(true);
    expect(await within(own.ended, 300)).toBe(false);
    own.close();
  });

  it('account disabled: its streams end', async () => {
    const cookie = await signIn(ctx.app, 'demo-station', DEMO_PASSWORD);
    const stream = await alarmFeed('demo-station', cookie);
    const disabled = await put(`/api/account/${await userIdOf('demo-station')}/status`, admin, { disabled: true });
    expect(disabled.json().code).toBe(1000);
    expect(await within(stream.ended, 2000)).toBe(true);
  });

  it('password reset by an administrator: the account’s streams end', async () => {
    const cookie = await signIn(ctx.app, 'demo-company', DEMO_PASSWORD);
    const stream = await openStream('/api/monitor/events', cookie);
    const reset = await ctx.app.inject({ method: 'POST', url: `/api/account/${await userIdOf('demo-company')}/reset-password`, headers: { cookie: admin } });
    expect(reset.json().code).toBe(1000);
    expect(await within(stream.ended, 2000)).toBe(true);
  });
});

describe('idle expiry with a short SESSION_IDLE_MINUTES (0.1: 6 s)', () => {
  let idle: TestContext;
  let idleBase = '';
  beforeAll(async () => {
    idle = await startTestApp({ config: { sessionIdleMinutes: 0.1 } });
    idleBase = await idle.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(() => idle.close());

  const getInfo = (cookie: string) => idle.app.inject({ method: 'GET', url: '/api/login/getInfo', headers: { cookie } });

  it('a session used every second for twice the idle period never expires; left alone, it ends within idle + 1.5 s', async () => {
    const cookie = await signIn(idle.app, 'demo-station', DEMO_PASSWORD);
    const until = Date.now() + 12_000;
    while (Date.now() < until) {
      expect((await getInfo(cookie)).json().code).toBe(1000);
      await new Promise((r) => setTimeout(r, 1000));
    }
    await new Promise((r) => setTimeout(r, 7_500 + 500));
    expect((await getInfo(cookie)).json().code).toBe(30001);
  }, 40_000);

  it('an open live stream of a session left alone ends when the session expires, not before', async () => {
    const cookie = await signIn(idle.app, 'demo-company', DEMO_PASSWORD);
    const opened = Date.now();
    const res = await fetch(`${idleBase}/api/monitor/events`, { headers: { cookie } });
    const reader = res.body!.getReader();
    const ended = (async () => {
      while (!(await reader.read()).done);
      return Date.now() - opened;
    })();
    // Expires 6–7.5 s after the last call; streams are checked every 1.5 s.
    expect(await within(ended, 12_000)).toBe(true);
    expect(await ended).toBeGreaterThanOrEqual(5_500);
  }, 30_000);
});
