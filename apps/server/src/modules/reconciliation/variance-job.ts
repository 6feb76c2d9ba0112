import type { FastifyBaseLogger } from 'fastify';
import { sql } from 'drizzle-orm';
import { VARIANCE_ALARM_CODE, varianceAlarmAction } from '@ullage/domain/reconciliation';
import type { Db } from '../../db/client';
import { groupBy } from '../../lib/group-by';
import { pgArray, rawRows } from '../../lib/raw-sql';
import type { LiveHub } from '../../live/hub';
import { endTankAlarm, openTankAlarm } from '../alarms/service';
import { reconcileUnits, unitsOf } from './periods';
import { meteredStationsSince, meteredTargets, reconTanks } from './repo';

const DAY_MS = 86_400_000;
/** Stations that sent metered sales this recently are watched. */
const WATCH_DAYS = 35;

/**
 * The wetstock variance alarm (issue 23, level code 61): for every tank (or manifolded group)
 * with metered sales, the last `variance_alarm_days` complete days of its company's setting
 * together beyond `variance_alarm_pct` % of their metered sales opens the alarm, back within
 * ends it. A group's alarm is raised on its first tank. A periodic job: leased, on one
 * instance (app.ts).
 */
export class VarianceAlarmJob {
  constructor(private readonly deps: { db: Db; clock: () => Date; live?: LiveHub; logger?: FastifyBaseLogger }) {}

  async runOnce(): Promise<{ units: number; opened: number; ended: number }> {
    const { db } = this.deps;
    const nowMs = this.deps.clock().getTime();
    const stationIds = await meteredStationsSince(db, nowMs - WATCH_DAYS * DAY_MS);
    if (stationIds.length === 0) return { units: 0, opened: 0, ended: 0 };
    const settings = await companySettings(db, stationIds);
    const longest = Math.max(...[...settings.values()].map((s) => s.days));
    const fromDay = new Date(nowMs - (longest + 2) * DAY_MS).toISOString().slice(0, 10);
    const toDay = new Date(nowMs).toISOString().slice(0, 10);
    const targets = await meteredTargets(db, stationIds, nowMs + DAY_MS);
    const watched = new Set(stationIds);
    const tanks = (await reconTanks(db, { kind: 'all' }, {}, async () => new Map())).filter((t) => watched.has(t.stationId));
    const units = unitsOf(tanks, targets).filter((u) => u.targets.length > 0);
    const rows = await reconcileUnits(db, units, fromDay, toDay, 'day', nowMs);
    const byUnit = groupBy(rows, (r) => r.id.slice(0, r.id.indexOf(':')));
    const inAlarm = await tanksInVarianceAlarm(db, units.map((u) => u.tanks[0]!.tankId));
    let opened = 0;
    let ended = 0;
    for (const unit of units) {
      const setting = settings.get(unit.stationId);
      if (!setting) continue;
      const complete = (byUnit.get(unit.key) ?? []).filter((r) => r.salesSource === 'metered' && Date.parse(r.endsAt) <= nowMs).sort((a, b) => a.startsAt.localeCompare(b.startsAt));
      const tank = unit.tanks[0]!;
      const action = varianceAlarmAction(complete.map((r) => r.gross), { limitPct: setting.limitPct, days: setting.days }, inAlarm.has(tank.tankId));
      if (action === 'keep') continue;
      const at = new Date(nowMs).toISOString();
      // The unit's first tank carries the alarm; the unit's station and company, where it is kept.
      const alarmTank = { ...tank, stationId: unit.stationId, companyId: setting.companyId, distributorId: setting.distributorId };
      if (action === 'end') {
        await endTankAlarm(db, alarmTank, VARIANCE_ALARM_CODE, at);
        ended++;
        continue;
      }
      if (await openTankAlarm(db, this.deps.live, alarmTank, VARIANCE_ALARM_CODE, at)) opened++;
    }
    if (opened + ended > 0) this.deps.logger?.info({ opened, ended }, 'wetstock variance alarms');
    return { units: units.length, opened, ended };
  }
}

async function companySettings(db: Db, stationIds: readonly number[]) {
  const rows = await rawRows<{ station_id: number; company_id: number; distributor_id: number; variance_alarm_pct: number; variance_alarm_days: number }>(
    db,
    sql`select s.id as station_id, s.company_id, s.distributor_id, c.variance_alarm_pct, c.variance_alarm_days
        from stations s join companies c on c.id = s.company_id where s.id = any(${pgArray(stationIds)}::int[])`,
  );
  return new Map(rows.map((r) => [r.station_id, { companyId: r.company_id, distributorId: r.distributor_id, limitPct: Number(r.variance_alarm_pct), days: Number(r.variance_alarm_days) }]));
}

async function tanksInVarianceAlarm(db: Db, tankIds: readonly number[]): Promise<Set<number>> {
  if (tankIds.length === 0) return new Set();
  const rows = await rawRows<{ tank_id: number }>(
    db,
    sql`select distinct tank_id from alarms where tank_id = any(${pgArray(tankIds)}::int[]) and ended_at is null and kind = 'level' and code = ${VARIANCE_ALARM_CODE}`,
  );
  return new Set(rows.map((r) => r.tank_id));
}
