import type { TokenInput, TokenRow } from '@ullage/contracts/api-tokens';
import { apiData } from '../../../lib/api-client';
import { useInvalidatingMutation } from '../../../lib/use-invalidating-mutation';
import { apiTokenKeys } from './service-accounts';

/** POST /api/service-accounts/:id/tokens: a new token, answered this once. */
export function createToken({ serviceAccountId, input }: { serviceAccountId: number; input: TokenInput }): Promise<{ token: string; row: TokenRow }> {
  return apiData<{ token: string; row: TokenRow }>(`/api/service-accounts/${serviceAccountId}/tokens`, { method: 'POST', body: input });
}

export function useCreateToken() {
  return useInvalidatingMutation(createToken, apiTokenKeys.all);
}
