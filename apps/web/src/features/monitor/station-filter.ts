import type { StationStatus, StationSummary } from '@ullage/contracts/monitor';
import { fillFraction } from '../../lib/format';
import { statusRank } from '../../lib/station-status';

export type StatusFilter = StationStatus | 'all';

/** Stations whose name or code contains the text (any case), worst state first, then by name. */
export function filterStations(stations: readonly StationSummary[], text: string, status: StatusFilter): StationSummary[] {
  const needle = text.trim().toLocaleLowerCase();
  return stations
    .filter((s) => status === 'all' || s.status === status)
    .filter((s) => !needle || s.name.toLocaleLowerCase().includes(needle) || s.code.toLocaleLowerCase().includes(needle))
    .sort((a, b) => statusRank(a.status) - statusRank(b.status) || a.name.localeCompare(b.name));
}

/** A `stationId` query parameter as a station id, or null when absent or not a positive integer. */
export function parseStationId(value: string | null): number | null {
  if (!value || !/^\d{1,10}$/.test(value)) return null;
  const id = Number(value);
  return id > 0 ? id : null;
}

export type StationSortKey = 'name' | 'company' | 'status' | 'lastData' | 'fill' | 'alarms';
export type StationSort = { key: StationSortKey; direction: 1 | -1 };

const time = (iso: string | null) => (iso ? Date.parse(iso) : 0);

const COMPARE: Record<StationSortKey, (a: StationSummary, b: StationSummary) => number> = {
  name: (a, b) => a.name.localeCompare(b.name),
  company: (a, b) => a.companyName.localeCompare(b.companyName),
  status: (a, b) => statusRank(a.status) - statusRank(b.status),
  lastData: (a, b) => time(a.lastDataAt) - time(b.lastDataAt),
  fill: (a, b) => fillFraction(a.volumeL, a.capacityL) - fillFraction(b.volumeL, b.capacityL),
  alarms: (a, b) => a.activeAlarmCount - b.activeAlarmCount,
};

/** The stations sorted by one column, ties by name, so rows do not jump between refetches. */
export function sortStations(stations: readonly StationSummary[], sort: StationSort): StationSummary[] {
  return [...stations].sort((a, b) => sort.direction * COMPARE[sort.key](a, b) || COMPARE.name(a, b));
}
