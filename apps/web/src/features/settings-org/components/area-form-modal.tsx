import { useEffect } from 'react';
import Form from 'antd/es/form';
import Input from 'antd/es/input';
import Select from 'antd/es/select';
import { useTranslation } from 'react-i18next';
import type { AreaRow } from '@ullage/contracts/settings-org';
import { useCreateArea } from '../api/create-area';
import { useUpdateArea } from '../api/update-area';
import { optionMatches, type OrgOption } from '../../../lib/org-options';
import { FormModal } from '../../../components/list-page/form-modal';
import { useEntitySave } from '../../../components/list-page/use-entity-save';
import './org-form.css';

interface Values {
  name: string;
  companyId?: number;
}

export const AREA_FIELDS = ['name', 'companyId'] as const;

interface AreaFormModalProps {
  open: boolean;
  row: AreaRow | null;
  companies: OrgOption[];
  /** A company account manages only its own company's areas. */
  lockedCompanyId: number | null;
  /** Preselected for a new area (the company filter of the list). */
  defaultCompanyId?: number | undefined;
  onClose: () => void;
}

/** Create or edit an area (spec §3): a name and the company it belongs to. */
export function AreaFormModal({ open, row, companies, lockedCompanyId, defaultCompanyId, onClose }: AreaFormModalProps) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();

  useEffect(() => {
    if (!open) return;
    form.resetFields();
    const companyId = row?.companyId ?? lockedCompanyId ?? defaultCompanyId;
    form.setFieldsValue({ name: row?.name ?? '', ...(companyId ? { companyId } : {}) });
  }, [open, row, lockedCompanyId, defaultCompanyId, form]);

  const { submit, pending } = useEntitySave({
    form,
    row,
    create: useCreateArea(),
    update: useUpdateArea(),
    bodyOf: (values: Values) => ({ name: values.name.trim(), companyId: values.companyId ?? 0 }),
    refusal: { known: AREA_FIELDS },
    onClose,
  });

  return (
    <FormModal
      entity="area"
      form={form}
      open={open}
      title={row ? t('settingsOrg.area.edit') : t('settingsOrg.area.create')}
      pending={pending}
      submit={submit}
      onClose={onClose}
      submitOnEnter={false}
    >
      <Form.Item
        name="name"
        label={t('settingsOrg.area.name')}
        rules={[
          { required: true, whitespace: true, message: t('settingsOrg.area.nameRequired') },
          { max: 50, message: t('common.rule.maxLength', { count: 50 }) },
        ]}
      >
        <Input maxLength={50} />
      </Form.Item>
      <Form.Item name="companyId" label={t('settingsOrg.area.company')} rules={[{ required: true, message: t('settingsOrg.area.companyRequired') }]}>
        <Select
          options={companies}
          disabled={lockedCompanyId !== null}
          showSearch={{ filterOption: (input, option) => optionMatches(input, option?.label) }}
          placeholder={t('settingsOrg.area.companyPlaceholder')}
        />
      </Form.Item>
    </FormModal>
  );
}
