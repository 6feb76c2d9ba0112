import { sql } from 'drizzle-orm';
import { activeThresholdAlarms, reachesAnyThreshold, THRESHOLD_CODES } from '@ullage/domain/threshold-alarms';
import { pgArray, rawRows } from '../../lib/raw-sql';
import type { EvaluationContext } from './batch-writer';
import { clearAlarm, openAlarm } from './device-state-repo';
import type { IngestTank } from './device-stations';

const CODES: readonly number[] = Object.values(THRESHOLD_CODES);

/**
 * The server's own level alarms (issue 5): each tank's new readings, in time order, against its
 * thresholds with hysteresis (packages/domain/src/threshold-alarms.ts). Only changes touch
 * the database: an alarm opens at the reading that crossed, and ends at the one that came back.
 */
export async function evaluateThresholds({ db, batches, fresh, raise }: EvaluationContext): Promise<void> {
  const work = new Map<number, { tank: IngestTank; batch: (typeof batches)[number]; order: number[] }>();
  for (const batch of batches) {
    const tanksById = new Map([...batch.station.tanks.values()].map((t) => [t.id, t]));
    const r = batch.readings;
    for (let i = 0; i < r.count; i++) {
      const tank = tanksById.get(r.tankId[i]!);
      if (!tank) continue;
      // Only readings newer than the tank's stored ones say what its level is now: a resent
      // reading was judged when it first came, and a late one must not end or open today's alarm.
      const f = fresh.get(tank.id);
      if (!f || r.tsMs[i]! < f.firstMs || (f.prevLatestMs !== null && r.tsMs[i]! <= f.prevLatestMs)) continue;
      const entry = work.get(tank.id) ?? { tank, batch, order: [] };
      entry.order.push(i);
      work.set(tank.id, entry);
    }
  }
  // Tanks with no threshold set have nothing to evaluate.
  for (const [id, { tank }] of work) {
    const t = tank.thresholds;
    if (t.highOilAlarmMm === null && t.highOilWarnMm === null && t.lowOilWarnMm === null && t.lowOilAlarmMm === null && t.highWaterAlarmMm === null) work.delete(id);
  }
  if (work.size === 0) return;

  // Tank by tank through the index of active alarms by tank (migration 0024). Written as one
  // filter, the planner took the station-led key and walked every active level alarm of the
  // fleet whenever the table's statistics were young (1.5 ms against 0.3 ms for 200 tanks).
  const active = await rawRows<{ tank_id: number; code: number }>(
    db,
    sql`select t.id as tank_id, x.code from unnest(${pgArray([...work.keys()])}::int[]) as t(id)
        join lateral (select code from alarms x
                      where x.tank_id = t.id and x.ended_at is null and x.kind = 'level' and x.code = any(${pgArray(CODES)}::smallint[]) offset 0) x on true`,
  );
  const activeOf = new Map<number, Set<number>>();
  for (const a of active) activeOf.set(a.tank_id, (activeOf.get(a.tank_id) ?? new Set()).add(a.code));

  // Each tank's changes in time order; a change is one code opening or ending at one reading.
  const changes: Change[] = [];
  for (const [tankId, { tank, batch, order }] of work) {
    const r = batch.readings;
    order.sort((a, b) => r.tsMs[a]! - r.tsMs[b]!);
    let now: Set<number> = activeOf.get(tankId) ?? new Set();
    for (const i of order) {
      const point = { productHeightMm: r.productHeightMm[i]!, waterHeightMm: r.waterHeightMm[i]! };
      if (now.size === 0 && !reachesAnyThreshold(tank.thresholds, point)) continue;
      const next = activeThresholdAlarms(tank.thresholds, now, point);
      const ts = new Date(r.tsMs[i]!).toISOString();
      for (const code of next) if (!now.has(code)) changes.push({ tank, batch, code, ts, opens: true });
      for (const code of now) if (!(next as Set<number>).has(code)) changes.push({ tank, batch, code, ts, opens: false });
      now = next;
    }
  }
  if (changes.length === 0) return;

  // A code that changes twice in the group (a level crossing back and forth within a backlog)
  // is written change by change, in order; the rest — one change per tank and code, nearly
  // always — in two statements for the whole group, the ends before the openings.
  const perCode = new Map<string, number>();
  for (const c of changes) perCode.set(`${c.tank.id}:${c.code}`, (perCode.get(`${c.tank.id}:${c.code}`) ?? 0) + 1);
  const stepwise = new Set(changes.filter((c) => perCode.get(`${c.tank.id}:${c.code}`)! > 1).map((c) => c.tank.id));
  const together = changes.filter((c) => !stepwise.has(c.tank.id));
  await endAll(db, together.filter((c) => !c.opens));
  const ids = await openAll(db, together.filter((c) => c.opens));
  const raiseOf = (c: Change, id: number) =>
    raise(c.batch.station.id, { id, stationId: c.batch.station.id, stationName: c.batch.station.name, timezone: c.batch.station.timezone, kind: 'level', code: c.code, tankCode: c.tank.code, sensorNo: null, startedAt: c.ts, endedAt: null });
  for (const c of together) {
    const id = c.opens ? ids.get(`${c.tank.id}:${c.code}`) : undefined;
    if (id !== undefined) raiseOf(c, id);
  }
  for (const c of changes) {
    if (!stepwise.has(c.tank.id)) continue;
    if (!c.opens) {
      await clearAlarm(db, c.batch.station.id, { kind: 'level', tankId: c.tank.id, sensorNo: null, code: c.code }, c.ts, 'server');
      continue;
    }
    const id = await openAlarm(db, c.batch.station, { kind: 'level', tankId: c.tank.id, sensorNo: null, code: c.code }, c.ts, 'server');
    if (id !== null) raiseOf(c, id);
  }
}

