import { CODES } from '@ullage/contracts/codes';
import { ApiError, apiCall } from '../../../lib/api-client';

/**
 * PUT /api/user/checkPwd: is `pwd` the user's current password? Answers 100 with
 * info.result 'success', or 60009. The form shows the answer under the field, so no toast.
 */
export async function checkPassword(username: string, pwd: string): Promise<boolean> {
  try {
    const envelope = await apiCall<never, { result?: string }>('/api/user/checkPwd', {
      method: 'PUT',
      body: { username, pwd },
      overlay: false,
      notify: false,
    });
    return envelope.info?.result === 'success';
  } catch (error) {
    if (error instanceof ApiError && error.code === CODES.oldPasswordWrong) return false;
    throw error;
  }
}
