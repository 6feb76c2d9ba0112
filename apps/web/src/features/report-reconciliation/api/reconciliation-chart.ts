import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { ReconciliationSeries } from '@ullage/contracts/reconciliation';
import { apiData } from '../../../lib/api-client';
import { placeQueryOf } from './place-query';
import { reconciliationKeys } from './reconciliation';
import type { ReconciliationFilters } from '../reconciliation-filters-state';

/** Panels a page of the chart shows: a fleet's thousand tanks are read a page at a time. */
export const CHART_PAGE_SIZE = 12;

/**
 * GET /api/reconciliation/chart: one page of the metered tanks' (groups') cumulative variance by
 * day, with the month-to-date allowance, for the page's place and days, in place order.
 */
export function useReconciliationChart(filters: ReconciliationFilters, page: number, enabled = true) {
  const query = { ...placeQueryOf(filters), fromDay: filters.fromDay, toDay: filters.toDay, page, pageSize: CHART_PAGE_SIZE };
  return useQuery({
    queryKey: reconciliationKeys.chart(query),
    queryFn: ({ signal }) => apiData<{ series: ReconciliationSeries[]; total: number }>('/api/reconciliation/chart', { query, overlay: false, signal }),
    enabled,
    placeholderData: keepPreviousData,
  });
}
