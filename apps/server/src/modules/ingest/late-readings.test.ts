import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { rawRows } from '../../lib/raw-sql';
import { ADMIN_PASSWORD, signIn, startTestApp, type TestContext } from '../../test/harness';

/**
 * Review item 2: a collector that empties its buffer after later readings were stored sends
 * readings older than stored ones. What ingest derives between neighbouring readings (data
 * jumps, deliveries) must describe the readings that are neighbours now, whatever order they
 * came in.
 */
let ctx: TestContext;
const KEY = 'demo-device-key:NWP-DX03';
const T0 = Date.parse('2026-11-22T06:00:00Z');
const nowMs = T0 + 6 * 60 * 60_000;
const at = (minute: number) => new Date(T0 + minute * 60_000).toISOString();

beforeAll(async () => {
  ctx = await startTestApp({ clock: () => new Date(nowMs) });
  // No thresholds: this file is about jumps and deliveries, not level alarms.
  await ctx.db.execute(sql`update tanks set high_oil_alarm_mm = null, high_oil_warn_mm = null, low_oil_warn_mm = null, low_oil_alarm_mm = null, high_water_alarm_mm = null
                           where station_id = (select id from stations where code = 'NWP-DX03')`);
});
afterAll(() => ctx.close());

const send = async (readings: object[]) => {
  const res = await ctx.app.inject({ method: 'POST', url: '/api/device/v1/stations/NWP-DX03/report', payload: { readings }, headers: { authorization: `Bearer ${KEY}` } });
  expect(res.statusCode).toBe(200);
  expect(res.json().data.refused).toEqual([]);
  return res.json().data as { accepted: number };
};
/** A reading of `tank` with the device's own volume, so the figures are exact. */
const reading = (tank: string, minute: number, temperatureC: number, volumeL = 10_000, productHeightMm = 1000) => ({ tank, ts: at(minute), productHeightMm, temperatureC, volumeL });

const jumps = (tank: string) =>
  rawRows<{ rule: string; prev_ts: string; ts: string; back_ts: string | null; prev_temperature_c: number; temperature_c: number; back_temperature_c: number | null }>(
    ctx.db,
    sql`select j.rule, j.prev_ts, j.ts, j.back_ts, j.prev_temperature_c, j.temperature_c, j.back_temperature_c from data_jumps j join tanks t on t.id = j.tank_id join stations s on s.id = t.station_id
        where s.code = 'NWP-DX03' and t.code = ${tank} order by j.ts, j.rule`,
  ).then((rows) =>
    rows.map((r) => [r.rule, new Date(r.prev_ts).toISOString(), new Date(r.ts).toISOString(), r.back_ts && new Date(r.back_ts).toISOString(), r.prev_temperature_c, r.temperature_c, r.back_temperature_c]),
  );