interface Change {
  tank: IngestTank;
  batch: EvaluationContext['batches'][number];
  code: number;
  /** The reading's time (ISO 8601): the alarm starts or ends then. */
  ts: string;
  opens: boolean;
}

/** Ends these server level alarms (one per tank and code) in one statement; as clearAlarm does, never before they started. */
async function endAll(db: EvaluationContext['db'], ends: readonly Change[]): Promise<void> {
  if (ends.length === 0) return;
  // Each end finds its alarm through the active-alarm key (the lateral's limit keeps the planner
  // from turning the join round: it walked every active level alarm of the fleet, 5–12 ms a group
  // on the ingest bench, whenever the table's statistics were young).
  await db.execute(sql`
    with targets as (
      select x.id, e.ended_at
      from unnest(${pgArray(ends.map((c) => c.batch.station.id))}::int[], ${pgArray(ends.map((c) => c.tank.id))}::int[],
        ${pgArray(ends.map((c) => c.code))}::smallint[], ${pgArray(ends.map((c) => c.ts))}::timestamptz[]) as e(station_id, tank_id, code, ended_at)
      join lateral (
        select id from alarms x
        where x.station_id = e.station_id and x.kind = 'level' and coalesce(x.tank_id, 0) = e.tank_id and coalesce(x.sensor_no, '') = ''
          and x.code = e.code and x.ended_at is null and x.source = 'server' limit 1) x on true)
    update alarms a set ended_at = greatest(a.started_at, t.ended_at) from targets t where a.id = t.id`);
}

/**
 * Opens these server level alarms (one per tank and code) in one statement, each unless the
 * same one is active already (the partial unique index, as openAlarm). Answers the new ids by
 * `tankId:code`.
 */
async function openAll(db: EvaluationContext['db'], opens: readonly Change[]): Promise<Map<string, number>> {
  if (opens.length === 0) return new Map();
  const rows = await rawRows<{ id: string | number; tank_id: number; code: number }>(
    db,
    sql`insert into alarms (distributor_id, company_id, station_id, kind, tank_id, sensor_no, code, source, started_at)
        select o.distributor_id, o.company_id, o.station_id, 'level', o.tank_id, null, o.code, 'server', o.started_at
        from unnest(${pgArray(opens.map((c) => c.batch.station.distributorId))}::int[], ${pgArray(opens.map((c) => c.batch.station.companyId))}::int[],
          ${pgArray(opens.map((c) => c.batch.station.id))}::int[], ${pgArray(opens.map((c) => c.tank.id))}::int[],
          ${pgArray(opens.map((c) => c.code))}::smallint[], ${pgArray(opens.map((c) => c.ts))}::timestamptz[])
          as o(distributor_id, company_id, station_id, tank_id, code, started_at)
        on conflict do nothing returning id, tank_id, code`,
  );
  return new Map(rows.map((r) => [`${r.tank_id}:${r.code}`, Number(r.id)]));
}
