/**
 * The manual's section for each route: where a page's help link (`?` in the breadcrumb bar
 * and the phone header) leads. Every route of app/routes.ts but 404 and the manual itself
 * has one (manual-sections.test.ts), and every id exists in every language.
 *
 * A report's `_phone` variant leads to its desktop section, not to the phone chapter: the
 * columns, figures and rules a reader asks about are the same on both, and only the desktop
 * section explains them; the phone chapter (phone-reports) says how the phone shows them.
 */
export const MANUAL_SECTIONS: Readonly<Record<string, string>> = {
  login: 'sign-in',
  loginMobile: 'sign-in',
  caslogin: 'sign-in',
  app: 'phone-install',
  screenfull: 'big-screen',
  leak_compliance: 'leak-compliance',

  home: 'home',
  before_single_monitor: 'station-picker',
  single_monitor: 'station-monitor',
  abnormal_can: 'daily-inventory',
  abnormal_can_phone: 'daily-inventory',
  Monthly: 'monthly-inventory',
  Monthly_phone: 'monthly-inventory',
  alarm_record: 'data-jumps',
  alarm_record_phone: 'data-jumps',
  offline_record: 'offline-records',
  offline_record_phone: 'offline-records',
  leak_test: 'leak-test',
  leak_test_phone: 'leak-test',
  reconciliation: 'reconciliation',
  reconciliation_phone: 'reconciliation',
  history_can_save: 'history',
  history_can_save_phone: 'history',
  delivery: 'deliveries',
  delivery_phone: 'deliveries',
  open_close_report: 'power-events',
  open_close_report_phone: 'power-events',
  pay_for_oil: 'shift-sales',
  sales_detail: 'sales-detail',
  alarm_report: 'level-alarms',
  alarm_report_phone: 'level-alarms',
  leak_alarm: 'leak-alarms',
  leak_report_phone: 'leak-alarms',

  distributor: 'settings-distributor',
  company: 'settings-company',
  area: 'settings-area',
  station: 'settings-station',
  product: 'settings-product',
  account: 'settings-account',
  tag: 'settings-tag',
  audit: 'settings-audit',
  apiTokens: 'settings-api-tokens',
  webhooks: 'settings-webhooks',
  deviceParamManage: 'device-params',

  realAlarm: 'phone-alarms',
  alarmHistory: 'phone-alarm-history',
  setting: 'phone-settings',
  invertory: 'phone-inventory',
  areaInvertory: 'phone-inventory',
  stationInvertory: 'phone-inventory',
  stationDetails: 'phone-inventory',
  deliveryHistory: 'phone-deliveries',
  deliveryBranches: 'phone-deliveries',
  deliveryArea: 'phone-deliveries',
  deliveryStation: 'phone-deliveries',
  deliveryTank: 'phone-deliveries',
  deliveryDetail: 'phone-deliveries',
  largerScreen: 'phone-larger-screen',
};

/** The section a route's help link opens; the manual's start for a route without one. */
export function manualSectionOf(routeName: string | undefined): string | undefined {
  return routeName ? MANUAL_SECTIONS[routeName] : undefined;
}
