import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { loginFailures } from '../../db/schema';
import { DEMO_PASSWORD, startTestApp, type TestContext } from '../../test/harness';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await startTestApp();
});
afterAll(() => ctx.close());

const attempt = (username: string, password: string, ip = '10.0.0.1') =>
  ctx.app.inject({ method: 'POST', url: '/api/login/auth', payload: { username, password }, remoteAddress: ip });

describe('lockout after 5 failures (15 minutes)', () => {
  it('locks the account after 5 failures: even the right password answers 80008', async () => {
    for (let i = 0; i < 5; i++) expect((await attempt('demo-company', 'Wrong#123', `10.0.1.${i}`)).json().code).toBe(60005);
    const locked = await attempt('demo-company', DEMO_PASSWORD, '10.0.1.99');
    expect(locked.statusCode).toBe(429);
    expect(locked.json()).toEqual({ code: 80008, msg: 'Too many failed attempts. Try again in 15 minutes' });
  });

  it('locks the address after 5 failures, whatever account it tries next', async () => {
    for (let i = 0; i < 5; i++) await attempt(`ghost-${i}`, 'Wrong#123', '10.0.2.1');
    expect((await attempt('demo-station', DEMO_PASSWORD, '10.0.2.1')).json().code).toBe(80008);
    // Another address is not affected.
    expect((await attempt('demo-station', DEMO_PASSWORD, '10.0.2.2')).json().code).toBe(1000);
  });

  it('four failures then a success clears the account count', async () => {
    for (let i = 0; i < 4; i++) await attempt('demo-distributor', 'Wrong#123', `10.0.3.${i}`);
    expect((await attempt('demo-distributor', DEMO_PASSWORD, '10.0.3.50')).json().code).toBe(1000);
    expect(await ctx.db.select().from(loginFailures).where(eq(loginFailures.key, 'user:demo-distributor'))).toHaveLength(0);
  });

  it('a lock that has run out lets the user in again', async () => {
    await ctx.db.update(loginFailures).set({ lockedUntil: new Date(Date.now() - 1000), windowStartedAt: new Date(Date.now() - 16 * 60_000) }).where(eq(loginFailures.key, 'user:demo-company'));
    expect((await attempt('demo-company', DEMO_PASSWORD, '10.0.4.1')).json().code).toBe(1000);
  });
});
