import { useMemo } from 'react';
import DatePicker from 'antd/es/date-picker';
import Input from 'antd/es/input';
import Select from 'antd/es/select';
import dayjs, { type Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { LEAK_ALARM_CODES, LEVEL_ALARM_CODES } from '@ullage/domain/alarm-codes';
import { OrgTreeSelect } from '../../../components/report-filters/org-tree-select';
import { alarmNameKey } from '../../monitor/alarm-names';
import { useStationTanks } from '../api/station-tanks';
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
  const tanks = useStationTanks(filters.kind === 'level' ? filters.stationId : undefined);
  const codeOptions = useMemo(() => {
    const codes = Object.keys(filters.kind === 'level' ? LEVEL_ALARM_CODES : LEAK_ALARM_CODES).map(Number);
    return codes.map((code) => {
      const key = alarmNameKey(filters.kind, code);
      return { value: code, label: `${code} · ${key ? t(key) : code}` };
    });
  }, [filters.kind, t]);
  const range: [Dayjs, Dayjs] | null = filters.from && filters.to ? [dayjs(filters.from), dayjs(filters.to)] : null;

  return (
    <>
      <OrgTreeSelect value={filters} onChange={onOrgPick} testId="alarm-filter-org" />
      {filters.kind === 'level' ? (
        <Select
          className="report-filter"
          value={filters.tankId}
          onChange={(value: number | undefined) => onFilter('tankId', value)}
          options={(tanks.data ?? []).map((tank) => ({ value: tank.id, label: tank.productName ? `${tank.code} · ${tank.productName}` : tank.code }))}
          placeholder={filters.stationId === undefined ? t('alarm.query.filter.tankPickStation') : t('alarm.query.filter.tank')}
          aria-label={t('alarm.query.filter.tank')}
          disabled={filters.stationId === undefined}
          loading={tanks.isLoading && filters.stationId !== undefined}
          allowClear
          data-testid="alarm-filter-tank"
        />
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
      <DatePicker.RangePicker
        className="report-filter report-filter--range"
        showTime={{ format: 'HH:mm' }}
        format="YYYY-MM-DD HH:mm"
        value={range}
        onChange={(values) => onRange(values && values[0] && values[1] ? [values[0].toDate(), values[1].toDate()] : null)}
        placeholder={[t('alarm.query.filter.from'), t('alarm.query.filter.to')]}
        aria-label={t('alarm.query.filter.range')}
        data-testid="alarm-filter-range"
      />
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
