import type { MenuKey } from '@ullage/domain/menus';
import type { LocaleBundle } from '../i18n/locale-bundles';
import type { MessageKey } from '../i18n/message-key';
import type { MenuGroupDef, MenuGroupId, PageModule, RouteDef, RouteLayout } from './route-types';
import { NOT_FOUND_PATH } from './access';
import { LARGER_SCREEN_PATH } from './phone-counterparts';
import { MANUAL_PATH } from '../features/manual/manual-address';
// The overview home and the station picker open on, in the first chunk (half a KB) rather than
// imported on use: its request then goes out at boot, ahead of the shell's and page's scripts that
// Chromium's six connections a host would queue it behind (a cold home got it 600 ms later).
import { prefetchMonitorOverview } from '../lib/monitor-overview';

/**
 * The route table of spec §2: every route name, its path, title, menu key, group and flags.
 * Order matters: the side menu lists routes and groups in this order, and the first
 * permitted route is where a user without 'home' lands. Paths are flat (`/abnormal_can`,
 * not `/Analysis/abnormal_can`): a group only arranges the menu.
 *
 * Pages not built yet share one placeholder module; the issue that builds a page replaces
 * its `load` with its own module.
 */
const placeholder = (): Promise<PageModule> => import('../components/route-placeholder-page');

export const MENU_GROUPS: readonly MenuGroupDef[] = [
  { id: 'Analysis', path: '/Analysis', titleKey: 'menu.group.analysis' },
  { id: 'Data', path: '/Data', titleKey: 'menu.group.data' },
  { id: 'Alarm', path: '/Alarm', titleKey: 'menu.group.alarm' },
  // The mobile settings page owns `/setting` itself, so this group's landing path is unused.
  { id: 'setting', path: '/setting', titleKey: 'menu.group.setting' },
];

interface Options {
  menuKey?: MenuKey;
  group?: MenuGroupId;
  hidden?: boolean;
  keepAlive?: boolean;
  phoneVariant?: string;
  load?: () => Promise<PageModule>;
  /** The locale bundles the page shows texts of, fetched with it (i18n/locale-bundles.ts). */
  texts?: readonly LocaleBundle[];
  prefetch?: () => Promise<unknown>;
}

/** The page module and its texts, fetched together. The i18n module is imported on use,
 * which keeps this table free of the locale loaders (unit tests read it in Node). */
function withTexts(load: () => Promise<PageModule>, texts: readonly LocaleBundle[] | undefined): () => Promise<PageModule> {
  if (!texts?.length) return load;
  return () => Promise.all([load(), import('../i18n/i18n').then((i18n) => i18n.loadLocaleBundles(texts))]).then(([module]) => module);
}

function route(layout: RouteLayout, name: string, path: string, titleKey: MessageKey, options: Options = {}): RouteDef {
  const def: RouteDef = {
    name,
    path,
    titleKey,
    menuKey: options.menuKey ?? null,
    group: options.group ?? null,
    hidden: options.hidden ?? layout !== 'desktop',
    mobile: layout === 'mobile',
    keepAlive: options.keepAlive ?? false,
    layout,
    requiresSignIn: true,
    texts: options.texts ?? [],
    load: withTexts(options.load ?? placeholder, options.texts),
  };
  if (options.phoneVariant) def.phoneVariant = options.phoneVariant;
  if (options.prefetch) def.prefetch = options.prefetch;
  return def;
}

function publicRoute(name: string, path: string, titleKey: MessageKey, load: () => Promise<PageModule>, texts?: readonly LocaleBundle[]): RouteDef {
  return { ...route('bare', name, path, titleKey, texts ? { load, texts } : { load }), requiresSignIn: false };
}

/** A report page with its hidden phone variant next to it. */
function withPhone(
  name: string,
  phoneName: string,
  group: MenuGroupId,
  titleKey: MessageKey,
  menuKey?: MenuKey,
  loads: { desktop?: () => Promise<PageModule>; phone?: () => Promise<PageModule> } = {},
  texts: readonly LocaleBundle[] = [],
  phoneTexts: readonly LocaleBundle[] = [],
): RouteDef[] {
  const desktop: Options = { group, keepAlive: true, phoneVariant: phoneName, texts };
  if (menuKey) desktop.menuKey = menuKey;
  if (loads.desktop) desktop.load = loads.desktop;
  // Phone cards name the tank in the monitor's words, besides their page's own texts.
  const phone: Options = { group, hidden: true, texts: [...new Set<LocaleBundle>([...texts, 'monitor', ...phoneTexts])] };
  if (loads.phone) phone.load = loads.phone;
  return [route('desktop', name, `/${name}`, titleKey, desktop), route('mobile', phoneName, `/${phoneName}`, titleKey, phone)];
}

