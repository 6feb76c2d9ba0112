import type { FormInstance } from 'antd/es/form';
import { ApiError } from '../../lib/api-client';
import { fieldErrorsFromRefusal, type MapOptions } from './field-errors';

/** Puts a refusal's field problems on the form (the client has toasted the message already). */
export function showRefusalOnForm(form: FormInstance, error: unknown, options: MapOptions): void {
  if (!(error instanceof ApiError)) return;
  const entries = fieldErrorsFromRefusal(error, options);
  if (entries.length) {
    form.setFields(entries);
    form.scrollToField(entries[0]!.name, { block: 'center' });
  }
}
