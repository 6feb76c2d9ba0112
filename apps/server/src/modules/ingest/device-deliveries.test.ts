import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { rawRows } from '../../lib/raw-sql';
import { startTestApp, type TestContext } from '../../test/harness';

/**
 * Deliveries a device measured (the device protocol's `deliveries`, e.g. a Veeder-Root
 * console's delivery report): stored once, in place of what the level-rise detector found for
 * the same drop, and refused item by item when they cannot be a delivery.
 */
let ctx: TestContext;
const KEY = 'demo-device-key:NWP-DX03';
const T0 = Date.parse('2026-11-22T06:00:00Z');
const nowMs = T0 + 3 * 60 * 60_000;
const at = (minute: number) => new Date(T0 + minute * 60_000).toISOString();

beforeAll(async () => {
  ctx = await startTestApp({ clock: () => new Date(nowMs) });
});
afterAll(() => ctx.close());

const send = (body: object, language = 'en') =>
  ctx.app.inject({ method: 'POST', url: '/api/device/v1/stations/NWP-DX03/report', payload: body, headers: { authorization: `Bearer ${KEY}`, language } });
const rows = () =>
  rawRows<{ source: string; started_at: Date; ended_at: Date | null; start_volume_l: number; end_volume_l: number; end_tc_volume_l: number | null; start_height_mm: number | null; end_temperature_c: number | null }>(
    ctx.db,
    sql`select d.source, d.started_at, d.ended_at, d.start_volume_l, d.end_volume_l, d.end_tc_volume_l, d.start_height_mm, d.end_temperature_c
        from deliveries d join stations s on s.id = d.station_id join tanks t on t.id = d.tank_id
        where s.code = 'NWP-DX03' and t.code = '1' order by d.started_at`,
  );
const readings = (startMin: number, volumes: number[]) =>
  volumes.map((volumeL, i) => ({ tank: '1', ts: at(startMin + i), productHeightMm: volumeL / 10, temperatureC: 20, volumeL }));
const iso = (d: Date | string | null) => (d === null ? null : new Date(d).toISOString());

const measured = {
  tank: '1',
  startedAt: at(3),
  endedAt: at(9),
  startVolumeL: 8_000,
  endVolumeL: 13_010,
  startTcVolumeL: 7_950,
  endTcVolumeL: 12_940,
  startHeightMm: 800,
  endHeightMm: 1_301,
  startWaterHeightMm: 0,
  endWaterHeightMm: 0,
  startTemperatureC: 19.5,
  endTemperatureC: 18.25,
};

describe('deliveries reported by a device', () => {
  it('replaces the delivery the detector found for the same drop, and the detector does not add it back', async () => {
    // The level rises 5,000 L over minutes 3–6: the detector records a delivery.
    await send({ readings: readings(0, [8_000, 7_990, 7_980, 9_000, 10_000, 11_000, 13_000]) });
    let found = await rows();
    expect(found).toHaveLength(1);
    expect(found[0]!.source).toBe('detected');

    const res = await send({ deliveries: [measured] });
    expect(res.json().data).toMatchObject({ accepted: 0, refused: [] });
    found = await rows();
    expect(found).toHaveLength(1);
    expect(found[0]).toMatchObject({ source: 'device', start_volume_l: 8_000, end_volume_l: 13_010, end_tc_volume_l: 12_940, start_height_mm: 800, end_temperature_c: 18.25 });
    expect([iso(found[0]!.started_at), iso(found[0]!.ended_at)]).toEqual([at(3), at(9)]);

    // More readings of the same drop settle the level; no second delivery appears.
    await send({ readings: readings(7, [13_010, 13_010, 13_010, 13_005, 13_000, 12_995, 12_990]) });
    expect(await rows()).toHaveLength(1);
  });

  it('is idempotent: the console resends its last deliveries every tenth poll', async () => {
    await send({ deliveries: [measured] });
    await send({ deliveries: [{ ...measured, endVolumeL: 13_020 }] });
    const found = await rows();
    expect(found).toHaveLength(1);
    expect(found[0]!.end_volume_l).toBe(13_020);
  });

  it('refuses, item by item, what cannot be a delivery, and keeps the rest', async () => {
    const good = { ...measured, startedAt: at(100), endedAt: at(110) };
    const res = await send({
      deliveries: [
        { ...measured, startedAt: at(50), endedAt: at(50) },
        { ...measured, startedAt: at(60), endedAt: at(70), endVolumeL: 7_000 },
        { ...measured, tank: '9' },
        { ...measured, startedAt: at(170), endedAt: new Date(nowMs + 10 * 60_000).toISOString() },
        { ...measured, startVolumeL: -5 },
        good,
      ],
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.refused).toEqual([
      { path: 'deliveries[0].startedAt', message: 'Delivery 1 · Start time: must be before the end time' },
      { path: 'deliveries[1].endVolumeL', message: 'Delivery 2 · End volume (L): must be more than the start volume: a delivery fills the tank' },
      { path: 'deliveries[2].tank', message: 'Delivery 3 · Tank: is not a tank of this station' },
      { path: 'deliveries[3].endedAt', message: 'Delivery 4 · End time: is more than 5 minutes ahead of the server clock' },
      { path: 'deliveries[4].startVolumeL', message: 'Delivery 5 · Start volume (L): must be a number from 0 to 10000000' },
    ]);
    expect((await rows()).map((r) => iso(r.started_at))).toEqual([at(3), at(100)]);
  });

  it('says what is wrong in the device’s language', async () => {
    const res = await send({ deliveries: [{ ...measured, endVolumeL: 1 }] }, 'zh_CN');
    expect(res.json().data.refused).toEqual([{ path: 'deliveries[0].endVolumeL', message: expect.stringContaining('必须大于起始体积') }]);
    expect(res.json().data.refused[0].message).toContain('卸油 1');
  });
});
