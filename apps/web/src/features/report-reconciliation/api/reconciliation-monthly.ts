import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { ReconciliationMonthlyRow } from '@ullage/contracts/reconciliation';
import { apiData } from '../../../lib/api-client';
import { placeQueryOf } from './place-query';
import { reconciliationKeys } from './reconciliation';
import type { ReconciliationFilters } from '../reconciliation-filters-state';

/** Tanks a page of the monthly rule shows. */
export const RULE_PAGE_SIZE = 20;

/** GET /api/reconciliation/monthly: one page of the regulator's monthly rule per tank (group) for one month of the page's place, in place order. */
export function useReconciliationMonthly(filters: ReconciliationFilters, month: string, page: number, enabled = true) {
  const query = { ...placeQueryOf(filters), month, page, pageSize: RULE_PAGE_SIZE };
  return useQuery({
    queryKey: reconciliationKeys.monthly(query),
    queryFn: ({ signal }) => apiData<{ list: ReconciliationMonthlyRow[]; total: number }>('/api/reconciliation/monthly', { query, overlay: false, signal }),
    enabled,
    placeholderData: keepPreviousData,
  });
}
