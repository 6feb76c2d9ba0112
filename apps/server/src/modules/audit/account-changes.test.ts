import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_PASSWORD, DEMO_PASSWORD, signIn, startTestApp, type TestContext } from '../../test/harness';

/** Review issue 20 item 12: every change an account makes to itself is in the audit log, without secrets. */
let ctx: TestContext;
let admin = '';
let station = '';
let stationId = 0;

const PNG_1PX = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==';

beforeAll(async () => {
  ctx = await startTestApp();
  admin = await signIn(ctx.app, 'admin', ADMIN_PASSWORD);
  station = await signIn(ctx.app, 'demo-station', DEMO_PASSWORD);
  stationId = (await ctx.app.inject({ method: 'GET', url: '/api/login/getInfo', headers: { cookie: station } })).json().data.userId;
});
afterAll(() => ctx.close());

interface Entry {
  username: string;
  action: string;
  entity: string;
  entityId: number | null;
  changes: Record<string, unknown>;
}

async function newest(): Promise<Entry> {
  const res = await ctx.app.inject({ method: 'GET', url: '/api/audit/list?page=1&pageSize=1', headers: { cookie: admin } });
  return res.json().data.list[0] as Entry;
}

describe('the audit log records each change an account makes to itself', () => {
  it('its notice settings: mail frequency and the alarms of each channel, as field keys and raw values', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/userNoticeCfg/edit',
      headers: { cookie: station },
      payload: { userId: stationId, mailSendFrq: 60, typeReferList: [{ type: 1, referList: [{ remark: 10, byEmail: 0, byAlert: 0 }] }] },
    });
    expect(res.json().code).toBe(1000);
    const entry = await newest();
    expect(entry).toMatchObject({ username: 'demo-station', action: 'update', entity: 'account', entityId: stationId });
    expect(entry.changes.mailSendFrq).toEqual([30, 60]);
    const [alertBefore, alertAfter] = entry.changes.noticeByAlert as string[][];
    expect(alertBefore).toContain('1:10');
    expect(alertAfter).not.toContain('1:10');
  });

  it('its mail address', async () => {
    expect((await ctx.app.inject({ method: 'PUT', url: '/api/user/mail', headers: { cookie: station }, payload: { mailAddress: 'audit@example.org' } })).json().code).toBe(1000);
    expect(await newest()).toMatchObject({ username: 'demo-station', action: 'update', entity: 'account', entityId: stationId, changes: { email: [null, 'audit@example.org'] } });
  });

  it('its photo', async () => {
    const res = await ctx.app.inject({ method: 'POST', url: '/api/user/photo', headers: { cookie: station }, payload: { fileName: 'me.png', dataUrl: `data:image/png;base64,${PNG_1PX}` } });
    expect(res.json().code).toBe(1000);
    const entry = await newest();
    expect(entry).toMatchObject({ username: 'demo-station', action: 'update', entity: 'account', entityId: stationId });
    expect(entry.changes.photo).toEqual([null, expect.stringMatching(/^\/api\/user\/photo\//)]);
  });

  it('its password: that it changed, no password or hash in the log', async () => {
    const res = await ctx.app.inject({ method: 'PUT', url: '/api/user/updatePwd', headers: { cookie: station }, payload: { userId: stationId, username: 'demo-station', oldPwd: DEMO_PASSWORD, pwd: 'Audit#2026ok', rePwd: 'Audit#2026ok' } });
    expect(res.json().code).toBe(100);
    const entry = await newest();
    expect(entry).toMatchObject({ username: 'demo-station', action: 'changePassword', entity: 'account', entityId: stationId, changes: {} });
    const all = JSON.stringify((await ctx.app.inject({ method: 'GET', url: '/api/audit/list?page=1&pageSize=100', headers: { cookie: admin } })).json().data.list);
    expect(all).not.toContain('Audit#2026ok');
    expect(all).not.toContain(DEMO_PASSWORD);
    expect(all).not.toMatch(/\$argon2|\$scrypt|passwordHash/);
  });
});
