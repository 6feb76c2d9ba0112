import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { loginFailures, sessions } from '../../db/schema';
import { ADMIN_PASSWORD, DEMO_PASSWORD, signIn, startTestApp, type TestContext } from '../../test/harness';

/** docs/api.md "Attempt limits"; the app runs as behind a TLS proxy at 10.9.9.9. */
let ctx: TestContext;
beforeAll(async () => {
  ctx = await startTestApp({ config: { secureCookies: true, trustedProxies: ['10.9.9.9'] } });
});
afterAll(() => ctx.close());

const attempt = (username: string, password: string, ip = '10.0.0.1', forwardedFor?: string) =>
  ctx.app.inject({ method: 'POST', url: '/api/login/auth', payload: { username, password }, remoteAddress: ip, headers: forwardedFor ? { 'x-forwarded-for': forwardedFor } : {} });

describe('sign-in limits', () => {
  it('5 failures lock that account from that address for 15 minutes: even the right password answers 80008', async () => {
    for (let i = 0; i < 5; i++) expect((await attempt('demo-company', 'Wrong#123', '10.0.1.1')).json().code).toBe(60005);
    const locked = await attempt('demo-company', DEMO_PASSWORD, '10.0.1.1');
    expect(locked.statusCode).toBe(429);
    expect(locked.json()).toEqual({ code: 80008, msg: 'Too many failed attempts. Try again in 15 minutes' });
    // The owner signing in from elsewhere is not locked out.
    expect((await attempt('demo-company', DEMO_PASSWORD, '10.0.1.2')).json().code).toBe(1000);
  });

  it('a colleague behind the same address (office, carrier NAT) is not locked by someone else’s failures', async () => {
    for (let i = 0; i < 5; i++) await attempt('demo-station', 'Wrong#123', '10.0.2.1');
    expect((await attempt('demo-station', DEMO_PASSWORD, '10.0.2.1')).json().code).toBe(80008);
    expect((await attempt('admin', ADMIN_PASSWORD, '10.0.2.1')).json().code).toBe(1000);
  });

  it('one address trying many accounts is locked after 50 failures, for 5 minutes, whatever account it tries next', async () => {
    for (let i = 0; i < 49; i++) expect((await attempt(`ghost-${i}`, 'Wrong#123', '10.0.5.1')).json().code).toBe(60005);
    expect((await attempt('admin', ADMIN_PASSWORD, '10.0.5.1')).json().code).toBe(1000);
    expect((await attempt('ghost-49', 'Wrong#123', '10.0.5.1')).json().code).toBe(60005);
    expect((await attempt('admin', ADMIN_PASSWORD, '10.0.5.1')).json()).toEqual({ code: 80008, msg: 'Too many failed attempts. Try again in 5 minutes' });
    expect((await attempt('admin', ADMIN_PASSWORD, '10.0.5.2')).json().code).toBe(1000);
  });

  it('one account tried from many addresses is locked after 20 failures, for 15 minutes, from everywhere', async () => {
    for (let i = 0; i < 20; i++) expect((await attempt('demo-distributor', 'Wrong#123', `10.0.7.${Math.floor(i / 4)}`)).json().code).toBe(60005);
    expect((await attempt('demo-distributor', DEMO_PASSWORD, '10.0.7.200')).json()).toEqual({ code: 80008, msg: 'Too many failed attempts. Try again in 15 minutes' });
  });

  it('four failures then a success clear the count of that account at that address', async () => {
    for (let i = 0; i < 4; i++) await attempt('demo-station', 'Wrong#123', '10.0.3.1');
    expect((await attempt('demo-station', DEMO_PASSWORD, '10.0.3.1')).json().code).toBe(1000);
    expect(await ctx.db.select().from(loginFailures).where(eq(loginFailures.key, 'user-ip:demo-station@10.0.3.1'))).toHaveLength(0);
  });

  it('a lock that has run out lets the user in again', async () => {
    await ctx.db
      .update(loginFailures)
      .set({ lockedUntil: new Date(Date.now() - 1000), windowStartedAt: new Date(Date.now() - 16 * 60_000) })
      .where(eq(loginFailures.key, 'user-ip:demo-company@10.0.1.1'));
    expect((await attempt('demo-company', DEMO_PASSWORD, '10.0.1.1')).json().code).toBe(1000);
  });
});

