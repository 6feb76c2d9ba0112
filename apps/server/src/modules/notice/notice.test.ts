import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { users } from '../../db/schema';
import { ADMIN_PASSWORD, DEMO_PASSWORD, signIn, startTestApp, type TestContext } from '../../test/harness';

let ctx: TestContext;
const cookie: Record<string, string> = {};
const userId: Record<string, number> = {};

beforeAll(async () => {
  ctx = await startTestApp();
  await ctx.db.update(users).set({ email: 'admin@example.org' }).where(eq(users.username, 'admin'));
  await ctx.db.update(users).set({ email: null }).where(eq(users.username, 'demo-station'));
  for (const [name, password] of [['admin', ADMIN_PASSWORD], ['demo-station', DEMO_PASSWORD]] as const) {
    cookie[name] = await signIn(ctx.app, name, password);
    userId[name] = (await ctx.app.inject({ method: 'GET', url: '/api/login/getInfo', headers: { cookie: cookie[name]! } })).json().data.userId;
  }
});
afterAll(() => ctx.close());

const list = (who: string, id = userId[who]) => ctx.app.inject({ method: 'GET', url: `/api/userNoticeCfg/list?userId=${id}`, headers: { cookie: cookie[who]! } });
const edit = (who: string, body: object, language = 'en') => ctx.app.inject({ method: 'POST', url: '/api/userNoticeCfg/edit', payload: body, headers: { cookie: cookie[who]!, language } });

