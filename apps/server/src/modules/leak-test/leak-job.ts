import type { FastifyBaseLogger } from 'fastify';
import { LEAK_TEST_ALARM_CODE, leakAlarmAction, QUIET_RULES, quietPeriodsOf, testOfDays, windowFirstDay } from '@ullage/domain/leak-detection';
import type { Db } from '../../db/client';
import { groupBy } from '../../lib/group-by';
import type { LiveHub } from '../../live/hub';
import { endTankAlarm, openTankAlarm } from '../alarms/service';
import { leakDaysOf, leakDaysToFigure, readingsOf, writeLeakDays } from './days-repo';
import { latestLeakDays, leakTanks, tanksInLeakAlarm, tanksWithOldThreshold, writeStatuses, type LeakTank } from './status-repo';

/**
 * How far back days are figured: two windows. A database upgraded with years of readings
 * gets tests for the last two months, not a rereading of its history.
 */
export const LEAK_BACKFILL_DAYS = 62;

export interface LeakRound {
  figured: number;
  evaluated: number;
  pending: boolean;
}

/**
 * Keeps the leak tests (issue 22): each round figures, in batches, the tank days whose book is
 * newer than their quiet periods (newest first), then makes each touched tank's current test
 * — the window ending with its latest figured day — and opens or ends its leak-test alarm.
 * A periodic job: leased, on one instance (app.ts).
 */
export class LeakTestJob {
  constructor(
    private readonly deps: { db: Db; clock: () => Date; live?: LiveHub; logger?: FastifyBaseLogger },
    private readonly options: { batch?: number; roundMs?: number } = {},
  ) {}

  async runOnce(): Promise<LeakRound> {
    const started = Date.now();
    const roundMs = this.options.roundMs ?? 20_000;
    const touched = new Set<number>();
    let figured = 0;
    let pending = false;
    for (;;) {
      if (Date.now() - started >= roundMs) {
        pending = true;
        break;
      }
      const n = await this.figureBatch(touched);
      if (n === 0) break;
      figured += n;
    }
    for (const id of await tanksWithOldThreshold(this.deps.db, 5_000)) touched.add(id);
    const evaluated = await this.evaluate([...touched]);
    if (pending) this.deps.logger?.info({ figured }, 'leak tests: round ended with days left to figure');
    return { figured, evaluated, pending };
  }

  /** Figures one batch of tank days; answers how many. */
  private async figureBatch(touched: Set<number>): Promise<number> {
    const { db } = this.deps;
    const nowMs = this.deps.clock().getTime();
    const sinceDay = new Date(nowMs - LEAK_BACKFILL_DAYS * 86_400_000).toISOString().slice(0, 10);
    const tasks = await leakDaysToFigure(db, sinceDay, this.options.batch ?? 50);
    if (tasks.length === 0) return 0;
    const tanks = new Map((await leakTanks(db, [...new Set(tasks.map((t) => t.tankId))])).map((t) => [t.tankId, t]));
    const readings = await readingsOf(db, tasks.map((t) => ({ tankId: t.tankId, fromMs: t.startMs - QUIET_RULES.lookbackMs, toMs: t.endMs })));
    const writes = tasks.flatMap((task, i) => {
      const tank = tanks.get(task.tankId);
      return tank ? [{ task, periods: quietPeriodsOf(readings[i]!, { startMs: task.startMs, endMs: task.endMs }, tank.expansionPerC) }] : [];
    });
    await writeLeakDays(db, writes, nowMs);
    for (const t of tasks) touched.add(t.tankId);
    return tasks.length;
  }

  /** Makes these tanks' current tests, and opens or ends their alarms; answers how many tests were made. */
  async evaluate(tankIds: readonly number[]): Promise<number> {
    const { db } = this.deps;
    let made = 0;
    for (let i = 0; i < tankIds.length; i += 500) {
      const ids = tankIds.slice(i, i + 500);
      const latest = await latestLeakDays(db, ids);
      if (latest.size === 0) continue;
      const days = [...latest.values()].sort();
      const tanks = await leakTanks(db, [...latest.keys()]);
      const figured = await leakDaysOf(db, [...latest.keys()], windowFirstDay(days[0]!), days[days.length - 1]!);
      const byTank = groupBy(figured, (d) => d.tankId);
      const nowMs = this.deps.clock().getTime();
      const statuses = tanks.map((tank) => {
        const day = latest.get(tank.tankId)!;
        return { tank, day, thresholdLph: tank.thresholdLph, outcome: testOfDays(byTank.get(tank.tankId) ?? [], windowFirstDay(day), day, tank.thresholdLph) };
      });
      await writeStatuses(db, statuses.map((s) => ({ tankId: s.tank.tankId, day: s.day, outcome: s.outcome, thresholdLph: s.thresholdLph })), nowMs);
      const inAlarm = await tanksInLeakAlarm(db, statuses.map((s) => s.tank.tankId));
      for (const s of statuses) await this.alarm(s.tank, leakAlarmAction(inAlarm.has(s.tank.tankId), s.outcome.result), nowMs);
      made += statuses.length;
    }
    return made;
  }

  private async alarm(tank: LeakTank, action: 'open' | 'end' | null, nowMs: number): Promise<void> {
    if (action === null) return;
    const { db } = this.deps;
    const at = new Date(nowMs).toISOString();
    if (action === 'end') await endTankAlarm(db, tank, LEAK_TEST_ALARM_CODE, at);
    else await openTankAlarm(db, this.deps.live, tank, LEAK_TEST_ALARM_CODE, at);
  }
}
