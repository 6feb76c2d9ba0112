import { sql } from 'drizzle-orm';
import { activeThresholdAlarms, reachesAnyThreshold, THRESHOLD_CODES } from '@ullage/domain/threshold-alarms';
import { pgArray, preparedRows } from '../../lib/raw-sql';
import type { EvaluationContext } from './batch-writer';
import { clearAlarm, endServerLevelAlarms, openAlarm, openServerLevelAlarms, type LevelChange } from '../alarms/service';
import type { IngestTank } from './device-stations';
import type { TankThresholds } from '@ullage/domain/threshold-alarms';

const CODES: readonly number[] = Object.values(THRESHOLD_CODES);

/** Tanks remembered at most; past it the memory starts again (each tank is then asked once more). */
const MAX_CLEAR_TANKS = 200_000;

/**
 * The tanks whose threshold alarms, of any source, this instance found all ended when it last
 * evaluated them, and as of which reading. Every other tank's active alarms are asked of the
 * database (an index probe a tank a group: a tenth of PostgreSQL's work on the device path).
 *
 * A tank is known clear before a group when its newest stored reading (`prevLatest`, read by
 * the write) is the very reading this instance evaluated last, under the same thresholds
 * object (a settings change reloads the station's tanks). Server threshold alarms open and end
 * only in an evaluation of a tank's newest reading, which moves its latest reading on; so had
 * another instance evaluated the tank since, or this instance's transaction rolled back, the
 * stored newest reading would be another, and the tank is asked again. A device's own alarm of
 * a threshold code (10–14) may open beside a clear tank without moving it: the outcome is the
 * same either way (the server's opening of that code collides with it on the active-alarm key
 * and writes nothing; the server never ends a device's alarm), and the state then computed is
 * not clear, so the tank is asked from the next group on.
 */
export class ClearTanks {
  private readonly entries = new Map<number, { atMs: number; thresholds: TankThresholds }>();

  isClear(tank: IngestTank, prevLatestMs: number | null): boolean {
    const entry = this.entries.get(tank.id);
    return entry !== undefined && entry.atMs === prevLatestMs && entry.thresholds === tank.thresholds;
  }

  /** After evaluating the tank up to its reading at `atMs`: remembered when no alarm is left active. */
  evaluated(tank: IngestTank, atMs: number, clear: boolean): void {
    if (!clear) {
      this.entries.delete(tank.id);
      return;
    }
    if (this.entries.size >= MAX_CLEAR_TANKS && !this.entries.has(tank.id)) this.entries.clear();
    this.entries.set(tank.id, { atMs, thresholds: tank.thresholds });
  }
}

/** The threshold evaluator of one ingest, with its memory of clear tanks. */
export function thresholdEvaluator(clear = new ClearTanks()): (context: EvaluationContext) => Promise<void> {
  return (context) => evaluateThresholds(context, clear);
}

/**
 * The server's own level alarms (issue 5): each tank's new readings, in time order, against its
 * thresholds with hysteresis (packages/domain/src/threshold-alarms.ts). Only changes touch
 * the database: an alarm opens at the reading that crossed, and ends at the one that came back.
 */
export async function evaluateThresholds({ db, batches, fresh, raise }: EvaluationContext, clear: ClearTanks): Promise<void> {
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
      if (!f || r.tsMs[i]! < f.firstMs || (f.prevLatest !== null && r.tsMs[i]! <= f.prevLatest.tsMs)) continue;
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
  const unknown = [...work.values()].filter(({ tank }) => !clear.isClear(tank, fresh.get(tank.id)?.prevLatest?.tsMs ?? null)).map(({ tank }) => tank.id);
  const active =
    unknown.length === 0
      ? []
      : await preparedRows<{ tank_id: number; code: number }>(
          db,
          sql`select t.id as tank_id, x.code from unnest(${pgArray(unknown)}::int[]) as t(id)
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
    clear.evaluated(tank, r.tsMs[order[order.length - 1]!]!, now.size === 0);
  }
  if (changes.length === 0) return;

  // A code that changes twice in the group (a level crossing back and forth within a backlog)
  // is written change by change, in order; the rest — one change per tank and code, nearly
  // always — in two statements for the whole group, the ends before the openings.
  const codeKey = (c: Change) => `${c.tank.id}:${c.code}`;
  const perCode = new Map<string, number>();
  for (const c of changes) perCode.set(codeKey(c), (perCode.get(codeKey(c)) ?? 0) + 1);
  const stepwise = new Set(changes.filter((c) => perCode.get(codeKey(c))! > 1).map((c) => c.tank.id));
  const together = changes.filter((c) => !stepwise.has(c.tank.id));
  await endServerLevelAlarms(db, together.filter((c) => !c.opens).map(keyOf));
  const ids = await openServerLevelAlarms(db, together.filter((c) => c.opens).map(keyOf));
  const raiseOf = (c: Change, id: number) =>
    raise(c.batch.station.id, { id, stationId: c.batch.station.id, stationName: c.batch.station.name, timezone: c.batch.station.timezone, kind: 'level', code: c.code, tankCode: c.tank.code, sensorNo: null, startedAt: c.ts, endedAt: null });
  for (const c of together) {
    const id = c.opens ? ids.get(codeKey(c)) : undefined;
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

const keyOf = (c: Change): LevelChange => ({ station: c.batch.station, tankId: c.tank.id, code: c.code, ts: c.ts });

interface Change {
  tank: IngestTank;
  batch: EvaluationContext['batches'][number];
  code: number;
  /** The reading's time (ISO 8601): the alarm starts or ends then. */
  ts: string;
  opens: boolean;
}
