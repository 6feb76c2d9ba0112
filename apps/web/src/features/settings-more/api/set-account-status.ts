import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-client';
import { SETTINGS_MORE_KEY } from './keys';

/** PUT /api/account/:id/status: enables or disables one. */
export async function setAccountStatus({ id, disabled }: { id: number; disabled: boolean }): Promise<void> {
  await apiCall(`/api/account/${id}/status`, { method: 'PUT', body: { disabled } });
}

export function useSetAccountStatus() {
  const client = useQueryClient();
  return useMutation({ mutationFn: setAccountStatus, onSuccess: () => client.invalidateQueries({ queryKey: SETTINGS_MORE_KEY }) });
}
