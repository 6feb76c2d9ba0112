import { useInvalidatingMutation } from '../../../lib/use-invalidating-mutation';
import { apiCall } from '../../../lib/api-client';
import { SETTINGS_MORE_KEY } from './keys';

/** DELETE /api/product/:id: code 100; 80007 when others depend on it, 80003 role, 80001 not found. */
export async function deleteProduct(id: number): Promise<void> {
  await apiCall(`/api/product/${id}`, { method: 'DELETE' });
}

export function useDeleteProduct() {
  return useInvalidatingMutation(deleteProduct, SETTINGS_MORE_KEY);
}
