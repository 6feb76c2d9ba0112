import type { PowerEventRow, PowerTankChange } from '@ullage/contracts/power-events';
import { POWER_TOLERANCE_DEFAULT_L } from '@ullage/domain/power-events';
import { NO_ORG_SCOPE, type TankFilterValues } from '../../components/report-filters/org-scope';
import { lastDaysToEndOfToday } from '../../components/report-filters/time-range';

/** The filters of the power-off page, as the list state keeps them (undefined: not filtered). */
export type PowerFilters = Pick<TankFilterValues, 'distributorId' | 'companyId' | 'stationId' | 'areaId'> & {
  from: string | undefined;
  to: string | undefined;
  toleranceL: number;
};

/** The page opens on the last 30 days with the default tolerance. */
export function initialPowerFilters(now = Date.now()): PowerFilters {
  return {
    ...NO_ORG_SCOPE,
    areaId: undefined,
    ...lastDaysToEndOfToday(30, now),
    toleranceL: POWER_TOLERANCE_DEFAULT_L,
  };
}

/** A new organisation pick keeps the area only when the company stays the same. */
export function withOrgPick(filters: PowerFilters, pick: Pick<PowerFilters, 'distributorId' | 'companyId' | 'stationId'>): PowerFilters {
  return { ...filters, ...pick, areaId: pick.companyId !== undefined && pick.companyId === filters.companyId ? filters.areaId : undefined };
}

/** One table line: a tank of a power-off; the power-off's own cells span its tanks' lines. */
export interface PowerLine {
  key: string;
  event: PowerEventRow;
  tank: PowerTankChange | null;
  /** The lines the event's cells span on its first line; 0 on the others (antd rowSpan). */
  span: number;
}

/** A page of power-offs as table lines, one per tank (an event without tanks still gets one). */
export function powerLines(events: readonly PowerEventRow[]): PowerLine[] {
  return events.flatMap((event) => {
    const tanks = event.tanks.length > 0 ? event.tanks : [null];
    return tanks.map((tank, i) => ({ key: `${event.id}:${tank?.tankId ?? '-'}`, event, tank, span: i === 0 ? tanks.length : 0 }));
  });
}
