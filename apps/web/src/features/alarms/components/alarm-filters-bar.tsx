import { useMemo } from 'react';
import Input from 'antd/es/input';
import Select from 'antd/es/select';
import { useTranslation } from 'react-i18next';
import { LEAK_ALARM_CODES, LEVEL_ALARM_CODES } from '@ullage/domain/alarm-codes';
import { OrgTreeSelect } from '../../../components/report-filters/org-tree-select';
import { TankSelect } from '../../../components/report-filters/tank-select';
import { TimeRangeFilter } from '../../../components/report-filters/time-range-filter';
import { alarmNameKey } from '../../../lib/alarm-names';
import type { AlarmFilters } from '../alarm-filters-state';

interface AlarmFiltersBarProps {
  filters: AlarmFilters;
  onOrgPick: (pick: Pick<AlarmFilters, 'distributorId' | 'companyId' | 'stationId'>) => void;
  onRange: (range: readonly [Date, Date] | null) => void;
  onFilter: <K extends keyof AlarmFilters>(key: K, value: AlarmFilters[K]) => void;
}

/** Organisation tree, tank (level) or sensor (leak), alarm, time range, state, processed. */
export function AlarmFiltersBar({ filters, onOrgPick, onRange, onFilter }: AlarmFiltersBarProps) {
  const { t } = useTranslation();
  const codeOptions = useMemo(() => {
    const codes = Object.keys(filters.kind === 'level' ? LEVEL_ALARM_CODES : LEAK_ALARM_CODES).map(Number);
    return codes.map((code) => {
      const key = alarmNameKey(filters.kind, code);
      return { value: code, label: `${code} · ${key ? t(key) : code}` };
    });
  }, [filters.kind, t]);

  return (
    <>
      <OrgTreeSelect value={filters} onChange={onOrgPick} testId="alarm-filter-org" />
      {filters.kind === 'level' ? (
        <TankSelect stationId={filters.stationId} value={filters.tankId} onChange={(value) => onFilter('tankId', value)} testId="alarm-filter-tank" />
      ) : (
        <Input
          className="report-filter"
          value={filters.sensorNo ?? ''}
          onChange={(event) => onFilter('sensorNo', event.target.value.trim() || undefined)}
          placeholder={t('alarm.query.filter.sensor')}
          aria-label={t('alarm.query.filter.sensor')}
          maxLength={20}
          allowClear
          data-testid="alarm-filter-sensor"
        />
      )}
      <Select
        className="report-filter report-filter--wide"
        value={filters.code}
        onChange={(value: number | undefined) => onFilter('code', value)}
        options={codeOptions}
        placeholder={t('alarm.query.filter.code')}
        aria-label={t('alarm.query.filter.code')}
        showSearch={{ optionFilterProp: 'label' }}
        allowClear
        popupMatchSelectWidth={false}
        data-testid="alarm-filter-code"
      />
      <TimeRangeFilter from={filters.from} to={filters.to} onChange={onRange} testId="alarm-filter-range" />
      <Select
        className="report-filter"
        value={filters.state}
        onChange={(value: AlarmFilters['state']) => onFilter('state', value)}
        options={[
          { value: 'active', label: t('alarm.query.state.active') },
          { value: 'cleared', label: t('alarm.query.state.cleared') },
        ]}
        placeholder={t('alarm.query.filter.state')}
        aria-label={t('alarm.query.filter.state')}
        allowClear
        data-testid="alarm-filter-state"
      />
      <Select
        className="report-filter"
        value={filters.processed}
        onChange={(value: AlarmFilters['processed']) => onFilter('processed', value)}
        options={[
          { value: 'no', label: t('alarm.query.processed.no') },
          { value: 'yes', label: t('alarm.query.processed.yes') },
        ]}
        placeholder={t('alarm.query.filter.processed')}
        aria-label={t('alarm.query.filter.processed')}
        allowClear
        data-testid="alarm-filter-processed"
      />
    </>
  );
}
