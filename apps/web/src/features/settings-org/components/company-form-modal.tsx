import Form from 'antd/es/form';
import Input from 'antd/es/input';
import InputNumber from 'antd/es/input-number';
import Select from 'antd/es/select';
import { useTranslation } from 'react-i18next';
import { phoneRule } from '../phone-rule';
import type { CompanyInput, CompanyRow } from '@ullage/contracts/settings-org';
import { useCreateCompany } from '../api/create-company';
import { useUpdateCompany } from '../api/update-company';
import { optionMatches, type OrgOption } from '../../../lib/org-options';
import { FormModal } from '../../../components/list-page/form-modal';
import { useEntitySave } from '../../../components/list-page/use-entity-save';
import { useFormRules } from '../../../components/settings-list/form-rules';
import { useResetOnOpen } from '../../../components/settings-list/use-reset-on-open';
import { DEFAULT_LEAK_THRESHOLD_LPH } from '@ullage/domain/leak-detection';
import { useMonitorFormat } from '../../../lib/use-monitor-format';
import { defaultThresholdForForm, LEAK_THRESHOLD_MIN, thresholdForForm, thresholdFromForm, thresholdInUnit, thresholdMaxForForm } from '../leak-threshold';
import { TEMP_UNITS, VOLUME_UNITS, tempUnitKey, volumeUnitKey } from '../units';
import { optionalText } from '../../../lib/settings-validators';
import { WETSTOCK_FIELDS, wetstockOf } from '../wetstock-settings';
import { WetstockFields } from './wetstock-fields';
import './org-form.css';

interface Values {
  name: string;
  code: string;
  distributorId?: number;
  province?: string;
  city?: string;
  district?: string;
  tempUnit: 1 | 2;
  volumeUnit: 1 | 2;
  contactName: string;
  contactPhone: string;
  /** In the company's volume unit per hour (the form's volumeUnit), not L/h. */
  leakThreshold: number;
  ticketTolerancePct: number;
  varianceAlarmPct: number;
  varianceAlarmDays: number;
  runOutHorizonHours: number;
}

export const COMPANY_FIELDS = ['name', 'code', 'distributorId', 'province', 'city', 'district', 'tempUnit', 'volumeUnit', 'contactName', 'contactPhone', ...WETSTOCK_FIELDS] as const;

interface CompanyFormModalProps {
  open: boolean;
  /** The company being edited; null creates one. */
  row: CompanyRow | null;
  distributors: OrgOption[];
  /** A distributor account creates only under its own distributor. */
  lockedDistributorId: number | null;
  onClose: () => void;
}

function valuesOf(row: CompanyRow | null, lockedDistributorId: number | null): Partial<Values> {
  if (!row) return { tempUnit: 1, volumeUnit: 1, leakThreshold: defaultThresholdForForm(1), ...wetstockOf(null), ...(lockedDistributorId ? { distributorId: lockedDistributorId } : {}) };
  return {
    name: row.name,
    code: row.code,
    distributorId: row.distributorId,
    province: row.province ?? '',
    city: row.city ?? '',
    district: row.district ?? '',
    tempUnit: row.tempUnit === 2 ? 2 : 1,
    volumeUnit: row.volumeUnit === 2 ? 2 : 1,
    contactName: row.contactName ?? '',
    contactPhone: row.contactPhone ?? '',
    leakThreshold: thresholdForForm(row.leakThresholdLph, row.volumeUnit === 2 ? 2 : 1),
    ...wetstockOf(row),
  };
}

/** The threshold the company has, or a new one's default, in L/h: kept as it is unless its figure was changed. */
const savedThresholdOf = (row: CompanyRow | null) => row?.leakThresholdLph ?? DEFAULT_LEAK_THRESHOLD_LPH;

function inputOf(values: Values, row: CompanyRow | null): CompanyInput {
  return {
    name: values.name.trim(),
    code: values.code.trim(),
    distributorId: values.distributorId ?? 0,
    province: optionalText(values.province),
    city: optionalText(values.city),
    district: optionalText(values.district),
    tempUnit: values.tempUnit,
    volumeUnit: values.volumeUnit,
    contactName: values.contactName.trim(),
    contactPhone: values.contactPhone.trim(),
    leakThresholdLph: thresholdFromForm(values.leakThreshold, values.volumeUnit, savedThresholdOf(row)),
    ...wetstockOf(values),
  };
}