describe('X-Forwarded-For: believed only from TRUSTED_PROXIES', () => {
  it('a client that forges a new forwarded address per attempt is still counted at its own address', async () => {
    for (let i = 0; i < 5; i++) expect((await attempt('demo-company', 'Wrong#123', '10.0.6.1', `203.0.113.${i}`)).json().code).toBe(60005);
    expect((await attempt('demo-company', DEMO_PASSWORD, '10.0.6.1', '203.0.113.77')).json().code).toBe(80008);
  });

  it('from the trusted proxy, the forwarded address is the client: counted, locked and recorded as that address', async () => {
    for (let i = 0; i < 5; i++) await attempt('demo-station', 'Wrong#123', '10.9.9.9', '198.51.100.7');
    expect((await attempt('demo-station', DEMO_PASSWORD, '10.9.9.9', '198.51.100.7')).json().code).toBe(80008);
    const other = await attempt('demo-station', DEMO_PASSWORD, '10.9.9.9', '198.51.100.8');
    expect(other.json().code).toBe(1000);
    const token = other.cookies.find((c) => c.name === 'ullage_session')!.value;
    const { sha256 } = await import('../../lib/tokens');
    const [row] = await ctx.db.select({ ip: sessions.ip }).from(sessions).where(eq(sessions.tokenHash, sha256(token)));
    expect(row?.ip).toBe('198.51.100.8');
  });
});

describe('checking one’s own password while signed in', () => {
  const put = (url: string, cookie: string, payload: object) => ctx.app.inject({ method: 'PUT', url, payload, headers: { cookie } });

  it('5 wrong checkPwd lock the account’s password checks for 15 minutes, in every session, updatePwd included', async () => {
    const cookie = await signIn(ctx.app, 'admin', ADMIN_PASSWORD);
    for (let i = 0; i < 5; i++) expect((await put('/api/user/checkPwd', cookie, { username: 'admin', pwd: `Wrong#${i}` })).json().code).toBe(60009);
    const locked = await put('/api/user/checkPwd', cookie, { username: 'admin', pwd: ADMIN_PASSWORD });
    expect(locked.statusCode).toBe(429);
    expect(locked.json()).toEqual({ code: 80008, msg: 'Too many failed attempts. Try again in 15 minutes' });
    const another = await signIn(ctx.app, 'admin', ADMIN_PASSWORD);
    expect((await put('/api/user/checkPwd', another, { username: 'admin', pwd: ADMIN_PASSWORD })).json().code).toBe(80008);
    const update = await put('/api/user/updatePwd', another, { username: 'admin', oldPwd: ADMIN_PASSWORD, pwd: 'Newer#2026ok', rePwd: 'Newer#2026ok' });
    expect(update.json().code).toBe(80008);
    // Signing in is a separate allowance: the user is not locked out of the platform.
    expect((await attempt('admin', ADMIN_PASSWORD, '10.0.8.1')).json().code).toBe(1000);
  });

  it('a right password clears the count: four wrong, one right, four wrong again still answer 60009', async () => {
    const cookie = await signIn(ctx.app, 'demo-company', DEMO_PASSWORD);
    const check = (pwd: string) => put('/api/user/checkPwd', cookie, { username: 'demo-company', pwd });
    for (let i = 0; i < 4; i++) await check('Wrong#123');
    expect((await check(DEMO_PASSWORD)).json().code).toBe(100);
    for (let i = 0; i < 4; i++) expect((await check('Wrong#123')).json().code).toBe(60009);
  });
});
