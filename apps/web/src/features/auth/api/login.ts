import { useMutation } from '@tanstack/react-query';
import type { LoginBody, LoginResult } from '@ullage/contracts/auth';
import { apiData } from '../../../lib/api-client';

/** POST /api/login/auth: sets the session cookie on success (code 1000). */
export function login(body: LoginBody): Promise<LoginResult> {
  return apiData<LoginResult>('/api/login/auth', { method: 'POST', body });
}

export function useLogin() {
  return useMutation({ mutationFn: login });
}
