import type { MailAddressProblem } from '@ullage/domain/mail-address';
import type { MessageKey } from '../../i18n/message-key';

/** The localised sentence for each rule of domain/mail-address, written out so keys stay greppable. */
export const MAIL_ADDRESS_PROBLEM_MESSAGES: Record<MailAddressProblem, MessageKey> = {
  tooLong: 'mailAddress.rule.tooLong',
  invalid: 'mailAddress.rule.invalid',
};
