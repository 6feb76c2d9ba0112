import { CODES } from '@ullage/contracts/codes';
import type { FieldProblem } from '@ullage/contracts/envelope';
import type { RefusalLike } from './field-errors';

/**
 * A 91011 refusal (bad input) as the API client throws it, with the field problems the server
 * names: for the tests of what the forms make of those problems (field-errors.ts and the
 * station form's tank-errors.ts read the same envelope).
 */
export function validationRefusal(fields: FieldProblem[], message = 'invalid'): RefusalLike {
  return { code: CODES.validation, message, envelope: { msg: message, data: { fields } } };
}
