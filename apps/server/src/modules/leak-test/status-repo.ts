import { sql } from 'drizzle-orm';
import { EXPANSION_PER_C } from '@ullage/domain/inventory';
import { LEAK_TEST_ALARM_CODE, type LeakTestOutcome } from '@ullage/domain/leak-detection';
import type { Db } from '../../db/client';
import { pgArray, rawRows } from '../../lib/raw-sql';
import type { AlarmTank } from '../alarms/service';

/** A tank as the leak test needs it: its zone, its product's expansion, its company's threshold, and where to raise an alarm. */
export interface LeakTank extends AlarmTank {
  expansionPerC: number;
  thresholdLph: number;
}

export async function leakTanks(db: Db, tankIds: readonly number[]): Promise<LeakTank[]> {
  if (tankIds.length === 0) return [];
  const rows = await rawRows<{ id: number; code: string; station_id: number; station_name: string; company_id: number; distributor_id: number; timezone: string; type: string | null; threshold: number }>(
    db,
    sql`select t.id, t.code, t.station_id, s.name as station_name, t.company_id, t.distributor_id, s.timezone, p.type, c.leak_threshold_lph as threshold
        from tanks t join stations s on s.id = t.station_id join companies c on c.id = t.company_id left join products p on p.id = t.product_id
        where t.id = any(${pgArray(tankIds)}::int[])`,
  );
  return rows.map((r) => ({
    tankId: r.id,
    tankCode: r.code,
    stationId: r.station_id,
    stationName: r.station_name,
    companyId: r.company_id,
    distributorId: r.distributor_id,
    timezone: r.timezone,
    expansionPerC: r.type === 'diesel' ? EXPANSION_PER_C.diesel : EXPANSION_PER_C.gasoline,
    thresholdLph: r.threshold,
  }));
}

/** Tanks whose current test was made with another threshold than their company's now: a changed setting applies at the next round. */
export async function tanksWithOldThreshold(db: Db, limit: number): Promise<number[]> {
  const rows = await rawRows<{ tank_id: number }>(
    db,
    sql`select st.tank_id from tank_leak_status st join tanks t on t.id = st.tank_id join companies c on c.id = t.company_id
        where st.threshold_lph <> c.leak_threshold_lph limit ${limit}`,
  );
  return rows.map((r) => r.tank_id);
}

/** The latest figured day of each tank (its current test ends with it). */
export async function latestLeakDays(db: Db, tankIds: readonly number[]): Promise<Map<number, string>> {
  if (tankIds.length === 0) return new Map();
  const rows = await rawRows<{ tank_id: number; day: string }>(
    db,
    sql`select t.id as tank_id, l.day::text as day from unnest(${pgArray(tankIds)}::int[]) as t(id)
        join lateral (select day from tank_leak_days l where l.tank_id = t.id order by day desc limit 1) l on true`,
  );
  return new Map(rows.map((r) => [r.tank_id, r.day]));
}

export interface StatusWrite {
  tankId: number;
  day: string;
  outcome: LeakTestOutcome;
  thresholdLph: number;
}

export async function writeStatuses(db: Db, statuses: readonly StatusWrite[], nowMs: number): Promise<void> {
  if (statuses.length === 0) return;
  const col = <T extends string | number | null>(f: (s: StatusWrite) => T) => pgArray(statuses.map(f));
  await db.execute(
    sql`insert into tank_leak_status (tank_id, day, result, reason, leak_rate_lph, mdl_lph, threshold_lph, quiet_hours, quiet_periods, evaluated_at)
        select w.*, ${new Date(nowMs).toISOString()}::timestamptz
        from unnest(${col((s) => s.tankId)}::int[], ${col((s) => s.day)}::date[], ${col((s) => s.outcome.result)}::text[], ${col((s) => s.outcome.reason)}::text[],
          ${col((s) => s.outcome.leakRateLph)}::float8[], ${col((s) => s.outcome.mdlLph)}::float8[], ${col((s) => s.thresholdLph)}::float8[],
          ${col((s) => s.outcome.quietHours)}::float8[], ${col((s) => s.outcome.quietPeriods)}::int[])
          as w(tank_id, day, result, reason, leak_rate_lph, mdl_lph, threshold_lph, quiet_hours, quiet_periods)
        where exists (select 1 from tanks t where t.id = w.tank_id)
        on conflict (tank_id) do update set day = excluded.day, result = excluded.result, reason = excluded.reason,
          leak_rate_lph = excluded.leak_rate_lph, mdl_lph = excluded.mdl_lph, threshold_lph = excluded.threshold_lph,
          quiet_hours = excluded.quiet_hours, quiet_periods = excluded.quiet_periods, evaluated_at = excluded.evaluated_at`,
  );
}

/** Tanks among these with an active leak-test alarm. */
export async function tanksInLeakAlarm(db: Db, tankIds: readonly number[]): Promise<Set<number>> {
  if (tankIds.length === 0) return new Set();
  const rows = await rawRows<{ tank_id: number }>(
    db,
    sql`select t.id as tank_id from unnest(${pgArray(tankIds)}::int[]) as t(id)
        where exists (select 1 from alarms a where a.tank_id = t.id and a.ended_at is null and a.kind = 'level' and a.code = ${LEAK_TEST_ALARM_CODE})`,
  );
  return new Set(rows.map((r) => r.tank_id));
}

/** Each tank's current test, for the monitor and home (already scoped by the caller's tank list). */
export async function statusesOf(db: Db, tankIds: readonly number[]) {
  if (tankIds.length === 0) return [];
  return rawRows<{
    tank_id: number;
    day: string;
    result: string;
    reason: string;
    leak_rate_lph: number | null;
    mdl_lph: number | null;
    threshold_lph: number;
    quiet_hours: number;
    quiet_periods: number;
  }>(
    db,
    sql`select tank_id, day::text as day, result, reason, leak_rate_lph, mdl_lph, threshold_lph, quiet_hours, quiet_periods
        from tank_leak_status where tank_id = any(${pgArray(tankIds)}::int[]) order by tank_id`,
  );
}
