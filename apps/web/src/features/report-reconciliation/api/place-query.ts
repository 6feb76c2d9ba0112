import type { ReconciliationFilters } from '../reconciliation-filters-state';

const PLACE_KEYS = ['distributorId', 'companyId', 'areaId', 'stationId', 'tankId', 'productId'] as const;

/** The place filters the chart and the monthly rule share with the list (they take no period or source). */
export function placeQueryOf(filters: ReconciliationFilters): Record<string, number> {
  const query: Record<string, number> = {};
  for (const key of PLACE_KEYS) {
    const value = filters[key];
    if (value !== undefined) query[key] = value;
  }
  return query;
}
