import { describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { auditLog } from '../../db/schema';
import { appWithSeededAccounts } from '../../test/signed-in';
import { readSheet } from '../../test/xlsx-cells';

const { ctx, call } = appWithSeededAccounts();

const valid = (overrides: object = {}) => ({ key: 'app.android.url', value: 'https://example.invalid/ullage.apk', type: 'download', typeValue: 'Android', remark: 'Shown on /app', ...overrides });
const ISO = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/;

describe('tag settings API', () => {
  let id: number;

  it('the administrator creates a tag: creator and time from the session, no modifier yet', async () => {
    const response = await call('admin', 'POST', '/api/tag', valid());
    expect(response.json()).toMatchObject({
      code: 1000,
      msg: 'Setting saved',
      data: { key: 'app.android.url', value: 'https://example.invalid/ullage.apk', type: 'download', typeValue: 'Android', remark: 'Shown on /app', disabled: false, creator: 'admin', modifier: null, modifiedAt: null },
    });
    expect(response.json().data.createdAt).toMatch(ISO);
    id = response.json().data.id;
    await call('admin', 'POST', '/api/tag', valid({ key: 'app.ios.url', typeValue: null, remark: '' }));
    await call('admin', 'POST', '/api/tag', valid({ key: 'mail.from', value: 'alarms@ullage.invalid', type: 'mail', typeValue: null }));
  });

  it('refuses the same type and key: 80006 with a clear message; the same key under another type is fine', async () => {
    const response = await call('admin', 'POST', '/api/tag', valid({ value: 'other' }));
    expect(response.json()).toMatchObject({ code: 80006, msg: 'A tag with this type and key already exists', data: { fields: [{ field: 'key', rule: 'unique' }] } });
    expect((await call('admin', 'POST', '/api/tag', valid(), 'zh_CN')).json().msg).toBe('该类型下已存在相同键的标签');
    expect((await call('admin', 'PUT', `/api/tag/${id}`, valid({ key: 'app.ios.url' }))).json().code).toBe(80006);
    expect((await call('admin', 'POST', '/api/tag', valid({ type: 'download-beta' }))).json().code).toBe(1000);
  });

  const refusals: [string, object, string][] = [
    ['a missing key', { key: ' ' }, 'Key: is required'],
    ['a missing value', { value: '' }, 'Value: is required'],
    ['a missing type', { type: '' }, 'Type: is required'],
    ['a key over 64 characters', { key: 'k'.repeat(65) }, 'Key: must be at most 64 characters'],
  ];
  for (const [name, overrides, msg] of refusals) {
    it(`refuses ${name}: 91011 "${msg}"`, async () => {
      expect((await call('admin', 'POST', '/api/tag', valid(overrides))).json()).toMatchObject({ code: 91011, msg });
    });
  }

  it('edits: modifier and time set, the change audited', async () => {
    const response = await call('admin', 'PUT', `/api/tag/${id}`, valid({ value: 'https://example.invalid/ullage-2.apk' }));
    expect(response.json().data).toMatchObject({ value: 'https://example.invalid/ullage-2.apk', creator: 'admin', modifier: 'admin' });
    expect(response.json().data.modifiedAt).toMatch(ISO);
    const audit = await ctx().db.select().from(auditLog).where(and(eq(auditLog.entity, 'tag'), eq(auditLog.entityId, id)));
    expect(audit.map((a) => a.action)).toEqual(['create', 'update']);
    expect(audit[1]!.changes).toEqual({ value: ['https://example.invalid/ullage.apk', 'https://example.invalid/ullage-2.apk'] });
  });

  it('disables and enables, filterable by status and type, searchable by key and value', async () => {
    expect((await call('admin', 'PUT', `/api/tag/${id}/status`, { disabled: true })).json().data).toMatchObject({ disabled: true, modifier: 'admin' });
    expect((await call('admin', 'GET', '/api/tag/list?status=disabled')).json().data.list.map((t: { key: string }) => t.key)).toEqual(['app.android.url']);
    expect((await call('admin', 'GET', '/api/tag/list?type=mail')).json().data.list.map((t: { key: string }) => t.key)).toEqual(['mail.from']);
    expect((await call('admin', 'GET', '/api/tag/list?q=alarms%40')).json().data.list.map((t: { key: string }) => t.key)).toEqual(['mail.from']);
    const sorted = (await call('admin', 'GET', '/api/tag/list?sortField=key&sortOrder=descend&pageSize=2')).json().data;
    expect(sorted).toMatchObject({ total: 4, pageSize: 2 });
    expect(sorted.list.map((t: { key: string }) => t.key)).toEqual(['mail.from', 'app.ios.url']);
    expect((await call('admin', 'GET', '/api/tag/list?sortField=value')).json()).toMatchObject({ code: 91011, msg: 'Sort column: is not valid' });
    expect((await call('admin', 'PUT', `/api/tag/${id}/status`, { disabled: false })).json().data.disabled).toBe(false);
    const audit = await ctx().db.select().from(auditLog).where(and(eq(auditLog.entity, 'tag'), eq(auditLog.entityId, id)));
    expect(audit.map((a) => a.action)).toEqual(['create', 'update', 'disable', 'enable']);
  });

  it('exports xlsx with headers in the caller’s language', async () => {
    const response = await call('admin', 'GET', '/api/tag/export?type=mail', undefined, 'zh_CN');
    const { sheet, header, values } = await readSheet(response);
    expect(sheet.name).toBe('标签');
    expect(header.slice(0, 7)).toEqual(['键', '值', '类型', '类型值', '状态', '备注', '创建人']);
    expect(values(2).slice(0, 5)).toEqual(['mail.from', 'alarms@ullage.invalid', 'mail', '', '启用']);
  });

  it('deletes; the id then answers 80001', async () => {
    expect((await call('admin', 'DELETE', `/api/tag/${id}`)).json()).toEqual({ code: 100, msg: 'Deleted', info: { result: 'success' } });
    expect((await call('admin', 'GET', `/api/tag/${id}`)).json().code).toBe(80001);
  });
});

describe('tag settings: administrator only', () => {
  it('every other role is refused everything: 80003', async () => {
    const tag = (await call('admin', 'GET', '/api/tag/list')).json().data.list[0];
    for (const who of ['demo-distributor', 'demo-company', 'demo-station']) {
      const refused = { code: 80003, msg: 'You do not have permission to do this' };
      expect((await call(who, 'GET', '/api/tag/list')).json()).toEqual(refused);
      expect((await call(who, 'GET', '/api/tag/export')).json()).toEqual(refused);
      expect((await call(who, 'GET', `/api/tag/${tag.id}`)).json()).toEqual(refused);
      expect((await call(who, 'POST', '/api/tag', valid({ key: 'x' }))).json()).toEqual(refused);
      expect((await call(who, 'PUT', `/api/tag/${tag.id}`, valid({ key: 'x' }))).json()).toEqual(refused);
      expect((await call(who, 'PUT', `/api/tag/${tag.id}/status`, { disabled: true })).json()).toEqual(refused);
      expect((await call(who, 'DELETE', `/api/tag/${tag.id}`)).json()).toEqual(refused);
    }
    expect((await call('admin', 'GET', `/api/tag/${tag.id}`)).json().data).toMatchObject({ key: tag.key, disabled: false });
  });
});
