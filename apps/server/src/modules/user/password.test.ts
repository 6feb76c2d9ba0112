import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD, signIn, startTestApp, type TestContext } from '../../test/harness';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await startTestApp();
});
afterAll(() => ctx.close());

const put = (url: string, cookie: string, payload: object, language = 'en') =>
  ctx.app.inject({ method: 'PUT', url, payload, headers: { cookie, language } });

describe('PUT /api/user/checkPwd', () => {
  it('answers 100 with info.result success for the right password', async () => {
    const cookie = await signIn(ctx.app, 'demo-station', DEMO_PASSWORD);
    const response = await put('/api/user/checkPwd', cookie, { username: 'demo-station', pwd: DEMO_PASSWORD });
    expect(response.json()).toEqual({ code: 100, msg: 'Success', info: { result: 'success' } });
  });

  it('answers 60009 "Old password error" for a wrong one', async () => {
    const cookie = await signIn(ctx.app, 'demo-station', DEMO_PASSWORD);
    const response = await put('/api/user/checkPwd', cookie, { username: 'demo-station', pwd: 'Wrong#999' });
    expect(response.json()).toEqual({ code: 60009, msg: 'Old password error', info: { result: 'fail' } });
  });

  it('refuses to check another user’s password (80003)', async () => {
    const cookie = await signIn(ctx.app, 'demo-station', DEMO_PASSWORD);
    const response = await put('/api/user/checkPwd', cookie, { username: 'admin', pwd: 'anything' });
    expect(response.json()).toEqual({ code: 80003, msg: 'You can only change your own password' });
  });

  it('needs a session (30001)', async () => {
    const response = await ctx.app.inject({ method: 'PUT', url: '/api/user/checkPwd', payload: { username: 'admin', pwd: 'x' } });
    expect(response.json().code).toBe(30001);
  });
});

