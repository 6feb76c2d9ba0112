import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { auditLog, stations } from '../../db/schema';
import { signIn, startTestApp, type TestContext } from '../../test/harness';
import { requestsAs, SEEDED_ACCOUNTS, signInAll } from '../../test/signed-in';
import { addSecondOrganisation, type SecondOrganisation } from '../../test/second-organisation';
import { readSheet } from '../../test/xlsx-cells';

let ctx: TestContext;
let other: SecondOrganisation;
const cookie: Record<string, string> = {};
const station: Record<string, number> = {};
const company: Record<string, number> = {};
const account: Record<string, number> = {};
beforeAll(async () => {
  ctx = await startTestApp();
  other = await addSecondOrganisation(ctx.db);
  Object.assign(cookie, await signInAll(ctx.app, SEEDED_ACCOUNTS));
  for (const s of await ctx.db.select({ id: stations.id, code: stations.code, companyId: stations.companyId }).from(stations)) station[s.code] = s.id;
  for (const c of (await call('admin', 'GET', '/api/company/list')).json().data.list as { id: number; code: string }[]) company[c.code] = c.id;
  for (const a of (await call('admin', 'GET', '/api/account/list?pageSize=50')).json().data.list as { id: number; username: string }[]) account[a.username] = a.id;
});
afterAll(() => ctx.close());

const { call } = requestsAs(() => ctx.app, cookie);
const names = (response: { json(): { data: { list: { username: string }[] } } }) => response.json().data.list.map((a) => a.username);
const login = (username: string, password: string) => ctx.app.inject({ method: 'POST', url: '/api/login/auth', payload: { username, password } });

const valid = (overrides: object = {}) => ({
  username: 'nwp-sz02',
  nickname: 'Shenzhen manager',
  password: 'Shenzhen#2026',
  accountType: 3,
  unitId: station['NWP-SZ02'],
  email: 'sz02@nwp.invalid',
  casUser: null,
  ...overrides,
});

