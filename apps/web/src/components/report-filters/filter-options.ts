import { useQuery } from '@tanstack/react-query';
import type { ListResult } from '@ullage/contracts/list';
import type { ProductRow } from '@ullage/contracts/settings-more';
import type { AreaRow } from '@ullage/contracts/settings-org';
import { apiData } from '../../lib/api-client';

/**
 * Options of the report filters that the organisation tree does not hold: areas (stations
 * grouped across the tree) and products. At most 200 of each; a scope that sees none (a
 * station account sees no area list) gets an empty select.
 */
const keys = {
  areas: (distributorId: number, companyId: number) => ['report-filters', 'areas', distributorId, companyId] as const,
  products: ['report-filters', 'products'] as const,
};

/** GET /api/area/list: the areas in scope, narrowed to the picked distributor or company. */
export function useAreaOptions(org: { distributorId?: number | undefined; companyId?: number | undefined }) {
  const query: Record<string, number> = { page: 1, pageSize: 200 };
  if (org.companyId !== undefined) query.companyId = org.companyId;
  else if (org.distributorId !== undefined) query.distributorId = org.distributorId;
  return useQuery({
    queryKey: keys.areas(org.distributorId ?? 0, org.companyId ?? 0),
    queryFn: ({ signal }) => apiData<ListResult<AreaRow>>('/api/area/list', { query, overlay: false, signal }),
    staleTime: 60_000,
  });
}

/** GET /api/product/list: the products in scope, by name. */
export function useProductOptions() {
  return useQuery({
    queryKey: keys.products,
    queryFn: ({ signal }) =>
      apiData<ListResult<ProductRow>>('/api/product/list', { query: { page: 1, pageSize: 200, sortField: 'name', sortOrder: 'ascend' }, overlay: false, signal }),
    staleTime: 60_000,
  });
}
