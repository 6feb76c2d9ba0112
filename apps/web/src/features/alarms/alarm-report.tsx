import type { AlarmRow } from '@ullage/contracts/alarms';
import type { ReportDeclaration } from '../../components/report/report-declaration';
import type { FilterField } from '../../components/report-filters/filter-fields';
import { TankSelect } from '../../components/report-filters/tank-select';
import { TimeRangeFilter } from '../../components/report-filters/time-range-filter';
import { withRange } from '../../components/report-filters/time-range';
import { alarmKeys } from '../../lib/alarm-keys';
import { exportAlarms } from './api/export-alarms';
import { listAlarms } from './api/list-alarms';
import { AlarmCodeField, AlarmCodeSelect, AlarmRangeFields, AlarmSensorField, AlarmSensorInput, AlarmTankField } from './alarm-filter-controls';
import { ALARM_SEARCH, initialAlarmFilters, withOrgPick, type AlarmFilters } from './alarm-filters-state';

type Field = FilterField<AlarmFilters>;

/** A level alarm's tank: the reports' tank select on a desktop; on a phone the alarm pages' own, under their label. */
const TANK: Field = {
  kind: 'custom',
  bar: ({ filters, set }) => <TankSelect stationId={filters.stationId} value={filters.tankId} onChange={(tankId) => set((f) => ({ ...f, tankId }))} testId="alarm-filter-tank" />,
  phone: (props) => <AlarmTankField {...props} />,
};

/** A leak alarm's sensor, typed. */
const SENSOR: Field = { kind: 'custom', bar: (props) => <AlarmSensorInput {...props} />, phone: (props) => <AlarmSensorField {...props} /> };

/** The alarm type: a select with search, its codes numbers. */
const CODE: Field = { kind: 'custom', bar: (props) => <AlarmCodeSelect {...props} />, phone: (props) => <AlarmCodeField {...props} /> };

/** When the alarm started: the reports' range picker on a desktop, two dates under the alarm pages' label on a phone. */
const RANGE: Field = {
  kind: 'custom',
  bar: ({ filters, set }) => <TimeRangeFilter from={filters.from} to={filters.to} onChange={(range) => set((f) => withRange(f, range))} testId="alarm-filter-range" />,
  phone: (props) => <AlarmRangeFields {...props} />,
};

const STATE: Field = {
  kind: 'choice',
  key: 'state',
  label: (t) => t('alarm.query.filter.state'),
  options: (t) => [
    { value: 'active', label: t('alarm.query.state.active') },
    { value: 'cleared', label: t('alarm.query.state.cleared') },
  ],
  testId: 'alarm-filter-state',
};

const PROCESSED: Field = {
  kind: 'choice',
  key: 'processed',
  label: (t) => t('alarm.query.filter.processed'),
  options: (t) => [
    { value: 'no', label: t('alarm.query.processed.no') },
    { value: 'yes', label: t('alarm.query.processed.yes') },
  ],
  testId: 'alarm-filter-processed',
};

/**
 * alarm_report (level) and leak_alarm (leak), and their phone pages and /alarmHistory: the
 * organisation tree, the tank (level) or sensor (leak), the alarm type, the start range, the
 * state and the processing; one endpoint for both kinds.
 */
function alarmReport(kind: AlarmRow['kind']): ReportDeclaration<AlarmFilters, AlarmRow> {
  return {
    filters: [{ kind: 'org', testId: 'alarm-filter-org', pick: withOrgPick }, kind === 'level' ? TANK : SENSOR, CODE, RANGE, STATE, PROCESSED],
    initialFilters: () => initialAlarmFilters(kind),
    list: { key: alarmKeys.list(kind), fetch: listAlarms },
    export: exportAlarms,
    search: ALARM_SEARCH,
  };
}

export const ALARM_REPORTS = { level: alarmReport('level'), leak: alarmReport('leak') } as const;
