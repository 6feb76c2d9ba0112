import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_PASSWORD, DEMO_PASSWORD, signIn, startTestApp, type TestContext } from '../../test/harness';

let ctx: TestContext;
const cookie: Record<string, string> = {};
let companyId: Record<string, number> = {};
beforeAll(async () => {
  ctx = await startTestApp();
  cookie.admin = await signIn(ctx.app, 'admin', ADMIN_PASSWORD);
  for (const name of ['demo-distributor', 'demo-company', 'demo-station']) cookie[name] = await signIn(ctx.app, name, DEMO_PASSWORD);
  const companies = (await call('admin', 'GET', '/api/company/list')).json().data.list as { id: number; code: string }[];
  companyId = Object.fromEntries(companies.map((c) => [c.code, c.id]));
});
afterAll(() => ctx.close());

const call = (who: string, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
  ctx.app.inject({ method, url, payload, headers: { cookie: cookie[who]! } });

describe('area settings API', () => {
  it('a company account manages areas of its own company', async () => {
    const created = await call('demo-company', 'POST', '/api/area', { name: 'North', companyId: companyId.NWP });
    expect(created.json()).toMatchObject({ code: 1000, data: { name: 'North', companyName: 'Northwind Petroleum', stationCount: 0 } });
    const id = created.json().data.id;
    expect((await call('demo-company', 'PUT', `/api/area/${id}`, { name: 'North-East', companyId: companyId.NWP })).json().data.name).toBe('North-East');
    expect((await call('demo-company', 'DELETE', `/api/area/${id}`)).json().code).toBe(100);
  });

  it('refuses a missing name (91011) and another company’s id as if it did not exist', async () => {
    expect((await call('demo-company', 'POST', '/api/area', { name: '', companyId: companyId.NWP })).json()).toMatchObject({ code: 91011, msg: 'Name: is required' });
    expect((await call('demo-company', 'POST', '/api/area', { name: 'Sneaky', companyId: companyId.LSF })).json()).toMatchObject({ code: 91011, msg: 'Company: is not valid' });
  });

  it('lists only the caller’s areas; another company’s area cannot be read, edited or deleted', async () => {
    const own = (await call('demo-company', 'GET', '/api/area/list?pageSize=50')).json().data.list as { companyName: string }[];
    expect(own.length).toBe(3);
    expect(new Set(own.map((a) => a.companyName))).toEqual(new Set(['Northwind Petroleum']));
    const foreign = (await call('admin', 'GET', `/api/area/list?companyId=${companyId.LSF}`)).json().data.list[0];
    expect((await call('demo-company', 'GET', `/api/area/${foreign.id}`)).json().code).toBe(80001);
    expect((await call('demo-company', 'PUT', `/api/area/${foreign.id}`, { name: 'Mine', companyId: companyId.NWP })).json().code).toBe(80001);
    expect((await call('demo-company', 'DELETE', `/api/area/${foreign.id}`)).json().code).toBe(80001);
  });

  it('refuses to delete an area with stations: 80007', async () => {
    const withStations = (await call('admin', 'GET', '/api/area/list?sortField=name')).json().data.list.find((a: { stationCount: number }) => a.stationCount > 0);
    expect((await call('admin', 'DELETE', `/api/area/${withStations.id}`)).json()).toEqual({ code: 80007, msg: 'This area still has stations; move them to another area first' });
  });

  it('a station account may not manage areas: 80003', async () => {
    expect((await call('demo-station', 'POST', '/api/area', { name: 'X', companyId: companyId.NWP })).json().code).toBe(80003);
    expect((await call('demo-station', 'GET', '/api/area/list')).json().data.total).toBe(0);
  });
});