describe('alarm notification settings (spec §7 userNoticeCfg)', () => {
  it('lists every level and leak code with the defaults: alert and push on, e-mail off, every 30 minutes', async () => {
    const rows = (await list('admin')).json().data as { type: number; remark: number; byEmail: number; byAlert: number; mailSendFrq: number }[];
    // Spec §3's 30 level and 11 leak codes, the leak test's level code 60 (issue 22), the wetstock variance and run-out codes 61 and 62 (issue 23).
    expect(rows).toHaveLength(44);
    expect(rows.find((r) => r.type === 1 && r.remark === 61)).toEqual({ type: 1, remark: 61, byEmail: 0, byAlert: 1, byPush: 1, mailSendFrq: 30 });
    expect(rows.find((r) => r.type === 1 && r.remark === 62)).toEqual({ type: 1, remark: 62, byEmail: 0, byAlert: 1, byPush: 1, mailSendFrq: 30 });
    expect(rows.find((r) => r.type === 1 && r.remark === 60)).toEqual({ type: 1, remark: 60, byEmail: 0, byAlert: 1, byPush: 1, mailSendFrq: 30 });
    expect(rows.find((r) => r.type === 1 && r.remark === 10)).toEqual({ type: 1, remark: 10, byEmail: 0, byAlert: 1, byPush: 1, mailSendFrq: 30 });
    expect(rows.filter((r) => r.type === 2).map((r) => r.remark)).toEqual([2, 4, 5, 8, 9, 10, 11, 12, 13, 14, 15]);
  });

  it('saves the settings; truthy means saved; the list shows them', async () => {
    const res = (await edit('admin', { userId: userId.admin, mailSendFrq: '60', typeReferList: [{ type: 1, referList: [{ remark: 10, byEmail: 1, byAlert: 0 }] }, { type: 2, referList: [{ remark: 8, byEmail: 1, byAlert: 1 }] }] })).json();
    expect(res).toMatchObject({ code: 1000, data: true });
    const rows = (await list('admin')).json().data as { type: number; remark: number; byEmail: number; byAlert: number; mailSendFrq: number }[];
    expect(rows.find((r) => r.type === 1 && r.remark === 10)).toEqual({ type: 1, remark: 10, byEmail: 1, byAlert: 0, byPush: 0, mailSendFrq: 60 });
    expect(rows.find((r) => r.type === 2 && r.remark === 8)).toMatchObject({ byEmail: 1, byAlert: 1 });
    expect(rows.find((r) => r.type === 1 && r.remark === 11)).toMatchObject({ byEmail: 0, byAlert: 1 });
  });

  it.each(['0', '030', '1441', '12345', '1.5', 'abc'])('refuses mail frequency %j naming the field and the rule', async (value) => {
    const res = (await edit('admin', { userId: userId.admin, mailSendFrq: value, typeReferList: [] })).json();
    expect(res).toMatchObject({ code: 91011, msg: 'Mail reminder frequency (minutes): must be a positive integer not above 1440' });
  });

  it('refuses e-mail for a user without a mail address, and codes that do not exist, saving nothing', async () => {
    const res = (await edit('demo-station', { userId: userId['demo-station'], mailSendFrq: 30, typeReferList: [{ type: 1, referList: [{ remark: 10, byEmail: 1, byAlert: 1 }, { remark: 99, byEmail: 0, byAlert: 1 }] }] }, 'es')).json();
    expect(res.code).toBe(91011);
    expect(res.data.fields.map((f: { field: string; message: string }) => [f.field, f.message])).toEqual([
      ['typeReferList.0.referList.0.byEmail', 'Tipo de alarma 1 · Alarma 1 · Correo: requiere una dirección de correo en su cuenta'],
      ['typeReferList.0.referList.1.remark', expect.stringContaining('Tipo de alarma 1 · Alarma 2')],
    ]);
    const rows = (await list('demo-station')).json().data as { byEmail: number }[];
    expect(rows.every((r) => r.byEmail === 0)).toBe(true);
  });

  // byPush (issue 38) is an addition: a client of the spec's two channels does not send it.
  it('saves byPush; without it a saved push choice stays, and a code never saved follows its in-app alert', async () => {
    const save = (referList: object[]) => edit('admin', { userId: userId.admin, mailSendFrq: 30, typeReferList: [{ type: 2, referList }] });
    expect((await save([{ remark: 4, byEmail: 0, byAlert: 1, byPush: 0 }, { remark: 5, byEmail: 0, byAlert: 0, byPush: 1 }])).json()).toMatchObject({ code: 1000, data: true });
    let rows = (await list('admin')).json().data as { type: number; remark: number; byAlert: number; byPush: number }[];
    expect(rows.find((r) => r.type === 2 && r.remark === 4)).toMatchObject({ byAlert: 1, byPush: 0 });
    expect(rows.find((r) => r.type === 2 && r.remark === 5)).toMatchObject({ byAlert: 0, byPush: 1 });
    // Saved again without byPush: code 4 keeps its push choice; code 9, never chosen, follows its alert (off).
    expect((await save([{ remark: 4, byEmail: 0, byAlert: 1 }, { remark: 9, byEmail: 0, byAlert: 0 }])).json().code).toBe(1000);
    rows = (await list('admin')).json().data as { type: number; remark: number; byAlert: number; byPush: number }[];
    expect(rows.find((r) => r.type === 2 && r.remark === 4)).toMatchObject({ byAlert: 1, byPush: 0 });
    expect(rows.find((r) => r.type === 2 && r.remark === 9)).toMatchObject({ byAlert: 0, byPush: 0 });
    // Code 5 was not sent this time: back to its default, push on.
    expect(rows.find((r) => r.type === 2 && r.remark === 5)).toMatchObject({ byAlert: 1, byPush: 1 });
  });

  it.each([2, '1', true])('refuses byPush %j naming the field', async (byPush) => {
    const res = (await edit('admin', { userId: userId.admin, mailSendFrq: 30, typeReferList: [{ type: 1, referList: [{ remark: 10, byEmail: 0, byAlert: 1, byPush }] }] })).json();
    expect(res.code).toBe(91011);
    expect(res.data.fields[0].field).toBe('typeReferList.0.referList.0.byPush');
  });

  it('a user reads and edits only their own settings (80003)', async () => {
    expect((await list('demo-station', userId.admin)).json().code).toBe(80003);
    expect((await edit('demo-station', { userId: userId.admin, mailSendFrq: 30, typeReferList: [] })).json().code).toBe(80003);
  });
});
