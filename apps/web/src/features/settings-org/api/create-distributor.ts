import { useInvalidatingMutation } from '../../../lib/use-invalidating-mutation';
import type { DistributorInput, DistributorRow } from '@ullage/contracts/settings-org';
import { apiData } from '../../../lib/api-client';
import { SETTINGS_ORG_KEY } from './keys';

/** POST /api/distributor: creates one, answers the new row (91011 rules, 80003 role). */
export function createDistributor(body: DistributorInput): Promise<DistributorRow> {
  return apiData<DistributorRow>('/api/distributor', { method: 'POST', body });
}

export function useCreateDistributor() {
  return useInvalidatingMutation(createDistributor, SETTINGS_ORG_KEY);
}
