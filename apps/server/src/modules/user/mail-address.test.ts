import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { auditLog, users } from '../../db/schema';
import { ADMIN_PASSWORD, DEMO_PASSWORD, signIn, startTestApp, type TestContext } from '../../test/harness';

let ctx: TestContext;
const cookie: Record<string, string> = {};
const userId: Record<string, number> = {};

beforeAll(async () => {
  ctx = await startTestApp();
  for (const [name, password] of [['admin', ADMIN_PASSWORD], ['demo-station', DEMO_PASSWORD], ['demo-company', DEMO_PASSWORD]] as const) {
    cookie[name] = await signIn(ctx.app, name, password);
    userId[name] = (await info(name)).userId;
  }
});
afterAll(() => ctx.close());

async function info(who: string): Promise<{ userId: number; mailAddress: string | null }> {
  return (await ctx.app.inject({ method: 'GET', url: '/api/login/getInfo', headers: { cookie: cookie[who]! } })).json().data;
}
const getMail = (who: string) => ctx.app.inject({ method: 'GET', url: '/api/user/mail', headers: { cookie: cookie[who]! } });
const putMail = (who: string, payload: object, language = 'en') =>
  ctx.app.inject({ method: 'PUT', url: '/api/user/mail', payload, headers: { cookie: cookie[who]!, language } });
const storedEmail = async (username: string) => (await ctx.db.select({ email: users.email }).from(users).where(eq(users.username, username)))[0]?.email;

const notices = async (who: string) =>
  (await ctx.app.inject({ method: 'GET', url: `/api/userNoticeCfg/list?userId=${userId[who]}`, headers: { cookie: cookie[who]! } })).json().data as {
    type: number;
    remark: number;
    byEmail: number;
    byAlert: number;
    mailSendFrq: number;
  }[];
const editNotices = (who: string, body: object) => ctx.app.inject({ method: 'POST', url: '/api/userNoticeCfg/edit', payload: { userId: userId[who], ...body }, headers: { cookie: cookie[who]! } });

describe('GET /api/user/mail', () => {
  it('answers the caller’s own address, null when there is none', async () => {
    expect((await getMail('demo-company')).json()).toEqual({ code: 1000, msg: 'Success', data: { mailAddress: 'company@demo.ullage.invalid' } });
    expect((await getMail('demo-station')).json()).toEqual({ code: 1000, msg: 'Success', data: { mailAddress: null } });
  });
});

