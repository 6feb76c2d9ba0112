import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { casLoginUrl, casLogoutUrl } from '@ullage/domain/cas';
import { users } from '../../db/schema';
import { ADMIN_PASSWORD, signIn, startTestApp, type TestContext } from '../../test/harness';
import { startFakeCas, type FakeCas } from '../../test/fake-cas';
import { loadConfig, ConfigError } from '../../config';

let ctx: TestContext;
let cas: FakeCas;
let base = '';
let service = '';
const PHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) Mobile/15E148';

beforeAll(async () => {
  cas = await startFakeCas();
  ctx = await startTestApp();
  base = await ctx.app.listen({ port: 0, host: '127.0.0.1' });
  service = `${base}/api/cas/callback`;
  ctx.config.cas = { url: cas.url, serviceUrl: service };
  await ctx.db.update(users).set({ casUser: 'Li.Wei' }).where(eq(users.username, 'demo-company'));
  await ctx.db.update(users).set({ casUser: 'gone.user', disabled: true }).where(eq(users.username, 'demo-distributor'));
});
afterAll(async () => {
  await ctx.close();
  await cas.close();
});

/** Follows nothing: the test reads each redirect itself. */
const callback = (ticket: string, userAgent = 'Mozilla/5.0 (X11; Linux x86_64) Chrome/156.0') =>
  fetch(`${service}?ticket=${encodeURIComponent(ticket)}`, { redirect: 'manual', headers: { 'user-agent': userAgent } });
const sessionCookie = (response: Response) => (response.headers.get('set-cookie') ?? '').split(';')[0]!;
const whoAmI = async (cookie: string) => ((await fetch(`${base}/api/login/getInfo`, { headers: { cookie } })).json()) as Promise<{ code: number; data?: { username: string } }>;

