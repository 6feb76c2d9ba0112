import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_PASSWORD, DEMO_PASSWORD, signIn, startTestApp, type TestContext } from '../../test/harness';

/**
 * DESIGN.md §6: a user never sees another organisation's data, whatever ids they send. The
 * demo has stations 1-6 in company NWP (demo-company's) and 7-12 in LSF; demo-station owns 1.
 */
let ctx: TestContext;
const cookies: Record<string, string> = {};
beforeAll(async () => {
  ctx = await startTestApp();
  cookies.admin = await signIn(ctx.app, 'admin', ADMIN_PASSWORD);
  for (const name of ['demo-distributor', 'demo-company', 'demo-station']) cookies[name] = await signIn(ctx.app, name, DEMO_PASSWORD);
});
afterAll(() => ctx.close());

const get = async (who: string, url: string) => (await ctx.app.inject({ method: 'GET', url, headers: { cookie: cookies[who]! } })).json();

async function stationIdsByCompany() {
  const all = (await get('admin', '/api/station/list?pageSize=50')).data.list as { id: number; code: string; companyId: number }[];
  const own = all.find((s) => s.code === 'NWP-SH01')!;
  const sameCompany = all.filter((s) => s.companyId === own.companyId && s.id !== own.id);
  const otherCompany = all.filter((s) => s.companyId !== own.companyId);
  return { all, own, sameCompany, otherCompany };
}

describe('tenant scope on every query', () => {
  it('the administrator sees all 12 demo stations, the distributor all 12, the company its 6, the station its 1', async () => {
    const { own } = await stationIdsByCompany();
    expect((await get('admin', '/api/station/list?pageSize=50')).data.list).toHaveLength(12);
    expect((await get('demo-distributor', '/api/station/list?pageSize=50')).data.total).toBe(12);
    const company = (await get('demo-company', '/api/station/list?pageSize=50')).data.list as { code: string }[];
    expect(company).toHaveLength(6);
    expect(company.every((s) => s.code.startsWith('NWP-'))).toBe(true);
    expect((await get('demo-station', '/api/station/list')).data.list.map((s: { id: number }) => s.id)).toEqual([own.id]);
  });

  it('a station user cannot read another station, even of its own company: 80001', async () => {
    const { own, sameCompany, otherCompany } = await stationIdsByCompany();
    expect((await get('demo-station', `/api/station/${own.id}`)).code).toBe(1000);
    for (const s of [...sameCompany, ...otherCompany]) {
      expect(await get('demo-station', `/api/station/${s.id}`)).toEqual({ code: 80001, msg: 'Not found, or not yours to see' });
      expect((await get('demo-station', `/api/station/${s.id}/tanks`)).code).toBe(80001);
    }
  });

  it('a company user cannot read another company’s stations or tanks, and a company filter does not widen the scope', async () => {
    const { otherCompany, sameCompany } = await stationIdsByCompany();
    expect((await get('demo-company', `/api/station/${sameCompany[0]!.id}`)).code).toBe(1000);
    for (const s of otherCompany) {
      expect((await get('demo-company', `/api/station/${s.id}`)).code).toBe(80001);
      expect((await get('demo-company', `/api/station/${s.id}/tanks`)).code).toBe(80001);
    }
    const filtered = await get('demo-company', `/api/station/list?companyId=${otherCompany[0]!.companyId}`);
    expect(filtered).toMatchObject({ code: 1000, data: { list: [], total: 0 } });
  });

  it('the company tree of each user holds only what they may see', async () => {
    const count = (tree: { type: string; children: unknown[] }[], type: string): number =>
      tree.reduce((n, node) => n + (node.type === type ? 1 : 0) + count(node.children as never, type), 0);
    const station = (await get('demo-station', '/api/org/tree')).data;
    expect([count(station, 'distributor'), count(station, 'company'), count(station, 'station')]).toEqual([1, 1, 1]);
    const company = (await get('demo-company', '/api/org/tree')).data;
    expect([count(company, 'distributor'), count(company, 'company'), count(company, 'station')]).toEqual([1, 1, 6]);
    const distributor = (await get('demo-distributor', '/api/org/tree')).data;
    expect([count(distributor, 'distributor'), count(distributor, 'company'), count(distributor, 'station')]).toEqual([1, 2, 12]);
  });

  it('ids that do not exist answer the same 80001 as ids out of scope, and bad ids 91011', async () => {
    expect((await get('demo-station', '/api/station/999999')).code).toBe(80001);
    expect((await get('demo-station', '/api/station/abc')).code).toBe(91011);
  });
});
