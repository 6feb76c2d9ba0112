import type { PasswordProblem } from '@ullage/domain/password';
import type { MessageKey } from '../../i18n/message-key';

/** The localised sentence for each rule of domain/password, written out so keys stay greppable. */
export const PASSWORD_PROBLEM_MESSAGES: Record<PasswordProblem, MessageKey> = {
  required: 'account.password.rule.required',
  length: 'account.password.rule.length',
  tooLong: 'account.password.rule.tooLong',
  'missing.digit': 'account.password.rule.missingDigit',
  'missing.upper': 'account.password.rule.missingUpper',
  'missing.lower': 'account.password.rule.missingLower',
  'missing.special': 'account.password.rule.missingSpecial',
};

/** The order a form reports them in, as domain/password returns them. */
export const PASSWORD_PROBLEM_ORDER: readonly PasswordProblem[] = [
  'required',
  'tooLong',
  'length',
  'missing.digit',
  'missing.upper',
  'missing.lower',
  'missing.special',
];
