import { z } from 'zod';
import { MAIL_ADDRESS_MAX } from '@ullage/domain/mail-address';

/**
 * PUT /api/user/mail: the signed-in user's own mail address. A blank value or null clears it.
 * The rule (domain/mail-address.ts) is checked by the service so that the refusal names the
 * field and the rule; keys other than mailAddress (a userId) are dropped, never honoured.
 */
export const mailAddressBody = z.object({
  mailAddress: z.string().nullable().describe(`An e-mail address of at most ${MAIL_ADDRESS_MAX} characters; blank or null clears it`),
});
export type MailAddressBody = z.infer<typeof mailAddressBody>;

/** GET and PUT /api/user/mail answer the address now stored, null when there is none. */
export const mailAddressData = z.object({ mailAddress: z.string().nullable() });
export type MailAddressData = z.infer<typeof mailAddressData>;
