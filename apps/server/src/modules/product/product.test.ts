import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { auditLog } from '../../db/schema';
import { startTestApp, type TestContext } from '../../test/harness';
import { requestsAs, SEEDED_ACCOUNTS, signInAll } from '../../test/signed-in';
import { addSecondOrganisation, type SecondOrganisation } from '../../test/second-organisation';
import { readSheet } from '../../test/xlsx-cells';

let ctx: TestContext;
let other: SecondOrganisation;
const cookie: Record<string, string> = {};
const companyId: Record<string, number> = {};
beforeAll(async () => {
  ctx = await startTestApp();
  other = await addSecondOrganisation(ctx.db);
  Object.assign(cookie, await signInAll(ctx.app, SEEDED_ACCOUNTS));
  for (const c of (await call('admin', 'GET', '/api/company/list')).json().data.list as { id: number; code: string }[]) companyId[c.code] = c.id;
});
afterAll(() => ctx.close());

const { call } = requestsAs(() => ctx.app, cookie);
const codes = (response: { json(): { data: { list: { code: string }[] } } }) => response.json().data.list.map((p) => p.code);

const valid = (overrides: object = {}) => ({
  name: 'Ethanol E85',
  shortName: 'E85',
  code: 'E85',
  type: 'gasoline',
  distributorId: 1,
  companyId: companyId.NWP,
  color: '#00aa55',
  ...overrides,
});

