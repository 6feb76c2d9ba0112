import type { OfflineListQuery } from '@ullage/contracts/offline-records';
import { lastDaysToEndOfToday } from '../../components/report-filters/time-range';

/** The filters of the offline record page, as the list state keeps them (undefined: not filtered). */
export type OfflineFilters = {
  distributorId: number | undefined;
  companyId: number | undefined;
  areaId: number | undefined;
  stationId: number | undefined;
  processed: OfflineListQuery['processed'];
  type: OfflineListQuery['type'];
  from: string | undefined;
  to: string | undefined;
};

/** The page opens on outages overlapping the last 30 days, up to the end of today (UTC). */
export function initialOfflineFilters(now = Date.now()): OfflineFilters {
  return {
    distributorId: undefined,
    companyId: undefined,
    areaId: undefined,
    stationId: undefined,
    processed: undefined,
    type: undefined,
    ...lastDaysToEndOfToday(30, now),
  };
}

/** A pick under another company or distributor drops the area chosen before (it would match nothing). */
export function withOrgPick(filters: OfflineFilters, pick: Pick<OfflineFilters, 'distributorId' | 'companyId' | 'stationId'>): OfflineFilters {
  const narrower = pick.companyId === filters.companyId && pick.distributorId === filters.distributorId;
  return { ...filters, ...pick, areaId: narrower || pick.stationId !== undefined ? filters.areaId : undefined };
}

/** "1 d 2 h 5 min", "2 h 5 min", "45 min": whole minutes of an outage. */
export function durationOf(seconds: number): { key: 'days' | 'hours' | 'minutes'; days: number; hours: number; minutes: number } {
  const total = Math.max(0, Math.floor(seconds / 60));
  const days = Math.floor(total / 1440);
  const hours = Math.floor((total % 1440) / 60);
  const minutes = total % 60;
  return { key: days > 0 ? 'days' : hours > 0 ? 'hours' : 'minutes', days, hours, minutes };
}
