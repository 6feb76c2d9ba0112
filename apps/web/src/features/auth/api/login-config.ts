import { useQuery } from '@tanstack/react-query';
import type { LoginConfig } from '@ullage/contracts/auth';
import { apiData } from '../../../lib/api-client';

/** GET /api/login/config: what the login page needs before anyone signs in. */
export const loginConfigQueryKey = ['login', 'config'] as const;

export function fetchLoginConfig(): Promise<LoginConfig> {
  // Asked on every page for the title; a failure here must not toast over the login form.
  return apiData<LoginConfig>('/api/login/config', { overlay: false, notify: false });
}

export function useLoginConfig() {
  return useQuery({ queryKey: loginConfigQueryKey, queryFn: fetchLoginConfig, staleTime: Infinity });
}
