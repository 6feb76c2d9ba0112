import type { AlarmListQuery } from '@ullage/contracts/alarms';

/** The filters of an alarm page, as the list state keeps them (undefined: not filtered). */
export type AlarmFilters = {
  kind: AlarmListQuery['kind'];
  distributorId: number | undefined;
  companyId: number | undefined;
  stationId: number | undefined;
  tankId: number | undefined;
  sensorNo: string | undefined;
  code: number | undefined;
  from: string | undefined;
  to: string | undefined;
  state: 'active' | 'cleared' | undefined;
  processed: 'yes' | 'no' | undefined;
};

/** The alarm lists' search (alarm-report.tsx); here, where a phone's list reads it before its declared filters are fetched. */
export const ALARM_SEARCH = { placeholder: 'alarm.query.search', testId: 'alarm-search' } as const;

export function initialAlarmFilters(kind: AlarmListQuery['kind']): AlarmFilters {
  return {
    kind,
    distributorId: undefined,
    companyId: undefined,
    stationId: undefined,
    tankId: undefined,
    sensorNo: undefined,
    code: undefined,
    from: undefined,
    to: undefined,
    state: undefined,
    processed: undefined,
  };
}

/** A new organisation pick drops the tank or sensor chosen under the old one. */
export function withOrgPick(filters: AlarmFilters, pick: Pick<AlarmFilters, 'distributorId' | 'companyId' | 'stationId'>): AlarmFilters {
  const sameStation = pick.stationId !== undefined && pick.stationId === filters.stationId;
  return { ...filters, ...pick, tankId: sameStation ? filters.tankId : undefined, sensorNo: sameStation ? filters.sensorNo : undefined };
}

/**
 * The filters an address names (`?stationId=…&from=…&to=…`, as an alarm toast links): a
 * parameter that is missing or not what its filter takes is left out.
 */
export function alarmFiltersFromSearch(search: string): Partial<AlarmFilters> {
  const params = new URLSearchParams(search);
  const picked: Partial<AlarmFilters> = {};
  const stationId = Number(params.get('stationId'));
  if (Number.isInteger(stationId) && stationId > 0) picked.stationId = stationId;
  for (const key of ['from', 'to'] as const) {
    const value = params.get(key);
    if (value && !Number.isNaN(Date.parse(value))) picked[key] = new Date(value).toISOString();
  }
  return picked;
}