describe('account settings API', () => {
  it('the administrator creates a station account: it carries its company and distributor, the password is never audited', async () => {
    const response = await call('admin', 'POST', '/api/account', valid());
    expect(response.json()).toMatchObject({
      code: 1000,
      msg: 'Setting saved',
      data: {
        username: 'nwp-sz02',
        nickname: 'Shenzhen manager',
        accountType: 3,
        unitId: station['NWP-SZ02'],
        unitName: 'Shenzhen Nanshan',
        distributorId: 1,
        companyId: company.NWP,
        stationId: station['NWP-SZ02'],
        email: 'sz02@nwp.invalid',
        casUser: null,
        disabled: false,
        passwordUnsafe: false,
      },
    });
    account['nwp-sz02'] = response.json().data.id;
    const [audit] = await ctx.db.select().from(auditLog).where(and(eq(auditLog.entity, 'account'), eq(auditLog.entityId, account['nwp-sz02']!)));
    expect(audit).toMatchObject({ username: 'admin', action: 'create' });
    expect(JSON.stringify(audit!.changes)).not.toMatch(/Shenzhen#2026|password/i);
    expect((await login('nwp-sz02', 'Shenzhen#2026')).json()).toMatchObject({ code: 1000, data: { passwordUnsafe: false } });
  });

  it('creates distributor and company accounts with their unit; a weak password marks the account unsafe', async () => {
    const d = await call('admin', 'POST', '/api/account', valid({ username: 'meridian-ops', accountType: 1, unitId: 1, email: '' }));
    expect(d.json().data).toMatchObject({ accountType: 1, unitId: 1, unitName: 'Meridian Fuels', distributorId: 1, companyId: null, stationId: null, email: null });
    const c = await call('admin', 'POST', '/api/account', valid({ username: 'lsf-office', accountType: 2, unitId: company.LSF, password: 'password1' }));
    expect(c.json().data).toMatchObject({ accountType: 2, unitName: 'Lone Star Fuel Co.', distributorId: 1, companyId: company.LSF, stationId: null, passwordUnsafe: true });
    const s = await call('admin', 'POST', '/api/account', valid({ username: 'lsf-ho01-attendant', accountType: 4, unitId: station['LSF-HO01'] }));
    expect(s.json().data).toMatchObject({ accountType: 4, unitName: 'Houston Westheimer', companyId: company.LSF });
    for (const r of [d, c, s]) account[r.json().data.username] = r.json().data.id;
  });

  it('refuses a user name that exists, in any letter case: 80006 "User name has existed"', async () => {
    const response = await call('admin', 'POST', '/api/account', valid({ username: 'DEMO-Company' }));
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({ code: 80006, msg: 'User name has existed', data: { fields: [{ field: 'username', rule: 'unique', message: 'User name has existed' }] } });
    expect((await call('admin', 'POST', '/api/account', valid({ username: 'Admin' }), 'es')).json().msg).toBe('El nombre de usuario ya existe');
    expect((await call('admin', 'PUT', `/api/account/${account['nwp-sz02']}`, valid({ username: 'demo-station' }))).json().code).toBe(80006);
  });

  const refusals: [string, () => object, string][] = [
    ['a user name under 5 characters', () => ({ username: 'abcd' }), 'User name: must be at least 5 characters'],
    ['a missing nickname', () => ({ nickname: ' ' }), 'Nickname: is required'],
    ['a missing password', () => ({ password: undefined }), 'Password: is required'],
    ['a password under 8 characters', () => ({ password: 'Ab#4567' }), 'Password: must be at least 8 characters'],
    ['an e-mail that is not one', () => ({ email: 'not-an-email' }), 'E-mail: is not valid'],
    ['an account type outside 1-4', () => ({ accountType: 0 }), 'Unit type: is not valid'],
    ['a unit that does not exist', () => ({ unitId: 99_999 }), 'Unit: is not valid'],
    ['a unit of the wrong kind (a company id as a station account)', () => ({ accountType: 2, unitId: 99_998 }), 'Unit: is not valid'],
  ];
  for (const [name, overrides, msg] of refusals) {
    it(`refuses ${name}: 91011 "${msg}"`, async () => {
      expect((await call('admin', 'POST', '/api/account', valid({ username: 'refused-1', ...overrides() }))).json()).toMatchObject({ code: 91011, msg });
    });
  }

  it('localises the refusal', async () => {
    expect((await call('admin', 'POST', '/api/account', valid({ username: 'abcd' }), 'zh_CN')).json().msg).toBe('用户名：至少 5 个字符');
    expect((await call('admin', 'POST', '/api/account', valid({ username: 'abcd' }), 'ar')).json().msg).toBe('اسم المستخدم: يجب ألا يقل عن 5 أحرف');
  });

  it('lists with paging, sorting, search and filters; the administrator sees every account', async () => {
    const page = (await call('admin', 'GET', '/api/account/list?pageSize=3&sortField=username')).json().data;
    expect(page.total).toBe(9);
    expect(page.list.map((a: { username: string }) => a.username)).toEqual(['admin', 'demo-company', 'demo-distributor']);
    expect(names(await call('admin', 'GET', '/api/account/list?accountType=2&sortField=username&sortOrder=descend'))).toEqual(['pampa-company', 'lsf-office', 'demo-company']);
    expect(names(await call('admin', 'GET', `/api/account/list?companyId=${company.LSF}`))).toEqual(['lsf-ho01-attendant', 'lsf-office']);
    expect(names(await call('admin', 'GET', '/api/account/list?q=nwp.invalid'))).toEqual(['lsf-ho01-attendant', 'lsf-office', 'nwp-sz02']);
    expect(names(await call('admin', 'GET', '/api/account/list?q=DEMO%20STATION'))).toEqual(['demo-station']);
    expect((await call('admin', 'GET', '/api/account/list?sortField=passwordHash')).json()).toMatchObject({ code: 91011, msg: 'Sort column: is not valid' });
  });

  it('edits (not the password), and records what changed', async () => {
    const response = await call('admin', 'PUT', `/api/account/${account['nwp-sz02']}`, valid({ nickname: 'Pudong manager', unitId: station['NWP-SH01'], password: 'ignored#1234' }));
    expect(response.json().data).toMatchObject({ nickname: 'Pudong manager', unitId: station['NWP-SH01'], unitName: 'Shanghai Pudong', stationId: station['NWP-SH01'] });
    const audit = await ctx.db.select().from(auditLog).where(and(eq(auditLog.entity, 'account'), eq(auditLog.action, 'update')));
    expect(audit.at(-1)!.changes).toEqual({ nickname: ['Shenzhen manager', 'Pudong manager'], stationId: [station['NWP-SZ02'], station['NWP-SH01']] });
    expect((await login('nwp-sz02', 'ignored#1234')).json().code).toBe(60005);
  });

  it('disabling ends the account’s open session at once and stops it logging in; enabling lets it back', async () => {
    cookie['nwp-sz02'] = await signIn(ctx.app, 'nwp-sz02', 'Shenzhen#2026');
    expect((await call('nwp-sz02', 'GET', '/api/login/getInfo')).json().code).toBe(1000);
    const response = await call('admin', 'PUT', `/api/account/${account['nwp-sz02']}/status`, { disabled: true });
    expect(response.json()).toMatchObject({ code: 1000, msg: 'Setting saved', data: { disabled: true } });
    expect((await call('nwp-sz02', 'GET', '/api/login/getInfo')).json().code).toBe(30001);
    expect((await login('nwp-sz02', 'Shenzhen#2026')).json()).toEqual({ code: 60005, msg: 'Wrong user name or password' });
    expect(names(await call('admin', 'GET', '/api/account/list?status=disabled'))).toEqual(['nwp-sz02']);
    expect((await call('admin', 'PUT', `/api/account/${account['nwp-sz02']}/status`, { disabled: false })).json().data.disabled).toBe(false);
    expect((await login('nwp-sz02', 'Shenzhen#2026')).json().code).toBe(1000);
    const audit = await ctx.db.select().from(auditLog).where(and(eq(auditLog.entity, 'account'), eq(auditLog.entityId, account['nwp-sz02']!)));
    expect(audit.map((a) => a.action)).toEqual(['create', 'update', 'disable', 'enable']);
  });

  it('resets the password: the old one stops working, the temporary one signs in marked unsafe, sessions end', async () => {
    cookie['nwp-sz02'] = await signIn(ctx.app, 'nwp-sz02', 'Shenzhen#2026');
    const response = await call('admin', 'POST', `/api/account/${account['nwp-sz02']}/reset-password`);
    expect(response.json()).toMatchObject({ code: 1000, msg: 'Password reset; the user must change it after logging in' });
    const { temporaryPassword } = response.json().data;
    expect(temporaryPassword).toMatch(/^.{12}$/);
    expect((await call('nwp-sz02', 'GET', '/api/login/getInfo')).json().code).toBe(30001);
    expect((await login('nwp-sz02', 'Shenzhen#2026')).json().code).toBe(60005);
    expect((await login('nwp-sz02', temporaryPassword)).json()).toMatchObject({ code: 1000, data: { passwordUnsafe: true } });
    expect((await call('admin', 'GET', `/api/account/${account['nwp-sz02']}`)).json().data.passwordUnsafe).toBe(true);
    const [audit] = await ctx.db.select().from(auditLog).where(and(eq(auditLog.entity, 'account'), eq(auditLog.action, 'resetPassword')));
    expect(audit).toMatchObject({ username: 'admin', entityId: account['nwp-sz02'] });
    expect(JSON.stringify(audit!.changes)).not.toContain(temporaryPassword);

    // Until the temporary password is changed, nothing else is allowed.
    const temporary = await login('nwp-sz02', temporaryPassword);
    const session = `ullage_session=${temporary.cookies.find((c) => c.name === 'ullage_session')!.value}`;
    const as = (method: 'GET' | 'PUT', url: string, payload?: object) => ctx.app.inject({ method, url, payload, headers: { cookie: session } });
    expect((await as('GET', '/api/login/getInfo')).json().data.mustChangePassword).toBe(true);
    expect((await as('GET', '/api/station/list')).json()).toEqual({ code: 80003, msg: 'Change your temporary password before continuing' });
    const changed = await as('PUT', '/api/user/updatePwd', { username: 'nwp-sz02', oldPwd: temporaryPassword, pwd: 'Shenzhen#2027', rePwd: 'Shenzhen#2027' });
    expect(changed.json().code).toBe(100);
    expect((await as('GET', '/api/station/list')).json().code).toBe(1000);
    expect((await as('GET', '/api/login/getInfo')).json().data).toMatchObject({ mustChangePassword: false, passwordUnsafe: false });
  });

  it('nobody disables, deletes or resets their own account or the admin account: 80003', async () => {
    const protectedMsg = { code: 80003, msg: 'You cannot disable, delete or reset your own account or the administrator account' };
    expect((await call('admin', 'PUT', `/api/account/${account.admin}/status`, { disabled: true })).json()).toEqual(protectedMsg);
    expect((await call('admin', 'DELETE', `/api/account/${account.admin}`)).json()).toEqual(protectedMsg);
    expect((await call('admin', 'POST', `/api/account/${account.admin}/reset-password`)).json()).toEqual(protectedMsg);
    expect((await call('demo-distributor', 'PUT', `/api/account/${account['demo-distributor']}/status`, { disabled: true })).json()).toEqual(protectedMsg);
    expect((await call('demo-distributor', 'POST', `/api/account/${account['demo-distributor']}/reset-password`)).json()).toEqual(protectedMsg);
    expect((await call('demo-distributor', 'DELETE', `/api/account/${account['demo-distributor']}`)).json()).toEqual(protectedMsg);
    // The administrator account is not even visible to others.
    expect((await call('demo-distributor', 'PUT', `/api/account/${account.admin}/status`, { disabled: true })).json().code).toBe(80001);
    expect((await call('admin', 'PUT', `/api/account/${account.admin}`, valid({ username: 'admin', accountType: 1, unitId: 1 }))).json().code).toBe(80003);
  });

  it('exports xlsx with headers and unit types in the caller’s language, never a password', async () => {
    const response = await call('admin', 'GET', '/api/account/export?sortField=username&accountType=2', undefined, 'es');
    expect(response.headers['content-type']).toContain('spreadsheetml');
    const { sheet, header, values } = await readSheet(response);
    expect(sheet.name).toBe('Cuentas');
    expect(header).toEqual(['Nombre de usuario', 'Apodo', 'Tipo de unidad', 'Unidad', 'Correo electrónico', 'Usuario CAS', 'Estado', 'Creado (UTC)']);
    expect(values(2).slice(0, 4)).toEqual(['demo-company', 'Demo company', 'Empresa', 'Northwind Petroleum']);
    expect(sheet.rowCount).toBe(4);
  });

  it('deletes an account: its id then answers 80001 and it cannot log in', async () => {
    expect((await call('admin', 'DELETE', `/api/account/${account['lsf-ho01-attendant']}`)).json()).toEqual({ code: 100, msg: 'Deleted', info: { result: 'success' } });
    expect((await call('admin', 'GET', `/api/account/${account['lsf-ho01-attendant']}`)).json().code).toBe(80001);
    expect((await login('lsf-ho01-attendant', 'Shenzhen#2026')).json().code).toBe(60005);
  });
});

describe('account settings: who may manage which accounts', () => {
  it('a distributor account sees and manages the accounts under its distributor, not the admin nor another distributor’s', async () => {
    expect(names(await call('demo-distributor', 'GET', '/api/account/list?sortField=username'))).toEqual(['demo-company', 'demo-distributor', 'demo-station', 'lsf-office', 'meridian-ops', 'nwp-sz02']);
    const created = await call('demo-distributor', 'POST', '/api/account', valid({ username: 'lsf-da02', unitId: station['LSF-DA02'] }));
    expect(created.json().data).toMatchObject({ unitName: 'Dallas Love Field', companyId: company.LSF, distributorId: 1 });
    expect((await call('demo-distributor', 'PUT', `/api/account/${account['lsf-office']}/status`, { disabled: true })).json().data.disabled).toBe(true);
    expect((await call('demo-distributor', 'POST', '/api/account', valid({ username: 'pampa-2', accountType: 2, unitId: other.companyId }))).json()).toMatchObject({ code: 91011, msg: 'Unit: is not valid' });
    for (const [method, url, body] of [
      ['GET', `/api/account/${other.accountId}`],
      ['PUT', `/api/account/${other.accountId}`, valid({ username: 'pampa-company', accountType: 2, unitId: other.companyId })],
      ['PUT', `/api/account/${other.accountId}/status`, { disabled: true }],
      ['POST', `/api/account/${other.accountId}/reset-password`],
      ['DELETE', `/api/account/${other.accountId}`],
      ['GET', `/api/account/${account.admin}`],
    ] as const) {
      expect((await call('demo-distributor', method, url, body)).json().code, `${method} ${url}`).toBe(80001);
    }
  });

  it('company and station accounts have no user menu (spec §6) and manage no accounts: 80003 for every call, nothing written', async () => {
    const before = names(await call('admin', 'GET', '/api/account/list?sortField=username&pageSize=50'));
    const forbidden = { code: 80003, msg: 'You do not have permission to do this' };
    for (const who of ['demo-company', 'demo-station']) {
      expect((await call(who, 'GET', '/api/account/list')).json(), who).toEqual(forbidden);
      expect((await call(who, 'GET', '/api/account/export')).json(), who).toEqual(forbidden);
      expect((await call(who, 'POST', '/api/account', valid({ username: 'nwp-md06', accountType: 4, unitId: station['NWP-MD06'] }))).json(), who).toEqual(forbidden);
      for (const target of [account['demo-station'], account['nwp-sz02'], other.accountId]) {
        expect((await call(who, 'GET', `/api/account/${target}`)).json().code).toBe(80003);
        expect((await call(who, 'PUT', `/api/account/${target}`, valid({ username: 'taken-over', accountType: 3, unitId: station['NWP-SH01'] }))).json().code).toBe(80003);
        expect((await call(who, 'PUT', `/api/account/${target}/status`, { disabled: true })).json().code).toBe(80003);
        expect((await call(who, 'POST', `/api/account/${target}/reset-password`)).json().code).toBe(80003);
        expect((await call(who, 'DELETE', `/api/account/${target}`)).json().code).toBe(80003);
      }
    }
    expect(names(await call('admin', 'GET', '/api/account/list?sortField=username&pageSize=50'))).toEqual(before);
    expect((await call('admin', 'GET', `/api/account/${account['nwp-sz02']}`)).json().data).toMatchObject({ username: 'nwp-sz02', disabled: false });
  });

  it('removing an account’s mail address turns its alarm e-mails off, and keeps its in-app alerts', async () => {
    const created = await call('admin', 'POST', '/api/account', valid({ username: 'nwp-mail-off', unitId: station['NWP-SH01'] }));
    const id = created.json().data.id as number;
    const own = await signIn(ctx.app, 'nwp-mail-off', 'Shenzhen#2026');
    const saved = await ctx.app.inject({
      method: 'POST',
      url: '/api/userNoticeCfg/edit',
      headers: { cookie: own },
      payload: { userId: id, mailSendFrq: '15', typeReferList: [{ type: 1, referList: [{ remark: 10, byEmail: 1, byAlert: 0 }] }] },
    });
    expect(saved.json().code).toBe(1000);
    const edited = await call('admin', 'PUT', `/api/account/${id}`, valid({ username: 'nwp-mail-off', unitId: station['NWP-SH01'], email: null }));
    expect(edited.json().data.email).toBeNull();
    const rows = (await ctx.app.inject({ method: 'GET', url: `/api/userNoticeCfg/list?userId=${id}`, headers: { cookie: own } })).json().data as { type: number; remark: number; byEmail: number; byAlert: number; mailSendFrq: number }[];
    expect(rows.find((r) => r.type === 1 && r.remark === 10)).toEqual({ type: 1, remark: 10, byEmail: 0, byAlert: 0, byPush: 0, mailSendFrq: 15 });
    expect(rows.every((r) => r.byEmail === 0)).toBe(true);
  });
});