export const ROUTES: readonly RouteDef[] = [
  // Without sign-in.
  publicRoute('login', '/login', 'route.title.login', () => import('../features/auth/pages/login-page')),
  publicRoute('loginMobile', '/loginMobile', 'route.title.loginMobile', () => import('../features/auth/pages/login-mobile-page')),
  publicRoute('404', NOT_FOUND_PATH, 'route.title.notFound', () => import('../features/errors/pages/not-found-page')),
  publicRoute('caslogin', '/caslogin', 'route.title.caslogin', () => import('../features/auth/pages/cas-login-page')),
  publicRoute('app', '/app', 'route.title.app', () => import('../features/auth/pages/app-download-page'), ['appDownload']),
  // The operation manual (issue 24): public, so support can send a link to a section.
  publicRoute('manual', MANUAL_PATH, 'route.title.manual', () => import('../features/manual/pages/manual-page'), ['manual']),
  // Outside the shell, but the big screen shows company data, so it needs a session.
  route('bare', 'screenfull', '/screenfull', 'route.title.screenfull', { texts: ['monitor'], load: () => import('../features/monitor/pages/big-screen-page') }),
  // A station's monthly leak-test record, a document of its own to print (opened from leak_test).
  route('bare', 'leak_compliance', '/leak_compliance', 'route.title.leak_compliance', {
    menuKey: 'leak_failure_analysis',
    texts: ['leakTest', 'monitor'],
    load: () => import('../features/report-leak-test/pages/leak-compliance-page'),
  }),

  // Desktop shell.
  route('desktop', 'home', '/home', 'route.title.home', {
    menuKey: 'home',
    keepAlive: true,
    texts: ['monitor'],
    load: () => import('../features/monitor/pages/home-page'),
    prefetch: prefetchMonitorOverview,
  }),
  route('desktop', 'before_single_monitor', '/before_single_monitor', 'route.title.before_single_monitor', {
    keepAlive: true,
    texts: ['monitor'],
    load: () => import('../features/monitor/pages/station-picker-page'),
    prefetch: prefetchMonitorOverview,
  }),
  route('desktop', 'single_monitor', '/single_monitor', 'route.title.single_monitor', {
    hidden: true,
    texts: ['monitor'],
    load: () => import('../features/monitor/pages/station-monitor-page'),
  }),

  ...withPhone('abnormal_can', 'abnormal_can_phone', 'Analysis', 'route.title.abnormal_can', undefined, {
    desktop: () => import('../features/report-inventory/pages/daily-inventory-page'),
    phone: () => import('../features/report-inventory/pages/daily-inventory-phone-page'),
  }, ['inventory']),
  ...withPhone('Monthly', 'Monthly_phone', 'Analysis', 'route.title.Monthly', undefined, {
    desktop: () => import('../features/report-inventory/pages/monthly-inventory-page'),
    phone: () => import('../features/report-inventory/pages/monthly-inventory-phone-page'),
    // Metered sales and their source are wetstock texts (issue 23).
  }, ['inventory', 'reconciliation']),
  ...withPhone('alarm_record', 'alarm_record_phone', 'Analysis', 'route.title.alarm_record', 'leak_failure_analysis', {
    desktop: () => import('../features/report-jumps/pages/data-jump-page'),
    phone: () => import('../features/report-jumps/pages/data-jump-phone-page'),
  }, ['report']),
  ...withPhone('offline_record', 'offline_record_phone', 'Analysis', 'route.title.offline_record', 'leak_failure_analysis', {
    desktop: () => import('../features/report-offline/pages/offline-record-page'),
    phone: () => import('../features/report-offline/pages/offline-record-phone-page'),
  }, ['report']),
  // Leak tests from inventory data (issue 22): analysis, so under the menu key station attendants lack (spec §6).
  ...withPhone('leak_test', 'leak_test_phone', 'Analysis', 'route.title.leak_test', 'leak_failure_analysis', {
    desktop: () => import('../features/report-leak-test/pages/leak-test-page'),
    phone: () => import('../features/report-leak-test/pages/leak-test-phone-page'),
  }, ['leakTest', 'monitor']),
  // Wetstock reconciliation (issue 23): gauge against pumps and tickets, under its own menu key (the roles with leak failure analysis).
  ...withPhone('reconciliation', 'reconciliation_phone', 'Analysis', 'route.title.reconciliation', 'wetstock_reconciliation', {
    desktop: () => import('../features/report-reconciliation/pages/reconciliation-page'),
    phone: () => import('../features/report-reconciliation/pages/reconciliation-phone-page'),
  }, ['reconciliation', 'monitor']),

  ...withPhone('history_can_save', 'history_can_save_phone', 'Data', 'route.title.history_can_save', undefined, {
    desktop: () => import('../features/report-history/pages/history-page'),
    phone: () => import('../features/report-history/pages/history-phone-page'),
  }, ['history']),
  ...withPhone('delivery', 'delivery_phone', 'Data', 'route.title.delivery', undefined, {
    desktop: () => import('../features/report-delivery/pages/delivery-page'),
    phone: () => import('../features/report-delivery/pages/delivery-phone-page'),
    // Tickets and their differences are wetstock texts (issue 23).
  }, ['delivery', 'reconciliation']),
  ...withPhone('open_close_report', 'open_close_report_phone', 'Data', 'route.title.open_close_report', 'open_close_report', {
    desktop: () => import('../features/report-power/pages/power-event-page'),
    phone: () => import('../features/report-power/pages/power-event-phone-page'),
  }, ['power'], ['history']),
  // Sales per shift ("pay for oil") and the details behind each figure (spec §1 data queries).
  route('desktop', 'pay_for_oil', '/pay_for_oil', 'route.title.pay_for_oil', {
    group: 'Data',
    keepAlive: true,
    texts: ['shiftSales', 'salesDetail', 'delivery'],
    load: () => import('../features/report-shifts/pages/shift-sales-page'),
  }),
  route('desktop', 'sales_detail', '/sales_detail', 'route.title.sales_detail', {
    group: 'Data',
    keepAlive: true,
    texts: ['shiftSales', 'salesDetail', 'delivery'],
    load: () => import('../features/report-shifts/pages/sales-detail-page'),
  }),

  ...withPhone('alarm_report', 'alarm_report_phone', 'Alarm', 'route.title.alarm_report', undefined, {
    desktop: () => import('../features/alarms/pages/level-alarm-page'),
    phone: () => import('../features/alarms/pages/alarm-report-phone-page'),
  }, ['monitor']),
  ...withPhone('leak_alarm', 'leak_report_phone', 'Alarm', 'route.title.leak_alarm', 'leak_failure_analysis', {
    desktop: () => import('../features/alarms/pages/leak-alarm-page'),
    phone: () => import('../features/alarms/pages/leak-report-phone-page'),
  }, ['monitor']),

  route('desktop', 'distributor', '/distributor', 'route.title.distributor', {
    group: 'setting',
    menuKey: 'distributor',
    keepAlive: true,
    texts: ['settingsOrg'],
    load: () => import('../features/settings-org/pages/distributor-page'),
  }),
  route('desktop', 'company', '/company', 'route.title.company', {
    group: 'setting',
    menuKey: 'company',
    keepAlive: true,
    // The company form's wetstock settings (issue 23).
    texts: ['settingsOrg', 'reconciliation'],
    load: () => import('../features/settings-org/pages/company-page'),
  }),
  route('desktop', 'area', '/area', 'route.title.area', {
    group: 'setting',
    menuKey: 'area',
    keepAlive: true,
    texts: ['settingsOrg'],
    load: () => import('../features/settings-org/pages/area-page'),
  }),
  route('desktop', 'station', '/station', 'route.title.station', {
    group: 'setting',
    menuKey: 'station',
    keepAlive: true,
    texts: ['settingsMore', 'settingsOrg'],
    load: () => import('../features/settings-more/pages/station-page'),
  }),
  route('desktop', 'product', '/product', 'route.title.product', {
    group: 'setting',
    menuKey: 'oil_type',
    keepAlive: true,
    texts: ['settingsMore', 'settingsOrg'],
    load: () => import('../features/settings-more/pages/product-page'),
  }),
  route('desktop', 'account', '/account', 'route.title.account', {
    group: 'setting',
    menuKey: 'user',
    keepAlive: true,
    texts: ['settingsMore', 'settingsOrg'],
    load: () => import('../features/settings-more/pages/account-page'),
  }),
  route('desktop', 'tag', '/tag', 'route.title.tag', {
    group: 'setting',
    menuKey: 'tag',
    keepAlive: true,
    texts: ['settingsMore', 'settingsOrg'],
    load: () => import('../features/settings-more/pages/tag-page'),
  }),
  route('desktop', 'audit', '/audit', 'route.title.audit', {
    group: 'setting',
    menuKey: 'audit',
    keepAlive: true,
    // The company's wetstock settings are named in the reconciliation's texts (issue 23).
    texts: ['settingsAudit', 'settingsOrg', 'settingsMore', 'monitor', 'reconciliation', 'apiTokens', 'webhooks'],
    load: () => import('../features/settings-audit/pages/audit-page'),
  }),
  route('desktop', 'apiTokens', '/access_tokens', 'route.title.apiTokens', {
    group: 'setting',
    menuKey: 'api_tokens',
    keepAlive: true,
    texts: ['apiTokens'],
    load: () => import('../features/settings-api-tokens/pages/api-tokens-page'),
  }),
  route('desktop', 'webhooks', '/webhooks', 'route.title.webhooks', {
    group: 'setting',
    menuKey: 'webhooks',
    keepAlive: true,
    texts: ['webhooks'],
    load: () => import('../features/settings-webhooks/pages/webhooks-page'),
  }),
  route('desktop', 'deviceParamManage', '/deviceParamManage', 'route.title.deviceParamManage', {
    group: 'setting',
    menuKey: 'device_param_manage',
    keepAlive: true,
    texts: ['deviceParams'],
    load: () => import('../features/device-params/pages/device-param-page'),
  }),

  // Mobile shell.
  route('mobile', 'realAlarm', '/realAlarm', 'route.title.realAlarm', { texts: ['monitor'], load: () => import('../features/mobile/pages/real-alarm-page') }),
  route('mobile', 'alarmHistory', '/alarmHistory', 'route.title.alarmHistory', { texts: ['monitor'], load: () => import('../features/mobile/pages/alarm-history-page') }),
  route('mobile', 'setting', '/setting', 'route.title.setting', { texts: ['settingsMore'], load: () => import('../features/mobile/pages/setting-page') }),
  route('mobile', 'invertory', '/invertory', 'route.title.invertory', { texts: ['monitor'], load: () => import('../features/mobile/pages/inventory-page') }),
  route('mobile', 'areaInvertory', '/areaInvertory', 'route.title.areaInvertory', { texts: ['monitor'], load: () => import('../features/mobile/pages/area-inventory-page') }),
  route('mobile', 'stationInvertory', '/stationInvertory', 'route.title.stationInvertory', { texts: ['monitor'], load: () => import('../features/mobile/pages/station-inventory-page') }),
  route('mobile', 'stationDetails', '/stationDetails', 'route.title.stationDetails', { texts: ['monitor'], load: () => import('../features/mobile/pages/station-details-page') }),
  route('mobile', 'deliveryHistory', '/deliveryHistory', 'route.title.deliveryHistory', { texts: ['delivery', 'monitor'], load: () => import('../features/mobile/pages/delivery-history-page') }),
  route('mobile', 'deliveryBranches', '/deliveryBranches', 'route.title.deliveryBranches', { texts: ['delivery', 'monitor'], load: () => import('../features/mobile/pages/delivery-branches-page') }),
  route('mobile', 'deliveryArea', '/deliveryArea', 'route.title.deliveryArea', { texts: ['delivery', 'monitor'], load: () => import('../features/mobile/pages/delivery-area-page') }),
  route('mobile', 'deliveryStation', '/deliveryStation', 'route.title.deliveryStation', { texts: ['delivery', 'monitor'], load: () => import('../features/mobile/pages/delivery-station-page') }),
  route('mobile', 'deliveryTank', '/deliveryTank', 'route.title.deliveryTank', { texts: ['delivery', 'monitor'], load: () => import('../features/mobile/pages/delivery-tank-page') }),
  route('mobile', 'deliveryDetail', '/deliveryDetail', 'route.title.deliveryDetail', { texts: ['delivery', 'monitor'], load: () => import('../features/mobile/pages/delivery-detail-page') }),
  // A desktop page opened on a phone that has no phone counterpart (app/phone-counterparts.ts).
  route('mobile', 'largerScreen', LARGER_SCREEN_PATH, 'route.title.largerScreen', { load: () => import('../features/mobile/pages/larger-screen-page') }),
];

const byName = new Map(ROUTES.map((def) => [def.name, def]));
const byPath = new Map(ROUTES.map((def) => [def.path.toLowerCase(), def]));

export function routeByName(name: string): RouteDef | undefined {
  return byName.get(name);
}

/** Paths match case-insensitively, as react-router does by default. */
export function routeByPath(pathname: string): RouteDef | undefined {
  const trimmed = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  return byPath.get(trimmed.toLowerCase());
}

export function groupById(id: MenuGroupId): MenuGroupDef | undefined {
  return MENU_GROUPS.find((group) => group.id === id);
}

/** The bottom tabs of the mobile shell. */
export const MOBILE_TABS = ['realAlarm', 'invertory', 'deliveryHistory', 'setting'] as const;
