import type { DeliveryListQuery } from '@ullage/contracts/delivery-report';
import { NO_ORG_SCOPE, type TankFilterValues } from '../../components/report-filters/org-scope';
import { lastDaysToEndOfToday } from '../../components/report-filters/time-range';

/** The filters of the delivery page, as the list state keeps them (undefined: not filtered). */
export type DeliveryFilters = Pick<TankFilterValues, 'distributorId' | 'companyId' | 'stationId' | 'tankId'> & {
  from: string | undefined;
  to: string | undefined;
  source: DeliveryListQuery['source'];
  state: DeliveryListQuery['state'];
};

/** The page opens on the last 30 days: most questions are about recent deliveries. */
export function initialDeliveryFilters(now = Date.now()): DeliveryFilters {
  return {
    ...NO_ORG_SCOPE,
    tankId: undefined,
    ...lastDaysToEndOfToday(30, now),
    source: undefined,
    state: undefined,
  };
}

/** A new organisation pick drops the tank chosen under the old station. */
export function withOrgPick(filters: DeliveryFilters, pick: Pick<DeliveryFilters, 'distributorId' | 'companyId' | 'stationId'>): DeliveryFilters {
  const sameStation = pick.stationId !== undefined && pick.stationId === filters.stationId;
  return { ...filters, ...pick, tankId: sameStation ? filters.tankId : undefined };
}
