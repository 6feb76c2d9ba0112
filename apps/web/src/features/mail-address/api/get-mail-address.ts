import { useQuery } from '@tanstack/react-query';
import type { MailAddressData } from '@ullage/contracts/mail-address';
import { apiData } from '../../../lib/api-client';
import { mailAddressKey } from './keys';

/** GET /api/user/mail: the signed-in user's own address, null when there is none. */
export function getMailAddress(signal?: AbortSignal): Promise<MailAddressData> {
  return apiData<MailAddressData>('/api/user/mail', { signal });
}

/** Asked afresh each time the dialog opens: the address may have been changed elsewhere. */
export function useMailAddress(enabled: boolean) {
  return useQuery({ queryKey: mailAddressKey, queryFn: ({ signal }) => getMailAddress(signal), enabled, staleTime: 0 });
}
