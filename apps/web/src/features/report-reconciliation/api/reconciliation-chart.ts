import { useQuery } from '@tanstack/react-query';
import type { ReconciliationSeries } from '@ullage/contracts/reconciliation';
import { apiData } from '../../../lib/api-client';
import { placeQueryOf } from './place-query';
import { reconciliationKeys } from './reconciliation';
import type { ReconciliationFilters } from '../reconciliation-filters-state';

/**
 * GET /api/reconciliation/chart: each tank's (group's) cumulative variance by day, with the
 * month-to-date allowance, for the page's place and days. The table asks for it too, to mark a
 * cumulative variance beyond the rule.
 */
export function useReconciliationChart(filters: ReconciliationFilters, enabled = true) {
  const query = { ...placeQueryOf(filters), fromDay: filters.fromDay, toDay: filters.toDay };
  return useQuery({
    queryKey: reconciliationKeys.chart(query),
    queryFn: ({ signal }) => apiData<{ series: ReconciliationSeries[] }>('/api/reconciliation/chart', { query, overlay: false, signal }),
    enabled,
  });
}
