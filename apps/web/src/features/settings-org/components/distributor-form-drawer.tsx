import Form from 'antd/es/form';
import Input from 'antd/es/input';
import { useTranslation } from 'react-i18next';
import { phoneRule } from '../phone-rule';
import type { DistributorInput, DistributorRow } from '@ullage/contracts/settings-org';
import { useCreateDistributor } from '../api/create-distributor';
import { useUpdateDistributor } from '../api/update-distributor';
import { useEntitySave } from '../../../components/list-page/use-entity-save';
import { FormDrawer } from '../../../components/settings-list/form-drawer';
import { useFormRules } from '../../../components/settings-list/form-rules';
import { useResetOnOpen } from '../../../components/settings-list/use-reset-on-open';
import { optionalText, type TankTypeDraft } from '../../../lib/settings-validators';
import { LogoField } from './logo-field';
import { TankTypesField } from './tank-types-field';
import './org-form.css';

interface Values {
  name: string;
  area?: string;
  country?: string;
  contactName: string;
  phone: string;
  position?: string;
  logo?: string | null;
  tankTypes?: TankTypeDraft[];
}

export const DISTRIBUTOR_FIELDS = ['name', 'area', 'country', 'contactName', 'phone', 'position', 'logo', 'tankTypes'] as const;

interface DistributorFormDrawerProps {
  open: boolean;
  row: DistributorRow | null;
  onClose: () => void;
}

function valuesOf(row: DistributorRow | null): Partial<Values> {
  if (!row) return { logo: null, tankTypes: [] };
  return {
    name: row.name,
    area: row.area ?? '',
    country: row.country ?? '',
    contactName: row.contactName ?? '',
    phone: row.phone ?? '',
    position: row.position ?? '',
    logo: row.logo,
    tankTypes: row.tankTypes.map((tank) => ({ ...tank })),
  };
}

function inputOf(values: Values): DistributorInput {
  return {
    name: values.name.trim(),
    area: optionalText(values.area),
    country: optionalText(values.country),
    contactName: values.contactName.trim(),
    phone: values.phone.trim(),
    position: optionalText(values.position),
    logo: values.logo ?? null,
    tankTypes: (values.tankTypes ?? []).map((tank) => ({
      code: (tank.code ?? '').trim(),
      oil: (tank.oil ?? '').trim(),
      maxVolumeL: Number(tank.maxVolumeL),
      heightMm: Number(tank.heightMm),
    })),
  };
}

/** Create or edit a distributor (spec §3, §5): contact, phone digits and hyphen, logo, tank types. */
export function DistributorFormDrawer({ open, row, onClose }: DistributorFormDrawerProps) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();

  useResetOnOpen(form, open, () => valuesOf(row), [row]);

  const { max } = useFormRules();

  const { submit, pending } = useEntitySave({
    form,
    row,
    create: useCreateDistributor(),
    update: useUpdateDistributor(),
    bodyOf: (values: Values) => inputOf(values),
    refusal: { known: DISTRIBUTOR_FIELDS },
    onClose,
  });

  return (
    <FormDrawer
      entity="distributor"
      form={form}
      open={open}
      title={row ? t('settingsOrg.distributor.edit') : t('settingsOrg.distributor.create')}
      size={760}
      pending={pending}
      submit={submit}
      onClose={onClose}
    >
      <div className="org-form__grid">
        <Form.Item
          name="name"
          label={t('settingsOrg.distributor.name')}
          rules={[{ required: true, whitespace: true, message: t('settingsOrg.distributor.nameRequired') }, max(100)]}
        >
          <Input maxLength={100} />
        </Form.Item>
        <Form.Item name="country" label={t('settingsOrg.distributor.country')} rules={[max(100)]}>
          <Input maxLength={100} />
        </Form.Item>
        <Form.Item name="area" label={t('settingsOrg.distributor.area')} rules={[max(100)]}>
          <Input maxLength={100} />
        </Form.Item>
        <Form.Item name="position" label={t('settingsOrg.distributor.position')} rules={[max(50)]}>
          <Input maxLength={50} />
        </Form.Item>
        <Form.Item
          name="contactName"
          label={t('settingsOrg.distributor.contactName')}
          rules={[{ required: true, whitespace: true, message: t('settingsOrg.distributor.contactNameRequired') }, max(50)]}
        >
          <Input maxLength={50} />
        </Form.Item>
        <Form.Item
          name="phone"
          label={t('settingsOrg.distributor.phone')}
          rules={[
            { required: true, whitespace: true, message: t('settingsOrg.distributor.phoneRequired') },
            max(30),
            phoneRule(t),
          ]}
        >
          <Input maxLength={30} inputMode="tel" />
        </Form.Item>
        <Form.Item name="logo" label={t('settingsOrg.distributor.logo')} className="org-form__wide">
          <LogoField />
        </Form.Item>
        <Form.Item label={t('settingsOrg.distributor.tankTypes')} className="org-form__wide" required={false}>
          <TankTypesField />
        </Form.Item>
      </div>
    </FormDrawer>
  );
}
