import { useInvalidatingMutation } from '../../../lib/use-invalidating-mutation';
import { apiCall } from '../../../lib/api-client';
import { SETTINGS_MORE_KEY } from './keys';

/** PUT /api/account/:id/status: enables or disables one. */
export async function setAccountStatus({ id, disabled }: { id: number; disabled: boolean }): Promise<void> {
  await apiCall(`/api/account/${id}/status`, { method: 'PUT', body: { disabled } });
}

export function useSetAccountStatus() {
  return useInvalidatingMutation(setAccountStatus, SETTINGS_MORE_KEY);
}
