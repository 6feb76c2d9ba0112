import { apiData } from '../../../lib/api-client';
import { useInvalidatingMutation } from '../../../lib/use-invalidating-mutation';
import { apiTokenKeys } from './service-accounts';

/** DELETE /api/service-accounts/:id/tokens/:tokenId: the token is refused from the next call on. */
export function revokeToken({ serviceAccountId, tokenId }: { serviceAccountId: number; tokenId: number }): Promise<unknown> {
  return apiData(`/api/service-accounts/${serviceAccountId}/tokens/${tokenId}`, { method: 'DELETE' });
}

export function useRevokeToken() {
  return useInvalidatingMutation(revokeToken, apiTokenKeys.all);
}