describe('product settings API', () => {
  let createdId: number;

  it('the administrator creates a product: 1000 "Setting saved", the row back, an audit entry', async () => {
    const response = await call('admin', 'POST', '/api/product', valid());
    expect(response.json()).toMatchObject({
      code: 1000,
      msg: 'Setting saved',
      data: { name: 'Ethanol E85', shortName: 'E85', code: 'E85', type: 'gasoline', distributorId: 1, distributorName: 'Meridian Fuels', companyId: companyId.NWP, companyName: 'Northwind Petroleum', color: '#00aa55', tankCount: 0 },
    });
    createdId = response.json().data.id;
    const audit = await ctx.db.select().from(auditLog).where(and(eq(auditLog.entity, 'product'), eq(auditLog.entityId, createdId)));
    expect(audit.map((a) => `${a.username}:${a.action}`)).toEqual(['admin:create']);
  });

  it('refuses a code that exists, in any letter case: 80006 "Code already exists"', async () => {
    const response = await call('admin', 'POST', '/api/product', valid({ code: 'g92' }));
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({ code: 80006, msg: 'Code already exists', data: { fields: [{ field: 'code', rule: 'unique', message: 'Code already exists' }] } });
    expect((await call('admin', 'POST', '/api/product', valid({ code: 'E85' }), 'zh_CN')).json().msg).toBe('编码已存在');
    expect((await call('admin', 'PUT', `/api/product/${createdId}`, valid({ code: 'd0' }))).json().code).toBe(80006);
  });

  const refusals: [string, () => object, string][] = [
    ['a missing name', () => ({ name: ' ' }), 'Name: is required'],
    ['a missing code', () => ({ code: '' }), 'Code: is required'],
    ['a code over 32 characters', () => ({ code: 'X'.repeat(33) }), 'Code: must be at most 32 characters'],
    ['a type other than gasoline or diesel', () => ({ type: 'kerosene' }), 'Type: is not valid'],
    ['a colour that is not #rrggbb', () => ({ color: 'red' }), 'Colour: is not valid'],
    ['a distributor that does not exist', () => ({ distributorId: 999, companyId: null }), 'Distributor: is not valid'],
    ['a company of another distributor', () => ({ companyId: other.companyId }), 'Company: must be a company of the chosen distributor'],
  ];
  for (const [name, overrides, msg] of refusals) {
    it(`refuses ${name}: 91011 "${msg}"`, async () => {
      const response = await call('admin', 'POST', '/api/product', valid({ code: `R${Math.random().toString(36).slice(2, 8)}`, ...overrides() }));
      expect(response.json()).toMatchObject({ code: 91011, msg });
    });
  }

  it('localises the refusal', async () => {
    expect((await call('admin', 'POST', '/api/product', valid({ code: 'RZH', companyId: other.companyId }), 'es')).json().msg).toBe('Empresa: debe ser una empresa del distribuidor elegido');
  });

  it('lists with paging, sorting, search and filters', async () => {
    const page = (await call('admin', 'GET', '/api/product/list?page=1&pageSize=3&sortField=code&sortOrder=descend')).json().data;
    expect(page).toMatchObject({ total: 6, page: 1, pageSize: 3 });
    expect(page.list.map((p: { code: string }) => p.code)).toEqual(['PMP-NS', 'G98', 'G95']);
    expect(codes(await call('admin', 'GET', '/api/product/list?type=diesel'))).toEqual(['D0']);
    expect(codes(await call('admin', 'GET', '/api/product/list?q=ethanol'))).toEqual(['E85']);
    expect(codes(await call('admin', 'GET', '/api/product/list?q=98%23'))).toEqual(['G98']);
    expect(codes(await call('admin', 'GET', `/api/product/list?distributorId=${other.distributorId}`))).toEqual(['PMP-NS']);
    expect(codes(await call('admin', 'GET', `/api/product/list?companyId=${companyId.NWP}`))).toEqual(['E85']);
    const g92 = (await call('admin', 'GET', '/api/product/list?q=G92')).json().data.list[0];
    expect(g92.tankCount).toBe(10);
    expect((await call('admin', 'GET', '/api/product/list?sortField=color')).json()).toMatchObject({ code: 91011, msg: 'Sort column: is not valid' });
  });

  it('edits, and records what changed', async () => {
    const response = await call('admin', 'PUT', `/api/product/${createdId}`, valid({ name: 'Ethanol E85+', type: 'diesel', companyId: null }));
    expect(response.json()).toMatchObject({ code: 1000, msg: 'Setting saved', data: { name: 'Ethanol E85+', type: 'diesel', companyId: null, companyName: null } });
    const audit = await ctx.db.select().from(auditLog).where(and(eq(auditLog.entity, 'product'), eq(auditLog.action, 'update')));
    expect(audit.at(-1)!.changes).toEqual({ name: ['Ethanol E85', 'Ethanol E85+'], type: ['gasoline', 'diesel'], companyId: [companyId.NWP, null] });
  });

  it('refuses to delete a product a tank uses (80007), deletes one no tank uses', async () => {
    const g92 = (await call('admin', 'GET', '/api/product/list?q=G92')).json().data.list[0];
    expect((await call('admin', 'DELETE', `/api/product/${g92.id}`)).json()).toEqual({ code: 80007, msg: 'This product is still used by tanks; change those tanks first' });
    expect((await call('admin', 'DELETE', `/api/product/${createdId}`)).json()).toEqual({ code: 100, msg: 'Deleted', info: { result: 'success' } });
    expect((await call('admin', 'GET', `/api/product/${createdId}`)).json().code).toBe(80001);
    const audit = await ctx.db.select().from(auditLog).where(and(eq(auditLog.entity, 'product'), eq(auditLog.entityId, createdId)));
    expect(audit.map((a) => a.action)).toEqual(['create', 'update', 'delete']);
  });

  it('exports xlsx with headers and product types in the caller’s language', async () => {
    const response = await call('admin', 'GET', `/api/product/export?distributorId=1&sortField=code`, undefined, 'es');
    expect(response.headers['content-type']).toContain('spreadsheetml');
    expect(response.headers['content-disposition']).toContain('attachment');
    const { sheet, header, values } = await readSheet(response);
    expect(sheet.name).toBe('Productos');
    expect(header).toEqual(['Nombre', 'Nombre corto', 'Código', 'Tipo', 'Distribuidor', 'Empresa', 'Color', 'Tanques', 'Creado (UTC)']);
    const rows = [2, 3, 4, 5].map((n) => values(n).slice(0, 4));
    expect(rows).toEqual([
      ['0# Diesel', '0#', 'D0', 'Diésel'],
      ['92# Gasoline', '92#', 'G92', 'Gasolina'],
      ['95# Gasoline', '95#', 'G95', 'Gasolina'],
      ['98# Gasoline', '98#', 'G98', 'Gasolina'],
    ]);
  });
});

