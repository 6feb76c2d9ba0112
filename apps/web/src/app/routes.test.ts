import { describe, expect, it } from 'vitest';
import { MENU_KEYS } from '@ullage/domain/menus';
import en from '../i18n/locales/en.json';
import { MENU_GROUPS, ROUTES, routeByName, routeByPath } from './routes';

const SPEC_ROUTE_NAMES = [
  // Without sign-in, and the big screen.
  'login', 'loginMobile', '404', 'caslogin', 'app', 'screenfull',
  // Main layout.
  'home', 'before_single_monitor', 'single_monitor',
  'abnormal_can', 'Monthly', 'alarm_record', 'offline_record',
  'abnormal_can_phone', 'Monthly_phone', 'alarm_record_phone', 'offline_record_phone',
  // Not in the spec: leak tests from inventory data (issue 22) and a station's monthly record of them.
  'leak_test', 'leak_test_phone', 'leak_compliance',
  // Not in the spec: wetstock reconciliation (issue 23).
  'reconciliation', 'reconciliation_phone',
  'history_can_save', 'delivery', 'open_close_report',
  'history_can_save_phone', 'delivery_phone', 'open_close_report_phone',
  // Spec §1 data queries name sales per shift and sales details without a route name.
  'pay_for_oil', 'sales_detail',
  'alarm_report', 'alarm_report_phone', 'leak_alarm', 'leak_report_phone',
  'distributor', 'company', 'area', 'station', 'product', 'account', 'tag', 'audit', 'deviceParamManage',
  // Not in the spec: service accounts and API tokens (issue 38).
  'apiTokens',
  'webhooks',
  // Mobile.
  'realAlarm', 'alarmHistory', 'setting', 'invertory', 'areaInvertory', 'stationInvertory', 'stationDetails',
  'deliveryHistory', 'deliveryBranches', 'deliveryArea', 'deliveryStation', 'deliveryTank', 'deliveryDetail',
  // Not in the spec: where a phone opening a desktop page without a phone counterpart lands.
  'largerScreen',
  // Not in the spec as a route: the operation manual of the user menu, public (issue 24).
  'manual',
];

const menuKeyOf = (name: string) => routeByName(name)?.menuKey;

