import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { sessions, users } from '../../db/schema';
import { sha256 } from '../../lib/tokens';
import { ADMIN_PASSWORD, DEMO_PASSWORD, signIn, startTestApp, type TestContext } from '../../test/harness';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await startTestApp();
});
afterAll(() => ctx.close());

// Each call from its own address, so the per-address lockout (lockout.test.ts) stays out of the way.
let lastOctet = 0;
const auth = (payload: unknown, headers: Record<string, string> = {}) =>
  ctx.app.inject({ method: 'POST', url: '/api/login/auth', payload: payload as object, headers, remoteAddress: `10.9.0.${++lastOctet}` });

describe('POST /api/login/auth', () => {
  it('signs in with JSON: result success and an HttpOnly, SameSite=Lax session cookie', async () => {
    const response = await auth({ username: 'admin', password: ADMIN_PASSWORD });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ code: 1000, msg: 'Success', data: { result: 'success', passwordUnsafe: false } });
    const cookie = response.cookies.find((c) => c.name === 'ullage_session');
    expect(cookie?.httpOnly).toBe(true);
    expect(cookie?.sameSite).toBe('Lax');
    expect(cookie?.path).toBe('/');
  });

  it('accepts an HTML form body too', async () => {
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/login/auth',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: `username=demo-company&password=${encodeURIComponent(DEMO_PASSWORD)}`,
    });
    expect(response.json().code).toBe(1000);
  });

  it('stores only the SHA-256 of the session token', async () => {
    const response = await auth({ username: 'demo-station', password: DEMO_PASSWORD });
    const token = response.cookies.find((c) => c.name === 'ullage_session')!.value;
    const byHash = await ctx.db.select().from(sessions).where(eq(sessions.tokenHash, sha256(token)));
    expect(byHash).toHaveLength(1);
    const byToken = await ctx.db.select().from(sessions).where(eq(sessions.tokenHash, token));
    expect(byToken).toHaveLength(0);
  });

  it('answers 60005 "Wrong user name or password" for a wrong password and for an unknown user alike', async () => {
    const wrongPassword = await auth({ username: 'demo-distributor', password: 'Nope#1234' });
    const unknownUser = await auth({ username: 'nobody-here', password: 'Nope#1234' });
    expect(wrongPassword.json()).toEqual({ code: 60005, msg: 'Wrong user name or password' });
    expect(unknownUser.json()).toEqual({ code: 60005, msg: 'Wrong user name or password' });
    expect(wrongPassword.cookies.find((c) => c.name === 'ullage_session')).toBeUndefined();
  });

  it('localises the message by the language header', async () => {
    const cases = [
      ['zh_CN', '用户名或密码错误'],
      ['es', 'Usuario o contraseña incorrectos'],
      ['ar', 'اسم المستخدم أو كلمة المرور غير صحيحة'],
      ['en', 'Wrong user name or password'],
    ] as const;
    for (const [language, msg] of cases) {
      const response = await auth({ username: `ghost-${language}`, password: 'wrong' }, { language });
      expect(response.json()).toEqual({ code: 60005, msg });
    }
  });

  it('refuses a missing user name with 91011 naming the field and the rule, never 500', async () => {
    const response = await auth({ password: 'x' });
    expect(response.statusCode).toBe(400);
    expect(response.json().code).toBe(91011);
    expect(response.json().msg).toBe('User name: is required');
    expect(response.json().data.fields).toEqual([{ field: 'username', rule: 'required', message: 'User name: is required' }]);
  });

  it('refuses an empty user name, localised', async () => {
    const response = await auth({ username: '  ', password: 'x' }, { language: 'es' });
    expect(response.json()).toMatchObject({ code: 91011, msg: 'Nombre de usuario: es obligatorio' });
  });

  it('refuses malformed JSON and a wrong media type with 91011, not 500', async () => {
    const malformed = await ctx.app.inject({ method: 'POST', url: '/api/login/auth', headers: { 'content-type': 'application/json' }, payload: '{"username":' });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json()).toMatchObject({ code: 91011, msg: 'Request: is not valid' });
    const media = await ctx.app.inject({ method: 'POST', url: '/api/login/auth', headers: { 'content-type': 'text/csv' }, payload: 'a,b' });
    expect(media.json().code).toBe(91011);
  });

  it('refuses an over-long password field (max 255) with the rule', async () => {
    const response = await auth({ username: 'admin', password: 'x'.repeat(256) });
    expect(response.json()).toMatchObject({ code: 91011, msg: 'Password: must be at most 255 characters' });
  });
});

describe('sessions', () => {
  it('getInfo without a session answers 30001 "Not logged in" with HTTP 401', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/api/login/getInfo' });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ code: 30001, msg: 'Not logged in' });
  });

  it('an unknown token answers 30001', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/api/login/getInfo', headers: { cookie: 'ullage_session=made-up' } });
    expect(response.json().code).toBe(30001);
  });

  it('an idle-expired session answers 30001', async () => {
    const cookie = await signIn(ctx.app, 'demo-company', DEMO_PASSWORD);
    const token = cookie.split('=')[1]!;
    await ctx.db.update(sessions).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(sessions.tokenHash, sha256(token)));
    const response = await ctx.app.inject({ method: 'GET', url: '/api/login/getInfo', headers: { cookie } });
    expect(response.json().code).toBe(30001);
  });

  it('logout deletes the session on the server', async () => {
    const cookie = await signIn(ctx.app, 'demo-company', DEMO_PASSWORD);
    expect((await ctx.app.inject({ method: 'GET', url: '/api/login/getInfo', headers: { cookie } })).json().code).toBe(1000);
    const out = await ctx.app.inject({ method: 'POST', url: '/api/login/logout', headers: { cookie } });
    expect(out.json()).toEqual({ code: 100, msg: 'Logged out', info: { result: 'success' } });
    expect((await ctx.app.inject({ method: 'GET', url: '/api/login/getInfo', headers: { cookie } })).json().code).toBe(30001);
  });

  it('a disabled account cannot sign in and its open sessions end', async () => {
    const cookie = await signIn(ctx.app, 'demo-distributor', DEMO_PASSWORD);
    await ctx.db.update(users).set({ disabled: true }).where(eq(users.username, 'demo-distributor'));
    try {
      expect((await ctx.app.inject({ method: 'GET', url: '/api/login/getInfo', headers: { cookie } })).json().code).toBe(30001);
      expect((await auth({ username: 'demo-distributor', password: DEMO_PASSWORD })).json().code).toBe(60005);
    } finally {
      await ctx.db.update(users).set({ disabled: false }).where(eq(users.username, 'demo-distributor'));
    }
  });
});
