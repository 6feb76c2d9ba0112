import { useInvalidatingMutation } from '../../../lib/use-invalidating-mutation';
import type { ProductInput } from '@ullage/contracts/settings-more';
import { apiCall } from '../../../lib/api-client';
import { SETTINGS_MORE_KEY } from './keys';

/** PUT /api/product/:id: saves every field (91011 rules, 80006 exists, 80003 role, 80001 not found). */
export async function updateProduct({ id, body }: { id: number; body: ProductInput }): Promise<void> {
  await apiCall(`/api/product/${id}`, { method: 'PUT', body });
}

export function useUpdateProduct() {
  return useInvalidatingMutation(updateProduct, SETTINGS_MORE_KEY);
}
