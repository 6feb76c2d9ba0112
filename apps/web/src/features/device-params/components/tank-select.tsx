import Select from 'antd/es/select';
import { useTranslation } from 'react-i18next';
import type { DeviceTank } from '@ullage/contracts/device-commands';

interface TankSelectProps {
  tanks: readonly DeviceTank[];
  value: number | undefined;
  onChange: (tankId: number) => void;
  testId: string;
}

/** The tank a tab's parameters belong to: "Tank 1 · 92# Gasoline". */
export function TankSelect({ tanks, value, onChange, testId }: TankSelectProps) {
  const { t } = useTranslation();
  return (
    <label className="device-params__field">
      <span>{t('deviceParams.tank.label')}</span>
      <Select
        className="device-params__tank"
        value={value}
        onChange={onChange}
        options={tanks.map((tank) => ({ value: tank.id, label: t('deviceParams.tank.option', { code: tank.code, product: tank.productName ?? t('common.placeholder.missing') }) }))}
        placeholder={t('deviceParams.tank.pick')}
        aria-label={t('deviceParams.tank.label')}
        data-testid={testId}
      />
    </label>
  );
}

/** The tank chosen in a tab: the first until the user picks another (and again when the station changes). */
export function chosenTank(tanks: readonly DeviceTank[], tankId: number | undefined): DeviceTank | undefined {
  return tanks.find((tank) => tank.id === tankId) ?? tanks[0];
}
