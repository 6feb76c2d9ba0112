import type { DataJumpListQuery } from '@ullage/contracts/data-jumps';
import { NO_TANK_FILTERS } from '../../components/report-filters/org-scope';

/** The filters of the data-jump page, as the list state keeps them (undefined: not filtered). */
export type JumpFilters = {
  distributorId: number | undefined;
  companyId: number | undefined;
  areaId: number | undefined;
  stationId: number | undefined;
  tankId: number | undefined;
  productId: number | undefined;
  rule: DataJumpListQuery['rule'];
  from: string | undefined;
  to: string | undefined;
};

const DAY = 86_400_000;

/** The page opens on the last 30 days, up to the end of today (UTC): jumps are looked into soon after. */
export function initialJumpFilters(now = Date.now()): JumpFilters {
  const end = Math.ceil(now / DAY) * DAY;
  return {
    ...NO_TANK_FILTERS,
    rule: undefined,
    from: new Date(end - 30 * DAY).toISOString(),
    to: new Date(end).toISOString(),
  };
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
