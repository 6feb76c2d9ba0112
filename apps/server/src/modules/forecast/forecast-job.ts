import type { FastifyBaseLogger } from 'fastify';
import { DEFAULT_FILL_PCT, DEFAULT_ORDER_IN_HOURS } from '@ullage/contracts/forecast';
import { RUN_OUT_ALARM_CODE, runOutAlarmAction } from '@ullage/domain/forecast';
import type { Db } from '../../db/client';
import type { LiveHub } from '../../live/hub';
import { endTankAlarm, openTankAlarm } from '../alarms/service';
import { clearOldMarks } from './profile-cache';
import { tanksInRunOutAlarm, tanksWithReadings } from './repo';
import { forecastsOf } from './service';

const HOUR_MS = 3_600_000;

/**
 * Keeps the run-out alarm (code 62, issue 23): each round forecasts every tank with readings
 * and opens the alarm of a tank forecast to run out — reach its low alarm, or empty when it has
 * none — within its company's run_out_horizon_hours, or ends it when not (refilled, sales
 * slowed). Only a tank's present state counts (runOutAlarmAction): while a replay of the demo's
 * history or a device's backlog is writing old readings, its tanks are left as they are.
 * Through modules/alarms, as ingest's alarms are, so the alarm list, the live feed, the notice
 * settings and the e-mail digest take it as any other. A periodic job: leased, on one instance
 * (app.ts).
 */
export class RunOutForecastJob {
  constructor(
    private readonly deps: { db: Db; clock: () => Date; live?: LiveHub; logger?: FastifyBaseLogger },
    private readonly options: { batch?: number } = {},
  ) {}

  async runOnce(): Promise<{ forecast: number; opened: number; ended: number }> {
    const { db } = this.deps;
    const nowMs = this.deps.clock().getTime();
    await clearOldMarks(db);
    const ids = await tanksWithReadings(db);
    const batch = this.options.batch ?? 500;
    let opened = 0;
    let ended = 0;
    for (let i = 0; i < ids.length; i += batch) {
      const part = ids.slice(i, i + batch);
      const forecasts = await forecastsOf(db, part, nowMs, { fillPct: DEFAULT_FILL_PCT, deliverAtMs: nowMs + DEFAULT_ORDER_IN_HOURS * HOUR_MS });
      const inAlarm = await tanksInRunOutAlarm(db, part);
      for (const { tank, profile, forecast } of forecasts) {
        const hours = forecast?.hoursToRunOut ?? null;
        const runOutAtMs = hours === null || tank.asOfMs === null ? null : tank.asOfMs + hours * HOUR_MS;
        const action = runOutAlarmAction(inAlarm.has(tank.tankId), { asOfMs: tank.asOfMs, runOutAtMs, historyDays: profile?.days ?? 0 }, nowMs, tank.horizonHours);
        if (action === 'open') opened += (await openTankAlarm(db, this.deps.live, tank, RUN_OUT_ALARM_CODE, new Date(nowMs).toISOString())) ? 1 : 0;
        if (action === 'end') {
          await endTankAlarm(db, tank, RUN_OUT_ALARM_CODE, new Date(nowMs).toISOString());
          ended++;
        }
      }
    }
    return { forecast: ids.length, opened, ended };
  }
}