describe('data jumps of readings that arrive late (review item 2)', () => {
  it('a late reading is compared with the stored reading that follows it', async () => {
    await send([reading('1', 0, 20), reading('1', 1, 20)]);
    expect(await jumps('1')).toEqual([]);
    // The buffer empties: 11:55 in the review's words, 5 °C under the stored 12:00.
    await send([reading('1', -5, 15)]);
    expect(await jumps('1')).toEqual([['temperature', at(-5), at(0), null, 15, 20, null]]);
  });

  it('a late reading between two stored ones replaces the record of the pair that are no longer neighbours', async () => {
    await send([reading('1', 10, 20), reading('1', 20, 25)]);
    expect(await jumps('1')).toEqual([
      ['temperature', at(-5), at(0), null, 15, 20, null],
      ['temperature', at(10), at(20), null, 20, 25, null],
    ]);
    // 20 → 22.5 → 25: no step over 3 °C between neighbours any more.
    await send([reading('1', 15, 22.5)]);
    expect(await jumps('1')).toEqual([['temperature', at(-5), at(0), null, 15, 20, null]]);
  });

  it('late readings that split a pair into a spike and its way back make one event', async () => {
    await send([reading('1', 30, 25), reading('1', 40, 25)]);
    await send([reading('1', 35, 31)]);
    expect((await jumps('1')).slice(1)).toEqual([['temperature', at(30), at(35), at(40), 25, 31, 25]]);
  });

  it('readings sent in any order give the records that readings sent in order give', async () => {
    const temps = [15, 15, 20, 15, 15, 19, 23, 23, 16, 16, 30, 30, 30];
    const all = temps.map((t, i) => reading('2', 100 + i, t));
    await send(all);
    const inOrder = await jumps('2');
    expect(inOrder.length).toBeGreaterThan(0);
    await ctx.db.execute(sql`delete from data_jumps where tank_id in (select t.id from tanks t join stations s on s.id = t.station_id where s.code = 'NWP-DX03' and t.code = '3')`);
    // The same readings on tank 3, in three batches out of order.
    const shuffled = all.map((r) => ({ ...r, tank: '3' }));
    await send([shuffled[12]!, shuffled[0]!, shuffled[6]!]);
    await send([shuffled[3]!, shuffled[9]!, shuffled[1]!, shuffled[11]!]);
    await send([shuffled[2]!, shuffled[4]!, shuffled[5]!, shuffled[7]!, shuffled[8]!, shuffled[10]!]);
    expect(await jumps('3')).toEqual(inOrder);
  });

  it('a spike in order, across two batches, is one event on the jump records page with both ends', async () => {
    await send([reading('1', 50, 25), reading('1', 51, 30)]);
    await send([reading('1', 52, 25.5)]);
    expect((await jumps('1')).slice(-1)).toEqual([['temperature', at(50), at(51), at(52), 25, 30, 25.5]]);
    const cookie = await signIn(ctx.app, 'admin', ADMIN_PASSWORD);
    const from = encodeURIComponent(at(45));
    const to = encodeURIComponent(at(60));
    const page = (await ctx.app.inject({ method: 'GET', url: `/api/report/jumps/list?from=${from}&to=${to}&pageSize=50`, headers: { cookie } })).json();
    const mine = page.data.list.filter((r: { tankCode: string }) => r.tankCode === '1');
    expect(mine).toHaveLength(1);
    expect(mine[0]).toMatchObject({ rule: 'temperature', prevTs: at(50), ts: at(51), back: { ts: at(52), temperatureC: 25.5 } });
  });
});

describe('deliveries of readings that arrive late (review item 2)', () => {
  const deliveries = () =>
    rawRows<{ started_at: string; last_rise_at: string; ended_at: string | null; start_volume_l: number; end_volume_l: number }>(
      ctx.db,
      sql`select d.started_at, d.last_rise_at, d.ended_at, d.start_volume_l, d.end_volume_l from deliveries d join tanks t on t.id = d.tank_id join stations s on s.id = t.station_id
          where s.code = 'NWP-DX03' and t.code = '2' order by d.started_at`,
    ).then((rows) => rows.map((d) => ({ ...d, started_at: new Date(d.started_at).toISOString(), last_rise_at: new Date(d.last_rise_at).toISOString(), ended_at: d.ended_at && new Date(d.ended_at).toISOString() })));
  // Tank 2, from 09:20 (after the jump tests' readings).
  const v = (minute: number, volumeL: number) => reading('2', 200 + minute, 20, volumeL, volumeL / 10);

  it('a buffer emptied late: the rise it holds joins the stored reading after it into one finished delivery', async () => {
    // Stored first: 09:20 and, after a 20-minute silence, 09:40 onwards, 4,000 L higher: a tanker
    // dropped in the silence (a rise of a delivery's minimum or more across it), so far as is known.
    await send([v(0, 8_000), ...Array.from({ length: 21 }, (_, i) => v(20 + i, 12_000 - i * 5))]);
    expect(await deliveries()).toEqual([{ started_at: at(200), last_rise_at: at(220), ended_at: at(220), start_volume_l: 8_000, end_volume_l: 12_000 }]);
    // The buffer: quiet until 09:36, then the tanker drops until the stored 09:40. The drop it
    // shows replaces the one guessed across the silence.
    await send([...Array.from({ length: 16 }, (_, i) => v(1 + i, 8_000 - i * 5)), v(17, 9_000), v(18, 10_000), v(19, 11_000)]);
    expect(await deliveries()).toEqual([{ started_at: at(216), last_rise_at: at(220), ended_at: at(220), start_volume_l: 7_925, end_volume_l: 12_000 }]);
  });
});
