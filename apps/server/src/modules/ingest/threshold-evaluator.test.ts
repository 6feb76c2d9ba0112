import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { stations, tanks } from '../../db/schema';
import { rawRows } from '../../lib/raw-sql';
import { countingStatements } from '../../test/count-statements';
import { startTestApp, type TestContext } from '../../test/harness';
import type { PreparedBatch } from './batch-writer';
import type { IngestStation, IngestTank } from './device-stations';
import { groupReadings } from './group-readings';
import { layOut, type ReadingRow } from './reading-columns';
import { writeReadings } from './readings-repo';
import { ClearTanks, evaluateThresholds } from './threshold-evaluator';

let ctx: TestContext;
let tankId = 0;
let tank2Id = 0;
const T0 = Date.now() - 60 * 60_000;
const at = (minute: number) => new Date(T0 + minute * 60_000).toISOString();

beforeAll(async () => {
  ctx = await startTestApp();
  const [s] = await ctx.db.select({ id: stations.id }).from(stations).where(eq(stations.code, 'LSF-DA02'));
  // Tanks 1 and 2 of the station: 2 m high, every threshold set.
  const withThresholds = async (code: string) => {
    const [t] = await ctx.db
      .update(tanks)
      .set({ heightMm: 2000, highOilAlarmMm: 1900, highOilWarnMm: 1800, lowOilWarnMm: 300, lowOilAlarmMm: 200, highWaterAlarmMm: 100 })
      .where(and(eq(tanks.stationId, s!.id), eq(tanks.code, code)))
      .returning({ id: tanks.id });
    return t!.id;
  };
  tankId = await withThresholds('1');
  tank2Id = await withThresholds('2');
});
afterAll(() => ctx.close());

const send = (levels: [number, number, number][]) =>
  ctx.app.inject({
    method: 'POST',
    url: '/api/device/v1/stations/LSF-DA02/report',
    payload: { readings: levels.map(([minute, productHeightMm, waterHeightMm]) => ({ tank: '1', ts: at(minute), productHeightMm, waterHeightMm, temperatureC: 20 })) },
    headers: { authorization: 'Bearer demo-device-key:LSF-DA02' },
  });
const alarms = (id = tankId) =>
  rawRows<{ code: number; source: string; started_at: string; ended_at: string | null }>(
    ctx.db,
    sql`select code, source, started_at, ended_at from alarms where tank_id = ${id} order by started_at, code`,
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

  it('one batch: a level that crosses back and forth opens and ends each alarm in order, beside another tank whose alarm opens once', async () => {
    // Tank 1 comes down (10, 11 and 14 end), rises past the warning again and comes back down:
    // the warning (11) changes three times in one batch. Tank 2 crosses its warning once.
    const payload = {
      readings: [
        ...[[7, 1700, 0], [8, 1805, 0], [9, 1700, 0]].map(([minute, productHeightMm, waterHeightMm]) => ({ tank: '1', ts: at(minute!), productHeightMm, waterHeightMm, temperatureC: 20 })),
        { tank: '2', ts: at(7), productHeightMm: 1850, waterHeightMm: 0, temperatureC: 20 },
        { tank: '2', ts: at(8), productHeightMm: 1860, waterHeightMm: 0, temperatureC: 20 },
      ],
    };
    const answer = await ctx.app.inject({ method: 'POST', url: '/api/device/v1/stations/LSF-DA02/report', payload, headers: { authorization: 'Bearer demo-device-key:LSF-DA02' } });
    expect(answer.json().data.accepted).toBe(5);
    expect((await alarms()).map((a) => [a.code, iso(a.started_at), iso(a.ended_at)])).toEqual([
      [11, at(2), at(5)],
      [10, at(6), at(7)],
      [11, at(6), at(7)],
      [14, at(6), at(7)],
      [11, at(8), at(9)],
    ]);
    expect((await alarms(tank2Id)).map((a) => [a.code, a.source, iso(a.started_at), iso(a.ended_at)])).toEqual([[11, 'server', at(7), null]]);
  });

  it('one batch ends one tank\'s alarm while it opens another\'s', async () => {
    const payload = {
      readings: [
        { tank: '1', ts: at(10), productHeightMm: 1810, waterHeightMm: 0, temperatureC: 20 },
        { tank: '2', ts: at(10), productHeightMm: 1700, waterHeightMm: 0, temperatureC: 20 },
      ],
    };
    await ctx.app.inject({ method: 'POST', url: '/api/device/v1/stations/LSF-DA02/report', payload, headers: { authorization: 'Bearer demo-device-key:LSF-DA02' } });
    expect((await alarms()).filter((a) => a.ended_at === null).map((a) => [a.code, iso(a.started_at)])).toEqual([[11, at(10)]]);
    expect((await alarms(tank2Id)).map((a) => [a.code, iso(a.started_at), iso(a.ended_at)])).toEqual([[11, at(7), at(10)]]);
  });
});

