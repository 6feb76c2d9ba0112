import { useQuery } from '@tanstack/react-query';
import { listProducts } from './list-products';
import { SETTINGS_MORE_KEY } from './settings-more-key';

/** GET /api/product/list?pageSize=200: the products a tank can hold, for the tank editor. */
export function useProductOptions(enabled: boolean) {
  return useQuery({
    queryKey: [...SETTINGS_MORE_KEY, 'product', 'options'],
    queryFn: ({ signal }) => listProducts({ page: 1, pageSize: 200, sortField: 'name', sortOrder: 'ascend' }, signal),
    enabled,
    staleTime: 30_000,
  });
}
