import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { auditLog } from '../../db/schema';
import { appWithSeededAccounts } from '../../test/signed-in';
import { readSheet, wallDate } from '../../test/xlsx-cells';

const { ctx, cookie, call } = appWithSeededAccounts();

const valid = (overrides: object = {}) => ({
  name: 'Andes Energía',
  code: 'AND',
  distributorId: 1,
  province: 'Antioquia',
  city: 'Medellín',
  district: 'El Poblado',
  tempUnit: 1,
  volumeUnit: 1,
  contactName: 'Camila Ríos',
  contactPhone: '57-4-555-0101',
  ...overrides,
});

describe('company settings API', () => {
  let createdId: number;

  it('the administrator creates a company: 1000 "Setting saved", the row back, an audit entry', async () => {
    const response = await call('admin', 'POST', '/api/company', valid());
    expect(response.json()).toMatchObject({ code: 1000, msg: 'Setting saved', data: { name: 'Andes Energía', code: 'AND', distributorName: 'Meridian Fuels', disabled: false, stationCount: 0 } });
    createdId = response.json().data.id;
    const audit = await ctx().db.select().from(auditLog).where(eq(auditLog.entityId, createdId));
    expect(audit.map((a) => `${a.username}:${a.action}:${a.entity}`)).toEqual(['admin:create:company']);
  });

  it('refuses a code that exists, in any letter case: 80006 "Code already exists"', async () => {
    const response = await call('admin', 'POST', '/api/company', valid({ code: 'nwp' }));
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({ code: 80006, msg: 'Code already exists', data: { fields: [{ field: 'code', rule: 'unique', message: 'Code already exists' }] } });
    expect((await call('admin', 'POST', '/api/company', valid({ code: 'NWP' }), 'zh_CN')).json().msg).toBe('编码已存在');
  });

  const refusals: [string, object, string][] = [
    ['a missing name', { name: '' }, 'Name: is required'],
    ['a missing code', { code: ' ' }, 'Code: is required'],
    ['a code over 32 characters', { code: 'X'.repeat(33) }, 'Code: must be at most 32 characters'],
    ['a missing contact', { contactName: '' }, 'Contact: is required'],
    ['a phone with letters', { contactPhone: '555-CALL' }, 'Contact phone: must contain only digits and hyphens'],
    ['a temperature unit other than 1 or 2', { tempUnit: 3 }, 'Temperature unit: is not valid'],
    ['a distributor that does not exist', { distributorId: 999 }, 'Distributor: is not valid'],
  ];
  for (const [name, overrides, msg] of refusals) {
    it(`refuses ${name}: 91011 "${msg}"`, async () => {
      const response = await call('admin', 'POST', '/api/company', valid({ code: `R${Math.random().toString(36).slice(2, 8)}`, ...overrides }));
      expect(response.json()).toMatchObject({ code: 91011, msg });
    });
  }

  it('lists with paging, sorting, search and filters', async () => {
    const page = (await call('admin', 'GET', '/api/company/list?page=1&pageSize=2&sortField=code&sortOrder=descend')).json().data;
    expect(page.total).toBe(3);
    expect(page.list.map((c: { code: string; stationCount: number }) => `${c.code}:${c.stationCount}`)).toEqual(['NWP:6', 'LSF:6']);
    const search = (await call('admin', 'GET', '/api/company/list?q=andes')).json().data;
    expect(search.list.map((c: { code: string }) => c.code)).toEqual(['AND']);
    expect((await call('admin', 'GET', '/api/company/list?sortField=password')).json()).toMatchObject({ code: 91011, msg: 'Sort column: is not valid' });
  });

  it('edits, and records what changed', async () => {
    const response = await call('admin', 'PUT', `/api/company/${createdId}`, valid({ city: 'Bogotá', volumeUnit: 2 }));
    expect(response.json().data).toMatchObject({ city: 'Bogotá', volumeUnit: 2 });
    const audit = await ctx().db.select().from(auditLog).where(eq(auditLog.action, 'update'));
    expect(audit.at(-1)!.changes).toEqual({ city: ['Medellín', 'Bogotá'], volumeUnit: [1, 2] });
  });

  it('disables and enables, filterable by status', async () => {
    expect((await call('admin', 'PUT', `/api/company/${createdId}/status`, { disabled: true })).json().data.disabled).toBe(true);
    expect((await call('admin', 'GET', '/api/company/list?status=disabled')).json().data.list.map((c: { code: string }) => c.code)).toEqual(['AND']);
    expect((await call('admin', 'PUT', `/api/company/${createdId}/status`, { disabled: false })).json().data.disabled).toBe(false);
  });

  it('refuses to delete a company with stations (80007), deletes one without', async () => {
    const nwp = (await call('admin', 'GET', '/api/company/list?q=NWP')).json().data.list[0];
    const refused = await call('admin', 'DELETE', `/api/company/${nwp.id}`);
    expect(refused.json()).toEqual({ code: 80007, msg: 'This company still has stations, areas, products or accounts; remove them first' });
    expect((await call('admin', 'DELETE', `/api/company/${createdId}`)).json()).toEqual({ code: 100, msg: 'Deleted', info: { result: 'success' } });
    expect((await call('admin', 'GET', `/api/company/${createdId}`)).json().code).toBe(80001);
  });

  it('exports xlsx with headers in the caller’s language and the company’s units', async () => {
    const response = await call('admin', 'GET', '/api/company/export?sortField=code', undefined, 'es');
    expect(response.headers['content-type']).toContain('spreadsheetml');
    expect(response.headers['content-disposition']).toContain('attachment');
    const { sheet, header, values } = await readSheet(response);
    expect(sheet.name).toBe('Empresas');
    expect(header.slice(0, 3)).toEqual(['Nombre', 'Código', 'Distribuidor']);
    const rows = [2, 3].map(values);
    expect(rows.map((r) => [r[1], r[6], r[7]])).toEqual([
      ['LSF', '°F', 'Galones EE. UU.'],
      ['NWP', '°C', 'Litros'],
    ]);
  });
});