describe('tanks known clear: their active alarms are not asked again (ClearTanks)', () => {
  const THRESHOLDS = { heightMm: 2000, highOilAlarmMm: 1900, highOilWarnMm: 1800, lowOilWarnMm: 300, lowOilAlarmMm: 200, highWaterAlarmMm: 100 };
  const NO_PARTS = { sensors: [], alarms: [], events: [], deliveries: [], sales: [], meterTotals: [], tickets: [] };
  let station: IngestStation;
  let otherTankId = 0;
  const stationWith = (thresholds: IngestTank['thresholds']): IngestStation => ({ ...station, tanks: new Map([['1', { ...station.tanks.get('1')!, thresholds }]]) });

  beforeAll(async () => {
    const [s] = await ctx.db.select().from(stations).where(eq(stations.code, 'LSF-DE03'));
    const [t] = await ctx.db.update(tanks).set(THRESHOLDS).where(and(eq(tanks.stationId, s!.id), eq(tanks.code, '1'))).returning({ id: tanks.id });
    otherTankId = t!.id;
    const geometry = { heightMm: 2000, capacityL: 20_000, strapping: [], oilOffsetMm: 0, waterOffsetMm: 0, tiltDeg: 0, probeOffsetMm: 0, expansionPerC: 0.0012 };
    station = { id: s!.id, code: s!.code, name: s!.name, distributorId: s!.distributorId, companyId: s!.companyId, timezone: s!.timezone, keyHash: null, tanks: new Map() };
    station.tanks.set('1', { id: otherTankId, code: '1', productId: null, productCode: null, geometry, thresholds: { ...THRESHOLDS } });
  });

  /** Writes the tank's reading at `minute` and evaluates it with `known` (an instance's memory); answers the statements the evaluation sent. */
  const evaluate = async (known: ClearTanks, minute: number, productHeightMm: number, on = station) => {
    const tsMs = Date.parse(at(100 + minute));
    const row: ReadingRow = { tankId: otherTankId, stationId: on.id, ts: new Date(tsMs).toISOString(), tsMs, type: 2, productHeightMm, waterHeightMm: 0, temperatureC: 20, volumeL: 10_000, tcVolumeL: 10_000, waterVolumeL: 0, ullageL: 0, fillPct: 50, densityKgM3: null };
    const batch: PreparedBatch = { station: on, readings: layOut([row]), parts: NO_PARTS, clock: null, receivedAt: new Date() };
    const { fresh } = await writeReadings(ctx.db, batch.readings, false);
    const { db, statements } = countingStatements(ctx.db);
    await evaluateThresholds({ db, batches: [batch], readings: groupReadings(db, [batch], fresh), fresh, raise: () => {} }, known);
    return statements.length;
  };
  const active = async () => (await alarms(otherTankId)).filter((a) => a.ended_at === null).map((a) => a.code);

  it('asks once, then not while the tank stays clear; asks again once another instance moved the tank on, and ends the alarm it opened', async () => {
    const here = new ClearTanks();
    const there = new ClearTanks();
    expect(await evaluate(here, 0, 1000)).toBe(1); // the active alarms asked
    expect(await evaluate(here, 1, 1001)).toBe(0); // known clear: nothing asked, nothing changed
    // Another instance takes the next report, which crosses the high alarm (and warning).
    expect(await evaluate(there, 2, 1950)).toBeGreaterThan(0);
    expect((await active()).sort()).toEqual([10, 11]);
    // Back here, the stored newest reading is not the one this instance evaluated: it asks, and ends both.
    expect(await evaluate(here, 3, 1000)).toBe(2);
    expect(await active()).toEqual([]);
    expect(await evaluate(here, 4, 1000)).toBe(0);
  });

  it('asks again when the tank’s thresholds were loaded again (a settings change)', async () => {
    const here = new ClearTanks();
    expect(await evaluate(here, 10, 1000)).toBe(1);
    expect(await evaluate(here, 11, 1000)).toBe(0);
    expect(await evaluate(here, 12, 1000, stationWith({ ...THRESHOLDS }))).toBe(1);
  });

  it('a tank left with an alarm active is asked at its next reading', async () => {
    const here = new ClearTanks();
    expect(await evaluate(here, 20, 1000)).toBe(1);
    expect(await evaluate(here, 21, 1850)).toBeGreaterThan(0); // opens the warning: not clear
    expect(await active()).toEqual([11]);
    expect(await evaluate(here, 22, 1850)).toBe(1); // asked, and the warning stays
    expect(await active()).toEqual([11]);
    expect(await evaluate(here, 23, 1000)).toBe(2); // asked, and ended
    expect(await active()).toEqual([]);
  });
});
