import { useQuery } from '@tanstack/react-query';
import type { ReconciliationMonthlyRow } from '@ullage/contracts/reconciliation';
import { apiData } from '../../../lib/api-client';
import { placeQueryOf } from './place-query';
import { reconciliationKeys } from './reconciliation';
import type { ReconciliationFilters } from '../reconciliation-filters-state';

/** GET /api/reconciliation/monthly: the regulator's monthly rule per tank (group) for one month of the page's place. */
export function useReconciliationMonthly(filters: ReconciliationFilters, month: string, enabled = true) {
  const query = { ...placeQueryOf(filters), month };
  return useQuery({
    queryKey: reconciliationKeys.monthly(query),
    queryFn: ({ signal }) => apiData<{ list: ReconciliationMonthlyRow[] }>('/api/reconciliation/monthly', { query, overlay: false, signal }),
    enabled,
  });
}
