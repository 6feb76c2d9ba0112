import { useSyncExternalStore } from 'react';
import { isSignedIn, subscribeLoginState } from '../lib/login-state';

export function useSignedIn(): boolean {
  return useSyncExternalStore(subscribeLoginState, isSignedIn);
}
