import { useQuery } from '@tanstack/react-query';
import type { SessionUser } from '@ullage/contracts/auth';
import { apiData } from './api-client';
import { trackLoad } from './progress-store';

/** GET /api/login/getInfo: the signed-in user, menus and permissions; 30001 when signed out. */
export const sessionUserQueryKey = ['login', 'getInfo'] as const;

export function getInfo(): Promise<SessionUser> {
  // The progress bar, not the overlay: fetching the user is part of navigating (spec §4).
  return trackLoad(apiData<SessionUser>('/api/login/getInfo', { overlay: false }));
}

export function useSessionUser() {
  return useQuery({ queryKey: sessionUserQueryKey, queryFn: getInfo, staleTime: Infinity });
}
