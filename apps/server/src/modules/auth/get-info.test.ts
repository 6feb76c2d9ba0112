import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_PASSWORD, DEMO_PASSWORD, signIn, startTestApp, type TestContext } from '../../test/harness';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await startTestApp();
});
afterAll(() => ctx.close());

async function info(username: string, password = DEMO_PASSWORD) {
  const cookie = await signIn(ctx.app, username, password);
  return (await ctx.app.inject({ method: 'GET', url: '/api/login/getInfo', headers: { cookie } })).json().data;
}

describe('GET /api/login/getInfo (spec §3 session user, §6 roles, §7 fields)', () => {
  it('returns every session-user field for the administrator, with all menus', async () => {
    const admin = await info('admin', ADMIN_PASSWORD);
    for (const field of ['nickname', 'userId', 'username', 'accountType', 'roleList', 'menuList', 'permissionList', 'companyTree', 'stationType', 'stationCodes', 'oilColor', 'orgId', 'userType', 'mailAddress', 'distributorLogo', 'userPermission', 'userOrgInfo']) {
      expect(admin).toHaveProperty(field);
    }
    expect(admin).toMatchObject({ username: 'admin', accountType: 0, userType: 0, orgId: null, roleList: ['admin'], userOrgInfo: { orgId: null, userType: 0 } });
    expect(admin.menuList).toEqual(['home', 'open_close_report', 'leak_failure_analysis', 'wetstock_reconciliation', 'distributor', 'company', 'area', 'station', 'oil_type', 'user', 'device_param_manage', 'tag', 'audit', 'api_tokens', 'webhooks']);
    expect(admin.stationCodes).toHaveLength(12);
    expect(admin.distributorLogo).toBeNull();
    expect(admin.userPermission.menuList).toEqual(admin.menuList);
  });

  it('a company user has no user or product-type menus and sees its 6 stations', async () => {
    const company = await info('demo-company');
    expect(company.menuList).not.toContain('user');
    expect(company.menuList).not.toContain('oil_type');
    expect(company.menuList).toContain('station');
    expect(company).toMatchObject({ accountType: 2, userType: 2, mailAddress: 'company@demo.ullage.invalid' });
    expect(company.stationCodes).toEqual(['NWP-CA05', 'NWP-DX03', 'NWP-MD06', 'NWP-RY04', 'NWP-SH01', 'NWP-SZ02']);
  });

  it('a station user has no company, user or product-type menus, one station, its device type, and the distributor logo', async () => {
    const station = await info('demo-station');
    expect(station.menuList).toEqual(['home', 'open_close_report', 'leak_failure_analysis', 'wetstock_reconciliation', 'station', 'device_param_manage']);
    expect(station.stationCodes).toEqual(['NWP-SH01']);
    expect(station.stationType).toBe('ullage-collector');
    expect(station.distributorLogo).toMatch(/^data:image\/png;base64,/);
    expect(station.userOrgInfo).toEqual({ orgId: station.orgId, userType: 3 });
    expect(station.oilColor).toEqual({ G92: '#e8453c', G95: '#f59a23', G98: '#8e44ad', D0: '#27ae60' });
  });

  it('a distributor user sees both companies and all their stations', async () => {
    const distributor = await info('demo-distributor');
    expect(distributor.accountType).toBe(1);
    expect(distributor.menuList).not.toContain('tag');
    expect(distributor.companyTree[0].children.map((c: { code: string }) => c.code)).toEqual(['LSF', 'NWP']);
  });
});
