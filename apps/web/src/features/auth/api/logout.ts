import { apiCall } from '../../../lib/api-client';
import { clearLoginState } from '../../../lib/login-state';
import { queryClient } from '../../../lib/query-client';

/**
 * POST /api/login/logout (code 100), then forget everything about the user locally. The
 * local part happens even when the call fails: the user asked to leave.
 */
export async function logout(): Promise<void> {
  try {
    await apiCall('/api/login/logout', { method: 'POST', notify: false });
  } finally {
    clearLoginState();
    queryClient.clear();
  }
}
