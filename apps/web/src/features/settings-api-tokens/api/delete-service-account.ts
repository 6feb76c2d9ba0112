import { apiData } from '../../../lib/api-client';
import { useInvalidatingMutation } from '../../../lib/use-invalidating-mutation';
import { apiTokenKeys } from './service-accounts';

/** DELETE /api/service-accounts/:id: the account and every token of it stop working at once. */
export function deleteServiceAccount(id: number): Promise<unknown> {
  return apiData(`/api/service-accounts/${id}`, { method: 'DELETE' });
}

export function useDeleteServiceAccount() {
  return useInvalidatingMutation(deleteServiceAccount, apiTokenKeys.all);
}
