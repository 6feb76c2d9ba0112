import type { FormInstance } from 'antd/es/form';
import { useTranslation } from 'react-i18next';
import { toastSuccess } from '../../lib/feedback';
import type { MapOptions } from './field-errors';
import { showRefusalOnForm } from './submit-errors';
import { validValues } from './valid-values';

interface Callbacks {
  onSuccess: () => void;
  onError: (error: unknown) => void;
}

/** The parts of a create and an update mutation the form uses; both refresh the list. */
interface SaveMutations<B> {
  create: { mutate: (body: B, callbacks: Callbacks) => void; isPending: boolean };
  update: { mutate: (input: { id: number; body: B }, callbacks: Callbacks) => void; isPending: boolean };
}

interface Options<V, B> extends SaveMutations<B> {
  form: FormInstance<V>;
  /** The row being edited; null creates one. */
  row: { id: number } | null;
  /** The request body from the form's values. */
  bodyOf: (values: V) => B;
  /** Which server refusals go on which fields. */
  refusal: MapOptions;
  onClose: () => void;
}

/**
 * Saving a create/edit form: validate, create or update, then "saved" and close; a refusal's
 * field problems go on the fields (the API client has toasted its message).
 */
export function useEntitySave<V, B>({ form, row, create, update, bodyOf, refusal, onClose }: Options<V, B>) {
  const { t } = useTranslation();
  const submit = async () => {
    const values = await validValues(form);
    if (!values) return;
    const body = bodyOf(values);
    const callbacks: Callbacks = {
      onSuccess: () => {
        toastSuccess(t('common.result.settingSaved'));
        onClose();
      },
      onError: (error) => showRefusalOnForm(form, error, refusal),
    };
    if (row) update.mutate({ id: row.id, body }, callbacks);
    else create.mutate(body, callbacks);
  };
  return { submit, pending: create.isPending || update.isPending };
}
