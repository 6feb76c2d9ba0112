import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_PASSWORD, DEMO_PASSWORD, signIn, startTestApp, type TestContext } from '../../test/harness';

let ctx: TestContext;
const cookie: Record<string, string> = {};
beforeAll(async () => {
  ctx = await startTestApp();
  cookie.admin = await signIn(ctx.app, 'admin', ADMIN_PASSWORD);
  for (const name of ['demo-distributor', 'demo-company']) cookie[name] = await signIn(ctx.app, name, DEMO_PASSWORD);
});
afterAll(() => ctx.close());

const call = (who: string, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
  ctx.app.inject({ method, url, payload, headers: { cookie: cookie[who]! } });

const PNG = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==';
const valid = (overrides: object = {}) => ({
  name: 'Pampa Combustibles',
  area: 'South America',
  country: 'Argentina',
  contactName: 'Lucía Fernández',
  phone: '54-11-5555-0199',
  position: 'Director',
  logo: `data:image/png;base64,${PNG}`,
  tankTypes: [{ code: 'T30', oil: '95#', maxVolumeL: 30000, heightMm: 2400 }],
  ...overrides,
});

describe('distributor settings API', () => {
  let id: number;
  it('the administrator creates one with logo and tank types', async () => {
    const response = await call('admin', 'POST', '/api/distributor', valid());
    expect(response.json()).toMatchObject({ code: 1000, data: { name: 'Pampa Combustibles', companyCount: 0, tankTypes: [{ code: 'T30', oil: '95#', maxVolumeL: 30000, heightMm: 2400 }] } });
    id = response.json().data.id;
  });

  const refusals: [string, object, string][] = [
    ['a phone with letters', { phone: '+54 11 CALL' }, 'Phone: must contain only digits and hyphens'],
    ['a missing phone', { phone: '' }, 'Phone: is required'],
    ['a missing contact', { contactName: '' }, 'Contact: is required'],
    ['a gif logo', { logo: 'data:image/gif;base64,R0lGODlhAQABAAAAACw=' }, 'Logo: must be a JPEG or PNG image'],
    ['text posing as a png logo', { logo: `data:image/png;base64,${Buffer.from('hello').toString('base64')}` }, 'Logo: must be a JPEG or PNG image'],
    ['two tank types with one code', { tankTypes: [{ code: 'T1', oil: '95#', maxVolumeL: 1000, heightMm: 2000 }, { code: 't1', oil: '92#', maxVolumeL: 1000, heightMm: 2000 }] }, 'Tanks 2 · Code: is already used in this list'],
    ['a negative tank volume', { tankTypes: [{ code: 'T1', oil: '95#', maxVolumeL: -5, heightMm: 2000 }] }, 'Tanks 1 · Max volume: is not valid'],
    ['a logo of 1 MB', { logo: `data:image/png;base64,${Buffer.concat([Buffer.from(PNG, 'base64'), Buffer.alloc(1024 * 1024)]).toString('base64')}` }, 'Logo: must be smaller than 1 MB'],
  ];
  for (const [name, overrides, msg] of refusals) {
    it(`refuses ${name}: 91011 "${msg}"`, async () => {
      expect((await call('admin', 'POST', '/api/distributor', valid(overrides))).json()).toMatchObject({ code: 91011, msg });
    });
  }

  it('a distributor account edits its own record but not another, and creates none', async () => {
    const own = (await call('demo-distributor', 'GET', '/api/distributor/list')).json().data.list;
    expect(own.map((d: { name: string }) => d.name)).toEqual(['Meridian Fuels']);
    expect((await call('demo-distributor', 'PUT', `/api/distributor/${own[0].id}`, valid({ name: 'Meridian Fuels Ltd' }))).json().data.name).toBe('Meridian Fuels Ltd');
    expect((await call('demo-distributor', 'PUT', `/api/distributor/${id}`, valid())).json().code).toBe(80001);
    expect((await call('demo-distributor', 'POST', '/api/distributor', valid())).json().code).toBe(80003);
    expect((await call('demo-distributor', 'DELETE', `/api/distributor/${own[0].id}`)).json().code).toBe(80003);
  });

  it('a company account sees no distributors', async () => {
    expect((await call('demo-company', 'GET', '/api/distributor/list')).json().data.total).toBe(0);
  });

  it('refuses to delete a distributor with companies (80007), deletes an empty one', async () => {
    const meridian = (await call('admin', 'GET', '/api/distributor/list?q=Meridian')).json().data.list[0];
    expect((await call('admin', 'DELETE', `/api/distributor/${meridian.id}`)).json()).toEqual({ code: 80007, msg: 'This distributor still has companies; move or delete them first' });
    expect((await call('admin', 'DELETE', `/api/distributor/${id}`)).json().code).toBe(100);
  });
});
