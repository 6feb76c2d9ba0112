import type { FastifyBaseLogger } from 'fastify';
import { LEAK_TEST_ALARM_CODE, leakAlarmAction, QUIET_RULES, quietPeriodsOf, testOfDays, windowFirstDay } from '@ullage/domain/leak-detection';
import type { Db } from '../../db/client';
import { groupBy } from '../../lib/group-by';
import type { LiveHub } from '../../live/hub';
import { endTankAlarm, openTankAlarm } from '../alarms/service';
import { latestBookingMs, leakDaysOf, leakDaysToFigure, readingsOf, writeLeakDays, type LeakDayTask } from './days-repo';
import { latestLeakDays, leakTanks, tanksInLeakAlarm, tanksWithOldThreshold, writeStatuses, type LeakTank } from './status-repo';

/**
 * How far back days are figured: two windows. A database upgraded with years of readings
 * gets tests for the last two months, not a rereading of its history.
 */
export const LEAK_BACKFILL_DAYS = 62;

/**
 * A look after the first asks only for books written since the newest one the last whole look
 * saw, less this margin: a book written (its booked_at) before then but committed after it
 * started is still found. A book job's write is one statement of a batch: seconds, not minutes.
 */
export const LEAK_LOOK_MARGIN_MS = 10 * 60_000;

/**
 * A look at every book of the backfill this often all the same (and at an instance's first
 * round): what the narrow look cannot see — a book written by a clock set back more than the
 * margin — waits no longer than this. At 1,000 tanks with 13 months of books a whole look was
 * 0.73-0.78 s of the database's time; the narrow one reads a few minutes' books.
 */
export const LEAK_FULL_LOOK_MS = 60 * 60_000;

/**
 * Tank days one look answers, figured a batch at a time: a whole look reads every book of the
 * backfill, so a backlog (an upgrade, a fleet's history uploaded late) is looked at once per
 * thousand days, not once per batch of 50 (at 1,000 tanks with 13 months, 0.73-0.78 s a look).
 */
export const LEAK_LOOK_LIMIT = 1_000;

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
  /** Books written at or after this were not all seen (null: look at every book). */
  private bookedSinceMs: number | null = null;
  /** When the next whole look is due, by this process's clock (not the job's, which tests set). */
  private fullLookAt = 0;

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
    const whole = this.bookedSinceMs === null || started >= this.fullLookAt;
    const since = whole ? null : this.bookedSinceMs;
    // Read before the look: a book written later is at or after it, so the next look sees it.
    const latest = await latestBookingMs(this.deps.db);
    const batch = this.options.batch ?? 50;
    look: for (;;) {
      const tasks = await leakDaysToFigure(this.deps.db, this.sinceDay(), LEAK_LOOK_LIMIT, since);
      if (tasks.length === 0) break;
      for (let i = 0; i < tasks.length; i += batch) {
        if (Date.now() - started >= roundMs) {
          pending = true;
          break look;
        }
        figured += await this.figure(tasks.slice(i, i + batch), touched);
      }
    }
    if (!pending) {
      // Every book written before `latest` (less the margin) that needed it is figured now.
      this.bookedSinceMs = latest === null ? null : latest - LEAK_LOOK_MARGIN_MS;
      if (whole) this.fullLookAt = started + LEAK_FULL_LOOK_MS;
    }
    for (const id of await tanksWithOldThreshold(this.deps.db, 5_000)) touched.add(id);
    const evaluated = await this.evaluate([...touched]);
    if (pending) this.deps.logger?.info({ figured }, 'leak tests: round ended with days left to figure');
    return { figured, evaluated, pending };
  }

  /** The first day figured: LEAK_BACKFILL_DAYS back by the job's clock. */
  private sinceDay(): string {
    return new Date(this.deps.clock().getTime() - LEAK_BACKFILL_DAYS * 86_400_000).toISOString().slice(0, 10);
  }

  /** Figures a batch of tank days; answers how many. */
  private async figure(tasks: readonly LeakDayTask[], touched: Set<number>): Promise<number> {
    const { db } = this.deps;
    const nowMs = this.deps.clock().getTime();
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