describe('CAS single sign-on', () => {
  it('the login page learns CAS is on, and /api/cas/login sends the browser to the CAS login with our service', async () => {
    const config = (await (await fetch(`${base}/api/login/config`)).json()) as { data: { casEnabled: boolean } };
    expect(config.data.casEnabled).toBe(true);
    const response = await fetch(`${base}/api/cas/login`, { redirect: 'manual' });
    expect(response.status).toBe(302);
    expect(response.headers.get('location')).toBe(casLoginUrl(cas.url, service));
  });

  it('a linked CAS user (any case) gets a normal session and lands on /home; a phone on /realAlarm', async () => {
    const response = await callback(cas.issueTicket('li.wei', service));
    expect(response.status).toBe(302);
    expect(response.headers.get('location')).toBe('/caslogin?next=%2Fhome');
    const me = await whoAmI(sessionCookie(response));
    expect(me).toMatchObject({ code: 1000, data: { username: 'demo-company' } });
    expect(cas.validations.at(-1)).toBe('p3');

    const phone = await callback(cas.issueTicket('Li.Wei', service), PHONE);
    expect(phone.headers.get('location')).toBe('/caslogin?next=%2FrealAlarm');
  });

  it('a ticket used twice is refused, both while its session lives and after (the CAS server refuses it)', async () => {
    const ticket = cas.issueTicket('li.wei', service);
    const first = await callback(ticket);
    expect(first.headers.get('location')).toBe('/caslogin?next=%2Fhome');
    const again = await callback(ticket);
    expect(again.headers.get('location')).toBe('/login?casError=invalidTicket');
    expect(again.headers.get('set-cookie')).toBeNull();
    await fetch(`${base}/api/login/logout`, { method: 'POST', headers: { cookie: sessionCookie(first) } });
    const afterLogout = await callback(ticket);
    expect(afterLogout.headers.get('location')).toBe('/login?casError=invalidTicket');
  });

  it.each([
    ['an unknown CAS user', () => cas.issueTicket('nobody', service), 'unknownUser'],
    ['a disabled account', () => cas.issueTicket('gone.user', service), 'disabled'],
    ['a ticket issued for another service', () => cas.issueTicket('li.wei', 'https://elsewhere.example.com/api/cas/callback'), 'invalidTicket'],
    ['a ticket the CAS server never issued', () => 'ST-999-forged', 'invalidTicket'],
    ['a malformed ticket', () => 'not-a-ticket', 'invalidTicket'],
  ])('%s ends on the login page with its reason and no session', async (_name, ticket, reason) => {
    const response = await callback(ticket());
    expect(response.status).toBe(302);
    expect(response.headers.get('location')).toBe(`/login?casError=${reason}`);
    expect(response.headers.get('set-cookie')).toBeNull();
  });

  it('an unreachable CAS server ends on the login page as unreachable', async () => {
    const saved = ctx.config.cas;
    ctx.config.cas = { url: 'http://127.0.0.1:9/cas', serviceUrl: service };
    try {
      const response = await callback('ST-1-whatever');
      expect(response.headers.get('location')).toBe('/login?casError=unreachable');
    } finally {
      ctx.config.cas = saved;
    }
  });

  it('falls back to CAS 2.0 serviceValidate when the server has no p3 endpoint', async () => {
    const old = await startFakeCas({ protocol3: false });
    const saved = ctx.config.cas;
    ctx.config.cas = { url: old.url, serviceUrl: service };
    try {
      const response = await callback(old.issueTicket('li.wei', service));
      expect(response.headers.get('location')).toBe('/caslogin?next=%2Fhome');
      expect(old.validations).toEqual(['2']);
    } finally {
      ctx.config.cas = saved;
      await old.close();
    }
  });

  it('logout of a CAS session names the CAS logout URL; a password session does not', async () => {
    const signedIn = await callback(cas.issueTicket('li.wei', service));
    const out = await fetch(`${base}/api/login/logout`, { method: 'POST', headers: { cookie: sessionCookie(signedIn) } });
    const body = (await out.json()) as { code: number; info: { result: string; casLogoutUrl?: string } };
    expect(body.info).toEqual({ result: 'success', casLogoutUrl: casLogoutUrl(cas.url, `${base}/login`) });
    expect((await whoAmI(sessionCookie(signedIn))).code).toBe(30001);

    const cookie = await signIn(ctx.app, 'admin', ADMIN_PASSWORD);
    const plain = await ctx.app.inject({ method: 'POST', url: '/api/login/logout', headers: { cookie } });
    expect(plain.json().info).toEqual({ result: 'success' });
  });

  it('a single-logout request from the CAS server ends the session its ticket opened, and only that one', async () => {
    const ticket = cas.issueTicket('li.wei', service);
    const mine = sessionCookie(await callback(ticket));
    const other = sessionCookie(await callback(cas.issueTicket('li.wei', service)));
    expect((await whoAmI(mine)).code).toBe(1000);
    expect(await cas.singleLogout(ticket, service)).toBe(200);
    expect((await whoAmI(mine)).code).toBe(30001);
    expect((await whoAmI(other)).code).toBe(1000);
    // Garbage is answered, and ends nothing.
    const junk = await fetch(service, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: 'logoutRequest=%3Cnope%2F%3E' });
    expect(junk.status).toBe(200);
    expect((await whoAmI(other)).code).toBe(1000);
  });

  it('with CAS off, /caslogin’s redirect says so and the login page offers no CAS', async () => {
    const saved = ctx.config.cas;
    ctx.config.cas = null;
    try {
      const response = await fetch(`${base}/api/cas/login`, { redirect: 'manual' });
      expect(response.headers.get('location')).toBe('/login?casError=notConfigured');
      expect((await callback('ST-1-x')).headers.get('location')).toBe('/login?casError=notConfigured');
      const config = (await (await fetch(`${base}/api/login/config`)).json()) as { data: { casEnabled: boolean } };
      expect(config.data.casEnabled).toBe(false);
    } finally {
      ctx.config.cas = saved;
    }
  });
});

describe('CAS configuration', () => {
  it('needs both URLs, the service ending in /api/cas/callback', () => {
    expect(loadConfig({}).cas).toBeNull();
    expect(loadConfig({ CAS_URL: 'https://cas.example.com/cas/', CAS_SERVICE_URL: 'https://u.example.com/api/cas/callback' }).cas).toEqual({ url: 'https://cas.example.com/cas', serviceUrl: 'https://u.example.com/api/cas/callback' });
    expect(() => loadConfig({ CAS_URL: 'https://cas.example.com/cas' })).toThrow(ConfigError);
    expect(() => loadConfig({ CAS_URL: 'cas.example.com', CAS_SERVICE_URL: 'https://u.example.com/api/cas/callback' })).toThrow(/CAS_URL/);
    expect(() => loadConfig({ CAS_URL: 'https://cas.example.com/cas', CAS_SERVICE_URL: 'https://u.example.com/home' })).toThrow(/CAS_SERVICE_URL/);
  });
});
