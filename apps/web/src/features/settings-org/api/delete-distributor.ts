import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-client';
import { SETTINGS_ORG_KEY } from './keys';

/** DELETE /api/distributor/:id: code 100; 80007 when others depend on it, 80003 role, 80001 not found. */
export async function deleteDistributor(id: number): Promise<void> {
  await apiCall(`/api/distributor/${id}`, { method: 'DELETE' });
}

export function useDeleteDistributor() {
  const client = useQueryClient();
  return useMutation({ mutationFn: deleteDistributor, onSuccess: () => client.invalidateQueries({ queryKey: SETTINGS_ORG_KEY }) });
}
