import { apiCall } from '../../../lib/api-client';
import { clearLoginState } from '../../../lib/login-state';
import { queryClient } from '../../../lib/query-client';

/**
 * POST /api/login/logout (code 100), then forget everything about the user locally. The
 * local part happens even when the call fails: the user asked to leave. A session opened
 * through CAS answers the CAS logout address, so the CAS session ends too (issue 10).
 */
export async function logout(): Promise<{ casLogoutUrl: string | null }> {
  try {
    const answer = await apiCall<unknown, { casLogoutUrl?: string }>('/api/login/logout', { method: 'POST', notify: false });
    return { casLogoutUrl: answer.info?.casLogoutUrl ?? null };
  } catch {
    return { casLogoutUrl: null };
  } finally {
    clearLoginState();
    queryClient.clear();
  }
}

/** Leaves: to the CAS logout when the session came from CAS, else to the sign-in page. */
export function leaveTo(result: { casLogoutUrl: string | null }, signInPath: string, navigate: (path: string, options: { replace: boolean }) => void): void {
  if (result.casLogoutUrl) window.location.assign(result.casLogoutUrl);
  else navigate(signInPath, { replace: true });
}
