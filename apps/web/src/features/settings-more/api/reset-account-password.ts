import { useMutation } from '@tanstack/react-query';
import { apiData } from '../../../lib/api-client';

/** POST /api/account/:id/reset-password: a temporary password, answered once; the user changes it at next login. */
export function resetAccountPassword(id: number): Promise<{ temporaryPassword: string }> {
  return apiData<{ temporaryPassword: string }>(`/api/account/${id}/reset-password`, { method: 'POST' });
}

export function useResetAccountPassword() {
  return useMutation({ mutationFn: resetAccountPassword });
}
