import { useInvalidatingMutation } from '../../../lib/use-invalidating-mutation';
import { apiCall } from '../../../lib/api-client';
import { SETTINGS_MORE_KEY } from './keys';

/** PUT /api/tag/:id/status: enables or disables one. */
export async function setTagStatus({ id, disabled }: { id: number; disabled: boolean }): Promise<void> {
  await apiCall(`/api/tag/${id}/status`, { method: 'PUT', body: { disabled } });
}

export function useSetTagStatus() {
  return useInvalidatingMutation(setTagStatus, SETTINGS_MORE_KEY);
}
