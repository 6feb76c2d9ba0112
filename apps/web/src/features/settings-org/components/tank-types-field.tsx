import Form from 'antd/es/form';
import Input from 'antd/es/input';
import InputNumber from 'antd/es/input-number';
import { useTranslation } from 'react-i18next';
import { AddRowButton, RemoveRowButton } from '../../../components/settings-list/form-list-buttons';
import { useFormRules } from '../../../components/settings-list/form-rules';
import { useUniqueCodeRule } from '../../../components/settings-list/unique-code-rule';
import { TANK_MAX_HEIGHT_MM, TANK_MAX_VOLUME_L, TANK_TYPES_MAX, positiveWithin } from '../../../lib/settings-validators';

/** The distributor's tank types: an editable list of code, oil, max volume (L) and height (mm). */
export function TankTypesField() {
  const { t } = useTranslation();
  const { required, max } = useFormRules();
  const { uniqueCode } = useUniqueCodeRule();
  const positive = (max: number) => ({
    validator: async (_: unknown, value: number | null | undefined) => {
      if (value === null || value === undefined) return; // the required rule speaks
      if (!positiveWithin(value, max)) throw new Error(t('settingsOrg.tank.positiveMax', { max: max.toLocaleString() }));
    },
  });
  return (
    <Form.List name="tankTypes">
      {(fields, { add, remove }) => (
        <div className="org-tanks" data-testid="distributor-tank-types">
          {fields.length ? (
            <div className="org-tanks__row org-tanks__head" aria-hidden="true">
              <span>{t('settingsOrg.tank.code')}</span>
              <span>{t('settingsOrg.tank.oil')}</span>
              <span>{t('settingsOrg.tank.maxVolume')}</span>
              <span>{t('settingsOrg.tank.height')}</span>
              <span />
            </div>
          ) : (
            <p className="org-form__hint">{t('settingsOrg.tank.none')}</p>
          )}
          {fields.map((field) => (
            <div className="org-tanks__row" key={field.key}>
              <Form.Item
                name={[field.name, 'code']}
                rules={[required('settingsOrg.tank.codeRequired'), max(32), uniqueCode('tankTypes', field.name, 'settingsOrg.tank.codeDuplicate')]}
              >
                <Input maxLength={32} aria-label={t('settingsOrg.tank.code')} />
              </Form.Item>
              <Form.Item
                name={[field.name, 'oil']}
                rules={[required('settingsOrg.tank.oilRequired'), max(50)]}
              >
                <Input maxLength={50} aria-label={t('settingsOrg.tank.oil')} />
              </Form.Item>
              <Form.Item
                name={[field.name, 'maxVolumeL']}
                rules={[{ required: true, message: t('settingsOrg.tank.maxVolumeRequired') }, positive(TANK_MAX_VOLUME_L)]}
              >
                <InputNumber min={0} max={TANK_MAX_VOLUME_L} aria-label={t('settingsOrg.tank.maxVolume')} />
              </Form.Item>
              <Form.Item
                name={[field.name, 'heightMm']}
                rules={[{ required: true, message: t('settingsOrg.tank.heightRequired') }, positive(TANK_MAX_HEIGHT_MM)]}
              >
                <InputNumber min={0} max={TANK_MAX_HEIGHT_MM} aria-label={t('settingsOrg.tank.height')} />
              </Form.Item>
              <RemoveRowButton label={t('settingsOrg.tank.remove')} onClick={() => remove(field.name)} testId={`distributor-tank-remove-${field.name}`} />
            </div>
          ))}
          <AddRowButton full={fields.length >= TANK_TYPES_MAX} onClick={() => add({ code: '', oil: '', maxVolumeL: null, heightMm: null })} testId="distributor-tank-add">
            {t('settingsOrg.tank.add')}
          </AddRowButton>
        </div>
      )}
    </Form.List>
  );
}
