import { useInvalidatingMutation } from '../../../lib/use-invalidating-mutation';
import type { AccountInput, AccountRow } from '@ullage/contracts/settings-more';
import { apiData } from '../../../lib/api-client';
import { SETTINGS_MORE_KEY } from './keys';

/** POST /api/account: creates one, answers the new row (91011 rules, 80006 exists, 80003 role). */
export function createAccount(body: AccountInput): Promise<AccountRow> {
  return apiData<AccountRow>('/api/account', { method: 'POST', body });
}

export function useCreateAccount() {
  return useInvalidatingMutation(createAccount, SETTINGS_MORE_KEY);
}
