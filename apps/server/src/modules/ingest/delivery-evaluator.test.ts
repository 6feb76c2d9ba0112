import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { rawRows } from '../../lib/raw-sql';
import { ADMIN_PASSWORD, signIn, startTestApp, type TestContext } from '../../test/harness';

let ctx: TestContext;
let cookie = '';
const KEY = 'demo-device-key:NWP-DX03';
const T0 = Date.parse('2026-11-22T06:00:00Z');
const nowMs = T0 + 3 * 60 * 60_000;

beforeAll(async () => {
  ctx = await startTestApp({ clock: () => new Date(nowMs) });
  cookie = await signIn(ctx.app, 'admin', ADMIN_PASSWORD);
});
afterAll(() => ctx.close());

/** Readings of tank 1 one minute apart, with the device's own volumes so the figures are exact. */
const batch = (startMin: number, volumes: number[]) => ({
  readings: volumes.map((volumeL, i) => ({ tank: '1', ts: new Date(T0 + (startMin + i) * 60_000).toISOString(), productHeightMm: volumeL / 10, temperatureC: 20, volumeL })),
});
const send = (body: object) =>
  ctx.app.inject({ method: 'POST', url: '/api/device/v1/stations/NWP-DX03/report', payload: body, headers: { authorization: `Bearer ${KEY}` } });
const deliveries = () =>
  rawRows<{ start_volume_l: number; end_volume_l: number; ended_at: string | null; start_height_mm: number | null; end_height_mm: number | null }>(
    ctx.db,
    sql`select start_volume_l, end_volume_l, ended_at, start_height_mm, end_height_mm from deliveries d join stations s on s.id = d.station_id where s.code = 'NWP-DX03' order by started_at`,
  );
/**
 * The delivery's kept start and end figures against its start and end readings' (migration
 * 0031): one row per delivery, each column a pair that must agree.
 */
const keptAgainstReadings = () =>
  rawRows<Record<string, number | null>>(
    ctx.db,
    sql`select d.start_height_mm, r0.product_height_mm as r0_height, d.start_water_height_mm, r0.water_height_mm as r0_water,
          d.start_temperature_c, r0.temperature_c as r0_temperature, d.start_tc_volume_l, r0.tc_volume_l as r0_tc,
          d.end_height_mm, r1.product_height_mm as r1_height, d.end_water_height_mm, r1.water_height_mm as r1_water,
          d.end_temperature_c, r1.temperature_c as r1_temperature, d.end_tc_volume_l, r1.tc_volume_l as r1_tc
        from deliveries d join stations s on s.id = d.station_id
        join tank_readings r0 on r0.tank_id = d.tank_id and r0.ts = d.started_at
        join tank_readings r1 on r1.tank_id = d.tank_id and r1.ts = d.last_rise_at
        where s.code = 'NWP-DX03'`,
  );
const expectKeptAsRead = async () => {
  const rows = await keptAgainstReadings();
  expect(rows).toHaveLength(1);
  const r = rows[0]!;
  expect([r.start_height_mm, r.start_water_height_mm, r.start_temperature_c, r.start_tc_volume_l]).toEqual([r.r0_height, r.r0_water, r.r0_temperature, r.r0_tc]);
  expect([r.end_height_mm, r.end_water_height_mm, r.end_temperature_c, r.end_tc_volume_l]).toEqual([r.r1_height, r.r1_water, r.r1_temperature, r.r1_tc]);
};

describe('deliveries found on ingest', () => {
  it('a rise spread over several batches is one delivery, open while rising, closed when the level settles', async () => {
    await send(batch(0, [8_000, 7_990, 7_980]));
    await send(batch(3, [9_000, 10_000, 11_000]));
    let rows = await deliveries();
    expect(rows).toHaveLength(1);
    // It keeps its start and end readings' figures; its end moves with its last rise.
    expect(rows[0]).toMatchObject({ start_volume_l: 7_980, end_volume_l: 11_000, ended_at: null, start_height_mm: 798, end_height_mm: 1_100 });
    await expectKeptAsRead();
    await send(batch(6, [12_000, 13_000, 12_990, 12_980]));
    await send(batch(10, Array.from({ length: 12 }, (_, i) => 12_970 - i * 10)));
    rows = await deliveries();
    expect(rows).toHaveLength(1);
    expect(rows[0]!.end_volume_l).toBe(13_000);
    expect(rows[0]!.ended_at).not.toBeNull();
    expect(rows[0]).toMatchObject({ start_height_mm: 798, end_height_mm: 1_300 });
    await expectKeptAsRead();
  });

  it('resending a batch finds the same delivery, not a second one', async () => {
    await send(batch(3, [9_000, 10_000, 11_000]));
    await send(batch(6, [12_000, 13_000, 12_990, 12_980]));
    expect(await deliveries()).toHaveLength(1);
  });

  it('the dashboard counts today’s deliveries and the litres they brought', async () => {
    const overview = (await ctx.app.inject({ method: 'GET', url: '/api/monitor/overview?tz=Asia/Dubai', headers: { cookie } })).json().data;
    expect(overview.todayDeliveryCount).toBe(1);
    expect(overview.todayDeliveredL).toBe(5_020);
    // In Denver (UTC−7) the delivery began at 23:02 yesterday; "now" is 02:00 today.
    const denver = (await ctx.app.inject({ method: 'GET', url: '/api/monitor/overview?tz=America/Denver', headers: { cookie } })).json().data;
    expect(denver.todayDeliveryCount).toBe(0);
  });
});