describe('route table', () => {
  it('has every route name of spec §2, once, and nothing else', () => {
    const names = ROUTES.map((r) => r.name);
    expect(new Set(names).size).toBe(names.length);
    expect([...names].sort()).toEqual([...SPEC_ROUTE_NAMES].sort());
  });

  it('gives every route its own path, and each path finds its route', () => {
    const paths = ROUTES.map((r) => r.path.toLowerCase());
    expect(new Set(paths).size).toBe(paths.length);
    for (const def of ROUTES) expect(routeByPath(def.path)?.name).toBe(def.name);
    expect(routeByPath('/abnormal_can/')?.name).toBe('abnormal_can');
    expect(routeByPath('/nowhere')).toBeUndefined();
  });

  it('puts the mobile routes at the paths of spec §2', () => {
    for (const path of ['/realAlarm', '/alarmHistory', '/setting', '/invertory', '/areaInvertory', '/stationInvertory', '/stationDetails', '/deliveryHistory', '/deliveryBranches', '/deliveryArea', '/deliveryStation', '/deliveryTank', '/deliveryDetail']) {
      const def = routeByPath(path);
      expect(def?.mobile, path).toBe(true);
      expect(def?.layout, path).toBe('mobile');
    }
  });

  it('carries the menu keys of spec §2', () => {
    expect(menuKeyOf('home')).toBe('home');
    expect(menuKeyOf('open_close_report')).toBe('open_close_report');
    expect(menuKeyOf('alarm_record')).toBe('leak_failure_analysis');
    expect(menuKeyOf('offline_record')).toBe('leak_failure_analysis');
    expect(menuKeyOf('leak_alarm')).toBe('leak_failure_analysis');
    expect(menuKeyOf('leak_test')).toBe('leak_failure_analysis');
    expect(menuKeyOf('leak_compliance')).toBe('leak_failure_analysis');
    expect(menuKeyOf('reconciliation')).toBe('wetstock_reconciliation');
    expect(menuKeyOf('reconciliation_phone')).toBe(null);
    expect(menuKeyOf('distributor')).toBe('distributor');
    expect(menuKeyOf('company')).toBe('company');
    expect(menuKeyOf('area')).toBe('area');
    expect(menuKeyOf('station')).toBe('station');
    expect(menuKeyOf('product')).toBe('oil_type');
    expect(menuKeyOf('account')).toBe('user');
    expect(menuKeyOf('deviceParamManage')).toBe('device_param_manage');
    expect(menuKeyOf('tag')).toBe('tag');
    expect(menuKeyOf('audit')).toBe('audit');
    expect(menuKeyOf('apiTokens')).toBe('api_tokens');
    expect(menuKeyOf('webhooks')).toBe('webhooks');
    const keyed = new Set(['home', 'open_close_report', 'alarm_record', 'offline_record', 'leak_test', 'leak_compliance', 'reconciliation', 'leak_alarm', 'distributor', 'company', 'area', 'station', 'product', 'account', 'deviceParamManage', 'tag', 'audit', 'apiTokens', 'webhooks']);
    for (const def of ROUTES) {
      if (!keyed.has(def.name)) expect(def.menuKey, def.name).toBeNull();
      else expect(MENU_KEYS).toContain(def.menuKey);
    }
  });

  it('groups the desktop routes as spec §2 does', () => {
    const groupOf = (group: string) => ROUTES.filter((r) => r.group === group && !r.hidden).map((r) => r.name);
    expect(groupOf('Analysis')).toEqual(['abnormal_can', 'Monthly', 'alarm_record', 'offline_record', 'leak_test', 'reconciliation']);
    expect(groupOf('Data')).toEqual(['history_can_save', 'delivery', 'open_close_report', 'pay_for_oil', 'sales_detail']);
    expect(groupOf('Alarm')).toEqual(['alarm_report', 'leak_alarm']);
    expect(groupOf('setting')).toEqual(['distributor', 'company', 'area', 'station', 'product', 'account', 'tag', 'audit', 'apiTokens', 'webhooks', 'deviceParamManage']);
    expect(MENU_GROUPS.map((g) => g.id)).toEqual(['Analysis', 'Data', 'Alarm', 'setting']);
  });

  it('hides single_monitor and every phone variant, and links each report to its variant', () => {
    expect(routeByName('single_monitor')?.hidden).toBe(true);
    const phones = ROUTES.filter((r) => r.name.endsWith('_phone'));
    expect(phones).toHaveLength(11);
    for (const phone of phones) {
      expect(phone.hidden, phone.name).toBe(true);
      expect(phone.mobile, phone.name).toBe(true);
      expect(ROUTES.some((r) => r.phoneVariant === phone.name), phone.name).toBe(true);
    }
    expect(routeByName('leak_alarm')?.phoneVariant).toBe('leak_report_phone');
    expect(routeByName('leak_test')?.phoneVariant).toBe('leak_test_phone');
    expect(routeByName('reconciliation')?.phoneVariant).toBe('reconciliation_phone');
  });

  it('needs sign-in everywhere except the six public pages', () => {
    const open = ROUTES.filter((r) => !r.requiresSignIn).map((r) => r.name).sort();
    expect(open).toEqual(['404', 'app', 'caslogin', 'login', 'loginMobile', 'manual']);
    expect(routeByName('screenfull')).toMatchObject({ requiresSignIn: true, layout: 'bare' });
    expect(routeByName('leak_compliance')).toMatchObject({ requiresSignIn: true, layout: 'bare', hidden: true });
  });

  it('keeps report and setting pages alive, not the station monitor', () => {
    expect(routeByName('abnormal_can')?.keepAlive).toBe(true);
    expect(routeByName('station')?.keepAlive).toBe(true);
    expect(routeByName('single_monitor')?.keepAlive).toBe(false);
  });

  it('has a title in the locale files for every route and group', () => {
    for (const def of ROUTES) expect(en, def.name).toHaveProperty([def.titleKey]);
    for (const group of MENU_GROUPS) expect(en, group.id).toHaveProperty([group.titleKey]);
  });
});
