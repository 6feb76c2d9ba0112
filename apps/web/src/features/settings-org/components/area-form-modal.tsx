import { useEffect } from 'react';
import Form from 'antd/es/form';
import Input from 'antd/es/input';
import Modal from 'antd/es/modal';
import Select from 'antd/es/select';
import { useTranslation } from 'react-i18next';
import type { AreaRow } from '@ullage/contracts/settings-org';
import { toastSuccess } from '../../../lib/feedback';
import { useCreateArea } from '../api/create-area';
import { useUpdateArea } from '../api/update-area';
import { optionMatches, type OrgOption } from '../org-options';
import { showRefusalOnForm } from '../../../components/list-page/submit-errors';
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
  const create = useCreateArea();
  const update = useUpdateArea();

  useEffect(() => {
    if (!open) return;
    form.resetFields();
    const companyId = row?.companyId ?? lockedCompanyId ?? defaultCompanyId;
    form.setFieldsValue({ name: row?.name ?? '', ...(companyId ? { companyId } : {}) });
  }, [open, row, lockedCompanyId, defaultCompanyId, form]);

  const submit = async () => {
    let values: Values;
    try {
      values = await form.validateFields();
    } catch {
      return;
    }
    const body = { name: values.name.trim(), companyId: values.companyId ?? 0 };
    const onError = (error: unknown) => showRefusalOnForm(form, error, { known: AREA_FIELDS });
    const onSuccess = () => {
      toastSuccess(t('common.result.settingSaved'));
      onClose();
    };
    if (row) update.mutate({ id: row.id, body }, { onSuccess, onError });
    else create.mutate(body, { onSuccess, onError });
  };

  return (
    <Modal
      open={open}
      title={row ? t('settingsOrg.area.edit') : t('settingsOrg.area.create')}
      okText={t('common.action.save')}
      cancelText={t('common.action.cancel')}
      onOk={() => void submit()}
      onCancel={onClose}
      confirmLoading={create.isPending || update.isPending}
      okButtonProps={{ 'data-testid': 'area-submit' }}
      forceRender
      mask={{ closable: false }}
    >
      <Form form={form} name="area" layout="vertical" autoComplete="off" data-testid="area-form">
        <Form.Item
          name="name"
          label={t('settingsOrg.area.name')}
          rules={[
            { required: true, whitespace: true, message: t('settingsOrg.area.nameRequired') },
            { max: 50, message: t('common.rule.maxLength', { max: 50 }) },
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
      </Form>
    </Modal>
  );
}
