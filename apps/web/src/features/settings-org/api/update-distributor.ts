import { useInvalidatingMutation } from '../../../lib/use-invalidating-mutation';
import type { DistributorInput } from '@ullage/contracts/settings-org';
import { apiCall } from '../../../lib/api-client';
import { SETTINGS_ORG_KEY } from './keys';

/** PUT /api/distributor/:id: saves every field (91011 rules, 80003 role, 80001 not found). */
export async function updateDistributor({ id, body }: { id: number; body: DistributorInput }): Promise<void> {
  await apiCall(`/api/distributor/${id}`, { method: 'PUT', body });
}

export function useUpdateDistributor() {
  return useInvalidatingMutation(updateDistributor, SETTINGS_ORG_KEY);
}