describe('company export: when each company was created, in the viewer’s clock', () => {
  const createdCells = async (zone: string | undefined) => {
    const response = await ctx().app.inject({ method: 'GET', url: '/api/company/export?sortField=code', headers: { cookie: cookie.admin!, language: 'en', ...(zone === undefined ? {} : { 'time-zone': zone }) } });
    const { sheet, header } = await readSheet(response);
    const column = header.findIndex((h) => typeof h === 'string' && h.startsWith('Created')) + 1;
    return { header: header[column - 1], cells: [2, 3].map((n) => sheet.getRow(n).getCell(column)), };
  };

  it('is a date cell holding the wall clock of the zone the request names, the zone in the header', async () => {
    const companies = (await call('admin', 'GET', '/api/company/list?sortField=code')).json().data.list as { code: string; createdAt: string }[];
    const { header, cells } = await createdCells('Asia/Shanghai');
    expect(header).toBe('Created (Asia/Shanghai)');
    expect(cells.map((c) => [c.value, c.numFmt])).toEqual(companies.slice(0, 2).map((c) => [wallDate(c.createdAt, 'Asia/Shanghai'), 'yyyy-mm-dd hh:mm:ss']));
    // Eight hours ahead of the same cell in UTC.
    const utc = await createdCells(undefined);
    expect(utc.header).toBe('Created (UTC)');
    expect((cells[0]!.value as Date).getTime() - (utc.cells[0]!.value as Date).getTime()).toBe(8 * 3_600_000);
  });

  it('an unknown or hostile zone name is read as UTC', async () => {
    for (const zone of ['Mars/Olympus', '../../etc/passwd', 'x'.repeat(500)]) expect((await createdCells(zone)).header).toBe('Created (UTC)');
  });
});

describe('company settings: who may do what', () => {
  it('a distributor account creates companies under its own distributor only', async () => {
    const own = await call('demo-distributor', 'POST', '/api/company', valid({ code: 'DST1' }));
    expect(own.json().code).toBe(1000);
    const other = await call('demo-distributor', 'POST', '/api/company', valid({ code: 'DST2', distributorId: 999 }));
    expect(other.json()).toEqual({ code: 80003, msg: 'You can only manage your own distributor' });
  });

  it('a company account reads its own company, not another, and may not edit, disable or delete', async () => {
    const list = (await call('demo-company', 'GET', '/api/company/list')).json().data;
    expect(list.list.map((c: { code: string }) => c.code)).toEqual(['NWP']);
    const all = (await call('admin', 'GET', '/api/company/list?pageSize=50')).json().data.list as { id: number; code: string }[];
    const nwp = all.find((c) => c.code === 'NWP')!;
    const lsf = all.find((c) => c.code === 'LSF')!;
    expect((await call('demo-company', 'GET', `/api/company/${lsf.id}`)).json().code).toBe(80001);
    // The role may not write companies at all (roles.ts): refused before any company is looked up.
    expect((await call('demo-company', 'PUT', `/api/company/${lsf.id}`, valid({ code: 'LSF' }))).json().code).toBe(80003);
    expect((await call('demo-company', 'DELETE', `/api/company/${lsf.id}`)).json().code).toBe(80003);
    expect((await call('demo-company', 'PUT', `/api/company/${nwp.id}`, valid({ code: 'NWP' }))).json().code).toBe(80003);
    expect((await call('demo-company', 'PUT', `/api/company/${nwp.id}/status`, { disabled: true })).json().code).toBe(80003);
    expect((await call('demo-company', 'POST', '/api/company', valid({ code: 'CMP1' }))).json().code).toBe(80003);
  });

  it('a station account sees no companies and can change none', async () => {
    expect((await call('demo-station', 'GET', '/api/company/list')).json().data).toMatchObject({ list: [], total: 0 });
    const all = (await call('admin', 'GET', '/api/company/list')).json().data.list as { id: number }[];
    for (const c of all) expect((await call('demo-station', 'DELETE', `/api/company/${c.id}`)).json().code).toBe(80003);
  });
});

describe('audit log', () => {
  it('the administrator browses it, newest first; others are refused', async () => {
    const page = (await call('admin', 'GET', '/api/audit/list?entity=company&pageSize=3')).json().data;
    expect(page.total).toBeGreaterThanOrEqual(5);
    expect(page.list[0]).toMatchObject({ entity: 'company' });
    expect(new Date(page.list[0].at).getTime()).toBeGreaterThanOrEqual(new Date(page.list[1].at).getTime());
    expect((await call('demo-distributor', 'GET', '/api/audit/list')).json().code).toBe(80003);
  });
});