describe('PUT /api/user/updatePwd (spec §5 rules on the server)', () => {
  const cases: [string, object, string][] = [
    ['weak new password: no uppercase', { oldPwd: DEMO_PASSWORD, pwd: 'lower#1234', rePwd: 'lower#1234' }, 'New password: must contain an uppercase letter'],
    ['too short', { oldPwd: DEMO_PASSWORD, pwd: 'Aa#1', rePwd: 'Aa#1' }, 'New password: must be 8 to 15 characters'],
    ['too long (16)', { oldPwd: DEMO_PASSWORD, pwd: 'Abcdefgh#1234567', rePwd: 'Abcdefgh#1234567' }, 'New password: must be 8 to 15 characters'],
    ['no special character', { oldPwd: DEMO_PASSWORD, pwd: 'Abcdefgh1', rePwd: 'Abcdefgh1' }, 'New password: must contain a special character'],
    ['mismatched confirmation', { oldPwd: DEMO_PASSWORD, pwd: 'Newpass#2026', rePwd: 'Newpass#2027' }, 'Confirm password: must be the same as the new password'],
    ['missing old password', { pwd: 'Newpass#2026', rePwd: 'Newpass#2026' }, 'Old password: is required'],
    ['missing confirmation', { oldPwd: DEMO_PASSWORD, pwd: 'Newpass#2026' }, 'Confirm password: is required'],
  ];
  for (const [name, body, msg] of cases) {
    it(`refuses ${name} with 91011 "${msg}"`, async () => {
      const cookie = await signIn(ctx.app, 'demo-company', DEMO_PASSWORD);
      const response = await put('/api/user/updatePwd', cookie, { userId: 3, username: 'demo-company', ...body });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ code: 91011, msg });
    });
  }

  it('lists every broken rule in data.fields, localised', async () => {
    const cookie = await signIn(ctx.app, 'demo-company', DEMO_PASSWORD);
    const response = await put('/api/user/updatePwd', cookie, { username: 'demo-company', oldPwd: 'x', pwd: 'abc', rePwd: 'abd' }, 'es');
    expect(response.json().data.fields.map((f: { field: string; rule: string }) => `${f.field}:${f.rule}`)).toEqual([
      'pwd:passwordLength',
      'pwd:passwordDigit',
      'pwd:passwordUpper',
      'pwd:passwordSpecial',
      'rePwd:notSame',
    ]);
    expect(response.json().msg).toBe('Nueva contraseña: debe tener entre 8 y 15 caracteres');
  });

  it('refuses a wrong old password with 60009 and leaves the password unchanged', async () => {
    const cookie = await signIn(ctx.app, 'demo-company', DEMO_PASSWORD);
    const response = await put('/api/user/updatePwd', cookie, { username: 'demo-company', oldPwd: 'Wrong#2026', pwd: 'Newpass#2026', rePwd: 'Newpass#2026' });
    expect(response.json()).toMatchObject({ code: 60009, msg: 'Old password error' });
    await signIn(ctx.app, 'demo-company', DEMO_PASSWORD);
  });

  it('refuses to change another user’s password', async () => {
    const cookie = await signIn(ctx.app, 'demo-company', DEMO_PASSWORD);
    const response = await put('/api/user/updatePwd', cookie, { username: 'admin', oldPwd: DEMO_PASSWORD, pwd: 'Newpass#2026', rePwd: 'Newpass#2026' });
    expect(response.json().code).toBe(80003);
  });

  it('changes it: 100 "Modification succeeded, please log in again"; other sessions end; the new password signs in, the old does not', async () => {
    const other = await signIn(ctx.app, 'demo-distributor', DEMO_PASSWORD);
    const cookie = await signIn(ctx.app, 'demo-distributor', DEMO_PASSWORD);
    const response = await put('/api/user/updatePwd', cookie, { userId: 2, username: 'demo-distributor', oldPwd: DEMO_PASSWORD, pwd: 'Newpass#2026', rePwd: 'Newpass#2026' });
    expect(response.json()).toEqual({ code: 100, msg: 'Modification succeeded, please log in again', info: { result: 'success' } });
    expect((await ctx.app.inject({ method: 'GET', url: '/api/login/getInfo', headers: { cookie: other } })).json().code).toBe(30001);
    expect((await ctx.app.inject({ method: 'GET', url: '/api/login/getInfo', headers: { cookie } })).json().code).toBe(1000);
    const old = await ctx.app.inject({ method: 'POST', url: '/api/login/auth', payload: { username: 'demo-distributor', password: DEMO_PASSWORD }, remoteAddress: '10.7.0.1' });
    expect(old.json().code).toBe(60005);
    await signIn(ctx.app, 'demo-distributor', 'Newpass#2026');
  });
});

describe('unsafe passwords', () => {
  it('a weak password is flagged at login and in getInfo until it is changed', async () => {
    const weak = await startTestApp({ config: { adminPassword: 'adminadmin' } });
    try {
      const login = await weak.app.inject({ method: 'POST', url: '/api/login/auth', payload: { username: 'admin', password: 'adminadmin' } });
      expect(login.json().data).toEqual({ result: 'success', passwordUnsafe: true });
      const cookie = `ullage_session=${login.cookies.find((c) => c.name === 'ullage_session')!.value}`;
      const info = await weak.app.inject({ method: 'GET', url: '/api/login/getInfo', headers: { cookie } });
      expect(info.json().data.passwordUnsafe).toBe(true);
      await weak.app.inject({ method: 'PUT', url: '/api/user/updatePwd', headers: { cookie }, payload: { username: 'admin', oldPwd: 'adminadmin', pwd: 'Strong#2026', rePwd: 'Strong#2026' } });
      const after = await weak.app.inject({ method: 'GET', url: '/api/login/getInfo', headers: { cookie } });
      expect(after.json().data.passwordUnsafe).toBe(false);
    } finally {
      await weak.close();
    }
  });
});
