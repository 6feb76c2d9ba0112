import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { stations, tanks } from '../../db/schema';
import { rawRows } from '../../lib/raw-sql';
import { countingStatements } from '../../test/count-statements';
import { deviceReport, startTestApp, type TestContext } from '../../test/harness';
import type { PreparedBatch } from './batch-writer';
import type { IngestStation } from './device-stations';
import { evaluateJumps } from './jump-evaluator';
import { layOut, type ReadingRow } from './reading-columns';
import { writeReadings } from './readings-repo';
import { groupReadings } from './group-readings';
import type { JumpReadingsRaw } from '../report-jumps/repo';

let ctx: TestContext;
let tank1 = 0;
let tank2 = 0;
let tank3 = 0;
let station: IngestStation;

// Readings a minute apart, ending well before now (the device path refuses the future).
const T0 = Date.parse('2026-01-10T08:00:00Z');
const at = (minute: number) => new Date(T0 + minute * 60_000).toISOString();

const report = (body: object) => deviceReport(ctx.app, 'NWP-SH01', body);
const reading = (minute: number, productHeightMm: number, temperatureC: number, volumeL: number, tank = '1') => ({ tank, ts: at(minute), productHeightMm, temperatureC, volumeL, waterHeightMm: 20 });

interface JumpRow extends JumpReadingsRaw {
  station_id: number;
  company_id: number;
  distributor_id: number;
}
const jumps = (tankId: number) =>
  rawRows<JumpRow>(
    ctx.db,
    sql`select rule, prev_ts, ts, prev_product_height_mm, product_height_mm, prev_temperature_c, temperature_c, prev_volume_l, volume_l, station_id, company_id, distributor_id
        from data_jumps where tank_id = ${tankId} order by ts, rule`,
  );
const brief = (rows: JumpRow[]) =>
  rows.map((r) => [r.rule, new Date(r.prev_ts).toISOString(), new Date(r.ts).toISOString(), r.prev_product_height_mm, r.product_height_mm, r.prev_temperature_c, r.temperature_c, r.prev_volume_l, r.volume_l]);

beforeAll(async () => {
  ctx = await startTestApp({ config: { logLevel: 'error' } });
  const [s] = await ctx.db.select().from(stations).where(eq(stations.code, 'NWP-SH01'));
  const ids = await ctx.db.select({ id: tanks.id, code: tanks.code }).from(tanks).where(eq(tanks.stationId, s!.id));
  tank1 = ids.find((t) => t.code === '1')!.id;
  tank2 = ids.find((t) => t.code === '2')!.id;
  tank3 = ids.find((t) => t.code === '3')!.id;
  // No thresholds: this file is about jumps, not level alarms.
  await ctx.db.update(tanks).set({ highOilAlarmMm: null, highOilWarnMm: null, lowOilWarnMm: null, lowOilAlarmMm: null, highWaterAlarmMm: null }).where(and(eq(tanks.stationId, s!.id)));
  station = { id: s!.id, code: s!.code, name: s!.name, distributorId: s!.distributorId, companyId: s!.companyId, timezone: s!.timezone, keyHash: null, tanks: new Map() };
});
afterAll(() => ctx.close());

