import type { StationSummary } from '@ullage/contracts/monitor';
import { NO_AREA } from '../../lib/drill-place';

/**
 * The drill-down levels of the phone pages (organisation → company → area → station): stations
 * grouped by company or by area, and the figures of each group added up from its stations.
 * Pure, so the sums a station manager compares with the desktop reports are tested.
 */

/** Where a station sits in the organisation (from the station list, which knows area ids). */
export interface StationPlace {
  id: number;
  name: string;
  code: string;
  companyId: number;
  companyName: string;
  areaId: number | null;
  areaName: string | null;
}

export interface GroupKey {
  id: number;
  /** Null for the stations without an area; the page names that group. */
  name: string | null;
}

export interface Group<T> extends GroupKey {
  members: T[];
}

/**
 * Items grouped by key, in name order (by the interface language's collation; `locale` a BCP 47
 * tag), the group without a name last. Items keep their order within a group.
 */
export function groupBy<T>(items: readonly T[], keyOf: (item: T) => GroupKey, locale = 'en'): Group<T>[] {
  const groups = new Map<number, Group<T>>();
  for (const item of items) {
    const key = keyOf(item);
    let group = groups.get(key.id);
    if (!group) {
      group = { id: key.id, name: key.name, members: [] };
      groups.set(key.id, group);
    }
    group.members.push(item);
  }
  let collator: Intl.Collator;
  try {
    collator = new Intl.Collator(locale);
  } catch {
    // Not a BCP 47 tag (e.g. zh_CN): the browser's own order rather than no page.
    collator = new Intl.Collator();
  }
  return [...groups.values()].sort((a, b) => {
    if (a.name === null || b.name === null) return a.name === b.name ? a.id - b.id : a.name === null ? 1 : -1;
    return collator.compare(a.name, b.name) || a.id - b.id;
  });
}

export const companyKey = (place: Pick<StationPlace, 'companyId' | 'companyName'>): GroupKey => ({ id: place.companyId, name: place.companyName });
export const areaKey = (place: Pick<StationPlace, 'areaId' | 'areaName'>): GroupKey =>
  place.areaId === null ? { id: NO_AREA, name: null } : { id: place.areaId, name: place.areaName };

/** What the inventory cards of a company or an area show. */
export interface InventoryFigures {
  stations: number;
  tanks: number;
  volumeL: number;
  capacityL: number;
  /** 0–100; null without capacity. */
  fillPct: number | null;
  alarmStations: number;
  offlineStations: number;
  activeAlarms: number;
  /** The stations' shared volume unit, litres (1) when they differ. */
  volumeUnit: number;
}

const normalUnit = (unit: number | null | undefined) => (unit === 1 || unit == null ? 1 : unit);

export function inventoryFigures(stations: readonly Pick<StationSummary, 'tankCount' | 'volumeL' | 'capacityL' | 'status' | 'activeAlarmCount' | 'volumeUnit'>[]): InventoryFigures {
  let tanks = 0;
  let volumeL = 0;
  let capacityL = 0;
  let alarmStations = 0;
  let offlineStations = 0;
  let activeAlarms = 0;
  for (const s of stations) {
    tanks += s.tankCount;
    volumeL += s.volumeL;
    capacityL += s.capacityL;
    activeAlarms += s.activeAlarmCount;
    if (s.status === 'alarm') alarmStations += 1;
    if (s.status === 'offline') offlineStations += 1;
  }
  const units = new Set(stations.map((s) => normalUnit(s.volumeUnit)));
  return {
    stations: stations.length,
    tanks,
    volumeL,
    capacityL,
    fillPct: capacityL > 0 ? Math.round((volumeL / capacityL) * 1000) / 10 : null,
    alarmStations,
    offlineStations,
    activeAlarms,
    volumeUnit: units.size === 1 ? [...units][0]! : 1,
  };
}

/** A delivery count and volume, as the delivery list's totals give them (litres). */
export interface DeliveryTotals {
  count: number;
  deliveredL: number;
  /** The company's volume unit, known once a delivery was seen; null without any. */
  volumeUnit: number | null;
}

export interface DeliverySum extends DeliveryTotals {
  /** How many of the members' totals have not arrived yet: the sum is partial until 0. */
  pending: number;
}

/**
 * The deliveries of a group, added up from its members' totals (companies, stations or
 * tanks), in the members' unit when they share one, litres when they differ.
 */
export function sumDeliveries(ids: readonly number[], totals: ReadonlyMap<number, DeliveryTotals>): DeliverySum {
  let count = 0;
  let deliveredL = 0;
  let pending = 0;
  const units = new Set<number>();
  for (const id of ids) {
    const one = totals.get(id);
    if (!one) {
      pending += 1;
      continue;
    }
    count += one.count;
    deliveredL += one.deliveredL;
    if (one.volumeUnit !== null) units.add(normalUnit(one.volumeUnit));
  }
  return { count, deliveredL, pending, volumeUnit: units.size === 0 ? null : units.size === 1 ? [...units][0]! : 1 };
}
