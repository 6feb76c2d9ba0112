import { useInvalidatingMutation } from '../../../lib/use-invalidating-mutation';
import type { AreaInput } from '@ullage/contracts/settings-org';
import { apiCall } from '../../../lib/api-client';
import { SETTINGS_ORG_KEY } from './keys';

/** PUT /api/area/:id: saves every field (91011 rules, 80003 role, 80001 not found). */
export async function updateArea({ id, body }: { id: number; body: AreaInput }): Promise<void> {
  await apiCall(`/api/area/${id}`, { method: 'PUT', body });
}

export function useUpdateArea() {
  return useInvalidatingMutation(updateArea, SETTINGS_ORG_KEY);
}
