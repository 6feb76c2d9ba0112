import type { ServiceAccountInput } from '@ullage/contracts/api-tokens';
import { apiData } from '../../../lib/api-client';
import { useInvalidatingMutation } from '../../../lib/use-invalidating-mutation';
import { apiTokenKeys } from './service-accounts';

/** POST /api/service-accounts: a service account of the viewer's organisation. */
export function createServiceAccount(input: ServiceAccountInput): Promise<{ id: number }> {
  return apiData<{ id: number }>('/api/service-accounts', { method: 'POST', body: input });
}

export function useCreateServiceAccount() {
  return useInvalidatingMutation(createServiceAccount, apiTokenKeys.all);
}
