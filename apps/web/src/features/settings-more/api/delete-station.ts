import { useInvalidatingMutation } from '../../../lib/use-invalidating-mutation';
import { apiCall } from '../../../lib/api-client';
import { SETTINGS_MORE_KEY } from './keys';

/** DELETE /api/station/:id: code 100; 80007 when others depend on it, 80003 role, 80001 not found. */
export async function deleteStation(id: number): Promise<void> {
  await apiCall(`/api/station/${id}`, { method: 'DELETE' });
}

export function useDeleteStation() {
  return useInvalidatingMutation(deleteStation, SETTINGS_MORE_KEY);
}
