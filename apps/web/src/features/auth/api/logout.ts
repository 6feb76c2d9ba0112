import { apiCall } from '../../../lib/api-client';
import { forgetThisBrowserOnSignOut } from '../../../lib/browser-push';
import { clearLoginState } from '../../../lib/login-state';
import { queryClient } from '../../../lib/query-client';

/**
 * POST /api/login/logout (code 100), then forget everything about the user locally. The
 * local part happens even when the call fails: the user asked to leave. A session opened
 * through CAS answers the CAS logout address, so the CAS session ends too (issue 10).
 */
export async function logout(): Promise<{ casLogoutUrl: string | null }> {
  let casLogoutUrl: string | null = null;
  // Leaving ends this browser's alarm notifications (issue 38), whatever else fails.
  await forgetThisBrowserOnSignOut().catch(() => undefined);
  try {
    const answer = await apiCall<unknown, { casLogoutUrl?: string }>('/api/login/logout', { method: 'POST', notify: false });
    casLogoutUrl = answer.info?.casLogoutUrl ?? null;
  } catch {
    // Leaving anyway.
  }
  // On the way to the CAS logout the page is about to go: forget quietly, so the guards do not
  // show the sign-in page first (and cached queries are not asked again) before it leaves.
  clearLoginState({ quiet: casLogoutUrl !== null });
  if (casLogoutUrl === null) queryClient.clear();
  return { casLogoutUrl };
}

/** Leaves: to the CAS logout when the session came from CAS, else to the sign-in page. */
export function leaveTo(result: { casLogoutUrl: string | null }, signInPath: string, navigate: (path: string, options: { replace: boolean }) => void): void {
  if (result.casLogoutUrl) window.location.assign(result.casLogoutUrl);
  else navigate(signInPath, { replace: true });
}
