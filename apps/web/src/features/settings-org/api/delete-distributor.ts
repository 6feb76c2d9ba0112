import { useInvalidatingMutation } from '../../../lib/use-invalidating-mutation';
import { apiCall } from '../../../lib/api-client';
import { SETTINGS_ORG_KEY } from './keys';

/** DELETE /api/distributor/:id: code 100; 80007 when others depend on it, 80003 role, 80001 not found. */
export async function deleteDistributor(id: number): Promise<void> {
  await apiCall(`/api/distributor/${id}`, { method: 'DELETE' });
}

export function useDeleteDistributor() {
  return useInvalidatingMutation(deleteDistributor, SETTINGS_ORG_KEY);
}
