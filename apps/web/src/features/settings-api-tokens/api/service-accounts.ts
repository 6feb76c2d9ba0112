import { useQuery } from '@tanstack/react-query';
import type { ServiceAccountRow } from '@ullage/contracts/api-tokens';
import type { ApiScope } from '@ullage/domain/api-scopes';
import { apiData } from '../../../lib/api-client';

export const apiTokenKeys = { all: ['settings-api-tokens'] as const };

export interface ServiceAccounts {
  list: ServiceAccountRow[];
  /** The scopes the viewer may put on a token. */
  grantableScopes: ApiScope[];
}

/** GET /api/service-accounts/list: the organisation's service accounts with their tokens. */
export function listServiceAccounts(signal?: AbortSignal): Promise<ServiceAccounts> {
  return apiData<ServiceAccounts>('/api/service-accounts/list', { overlay: false, ...(signal ? { signal } : {}) });
}

export function useServiceAccounts() {
  return useQuery({ queryKey: apiTokenKeys.all, queryFn: ({ signal }) => listServiceAccounts(signal) });
}
