import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SessionUser } from '@ullage/contracts/auth';
import type { MailAddressBody, MailAddressData } from '@ullage/contracts/mail-address';
import { apiData } from '../../../lib/api-client';
import { sessionUserQueryKey } from '../../../lib/session-user';
import { mailAddressKey } from './keys';

/**
 * PUT /api/user/mail: sets the caller's own address (blank clears it; 91011 names the rule).
 * The dialog reports failures itself (on the field and as "Setting failed"), so the client
 * does not toast them too.
 */
export function updateMailAddress(body: MailAddressBody): Promise<MailAddressData> {
  return apiData<MailAddressData>('/api/user/mail', { method: 'PUT', body, notify: false });
}

/**
 * The session user carries the address (spec §3 mailAddress), and the notice dialog offers
 * e-mail only when it is set: it is updated at once, then fetched again from the server.
 */
export function useUpdateMailAddress() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: updateMailAddress,
    onSuccess: (data) => {
      client.setQueryData(mailAddressKey, data);
      client.setQueryData<SessionUser>(sessionUserQueryKey, (user) => (user ? { ...user, mailAddress: data.mailAddress } : user));
      void client.invalidateQueries({ queryKey: sessionUserQueryKey });
    },
  });
}