describe('PUT /api/user/mail', () => {
  it('sets the address, trimmed: 1000 "Setting saved"; GET and getInfo (mailAddress) show it', async () => {
    const response = await putMail('demo-station', { mailAddress: '  station.manager@example.org ' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ code: 1000, msg: 'Setting saved', data: { mailAddress: 'station.manager@example.org' } });
    expect((await getMail('demo-station')).json().data).toEqual({ mailAddress: 'station.manager@example.org' });
    expect((await info('demo-station')).mailAddress).toBe('station.manager@example.org');
  });

  it('says the success in the caller’s language', async () => {
    expect((await putMail('demo-station', { mailAddress: 'station.manager@example.org' }, 'es')).json().msg).toBe('Configuración guardada');
  });

  it('records the change in the settings audit as an edit of the account’s e-mail', async () => {
    await putMail('demo-station', { mailAddress: 'audit.me@example.org' });
    const rows = await ctx.db.select().from(auditLog).where(and(eq(auditLog.entity, 'account'), eq(auditLog.entityId, userId['demo-station']!)));
    expect(rows.at(-1)).toMatchObject({ action: 'update', username: 'demo-station', changes: { email: ['station.manager@example.org', 'audit.me@example.org'] } });
  });

  it('only ever changes the caller’s own address, whatever userId it is sent', async () => {
    const before = await storedEmail('admin');
    const response = await putMail('demo-station', { userId: userId.admin, username: 'admin', mailAddress: 'not.the.admin@example.org' });
    expect(response.json().data).toEqual({ mailAddress: 'not.the.admin@example.org' });
    expect(await storedEmail('admin')).toBe(before);
    expect(await storedEmail('demo-station')).toBe('not.the.admin@example.org');
    expect((await info('admin')).mailAddress).toBe(before);
  });

  it.each([
    ['en', 'E-mail: is not valid'],
    ['es', 'Correo electrónico: no es válido'],
    ['ar', 'البريد الإلكتروني: غير صالح'],
    ['zh_CN', '邮箱：无效'],
  ])('refuses an invalid address with 91011 naming the field and the rule (%s), and keeps the old one', async (language, msg) => {
    await putMail('demo-company', { mailAddress: 'company@demo.ullage.invalid' });
    for (const bad of ['not-an-address', 'two@@example.org', 'nodot@localhost', 'a@b.co,c@d.co']) {
      const response = await putMail('demo-company', { mailAddress: bad }, language);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ code: 91011, msg, data: { fields: [{ field: 'mailAddress', rule: 'invalid', message: msg }] } });
    }
    expect((await info('demo-company')).mailAddress).toBe('company@demo.ullage.invalid');
  });

  it('refuses more than 255 characters, accepts 255', async () => {
    const of = (length: number) => `${'a'.repeat(length - '@example.org'.length)}@example.org`;
    const tooLong = await putMail('demo-company', { mailAddress: of(256) });
    expect(tooLong.json()).toMatchObject({ code: 91011, msg: 'E-mail: must be at most 255 characters', data: { fields: [{ field: 'mailAddress', rule: 'tooLong' }] } });
    expect((await putMail('demo-company', { mailAddress: of(256) }, 'es')).json().msg).toBe('Correo electrónico: debe tener como máximo 255 caracteres');
    expect((await info('demo-company')).mailAddress).toBe('company@demo.ullage.invalid');
    expect((await putMail('demo-company', { mailAddress: of(255) })).json()).toMatchObject({ code: 1000, data: { mailAddress: of(255) } });
  });

  it('refuses a missing or non-text value naming the field, not with a 500', async () => {
    expect((await putMail('demo-company', {})).json()).toMatchObject({ code: 91011, msg: 'E-mail: is required' });
    expect((await putMail('demo-company', { mailAddress: 42 })).json()).toMatchObject({ code: 91011, msg: 'E-mail: is not valid' });
  });

  it.each([[''], ['   '], [null]])('clears the address with %j: GET and getInfo answer null', async (value) => {
    await putMail('demo-company', { mailAddress: 'company@demo.ullage.invalid' });
    const response = await putMail('demo-company', { mailAddress: value });
    expect(response.json()).toEqual({ code: 1000, msg: 'Setting saved', data: { mailAddress: null } });
    expect(await storedEmail('demo-company')).toBeNull();
    expect((await getMail('demo-company')).json().data).toEqual({ mailAddress: null });
    expect((await info('demo-company')).mailAddress).toBeNull();
  });

  it('clearing turns e-mail off in the saved notice settings, keeping alerts and frequency; it stays off after a new address', async () => {
    await putMail('demo-company', { mailAddress: 'company@demo.ullage.invalid' });
    const saved = await editNotices('demo-company', {
      mailSendFrq: 60,
      typeReferList: [
        { type: 1, referList: [{ remark: 10, byEmail: 1, byAlert: 0 }, { remark: 13, byEmail: 1, byAlert: 1 }] },
        { type: 2, referList: [{ remark: 8, byEmail: 1, byAlert: 1 }] },
      ],
    });
    expect(saved.json()).toMatchObject({ code: 1000, data: true });
    expect((await notices('demo-company')).filter((r) => r.byEmail === 1)).toHaveLength(3);

    expect((await putMail('demo-company', { mailAddress: '' })).json().code).toBe(1000);
    const rows = await notices('demo-company');
    expect(rows.every((r) => r.byEmail === 0)).toBe(true);
    expect(rows.find((r) => r.type === 1 && r.remark === 10)).toEqual({ type: 1, remark: 10, byEmail: 0, byAlert: 0, byPush: 0, mailSendFrq: 60 });
    expect(rows.find((r) => r.type === 1 && r.remark === 13)).toMatchObject({ byEmail: 0, byAlert: 1 });
    expect(rows.find((r) => r.type === 2 && r.remark === 8)).toMatchObject({ byEmail: 0, byAlert: 1 });
    // Without an address e-mail cannot be asked for again…
    expect((await editNotices('demo-company', { mailSendFrq: 60, typeReferList: [{ type: 1, referList: [{ remark: 10, byEmail: 1, byAlert: 0 }] }] })).json().code).toBe(91011);

    // …and a new address does not turn it back on by itself; the user chooses again.
    await putMail('demo-company', { mailAddress: 'new.company@example.org' });
    expect((await notices('demo-company')).every((r) => r.byEmail === 0)).toBe(true);
    expect((await editNotices('demo-company', { mailSendFrq: 60, typeReferList: [{ type: 1, referList: [{ remark: 10, byEmail: 1, byAlert: 0 }] }] })).json()).toMatchObject({ code: 1000, data: true });
    expect((await notices('demo-company')).find((r) => r.type === 1 && r.remark === 10)).toMatchObject({ byEmail: 1 });
  });

  it('clearing an address that is already gone still turns e-mail off (an administrator may have removed it)', async () => {
    await putMail('demo-company', { mailAddress: 'company@demo.ullage.invalid' });
    await editNotices('demo-company', { mailSendFrq: 30, typeReferList: [{ type: 2, referList: [{ remark: 2, byEmail: 1, byAlert: 1 }] }] });
    await ctx.db.update(users).set({ email: null }).where(eq(users.username, 'demo-company'));
    expect((await putMail('demo-company', { mailAddress: '' })).json()).toMatchObject({ code: 1000, data: { mailAddress: null } });
    expect((await notices('demo-company')).every((r) => r.byEmail === 0)).toBe(true);
    await putMail('demo-company', { mailAddress: 'new.company@example.org' });
    await editNotices('demo-company', { mailSendFrq: 60, typeReferList: [{ type: 1, referList: [{ remark: 10, byEmail: 1, byAlert: 0 }] }] });
  });

  it('changing (not clearing) the address keeps e-mail on', async () => {
    await putMail('demo-company', { mailAddress: 'other.company@example.org' });
    expect((await notices('demo-company')).find((r) => r.type === 1 && r.remark === 10)).toMatchObject({ byEmail: 1 });
  });

  it('needs a session (30001)', async () => {
    expect((await ctx.app.inject({ method: 'GET', url: '/api/user/mail' })).json().code).toBe(30001);
    const put = await ctx.app.inject({ method: 'PUT', url: '/api/user/mail', payload: { mailAddress: 'x@example.org' } });
    expect(put.json().code).toBe(30001);
    expect(await storedEmail('admin')).not.toBe('x@example.org');
  });
});
