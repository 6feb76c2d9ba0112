import { MOBILE_TABS } from '../../routes';

export type MobileTab = (typeof MOBILE_TABS)[number];

/**
 * The pages below each bottom tab, each with the page one level up: the tab stays lit on them,
 * and the back arrow leads up when the visit began deeper (from a link or a reload). A tab's
 * own page has nothing above it. The query string is carried up: the level above reads what it
 * needs.
 */
const BELOW_TAB: Record<MobileTab, Record<string, string>> = {
  realAlarm: { alarmHistory: '/realAlarm', alarm_report_phone: '/realAlarm', leak_report_phone: '/realAlarm' },
  invertory: { areaInvertory: '/invertory', stationInvertory: '/areaInvertory', stationDetails: '/invertory' },
  deliveryHistory: {
    deliveryBranches: '/deliveryHistory',
    deliveryArea: '/deliveryBranches',
    deliveryStation: '/deliveryHistory',
    deliveryTank: '/deliveryStation',
    deliveryDetail: '/deliveryTank',
    delivery_phone: '/deliveryHistory',
  },
  // The other reports are reached from the settings page's report list.
  setting: Object.fromEntries(
    ['abnormal_can_phone', 'Monthly_phone', 'alarm_record_phone', 'offline_record_phone', 'leak_test_phone', 'reconciliation_phone', 'history_can_save_phone', 'open_close_report_phone'].map(
      (name) => [name, '/setting'],
    ),
  ),
};

/** Each listed page's tab and the page above it (null on a tab's own page). */
const SECTIONS = new Map<string, { tab: MobileTab; up: string | null }>(
  MOBILE_TABS.flatMap((tab) => [[tab, { tab, up: null }] as const, ...Object.entries(BELOW_TAB[tab]).map(([name, up]) => [name, { tab, up }] as const)]),
);

/** The tab of a route; a page not listed belongs to none. */
export function tabOf(routeName: string | undefined): MobileTab | null {
  return routeName ? (SECTIONS.get(routeName)?.tab ?? null) : null;
}

/** Where the back arrow leads when there is no earlier page of this visit; null on a tab's own page. */
export function upOf(routeName: string | undefined, search: string): string | null {
  const up = routeName ? SECTIONS.get(routeName)?.up : undefined;
  if (up === undefined) return routeName && (MOBILE_TABS as readonly string[]).includes(routeName) ? null : '/realAlarm';
  return up === null ? null : `${up}${search}`;
}
