import type { DeliveryListQuery } from '@ullage/contracts/delivery-report';

/** The filters of the delivery page, as the list state keeps them (undefined: not filtered). */
export type DeliveryFilters = {
  distributorId: number | undefined;
  companyId: number | undefined;
  stationId: number | undefined;
  tankId: number | undefined;
  from: string | undefined;
  to: string | undefined;
  source: DeliveryListQuery['source'];
  state: DeliveryListQuery['state'];
};

/** The page opens on the last 30 days: most questions are about recent deliveries. */
export function initialDeliveryFilters(now = Date.now()): DeliveryFilters {
  const day = 86_400_000;
  const end = new Date(Math.ceil(now / day) * day);
  return {
    distributorId: undefined,
    companyId: undefined,
    stationId: undefined,
    tankId: undefined,
    from: new Date(end.getTime() - 30 * day).toISOString(),
    to: end.toISOString(),
    source: undefined,
    state: undefined,
  };
}

/** A new organisation pick drops the tank chosen under the old station. */
export function withOrgPick(filters: DeliveryFilters, pick: Pick<DeliveryFilters, 'distributorId' | 'companyId' | 'stationId'>): DeliveryFilters {
  const sameStation = pick.stationId !== undefined && pick.stationId === filters.stationId;
  return { ...filters, ...pick, tankId: sameStation ? filters.tankId : undefined };
}
