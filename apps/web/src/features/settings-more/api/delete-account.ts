import { useInvalidatingMutation } from '../../../lib/use-invalidating-mutation';
import { apiCall } from '../../../lib/api-client';
import { SETTINGS_MORE_KEY } from './keys';

/** DELETE /api/account/:id: code 100; 80007 when others depend on it, 80003 role, 80001 not found. */
export async function deleteAccount(id: number): Promise<void> {
  await apiCall(`/api/account/${id}`, { method: 'DELETE' });
}

export function useDeleteAccount() {
  return useInvalidatingMutation(deleteAccount, SETTINGS_MORE_KEY);
}
