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
  rawRows<{ start_volume_l: number; end_volume_l: number; ended_at: string | null }>(ctx.db, sql`select start_volume_l, end_volume_l, ended_at from deliveries d join stations s on s.id = d.station_id where s.code = 'NWP-DX03' order by started_at`);

describe('deliveries found on ingest', () => {
  it('a rise spread over several batches is one delivery, open while rising, closed when the level settles', async () => {
    await send(batch(0, [8_000, 7_990, 7_980]));
    await send(batch(3, [9_000, 10_000, 11_000]));
    let rows = await deliveries();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ start_volume_l: 7_980, end_volume_l: 11_000, ended_at: null });
    await send(batch(6, [12_000, 13_000, 12_990, 12_980]));
    await send(batch(10, Array.from({ length: 12 }, (_, i) => 12_970 - i * 10)));
    rows = await deliveries();
    expect(rows).toHaveLength(1);
    expect(rows[0]!.end_volume_l).toBe(13_000);
    expect(rows[0]!.ended_at).not.toBeNull();
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
