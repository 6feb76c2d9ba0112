import { useInvalidatingMutation } from '../../../lib/use-invalidating-mutation';
import { apiCall } from '../../../lib/api-client';
import { SETTINGS_ORG_KEY } from './keys';

/** DELETE /api/area/:id: code 100; 80007 when others depend on it, 80003 role, 80001 not found. */
export async function deleteArea(id: number): Promise<void> {
  await apiCall(`/api/area/${id}`, { method: 'DELETE' });
}

export function useDeleteArea() {
  return useInvalidatingMutation(deleteArea, SETTINGS_ORG_KEY);
}