describe('data jumps found on ingest (spec §9 jump thresholds)', () => {
  // One batch walking the boundaries of each rule; the device reports its volumes, so each is exact.
  const batch = {
    readings: [
      reading(0, 1500, 15, 15_000),
      reading(1, 1500, 18, 15_000), // +3.0 °C: not a jump
      reading(2, 1500, 21.5, 15_000), // +3.5 °C: temperature
      reading(3, 1600, 21.5, 16_000), // +100 mm exactly: not a jump
      reading(4, 1700.5, 21.5, 17_005), // +100.5 mm: height
      reading(5, 1704.9, 21.5, 17_205), // +4.4 mm, +200 L: volume without height
      reading(6, 1704.9, 21.5, 17_404.9), // +199.9 L: not a jump
      reading(7, 1704.9, 21.5, 0), // to 0, height unchanged: volume to zero (and −17,404.9 L without height)
      reading(8, 1709.9, 21.5, 200), // +5 mm, +200 L: not a jump (under 5 mm is)
      // Tank 2 moves smoothly: no jump.
      reading(0, 800, 16, 8000, '2'),
      reading(1, 790, 16.2, 7900, '2'),
    ],
  };
  const expected = [
    ['temperature', at(1), at(2), 1500, 1500, 18, 21.5, 15_000, 15_000],
    ['height', at(3), at(4), 1600, 1700.5, 21.5, 21.5, 16_000, 17_005],
    ['volume-without-height', at(4), at(5), 1700.5, 1704.9, 21.5, 21.5, 17_005, 17_205],
    ['volume-to-zero', at(6), at(7), 1704.9, 1704.9, 21.5, 21.5, 17_404.9, 0],
    ['volume-without-height', at(6), at(7), 1704.9, 1704.9, 21.5, 21.5, 17_404.9, 0],
  ];

  it('records exactly the pairs that break a rule, with the rule and both readings', async () => {
    const res = await report(batch);
    expect(res.json()).toMatchObject({ code: 1000, data: { accepted: 11, refused: [] } });
    const rows = await jumps(tank1);
    expect(brief(rows)).toEqual(expected);
    expect(rows[0]).toMatchObject({ station_id: station.id, company_id: station.companyId, distributor_id: station.distributorId });
    expect(await jumps(tank2)).toEqual([]);
  });

  it('a resent batch adds no jump', async () => {
    const res = await report(batch);
    expect(res.json().data).toMatchObject({ accepted: 0, duplicates: 11 });
    expect(brief(await jumps(tank1))).toEqual(expected);
  });

  it('finds a jump across two batches: the first new reading against the stored one before it', async () => {
    // Tank 2's last reading (minute 1) was 16.2 °C; the next batch opens at 20 °C, out of order.
    const res = await report({ readings: [reading(3, 785, 20.1, 7850, '2'), reading(2, 788, 20, 7880, '2')] });
    expect(res.json().data.accepted).toBe(2);
    expect(brief(await jumps(tank2))).toEqual([['temperature', at(1), at(2), 790, 788, 16.2, 20, 7900, 7880]]);
  });

  it('a batch without readings runs no query; jumps in many tanks cost four statements', async () => {
    const { db: counting, statements } = countingStatements(ctx.db);
    const empty: PreparedBatch = { station, readings: layOut([]), parts: { sensors: [], alarms: [], events: [], deliveries: [], sales: [], meterTotals: [], tickets: [] }, clock: null, receivedAt: new Date() };
    await evaluateJumps({ db: counting, batches: [empty], readings: groupReadings(counting, [empty], new Map()), fresh: new Map(), raise: () => {} });
    expect(statements).toEqual([]);

    // Three tanks, 40 readings each, a temperature step in each: one lookup (shared with the delivery evaluator), then
    // the steps' neighbourhoods read and their records replaced, for all three at once.
    const rows: ReadingRow[] = [];
    const tankIds = [tank1, tank2, tank3];
    for (const tankId of tankIds) {
      for (let i = 0; i < 40; i++) {
        const tsMs = Date.parse(at(100 + i));
        rows.push({ tankId, stationId: station.id, ts: new Date(tsMs).toISOString(), tsMs, type: 2, productHeightMm: 1000, waterHeightMm: 0, temperatureC: i < 20 ? 15 : 25, volumeL: 10_000, tcVolumeL: 10_000, waterVolumeL: 0, ullageL: 0, fillPct: 50, densityKgM3: null });
      }
    }
    const full: PreparedBatch = { ...empty, readings: layOut(rows) };
    const { fresh } = await writeReadings(ctx.db, full.readings, false);
    await evaluateJumps({ db: counting, batches: [full], readings: groupReadings(counting, [full], fresh), fresh, raise: () => {} });
    expect(statements).toEqual(['execute', 'execute', 'execute', 'execute']);
    const found = await rawRows<{ n: number }>(ctx.db, sql`select count(*)::int as n from data_jumps where ts = ${at(120)}::timestamptz and rule = 'temperature'`);
    expect(found[0]!.n).toBe(3);
  });
});
