import type { DataJumpListQuery } from '@ullage/contracts/data-jumps';
import { NO_TANK_FILTERS, type TankFilterValues } from '../../components/report-filters/org-scope';
import { lastDaysToEndOfToday } from '../../components/report-filters/time-range';

/** The filters of the data-jump page, as the list state keeps them (undefined: not filtered). */
export type JumpFilters = TankFilterValues & {
  rule: DataJumpListQuery['rule'];
  from: string | undefined;
  to: string | undefined;
};

/** The page opens on the last 30 days, up to the end of today (UTC): jumps are looked into soon after. */
export function initialJumpFilters(now = Date.now()): JumpFilters {
  return { ...NO_TANK_FILTERS, rule: undefined, ...lastDaysToEndOfToday(30, now) };
}

/**
 * A new organisation pick drops the tank chosen under another station, and the area chosen
 * under another company (it would filter everything out).
 */
export function withOrgPick(filters: JumpFilters, pick: Pick<JumpFilters, 'distributorId' | 'companyId' | 'stationId'>): JumpFilters {
  const sameStation = pick.stationId !== undefined && pick.stationId === filters.stationId;
  const narrower = pick.companyId === filters.companyId && pick.distributorId === filters.distributorId;
  return { ...filters, ...pick, tankId: sameStation ? filters.tankId : undefined, areaId: narrower || pick.stationId !== undefined ? filters.areaId : undefined };
}
