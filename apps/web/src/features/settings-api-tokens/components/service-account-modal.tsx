import Form from 'antd/es/form';
import Input from 'antd/es/input';
import { useTranslation } from 'react-i18next';
import { FormModal } from '../../../components/list-page/form-modal';
import { showRefusalOnForm } from '../../../components/list-page/submit-errors';
import { useFormRules } from '../../../components/settings-list/form-rules';
import { useResetOnOpen } from '../../../components/settings-list/use-reset-on-open';
import { toastSuccess } from '../../../lib/feedback';
import { useCreateServiceAccount } from '../api/create-service-account';
import { validValues } from '../../../components/list-page/valid-values';

interface Values {
  name: string;
  description?: string;
}

/** A new service account: a name people recognise (the system it is for) and a note. */
export function ServiceAccountModal({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const create = useCreateServiceAccount();
  const { required, max } = useFormRules();
  useResetOnOpen(form, open, () => ({}), []);

  const submit = async () => {
    const values = await validValues(form);
    if (!values) return;
    create.mutate(
      { name: values.name.trim(), description: values.description?.trim() || null },
      {
        onSuccess: () => {
          toastSuccess(t('common.result.settingSaved'));
          onClose();
        },
        onError: (error) => showRefusalOnForm(form, error, { known: ['name', 'description'], conflictField: 'name' }),
      },
    );
  };

  return (
    <FormModal entity="service-account" form={form} open={open} title={t('apiTokens.account.create')} width={520} pending={create.isPending} submit={submit} onClose={onClose}>
      <Form.Item name="name" label={t('apiTokens.account.name')} extra={t('apiTokens.account.nameHint')} rules={[required('apiTokens.account.nameRequired'), max(60)]}>
        <Input maxLength={60} />
      </Form.Item>
      <Form.Item name="description" label={t('apiTokens.account.description')} rules={[max(300)]}>
        <Input.TextArea maxLength={300} rows={2} />
      </Form.Item>
    </FormModal>
  );
}
