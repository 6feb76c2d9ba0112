import { MOBILE_TABS } from '../../routes';

export type MobileTab = (typeof MOBILE_TABS)[number];

/**
 * Which bottom tab each phone page belongs to, so the tab stays lit on the pages below it,
 * and which page is one level up (the back arrow's target when the visit began deeper, from
 * a link or a reload). The query string is carried up: the level above reads what it needs.
 */
const SECTIONS: Record<string, { tab: MobileTab; up: string | null }> = {
  realAlarm: { tab: 'realAlarm', up: null },
  alarmHistory: { tab: 'realAlarm', up: '/realAlarm' },
  alarm_report_phone: { tab: 'realAlarm', up: '/realAlarm' },
  leak_report_phone: { tab: 'realAlarm', up: '/realAlarm' },
  invertory: { tab: 'invertory', up: null },
  areaInvertory: { tab: 'invertory', up: '/invertory' },
  stationInvertory: { tab: 'invertory', up: '/areaInvertory' },
  stationDetails: { tab: 'invertory', up: '/invertory' },
  deliveryHistory: { tab: 'deliveryHistory', up: null },
  deliveryBranches: { tab: 'deliveryHistory', up: '/deliveryHistory' },
  deliveryArea: { tab: 'deliveryHistory', up: '/deliveryBranches' },
  deliveryStation: { tab: 'deliveryHistory', up: '/deliveryHistory' },
  deliveryTank: { tab: 'deliveryHistory', up: '/deliveryStation' },
  deliveryDetail: { tab: 'deliveryHistory', up: '/deliveryTank' },
  delivery_phone: { tab: 'deliveryHistory', up: '/deliveryHistory' },
  setting: { tab: 'setting', up: null },
  // The other reports are reached from the settings page's report list.
  abnormal_can_phone: { tab: 'setting', up: '/setting' },
  Monthly_phone: { tab: 'setting', up: '/setting' },
  alarm_record_phone: { tab: 'setting', up: '/setting' },
  offline_record_phone: { tab: 'setting', up: '/setting' },
  leak_test_phone: { tab: 'setting', up: '/setting' },
  reconciliation_phone: { tab: 'setting', up: '/setting' },
  history_can_save_phone: { tab: 'setting', up: '/setting' },
  open_close_report_phone: { tab: 'setting', up: '/setting' },
};

/** The tab of a route; a page not listed belongs to none. */
export function tabOf(routeName: string | undefined): MobileTab | null {
  return routeName ? (SECTIONS[routeName]?.tab ?? null) : null;
}

/** Where the back arrow leads when there is no earlier page of this visit; null on a tab's own page. */
export function upOf(routeName: string | undefined, search: string): string | null {
  const up = routeName ? SECTIONS[routeName]?.up : undefined;
  if (up === undefined) return routeName && (MOBILE_TABS as readonly string[]).includes(routeName) ? null : '/realAlarm';
  return up === null ? null : `${up}${search}`;
}
