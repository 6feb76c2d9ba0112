import { useMemo } from 'react';
import Input from 'antd/es/input';
import Select from 'antd/es/select';
import { useTranslation } from 'react-i18next';
import { LEAK_ALARM_CODES, LEVEL_ALARM_CODES } from '@ullage/domain/alarm-codes';
import type { FieldProps } from '../../components/report-filters/filter-fields';
import { withRange } from '../../components/report-filters/time-range';
import { alarmNameKey } from '../../lib/alarm-names';
import { useStationTanks } from '../../lib/station-tanks';
import type { AlarmFilters } from './alarm-filters-state';
import { LazyDateRangeFields } from '../../components/phone-report/lazy-phone-fields';

/**
 * The alarm filters the declared kinds do not draw as the alarm pages do (alarm-report.tsx):
 * the leak sensor, the alarm code (a select with search), and on a phone the tank and the
 * start range, under the alarm pages' own labels.
 */
type Props = FieldProps<AlarmFilters>;

/** The codes of the filtered kind, "code · name". */
function useAlarmCodeOptions(kind: AlarmFilters['kind']) {
  const { t } = useTranslation();
  return useMemo(
    () =>
      Object.keys(kind === 'level' ? LEVEL_ALARM_CODES : LEAK_ALARM_CODES)
        .map(Number)
        .map((code) => {
          const key = alarmNameKey(kind, code);
          return { value: code, label: `${code} · ${key ? t(key) : code}` };
        }),
    [kind, t],
  );
}

export function AlarmSensorInput({ filters, set }: Props) {
  const { t } = useTranslation();
  return (
    <Input
      className="report-filter"
      value={filters.sensorNo ?? ''}
      onChange={(event) => set((f) => ({ ...f, sensorNo: event.target.value.trim() || undefined }))}
      placeholder={t('alarm.query.filter.sensor')}
      aria-label={t('alarm.query.filter.sensor')}
      maxLength={20}
      allowClear
      data-testid="alarm-filter-sensor"
    />
  );
}

export function AlarmCodeSelect({ filters, set }: Props) {
  const { t } = useTranslation();
  const codeOptions = useAlarmCodeOptions(filters.kind);
  return (
    <Select
      className="report-filter report-filter--wide"
      value={filters.code}
      onChange={(value: number | undefined) => set((f) => ({ ...f, code: value }))}
      options={codeOptions}
      placeholder={t('alarm.query.filter.code')}
      aria-label={t('alarm.query.filter.code')}
      showSearch={{ optionFilterProp: 'label' }}
      allowClear
      popupMatchSelectWidth={false}
      data-testid="alarm-filter-code"
    />
  );
}

export function AlarmTankField({ filters, set }: Props) {
  const { t } = useTranslation();
  const tanks = useStationTanks(filters.stationId);
  return (
    <label className="m-field">
      <span>{t('alarm.query.filter.tank')}</span>
      <Select
        size="large"
        value={filters.tankId}
        onChange={(value: number | undefined) => set((f) => ({ ...f, tankId: value }))}
        options={(tanks.data ?? []).map((tank) => ({ value: tank.id, label: tank.productName ? `${tank.code} · ${tank.productName}` : tank.code }))}
        placeholder={filters.stationId === undefined ? t('alarm.query.filter.tankPickStation') : t('alarm.query.filter.tank')}
        disabled={filters.stationId === undefined}
        allowClear
        data-testid="alarm-filter-tank"
      />
    </label>
  );
}

export function AlarmSensorField({ filters, set }: Props) {
  const { t } = useTranslation();
  return (
    <label className="m-field">
      <span>{t('alarm.query.filter.sensor')}</span>
      <Input
        size="large"
        value={filters.sensorNo ?? ''}
        onChange={(event) => set((f) => ({ ...f, sensorNo: event.target.value.trim() || undefined }))}
        maxLength={20}
        allowClear
        data-testid="alarm-filter-sensor"
      />
    </label>
  );
}

export function AlarmCodeField({ filters, set }: Props) {
  const { t } = useTranslation();
  const codeOptions = useAlarmCodeOptions(filters.kind);
  return (
    <label className="m-field">
      <span>{t('alarm.query.filter.code')}</span>
      <Select
        size="large"
        value={filters.code}
        onChange={(value: number | undefined) => set((f) => ({ ...f, code: value }))}
        options={codeOptions}
        showSearch={{ optionFilterProp: 'label' }}
        allowClear
        placeholder={t('alarm.query.filter.code')}
        data-testid="alarm-filter-code"
      />
    </label>
  );
}

export function AlarmRangeFields({ filters, set }: Props) {
  const { t } = useTranslation();
  return <LazyDateRangeFields label={t('alarm.query.filter.range')} from={filters.from} to={filters.to} onChange={(range) => set((f) => withRange(f, range))} />;
}
