import { useMemo } from 'react';
import Form from 'antd/es/form';
import Input from 'antd/es/input';
import Select from 'antd/es/select';
import { useTranslation } from 'react-i18next';
import type { OrgNode } from '@ullage/contracts/auth';
import type { ProductInput, ProductRow } from '@ullage/contracts/settings-more';
import { companyOptions, distributorOptions, optionMatches } from '../../../lib/org-options';
import { FormModal } from '../../../components/list-page/form-modal';
import { useEntitySave } from '../../../components/list-page/use-entity-save';
import { useFormRules } from '../../../components/settings-list/form-rules';
import { useResetOnOpen } from '../../../components/settings-list/use-reset-on-open';
import { optionalText } from '../../../lib/settings-validators';
import { useCreateProduct } from '../api/create-product';
import { useUpdateProduct } from '../api/update-product';
import { PRODUCT_TYPE_CHOICES, PRODUCT_TYPE_KEYS } from '../choices';
import { isHexColour } from '../field-rules';
import { ColourField } from '../../../components/colour-field';
import './settings-more.css';

interface Values {
  name: string;
  shortName?: string;
  code: string;
  type?: ProductInput['type'];
  distributorId?: number;
  companyId?: number | null;
  color: string;
}

export const PRODUCT_FIELDS = ['name', 'shortName', 'code', 'type', 'distributorId', 'companyId', 'color'] as const;
export const DEFAULT_PRODUCT_COLOUR = '#1677ff';

interface ProductFormModalProps {
  open: boolean;
  row: ProductRow | null;
  tree: readonly OrgNode[];
  lockedDistributorId: number | null;
  onClose: () => void;
}

function valuesOf(row: ProductRow | null, lockedDistributorId: number | null): Partial<Values> {
  if (!row) return { type: 'gasoline', color: DEFAULT_PRODUCT_COLOUR, companyId: null, ...(lockedDistributorId ? { distributorId: lockedDistributorId } : {}) };
  return {
    name: row.name,
    shortName: row.shortName ?? '',
    code: row.code,
    type: row.type,
    distributorId: row.distributorId,
    companyId: row.companyId,
    color: isHexColour(row.color) ? row.color : DEFAULT_PRODUCT_COLOUR,
  };
}

function inputOf(values: Values): ProductInput {
  return {
    name: values.name.trim(),
    shortName: optionalText(values.shortName),
    code: values.code.trim(),
    type: values.type ?? 'gasoline',
    distributorId: values.distributorId ?? 0,
    companyId: values.companyId ?? null,
    color: values.color.toLowerCase(),
  };
}

/** Create or edit a product (oil): name, short name, code, type, distributor, optional company, colour. */
export function ProductFormModal({ open, row, tree, lockedDistributorId, onClose }: ProductFormModalProps) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const distributorId = Form.useWatch('distributorId', form);
  const distributors = useMemo(() => distributorOptions(tree), [tree]);
  const companies = useMemo(() => (typeof distributorId === 'number' ? companyOptions(tree, distributorId) : []), [tree, distributorId]);

  useResetOnOpen(form, open, () => valuesOf(row, lockedDistributorId), [row, lockedDistributorId]);

  const { required, max } = useFormRules();

  const { submit, pending } = useEntitySave({
    form,
    row,
    create: useCreateProduct(),
    update: useUpdateProduct(),
    bodyOf: (values: Values) => inputOf(values),
    refusal: { known: PRODUCT_FIELDS, conflictField: 'code', conflictFallback: t('common.error.codeExists') },
    onClose,
  });

  return (
    <FormModal
      entity="product"
      form={form}
      open={open}
      title={row ? t('settingsMore.product.edit') : t('settingsMore.product.create')}
      width={720}
      pending={pending}
      submit={submit}
      onClose={onClose}
    >
      <div className="more-form__grid">
        <Form.Item name="name" label={t('settingsMore.product.name')} rules={[required('settingsMore.product.nameRequired'), max(50)]}>
          <Input maxLength={50} />
        </Form.Item>
        <Form.Item name="shortName" label={t('settingsMore.product.shortName')} rules={[max(20)]}>
          <Input maxLength={20} />
        </Form.Item>
        <Form.Item name="code" label={t('settingsMore.product.code')} rules={[required('settingsMore.product.codeRequired'), max(32)]}>
          <Input maxLength={32} />
        </Form.Item>
        <Form.Item name="type" label={t('settingsMore.product.type')} rules={[{ required: true, message: t('settingsMore.product.typeRequired') }]}>
          <Select options={PRODUCT_TYPE_CHOICES.map((value) => ({ value, label: t(PRODUCT_TYPE_KEYS[value]) }))} />
        </Form.Item>
        <Form.Item name="distributorId" label={t('settingsMore.product.distributor')} rules={[{ required: true, message: t('settingsMore.product.distributorRequired') }]}>
          <Select
            options={distributors}
            disabled={lockedDistributorId !== null}
            showSearch={{ filterOption: (input, option) => optionMatches(input, option?.label) }}
            placeholder={t('settingsOrg.company.distributorPlaceholder')}
            onChange={() => form.setFieldValue('companyId', null)}
          />
        </Form.Item>
        <Form.Item name="companyId" label={t('settingsMore.product.company')} extra={t('settingsMore.product.companyHint')}>
          <Select
            options={companies}
            allowClear
            disabled={typeof distributorId !== 'number'}
            showSearch={{ filterOption: (input, option) => optionMatches(input, option?.label) }}
            placeholder={t('settingsMore.product.allCompanies')}
          />
        </Form.Item>
        <Form.Item
          name="color"
          label={t('settingsMore.product.color')}
          rules={[
            {
              validator: async (_, value: unknown) => {
                if (!isHexColour(value)) throw new Error(t('settingsMore.product.colorInvalid'));
              },
            },
          ]}
        >
          <ColourField />
        </Form.Item>
      </div>
    </FormModal>
  );
}
