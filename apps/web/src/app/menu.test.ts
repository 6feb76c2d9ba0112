import { describe, expect, it } from 'vitest';
import { ACCOUNT_TYPES } from '@ullage/domain/organisation';
import { menuListFor } from '@ullage/domain/menus';
import { buildMenu, groupLandingPath, isPermitted, landingPath, landingRoute, type MenuEntry } from './menu';
import { MENU_GROUPS, ROUTES } from './routes';

/** The menu as names: 'home', or 'Analysis[abnormal_can,Monthly]'. */
function shape(entries: MenuEntry[]): string[] {
  return entries.map((e) => (e.kind === 'item' ? e.name : `${e.id}[${e.children.map((c) => c.name).join(',')}]`));
}

describe('buildMenu', () => {
  it('shows the administrator every visible route, grouped as in spec §2', () => {
    expect(shape(buildMenu(ROUTES, MENU_GROUPS, menuListFor(ACCOUNT_TYPES.admin)))).toEqual([
      'home',
      'before_single_monitor',
      'Analysis[abnormal_can,Monthly,alarm_record,offline_record,leak_test,reconciliation]',
      'Data[history_can_save,delivery,open_close_report,pay_for_oil,sales_detail]',
      'Alarm[alarm_report,leak_alarm]',
      'setting[distributor,company,area,station,product,account,tag,audit,apiTokens,webhooks,deviceParamManage]',
    ]);
  });

  it('never lists hidden, phone or mobile routes', () => {
    const entries = buildMenu(ROUTES, MENU_GROUPS, menuListFor(ACCOUNT_TYPES.admin));
    const names = entries.flatMap((e) => (e.kind === 'item' ? [e.name] : e.children.map((c) => c.name)));
    expect(names).toHaveLength(26);
    for (const hidden of ['single_monitor', 'abnormal_can_phone', 'leak_report_phone', 'leak_test_phone', 'reconciliation_phone', 'leak_compliance', 'realAlarm', 'setting', 'login', 'screenfull']) {
      expect(names).not.toContain(hidden);
    }
  });

  it('turns a group with one visible child into a plain item', () => {
    // Alarm keeps only alarm_report without leak_failure_analysis; setting keeps only station.
    const entries = buildMenu(ROUTES, MENU_GROUPS, ['home', 'station']);
    expect(shape(entries)).toEqual([
      'home',
      'before_single_monitor',
      'Analysis[abnormal_can,Monthly]',
      'Data[history_can_save,delivery,pay_for_oil,sales_detail]',
      'alarm_report',
      'station',
    ]);
    expect(entries[4]).toEqual({ kind: 'item', name: 'alarm_report', path: '/alarm_report', titleKey: 'route.title.alarm_report' });
  });

  it('filters a station attendant down to routes without menu keys', () => {
    expect(shape(buildMenu(ROUTES, MENU_GROUPS, menuListFor(ACCOUNT_TYPES.stationAttendant)))).toEqual([
      'before_single_monitor',
      'Analysis[abnormal_can,Monthly]',
      'Data[history_can_save,delivery,pay_for_oil,sales_detail]',
      'alarm_report',
      'deviceParamManage',
    ]);
  });

  it('drops a group with no visible child', () => {
    // Every settings page has a menu key, so an empty menu list leaves the group empty.
    expect(shape(buildMenu(ROUTES, MENU_GROUPS, []))).toEqual([
      'before_single_monitor',
      'Analysis[abnormal_can,Monthly]',
      'Data[history_can_save,delivery,pay_for_oil,sales_detail]',
      'alarm_report',
    ]);
  });
});

describe('landing', () => {
  it('is /home when home is permitted', () => {
    expect(landingPath(ROUTES, ['home'])).toBe('/home');
  });

  it('is the first permitted route without home', () => {
    expect(landingPath(ROUTES, menuListFor(ACCOUNT_TYPES.stationAttendant))).toBe('/before_single_monitor');
  });

  it('names the page, so a link back (the big screen’s) can say where it goes', () => {
    expect(landingRoute(ROUTES, menuListFor(ACCOUNT_TYPES.company))).toMatchObject({ name: 'home', path: '/home' });
    expect(landingRoute(ROUTES, menuListFor(ACCOUNT_TYPES.stationAttendant))).toMatchObject({ name: 'before_single_monitor', titleKey: 'route.title.before_single_monitor' });
  });

  it('opens a group at its first permitted child', () => {
    expect(groupLandingPath(ROUTES, 'Analysis', ['leak_failure_analysis'])).toBe('/abnormal_can');
    expect(groupLandingPath(ROUTES, 'setting', ['station', 'area'])).toBe('/area');
    expect(groupLandingPath(ROUTES, 'setting', [])).toBeUndefined();
  });
});

describe('isPermitted (spec §6: routes filtered by the menu list)', () => {
  const route = (name: string) => ROUTES.find((def) => def.name === name)!;

  it('refuses a station account the settings it has no menu for, and lets it have the rest', () => {
    const station = menuListFor(ACCOUNT_TYPES.station);
    for (const name of ['tag', 'product', 'distributor', 'audit', 'apiTokens', 'company', 'account']) expect(isPermitted(route(name), station), name).toBe(false);
    for (const name of ['station', 'abnormal_can', 'history_can_save', 'abnormal_can_phone', 'leak_test', 'leak_compliance', 'reconciliation']) expect(isPermitted(route(name), station), name).toBe(true);
  });

  it('refuses a station attendant (type 4) the leak tests and their record, as the other leak failure analysis (spec §6)', () => {
    const attendant = menuListFor(ACCOUNT_TYPES.stationAttendant);
    for (const name of ['leak_test', 'leak_compliance', 'alarm_record', 'reconciliation']) expect(isPermitted(route(name), attendant), name).toBe(false);
  });

  it('lets the administrator have every route', () => {
    const admin = menuListFor(ACCOUNT_TYPES.admin);
    expect(ROUTES.filter((def) => !isPermitted(def, admin)).map((def) => def.name)).toEqual([]);
  });
});
