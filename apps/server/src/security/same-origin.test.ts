import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { sessions, stations, users } from '../db/schema';
import { ADMIN_PASSWORD, DEMO_PASSWORD, signIn, startTestApp, type TestContext } from '../test/harness';

/**
 * Another site on the same host (another port) posting a form: SameSite=Lax still sends the
 * session cookie, so the app refuses state-changing calls a browser says come from elsewhere.
 */
let ctx: TestContext;
let admin = '';
let stationId = 0;
let companyAccountId = 0;
beforeAll(async () => {
  ctx = await startTestApp();
  admin = await signIn(ctx.app, 'admin', ADMIN_PASSWORD);
  stationId = (await ctx.db.select({ id: stations.id }).from(stations).where(eq(stations.code, 'NWP-SH01')))[0]!.id;
  companyAccountId = (await ctx.db.select({ id: users.id }).from(users).where(eq(users.username, 'demo-company')))[0]!.id;
});
afterAll(() => ctx.close());

// inject() talks to host localhost:80; the attacking page lives on port 8081 of the same host.
const FORM = { 'content-type': 'application/x-www-form-urlencoded' };
const SAME_SITE = { ...FORM, origin: 'http://localhost:8081', 'sec-fetch-site': 'same-site' };
const CROSS_SITE = { ...FORM, origin: 'http://evil.example', 'sec-fetch-site': 'cross-site' };
const OWN = { origin: 'http://localhost', 'sec-fetch-site': 'same-origin' };
const REFUSED = { code: 80003, msg: 'Refused: this request came from another site, not from the Ullage app. Open the app at its own address and try again' };

const getInfo = (cookie: string) => ctx.app.inject({ method: 'GET', url: '/api/login/getInfo', headers: { cookie } });
const stationKeyHash = async () => (await ctx.db.select({ h: stations.deviceKeyHash }).from(stations).where(eq(stations.id, stationId)))[0]!.h;
const companyPassword = async () => (await ctx.db.select({ h: users.passwordHash, m: users.mustChangePassword }).from(users).where(eq(users.id, companyAccountId)))[0]!;
const sessionCount = async () => Number((await ctx.db.select({ n: sql<number>`count(*)` }).from(sessions))[0]!.n);

describe('cross-origin form posts are refused and change nothing', () => {
  it.each([
    ['same-site (another port)', SAME_SITE],
    ['cross-site', CROSS_SITE],
  ])('logout from a %s page: 403 80003, the session lives on', async (_name, headers) => {
    const cookie = await signIn(ctx.app, 'demo-station', DEMO_PASSWORD);
    const response = await ctx.app.inject({ method: 'POST', url: '/api/login/logout', headers: { ...headers, cookie }, payload: '' });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual(REFUSED);
    expect(response.headers['set-cookie']).toBeUndefined();
    expect((await getInfo(cookie)).json().code).toBe(1000);
  });

  it('login form posted by another page: refused, no session cookie, no session', async () => {
    const before = await sessionCount();
    const response = await ctx.app.inject({ method: 'POST', url: '/api/login/auth', headers: SAME_SITE, payload: `username=demo-company&password=${encodeURIComponent(DEMO_PASSWORD)}` });
    expect(response.json()).toEqual(REFUSED);
    expect(response.cookies.find((c) => c.name === 'ullage_session')).toBeUndefined();
    expect(await sessionCount()).toBe(before);
  });

  it('device-key rotation: refused, the old key still stands', async () => {
    const before = await stationKeyHash();
    const response = await ctx.app.inject({ method: 'POST', url: `/api/station/${stationId}/device-key`, headers: { ...SAME_SITE, cookie: admin }, payload: '' });
    expect(response.json()).toEqual(REFUSED);
    expect(await stationKeyHash()).toBe(before);
  });

  it('password reset: refused, the password is unchanged; the message follows the language header', async () => {
    const before = await companyPassword();
    const response = await ctx.app.inject({ method: 'POST', url: `/api/account/${companyAccountId}/reset-password`, headers: { ...CROSS_SITE, cookie: admin, language: 'es' }, payload: '' });
    expect(response.json()).toEqual({ code: 80003, msg: 'Rechazado: esta solicitud procede de otro sitio, no de la aplicación Ullage. Abra la aplicación en su propia dirección e inténtelo de nuevo' });
    expect(await companyPassword()).toEqual(before);
  });

  it('a browser that sends only Origin (no Sec-Fetch-Site): another origin is refused, its own passes', async () => {
    const other = await ctx.app.inject({ method: 'POST', url: `/api/station/${stationId}/device-key`, headers: { origin: 'http://localhost:8081', cookie: admin }, payload: {} });
    expect(other.json()).toEqual(REFUSED);
    const opaque = await ctx.app.inject({ method: 'POST', url: `/api/station/${stationId}/device-key`, headers: { origin: 'null', cookie: admin }, payload: {} });
    expect(opaque.json()).toEqual(REFUSED);
    const own = await ctx.app.inject({ method: 'PUT', url: '/api/user/checkPwd', headers: { origin: 'http://localhost', cookie: admin }, payload: { username: 'admin', pwd: ADMIN_PASSWORD } });
    expect(own.json().code).toBe(100);
  });
});

describe('what keeps working', () => {
  it('the app’s own calls (same-origin): sign in, rotate a key, log out', async () => {
    const login = await ctx.app.inject({ method: 'POST', url: '/api/login/auth', headers: OWN, payload: { username: 'demo-company', password: DEMO_PASSWORD } });
    expect(login.json().code).toBe(1000);
    const cookie = `ullage_session=${login.cookies.find((c) => c.name === 'ullage_session')!.value}`;
    const before = await stationKeyHash();
    const rotated = await ctx.app.inject({ method: 'POST', url: `/api/station/${stationId}/device-key`, headers: { ...OWN, cookie: admin }, payload: {} });
    expect(rotated.json().code).toBe(1000);
    expect(await stationKeyHash()).not.toBe(before);
    const logout = await ctx.app.inject({ method: 'POST', url: '/api/login/logout', headers: { ...OWN, cookie } });
    expect(logout.json().code).toBe(100);
    expect((await getInfo(cookie)).json().code).toBe(30001);
  });

  it('reading is not refused: a GET with Sec-Fetch-Site cross-site (a link from elsewhere) answers', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/api/login/getInfo', headers: { cookie: admin, 'sec-fetch-site': 'cross-site' } });
    expect(response.json().code).toBe(1000);
  });

  it('devices (key, no cookies) report whatever headers they send; the CAS server’s single logout is taken', async () => {
    const rotated = await ctx.app.inject({ method: 'POST', url: `/api/station/${stationId}/device-key`, headers: { cookie: admin }, payload: {} });
    const key = rotated.json().data.deviceKey as string;
    const body = { readings: [{ tank: '1', ts: new Date(Date.now() - 60_000).toISOString(), productHeightMm: 1000, waterHeightMm: 0, temperatureC: 15 }] };
    for (const headers of [{}, { origin: 'http://other.example', 'sec-fetch-site': 'cross-site' }]) {
      const report = await ctx.app.inject({ method: 'POST', url: '/api/device/v1/stations/NWP-SH01/report', headers: { ...headers, authorization: `Bearer ${key}` }, payload: body });
      expect(report.json().code).toBe(1000);
    }
    const slo = await ctx.app.inject({ method: 'POST', url: '/api/cas/callback', headers: FORM, payload: 'logoutRequest=%3Csamlp%3ELogoutRequest%3C%2Fsamlp%3E' });
    expect(slo.statusCode).toBe(200);
    expect(slo.body).toBe('ok');
  });
});
