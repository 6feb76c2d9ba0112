import type { PowerEventQuery, PowerEventRow } from '@ullage/contracts/power-events';
import { POWER_RANGE_MAX_DAYS, powerInventoryOf, powerOffState, powerRangeProblem, tankPowerChanges, type PowerTankInventory } from '@ullage/domain/power-events';
import type { Db } from '../../db/client';
import { pageOf } from '../../lib/list';
import { assertValid } from '../../plugins/errors';
import type { AuthUser } from '../../sessions/auth-user';
import { scopeOf } from '../scope/scope';
import { listPowerOffs, tankLabels, type PowerOffRaw } from './repo';
import { stationPlaceOf } from '../../lib/report-place';

const iso = (v: Date | string) => new Date(v).toISOString();
const ms = (v: Date | string | null) => (v === null ? null : new Date(v).getTime());

/**
 * The power-off records a user may see: each power-off with the power-on that ended it (or
 * why there is none) and, tank by tank, the change between them flagged beyond the query's
 * tolerance. A range that ends before it starts, or spans over a year, is refused.
 */
export async function findPowerEvents(db: Db, user: AuthUser, query: PowerEventQuery): Promise<{ list: PowerEventRow[]; total: number }> {
  const problem = powerRangeProblem(query.from === undefined ? undefined : Date.parse(query.from), query.to === undefined ? undefined : Date.parse(query.to));
  assertValid(
    problem === 'startBeforeEnd'
      ? [{ field: 'from', rule: 'rule.beforeEnd' }]
      : problem === 'maxDays'
        ? [{ field: 'to', rule: 'rule.maxDays', params: { days: POWER_RANGE_MAX_DAYS } }]
        : [],
  );
  const { rows, total } = await listPowerOffs(db, scopeOf(user), query, pageOf(query));
  const events = rows.map((r) => eventOf(r, query.toleranceL));
  const labels = await tankLabels(db, events.flatMap((e) => e.changes.map((c) => c.tankId)));
  const list = events.map(({ row, changes }): PowerEventRow => ({
    ...row,
    tanks: changes.map((c) => {
      const label = labels.get(c.tankId);
      return {
        tankId: c.tankId,
        tankCode: label?.code ?? c.tank,
        productName: label?.productName ?? null,
        productColor: label?.productColor ?? null,
        off: stateOf(c.off),
        on: stateOf(c.on),
        volumeDifferenceL: c.volumeDifferenceL,
        heightDifferenceMm: c.heightDifferenceMm,
        flagged: c.flagged,
      };
    }),
  }));
  return { list, total };
}

function eventOf(r: PowerOffRaw, toleranceL: number) {
  const state = powerOffState(ms(r.on_at), ms(r.next_off_at));
  const paired = state === 'paired';
  const changes = tankPowerChanges(powerInventoryOf(r.off_inventory), paired ? powerInventoryOf(r.on_inventory) : null, toleranceL);
  const offAt = iso(r.off_at);
  const onAt = paired && r.on_at !== null ? iso(r.on_at) : null;
  const row: Omit<PowerEventRow, 'tanks'> = {
    id: Number(r.id),
    ...stationPlaceOf(r),
    areaName: r.area_name,
    offAt,
    onAt,
    state,
    durationS: onAt === null ? null : Math.round((Date.parse(onAt) - Date.parse(offAt)) / 1000),
    flagged: changes.some((c) => c.flagged),
  };
  return { row, changes };
}

function stateOf(t: PowerTankInventory | null) {
  if (!t) return null;
  return { productHeightMm: t.productHeightMm, waterHeightMm: t.waterHeightMm, volumeL: t.volumeL, tcVolumeL: t.tcVolumeL ?? null, temperatureC: t.temperatureC };
}
