import { useInvalidatingMutation } from '../../../lib/use-invalidating-mutation';
import type { AccountInput } from '@ullage/contracts/settings-more';
import { apiCall } from '../../../lib/api-client';
import { SETTINGS_MORE_KEY } from './keys';

/** PUT /api/account/:id: saves every field (91011 rules, 80006 exists, 80003 role, 80001 not found). */
export async function updateAccount({ id, body }: { id: number; body: AccountInput }): Promise<void> {
  await apiCall(`/api/account/${id}`, { method: 'PUT', body });
}

export function useUpdateAccount() {
  return useInvalidatingMutation(updateAccount, SETTINGS_MORE_KEY);
}
