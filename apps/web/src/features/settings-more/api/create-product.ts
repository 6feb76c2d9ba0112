import { useInvalidatingMutation } from '../../../lib/use-invalidating-mutation';
import type { ProductInput, ProductRow } from '@ullage/contracts/settings-more';
import { apiData } from '../../../lib/api-client';
import { SETTINGS_MORE_KEY } from './keys';

/** POST /api/product: creates one, answers the new row (91011 rules, 80006 exists, 80003 role). */
export function createProduct(body: ProductInput): Promise<ProductRow> {
  return apiData<ProductRow>('/api/product', { method: 'POST', body });
}

export function useCreateProduct() {
  return useInvalidatingMutation(createProduct, SETTINGS_MORE_KEY);
}