describe('product settings: who may do what', () => {
  it('a distributor account manages its own distributor’s products only', async () => {
    const own = await call('demo-distributor', 'POST', '/api/product', valid({ code: 'DST-P1', companyId: null }));
    expect(own.json()).toMatchObject({ code: 1000, data: { code: 'DST-P1' } });
    const id = own.json().data.id;
    expect((await call('demo-distributor', 'PUT', `/api/product/${id}`, valid({ code: 'DST-P1', companyId: null, name: 'Renamed' }))).json().data.name).toBe('Renamed');
    expect((await call('demo-distributor', 'POST', '/api/product', valid({ code: 'DST-P2', distributorId: other.distributorId, companyId: null }))).json()).toEqual({
      code: 80003,
      msg: 'You can only manage your own distributor',
    });
    expect((await call('demo-distributor', 'PUT', `/api/product/${id}`, valid({ code: 'DST-P1', distributorId: other.distributorId, companyId: null }))).json().code).toBe(80003);
    expect((await call('demo-distributor', 'DELETE', `/api/product/${id}`)).json().code).toBe(100);
  });

  it('a distributor account cannot read, edit or delete another distributor’s product: 80001', async () => {
    expect(codes(await call('demo-distributor', 'GET', '/api/product/list'))).not.toContain('PMP-NS');
    expect((await call('demo-distributor', 'GET', `/api/product/${other.productId}`)).json().code).toBe(80001);
    expect((await call('demo-distributor', 'PUT', `/api/product/${other.productId}`, valid({ code: 'PMP-NS', companyId: null }))).json().code).toBe(80001);
    expect((await call('demo-distributor', 'DELETE', `/api/product/${other.productId}`)).json().code).toBe(80001);
  });

  it('company and station accounts see their distributor’s products open to their company, and change none', async () => {
    const lsfOnly = (await call('admin', 'POST', '/api/product', valid({ code: 'LSF-ONLY', companyId: companyId.LSF }))).json().data;
    const nwpOnly = (await call('admin', 'POST', '/api/product', valid({ code: 'NWP-ONLY', companyId: companyId.NWP }))).json().data;
    for (const who of ['demo-company', 'demo-station']) {
      expect(codes(await call(who, 'GET', '/api/product/list?sortField=code'))).toEqual(['D0', 'G92', 'G95', 'G98', 'NWP-ONLY']);
      expect((await call(who, 'GET', `/api/product/${nwpOnly.id}`)).json().data.code).toBe('NWP-ONLY');
      expect((await call(who, 'GET', `/api/product/${lsfOnly.id}`)).json().code).toBe(80001);
      expect((await call(who, 'GET', `/api/product/${other.productId}`)).json().code).toBe(80001);
      // The role may not write products at all (roles.ts): refused before any product is looked up.
      expect((await call(who, 'PUT', `/api/product/${other.productId}`, valid({ code: 'PMP-NS', companyId: null }))).json().code).toBe(80003);
      expect((await call(who, 'DELETE', `/api/product/${lsfOnly.id}`)).json().code).toBe(80003);
      expect((await call(who, 'POST', '/api/product', valid({ code: 'NOPE' }))).json()).toEqual({ code: 80003, msg: 'You do not have permission to do this' });
      expect((await call(who, 'PUT', `/api/product/${nwpOnly.id}`, valid({ code: 'NWP-ONLY' }))).json().code).toBe(80003);
      expect((await call(who, 'DELETE', `/api/product/${nwpOnly.id}`)).json().code).toBe(80003);
    }
  });

  it('counts only the tanks the account may see: another company’s tanks are not told', async () => {
    const tankCounts = async (who: string) =>
      Object.fromEntries(((await call(who, 'GET', '/api/product/list?pageSize=50')).json().data.list as { code: string; tankCount: number }[]).map((p) => [p.code, p.tankCount]));
    const all = await tankCounts('admin');
    const company = await tankCounts('demo-company');
    const station = await tankCounts('demo-station');
    const sum = (counts: Record<string, number>) => Object.values(counts).reduce((a, b) => a + b, 0);
    // The demo station has three tanks; its company (Northwind) 18 over six stations.
    expect(sum(station)).toBe(3);
    expect(sum(company)).toBe(18);
    expect(all.G92).toBe(10);
    expect(company.G92).toBeLessThan(all.G92!);
  });
});