/** Create or edit a company (spec §3, §5): every field, the code unique on the server. */
export function CompanyFormModal({ open, row, distributors, lockedDistributorId, onClose }: CompanyFormModalProps) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const format = useMonitorFormat();
  const volumeUnit = Form.useWatch('volumeUnit', form) ?? 1;

  useResetOnOpen(form, open, () => valuesOf(row, lockedDistributorId), [row, lockedDistributorId]);

  const { required, max } = useFormRules();

  const { submit, pending } = useEntitySave({
    form,
    row,
    create: useCreateCompany(),
    update: useUpdateCompany(),
    bodyOf: (values: Values) => inputOf(values, row),
    refusal: { known: COMPANY_FIELDS, conflictField: 'code', conflictFallback: t('common.error.codeExists') },
    onClose,
  });

  const distributorLocked = lockedDistributorId !== null;

  return (
    <FormModal
      entity="company"
      form={form}
      open={open}
      title={row ? t('settingsOrg.company.edit') : t('settingsOrg.company.create')}
      width={720}
      pending={pending}
      submit={submit}
      onClose={onClose}
      onValuesChange={(changed: Partial<Values>, all: Values) => {
        // Another unit: the threshold field shows the same rate in it.
        if (changed.volumeUnit === undefined || typeof all.leakThreshold !== 'number') return;
        const from = changed.volumeUnit === 1 ? 2 : 1;
        form.setFieldValue('leakThreshold', thresholdInUnit(all.leakThreshold, from, changed.volumeUnit, savedThresholdOf(row)));
      }}
    >
      <div className="org-form__grid">
        <Form.Item name="name" label={t('settingsOrg.company.name')} rules={[required('settingsOrg.company.nameRequired'), max(100)]}>
          <Input maxLength={100} />
        </Form.Item>
        <Form.Item name="code" label={t('settingsOrg.company.code')} rules={[required('settingsOrg.company.codeRequired'), max(32)]}>
          <Input maxLength={32} />
        </Form.Item>
        <Form.Item
          name="distributorId"
          label={t('settingsOrg.company.distributor')}
          rules={[{ required: true, message: t('settingsOrg.company.distributorRequired') }]}
        >
          <Select
            options={distributors}
            disabled={distributorLocked}
            showSearch={{ filterOption: (input, option) => optionMatches(input, option?.label) }}
            placeholder={t('settingsOrg.company.distributorPlaceholder')}
          />
        </Form.Item>
        <Form.Item name="province" label={t('settingsOrg.company.province')} rules={[max(50)]}>
          <Input maxLength={50} />
        </Form.Item>
        <Form.Item name="city" label={t('settingsOrg.company.city')} rules={[max(50)]}>
          <Input maxLength={50} />
        </Form.Item>
        <Form.Item name="district" label={t('settingsOrg.company.district')} rules={[max(50)]}>
          <Input maxLength={50} />
        </Form.Item>
        <Form.Item name="tempUnit" label={t('settingsOrg.company.tempUnit')} rules={[{ required: true, message: t('settingsOrg.company.tempUnitRequired') }]}>
          <Select options={TEMP_UNITS.map((unit) => ({ value: unit, label: t(tempUnitKey(unit)!) }))} />
        </Form.Item>
        <Form.Item
          name="volumeUnit"
          label={t('settingsOrg.company.volumeUnit')}
          rules={[{ required: true, message: t('settingsOrg.company.volumeUnitRequired') }]}
        >
          <Select options={VOLUME_UNITS.map((unit) => ({ value: unit, label: t(volumeUnitKey(unit)!) }))} />
        </Form.Item>
        <Form.Item name="contactName" label={t('settingsOrg.company.contactName')} rules={[required('settingsOrg.company.contactNameRequired'), max(50)]}>
          <Input maxLength={50} />
        </Form.Item>
        <Form.Item
          name="contactPhone"
          label={t('settingsOrg.company.contactPhone')}
          rules={[
            required('settingsOrg.company.contactPhoneRequired'),
            max(30),
            phoneRule(t),
          ]}
        >
          <Input maxLength={30} inputMode="tel" />
        </Form.Item>
        <Form.Item
          name="leakThreshold"
          label={t('settingsOrg.company.leakThreshold')}
          extra={t('settingsOrg.company.leakThresholdHelp', { rate: format.rate(DEFAULT_LEAK_THRESHOLD_LPH, volumeUnit) })}
          rules={[
            { required: true, message: t('settingsOrg.company.leakThresholdRequired') },
            {
              type: 'number',
              min: LEAK_THRESHOLD_MIN,
              max: thresholdMaxForForm(volumeUnit),
              message: t('settingsOrg.company.leakThresholdRange', { min: LEAK_THRESHOLD_MIN, max: thresholdMaxForForm(volumeUnit) }),
            },
          ]}
        >
          <InputNumber
            min={0}
            step={0.01}
            className="org-form__number"
            suffix={t(volumeUnit === 2 ? 'settingsOrg.unit.gallonsPerHour' : 'settingsOrg.unit.litresPerHour')}
            data-testid="company-leak-threshold"
          />
        </Form.Item>
      </div>
      <WetstockFields />
    </FormModal>
  );
}
