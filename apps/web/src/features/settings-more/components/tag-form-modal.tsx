import Form from 'antd/es/form';
import Input from 'antd/es/input';
import { useTranslation } from 'react-i18next';
import type { TagInput, TagRow } from '@ullage/contracts/settings-more';
import { FormModal } from '../../../components/list-page/form-modal';
import { useEntitySave } from '../../../components/list-page/use-entity-save';
import { useFormRules } from '../../../components/settings-list/form-rules';
import { useResetOnOpen } from '../../../components/settings-list/use-reset-on-open';
import { optionalText } from '../../../lib/settings-validators';
import { useCreateTag } from '../api/create-tag';
import { useUpdateTag } from '../api/update-tag';
import './settings-more.css';

interface Values {
  key: string;
  value: string;
  type: string;
  typeValue?: string;
  remark?: string;
}

export const TAG_FIELDS = ['key', 'value', 'type', 'typeValue', 'remark'] as const;

interface TagFormModalProps {
  open: boolean;
  row: TagRow | null;
  onClose: () => void;
}

function valuesOf(row: TagRow | null): Partial<Values> {
  if (!row) return {};
  return { key: row.key, value: row.value, type: row.type, typeValue: row.typeValue ?? '', remark: row.remark ?? '' };
}

function inputOf(values: Values): TagInput {
  return {
    key: values.key.trim(),
    value: values.value.trim(),
    type: values.type.trim(),
    typeValue: optionalText(values.typeValue),
    remark: optionalText(values.remark),
  };
}

/** Create or edit a tag: key, value, type, type value, remark. */
export function TagFormModal({ open, row, onClose }: TagFormModalProps) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();

  useResetOnOpen(form, open, () => valuesOf(row), [row]);

  const { required, max } = useFormRules();

  const { submit, pending } = useEntitySave({
    form,
    row,
    create: useCreateTag(),
    update: useUpdateTag(),
    bodyOf: (values: Values) => inputOf(values),
    refusal: { known: TAG_FIELDS, conflictField: 'key', conflictFallback: t('common.error.codeExists') },
    onClose,
  });

  return (
    <FormModal
      entity="tag"
      form={form}
      open={open}
      title={row ? t('settingsMore.tag.edit') : t('settingsMore.tag.create')}
      width={640}
      pending={pending}
      submit={submit}
      onClose={onClose}
    >
      <div className="more-form__grid">
        <Form.Item name="key" label={t('settingsMore.tag.key')} rules={[required('settingsMore.tag.keyRequired'), max(64)]}>
          <Input maxLength={64} dir="ltr" />
        </Form.Item>
        <Form.Item name="value" label={t('settingsMore.tag.value')} rules={[required('settingsMore.tag.valueRequired'), max(255)]}>
          <Input maxLength={255} />
        </Form.Item>
        <Form.Item name="type" label={t('settingsMore.tag.type')} rules={[required('settingsMore.tag.typeRequired'), max(64)]}>
          <Input maxLength={64} />
        </Form.Item>
        <Form.Item name="typeValue" label={t('settingsMore.tag.typeValue')} rules={[max(255)]}>
          <Input maxLength={255} />
        </Form.Item>
        <Form.Item name="remark" label={t('settingsMore.tag.remark')} rules={[max(500)]} className="more-form__wide">
          <Input.TextArea maxLength={500} rows={3} showCount />
        </Form.Item>
      </div>
    </FormModal>
  );
}
