import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { stations, tanks } from '../../db/schema';
import { rawRows } from '../../lib/raw-sql';
import { startTestApp, type TestContext } from '../../test/harness';

let ctx: TestContext;
let tankId = 0;
const T0 = Date.now() - 60 * 60_000;
const at = (minute: number) => new Date(T0 + minute * 60_000).toISOString();

beforeAll(async () => {
  ctx = await startTestApp();
  const [s] = await ctx.db.select({ id: stations.id }).from(stations).where(eq(stations.code, 'LSF-DA02'));
  const [t] = await ctx.db
    .update(tanks)
    .set({ heightMm: 2000, highOilAlarmMm: 1900, highOilWarnMm: 1800, lowOilWarnMm: 300, lowOilAlarmMm: 200, highWaterAlarmMm: 100 })
    .where(and(eq(tanks.stationId, s!.id), eq(tanks.code, '1')))
    .returning({ id: tanks.id });
  tankId = t!.id;
});
afterAll(() => ctx.close());

const send = (levels: [number, number, number][]) =>
  ctx.app.inject({
    method: 'POST',
    url: '/api/device/v1/stations/LSF-DA02/report',
    payload: { readings: levels.map(([minute, productHeightMm, waterHeightMm]) => ({ tank: '1', ts: at(minute), productHeightMm, waterHeightMm, temperatureC: 20 })) },
    headers: { authorization: 'Bearer demo-device-key:LSF-DA02' },
  });
const alarms = () =>
  rawRows<{ code: number; source: string; started_at: string; ended_at: string | null }>(
    ctx.db,
    sql`select code, source, started_at, ended_at from alarms where tank_id = ${tankId} order by started_at, code`,
  );
const iso = (v: string | null) => (v === null ? null : new Date(v).toISOString());

describe('server-evaluated threshold alarms on ingest', () => {
  it('raises the high warning when the level crosses it, once, while it hovers', async () => {
    expect((await send([[0, 1700, 0], [1, 1795, 0], [2, 1801, 0], [3, 1790, 0], [4, 1802, 0]])).json().data.accepted).toBe(5);
    const rows = await alarms();
    expect(rows.map((a) => [a.code, a.source, iso(a.started_at), iso(a.ended_at)])).toEqual([[11, 'server', at(2), null]]);
  });

  it('clears it at the reading that comes back past the band, and raises the high alarm and water alarm', async () => {
    await send([[5, 1779, 0]]);
    await send([[6, 1950, 120]]);
    const rows = (await alarms()).map((a) => [a.code, iso(a.started_at), iso(a.ended_at)]);
    expect(rows).toEqual([
      [11, at(2), at(5)],
      [10, at(6), null],
      [11, at(6), null],
      [14, at(6), null],
    ]);
  });

  it('the station is in alarm, and the alarms reach the monitor', async () => {
    const cookie = (await ctx.app.inject({ method: 'POST', url: '/api/login/auth', payload: { username: 'admin', password: ctx.config.adminPassword } })).cookies.find((c) => c.name === 'ullage_session')!;
    const [s] = await ctx.db.select({ id: stations.id }).from(stations).where(eq(stations.code, 'LSF-DA02'));
    const monitor = (await ctx.app.inject({ method: 'GET', url: `/api/monitor/station/${s!.id}`, headers: { cookie: `ullage_session=${cookie.value}` } })).json().data;
    expect(monitor.station.status).toBe('alarm');
    expect(monitor.alarms.map((a: { code: number }) => a.code).sort()).toEqual([10, 11, 14]);
  });

  it('a resent batch raises nothing twice', async () => {
    await send([[6, 1950, 120]]);
    expect((await alarms()).filter((a) => a.ended_at === null)).toHaveLength(3);
  });
});
