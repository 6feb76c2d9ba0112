/**
 * Every picture the manual names (docs/manual/README.md), and how the browser test
 * e2e/manual-screens.test.ts takes it from the demo data in each language: the screen's
 * address, its layout, and a selector that only matches once the screen shows data (not a
 * placeholder, not the 404 page). A screen that is gone, or no longer shows what its
 * selector proves, fails that test — so the pictures cannot silently go stale.
 */
export type ScreenLayout = 'desktop' | 'phone';

/** What to do on the screen before its picture is taken, in order. */
export type ScreenStep =
  | { click: string }
  /** An antd select (by test id): type `text`, pick the first option that shows it. */
  | { choose: string; text: string }
  /** An antd tree select (by test id): open it and click the node titled `text`. */
  | { chooseTree: string; text: string }
  | { waitFor: string };

export interface ManualScreen {
  /** The picture's file name without `.jpg`: docs/manual/images/<language>/<name>.jpg. */
  name: string;
  /** Path and query. */
  path: string;
  layout: ScreenLayout;
  /** Taken before signing in (the login page). */
  signedOut?: boolean;
  /** Present only when the screen shows real data. */
  ready: string;
  steps?: readonly ScreenStep[];
}

/** Desktop 1280×800; the phone 390×844 with a phone's user agent (as e2e/mobile.test.ts). */
export const SCREEN_SIZES: Record<ScreenLayout, { width: number; height: number }> = {
  desktop: { width: 1280, height: 800 },
  phone: { width: 390, height: 844 },
};

/** A demo station with tanks, sensors and a simulated device (apps/server/src/seed). */
const STATION = 'NWP-SH01';
const rows = (testId: string) => `[data-testid="${testId}"] tbody tr.ant-table-row`;
const listRows = '.ant-table-tbody tr.ant-table-row';

export const MANUAL_SCREENS: readonly ManualScreen[] = [
  // 01 getting started
  { name: 'login', path: '/login', layout: 'desktop', signedOut: true, ready: '#username' },
  { name: 'alarm-notice-settings', path: '/home', layout: 'desktop', ready: '[role="dialog"] input[type="checkbox"]:checked', steps: [{ waitFor: '[data-testid="monitor-home"]' }, { click: '[data-testid="alarm-notice-settings"]' }] },
  // 02 monitoring
  { name: 'home', path: '/home', layout: 'desktop', ready: '[data-testid^="station-row-"]' },
  { name: 'station-picker', path: '/before_single_monitor', layout: 'desktop', ready: '[data-testid^="station-card-"]' },
  { name: 'station-monitor', path: '/before_single_monitor', layout: 'desktop', ready: '[data-testid="station-tanks"] .tank-card', steps: [{ click: '[data-testid^="station-card-"]' }] },
  { name: 'big-screen', path: '/screenfull', layout: 'desktop', ready: '[data-testid="big-screen"] .tank-card, [data-testid="big-screen"] .ant-table-row' },
  // 03 reports
  { name: 'daily-inventory', path: '/abnormal_can', layout: 'desktop', ready: rows('daily-table') },
  { name: 'monthly-inventory', path: '/Monthly', layout: 'desktop', ready: rows('monthly-table') },
  { name: 'data-jumps', path: '/alarm_record', layout: 'desktop', ready: rows('jump-table') },
  { name: 'offline-records', path: '/offline_record', layout: 'desktop', ready: `${rows('offline-table')}, [data-testid="offline-table"] .ant-empty` },
  { name: 'leak-test', path: '/leak_test', layout: 'desktop', ready: rows('leak-table') },
  { name: 'reconciliation', path: '/reconciliation', layout: 'desktop', ready: rows('recon-table') },
  // 04 data
  {
    name: 'history',
    path: '/history_can_save',
    layout: 'desktop',
    ready: rows('history-table'),
    steps: [{ choose: 'history-station', text: STATION }, { choose: 'history-tank', text: '1' }, { click: '[data-testid="history-submit"]' }, { waitFor: '[data-testid="history-chart"][data-rendered="true"]' }],
  },
  { name: 'deliveries', path: '/delivery', layout: 'desktop', ready: rows('delivery-table') },
  { name: 'power-events', path: '/open_close_report', layout: 'desktop', ready: `${rows('power-table')}, [data-testid="power-table"] .ant-empty` },
  { name: 'shift-sales', path: '/pay_for_oil', layout: 'desktop', ready: '[data-testid="shift-figure"]' },
  { name: 'sales-detail', path: '/pay_for_oil', layout: 'desktop', ready: '[data-testid="detail-equation"]', steps: [{ click: '[data-testid="shift-figure"]' }] },
  // 05 alarms
  { name: 'level-alarms', path: '/alarm_report', layout: 'desktop', ready: rows('alarm-table') },
  { name: 'leak-alarms', path: '/leak_alarm', layout: 'desktop', ready: `${rows('alarm-table')}, [data-testid="alarm-table"] .ant-empty` },
  // 06 settings
  { name: 'settings-distributor', path: '/distributor', layout: 'desktop', ready: listRows },
  { name: 'settings-company', path: '/company', layout: 'desktop', ready: listRows },
  { name: 'settings-area', path: '/area', layout: 'desktop', ready: listRows },
  { name: 'settings-station', path: '/station', layout: 'desktop', ready: listRows },
  { name: 'settings-product', path: '/product', layout: 'desktop', ready: listRows },
  { name: 'settings-account', path: '/account', layout: 'desktop', ready: listRows },
  { name: 'settings-tag', path: '/tag', layout: 'desktop', ready: `${listRows}, .ant-table-tbody .ant-empty` },
  // A fresh demo has no changes yet: the empty log is what a new installation shows.
  { name: 'settings-audit', path: '/audit', layout: 'desktop', ready: `${rows('audit-table')}, [data-testid="audit-table"] .ant-empty` },
  // 07 devices
  { name: 'device-params', path: '/deviceParamManage', layout: 'desktop', ready: '[data-testid="tab-base"]', steps: [{ chooseTree: 'device-station', text: STATION }] },
  {
    name: 'device-params-hv-table',
    path: '/deviceParamManage',
    layout: 'desktop',
    ready: '[data-testid="strapping-chart"]',
    steps: [{ chooseTree: 'device-station', text: STATION }, { waitFor: '[data-testid="tab-base"]' }, { click: '[data-testid="device-tabs"] .ant-tabs-tab >> nth=2' }],
  },
  {
    name: 'device-params-upgrade',
    path: '/deviceParamManage',
    layout: 'desktop',
    ready: '[data-testid="firmware-table"]',
    steps: [{ chooseTree: 'device-station', text: STATION }, { waitFor: '[data-testid="tab-base"]' }, { click: '[data-testid="device-tabs"] .ant-tabs-tab >> nth=5' }],
  },
  // 08 phone
  { name: 'phone-alarms', path: '/realAlarm', layout: 'phone', ready: '[data-testid="real-alarm-list"] > *, [data-testid="active-count"]' },
  { name: 'phone-inventory', path: '/invertory', layout: 'phone', ready: '[data-testid="inventory-summary"]' },
  { name: 'phone-deliveries', path: '/deliveryHistory', layout: 'phone', ready: '[data-testid="delivery-list-link"]' },
  { name: 'phone-reports', path: '/abnormal_can_phone', layout: 'phone', ready: '.m-page .m-card' },
  { name: 'phone-settings', path: '/setting', layout: 'phone', ready: '[data-testid="setting-manual"]' },
];
