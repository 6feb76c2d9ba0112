import { useMutation } from '@tanstack/react-query';
import type { UpdatePwdBody } from '@ullage/contracts/auth';
import { apiCall } from '../../../lib/api-client';

/** PUT /api/user/updatePwd: code 100 on success; 60009 old password wrong, 91011 rules broken. */
export async function updatePassword(body: UpdatePwdBody): Promise<void> {
  await apiCall('/api/user/updatePwd', { method: 'PUT', body });
}

export function useUpdatePassword() {
  return useMutation({ mutationFn: updatePassword });
}
