import { SHIFT_RANGE_MAX_DAYS } from '@ullage/domain/shift-sales';
import { daysBetween, isDay } from '@ullage/domain/station-day';
import { NO_TANK_FILTERS, type TankFilterValues } from '../../components/report-filters/org-scope';

/**
 * The filters of the shift sales page and of the sales details page, as their list state keeps
 * them (undefined: not filtered), and the link from a figure to its details. Pure, so tested.
 */
export type ShiftFilters = TankFilterValues & {
  /** Station days, YYYY-MM-DD, both included. */
  fromDay: string;
  toDay: string;
};

/** The viewer's calendar day of an instant; the server reads it as each station's own day. */
export function localDay(ms: number): string {
  const d = new Date(ms);
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
}

/** The day before `day` (calendar arithmetic). */
export function previousDay(day: string): string {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d - 1)).toISOString().slice(0, 10);
}

/** The page opens on the last seven days, today included. */
export function initialShiftFilters(now = Date.now()): ShiftFilters {
  const today = localDay(now);
  let from = today;
  for (let i = 0; i < 6; i++) from = previousDay(from);
  return { ...NO_TANK_FILTERS, fromDay: from, toDay: today };
}

/** A new organisation pick drops the tank of the old station and the area of the old company. */
export function withOrgPick(filters: ShiftFilters, pick: Pick<ShiftFilters, 'distributorId' | 'companyId' | 'stationId'>): ShiftFilters {
  const sameStation = pick.stationId !== undefined && pick.stationId === filters.stationId;
  const sameCompany = pick.companyId !== undefined && pick.companyId === filters.companyId;
  return { ...filters, ...pick, tankId: sameStation ? filters.tankId : undefined, areaId: sameCompany ? filters.areaId : undefined };
}

/** The picked days; a cleared picker goes back to the default week (the endpoint needs days). */
export function withDays(filters: ShiftFilters, days: readonly [string, string] | null, now = Date.now()): ShiftFilters {
  if (!days) {
    const initial = initialShiftFilters(now);
    return { ...filters, fromDay: initial.fromDay, toDay: initial.toDay };
  }
  return { ...filters, fromDay: days[0], toDay: days[1] };
}

/** A day the picker should not offer once `from` is picked: more than 31 days from it, either way. */
export function outOfRange(day: string, from: string | undefined): boolean {
  if (!from) return false;
  const [a, b] = day < from ? [day, from] : [from, day];
  return daysBetween(a, b).length > SHIFT_RANGE_MAX_DAYS;
}

/** What identifies one figure: a station's tank in one shift of one day. */
export interface FigureKey {
  stationId: number;
  tankId: number;
  day: string;
  /** The shift's start, HH:MM. */
  shift: string;
}

export const SALES_DETAIL_PATH = '/sales_detail';

export function salesDetailHref(key: FigureKey): string {
  const params = new URLSearchParams({ stationId: String(key.stationId), tankId: String(key.tankId), day: key.day, shift: key.shift });
  return `${SALES_DETAIL_PATH}?${params.toString()}`;
}

/** The figure a details link names; whatever is missing or malformed is left out. */
export function figureOfSearch(search: string): Partial<FigureKey> {
  const params = new URLSearchParams(search);
  const id = (name: string) => {
    const n = Number(params.get(name));
    return Number.isInteger(n) && n > 0 ? n : undefined;
  };
  const day = params.get('day') ?? '';
  const shift = params.get('shift') ?? '';
  const out: Partial<FigureKey> = {};
  const stationId = id('stationId');
  const tankId = id('tankId');
  if (stationId !== undefined) out.stationId = stationId;
  if (tankId !== undefined) out.tankId = tankId;
  if (isDay(day)) out.day = day;
  if (/^([01]\d|2[0-3]):[0-5]\d$/.test(shift)) out.shift = shift;
  return out;
}

/** A complete figure key, or null while one of its parts is still to be picked. */
export function completeFigure(key: Partial<FigureKey>): FigureKey | null {
  return key.stationId !== undefined && key.tankId !== undefined && key.day !== undefined && key.shift !== undefined ? (key as FigureKey) : null;
}

