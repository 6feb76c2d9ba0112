import { useMemo } from 'react';
import Input from 'antd/es/input';
import Select from 'antd/es/select';
import { useTranslation } from 'react-i18next';
import { LEAK_ALARM_CODES, LEVEL_ALARM_CODES } from '@ullage/domain/alarm-codes';
import { OrgTreeSelect } from '../../../components/report-filters/org-tree-select';
import { withOrgPick, withRange, type AlarmFilters } from '../alarm-filters-state';
import { useStationTanks } from '../../../lib/station-tanks';
import { alarmNameKey } from '../../../lib/alarm-names';
import { ChipGroup } from '../../../components/phone-report/chip-group';
import { DateRangeFields } from '../../../components/phone-report/date-range-fields';

export interface AlarmFilterFieldsProps {
  filters: AlarmFilters;
  onChange: (next: (filters: AlarmFilters) => AlarmFilters) => void;
}

/** The fields of the desktop alarm filter bar, stacked for a phone: organisation, tank or sensor, type, range, state, processing. */
export function AlarmFilterFields({ filters, onChange: set }: AlarmFilterFieldsProps) {
  const { t } = useTranslation();
  const kind = filters.kind;
  const tanks = useStationTanks(kind === 'level' ? filters.stationId : undefined);
  const codeOptions = useMemo(
    () =>
      Object.keys(kind === 'level' ? LEVEL_ALARM_CODES : LEAK_ALARM_CODES)
        .map(Number)
        .map((code) => {
          const key = alarmNameKey(kind, code);
          return { value: code, label: `${code} · ${key ? t(key) : code}` };
        }),
    [kind, t],
  );
  return (
    <>
      <label className="m-field">
        <span>{t('list.filter.organisation')}</span>
        <OrgTreeSelect value={filters} onChange={(pick) => set((f) => withOrgPick(f, pick))} testId="alarm-filter-org" />
      </label>
      {kind === 'level' ? (
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
      ) : (
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
      )}
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
      <DateRangeFields label={t('alarm.query.filter.range')} from={filters.from} to={filters.to} onChange={(range) => set((f) => withRange(f, range))} />
      <ChipGroup
        label={t('alarm.query.filter.state')}
        value={filters.state}
        onChange={(state) => set((f) => ({ ...f, state }))}
        options={[
          { value: undefined, label: t('mobile.filter.all') },
          { value: 'active', label: t('alarm.query.state.active') },
          { value: 'cleared', label: t('alarm.query.state.cleared') },
        ]}
        testId="alarm-filter-state"
      />
      <ChipGroup
        label={t('alarm.query.filter.processed')}
        value={filters.processed}
        onChange={(processed) => set((f) => ({ ...f, processed }))}
        options={[
          { value: undefined, label: t('mobile.filter.all') },
          { value: 'no', label: t('alarm.query.processed.no') },
          { value: 'yes', label: t('alarm.query.processed.yes') },
        ]}
        testId="alarm-filter-processed"
      />
    </>
  );
}
