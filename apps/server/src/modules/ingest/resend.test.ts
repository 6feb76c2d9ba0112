import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../app';
import { rawRows } from '../../lib/raw-sql';
import { startTestApp, type TestContext } from '../../test/harness';

/**
 * Review item 19: a device that resends readings the server already acknowledged (after a
 * crash it cannot tell what got through) must be answered with success, and nothing may
 * change — whatever state the tank's open delivery is in. The device protocol tells devices
 * to retry on 5xx, so a 500 here loops forever.
 */
let ctx: TestContext;
const KEY = 'demo-device-key:NWP-DX03';
const T0 = Date.parse('2026-11-22T06:00:00Z');
const nowMs = T0 + 6 * 60 * 60_000;
const clock = () => new Date(nowMs);

beforeAll(async () => {
  ctx = await startTestApp({ clock });
});
afterAll(() => ctx.close());

/** Tank 1 readings one minute apart from `startMin`, with the device's own volumes. */
const batch = (startMin: number, volumes: number[]) => ({
  readings: volumes.map((volumeL, i) => ({ tank: '1', ts: new Date(T0 + (startMin + i) * 60_000).toISOString(), productHeightMm: volumeL / 10, temperatureC: 20, volumeL })),
});
const send = (body: object, app: FastifyInstance = ctx.app) =>
  app.inject({ method: 'POST', url: '/api/device/v1/stations/NWP-DX03/report', payload: body, headers: { authorization: `Bearer ${KEY}` } });
/** Everything ingest derives for the station: deliveries and data jumps. */
const derived = async () => ({
  deliveries: await rawRows<{ ended_at: string | null }>(
    ctx.db,
    sql`select d.tank_id, d.started_at, d.last_rise_at, d.ended_at, d.start_volume_l, d.end_volume_l from deliveries d join stations s on s.id = d.station_id where s.code = 'NWP-DX03' order by d.tank_id, d.started_at`,
  ),
  alarms: await rawRows(ctx.db, sql`select a.* from alarms a join stations s on s.id = a.station_id where s.code = 'NWP-DX03' order by a.id`),
  jumps: await rawRows(ctx.db, sql`select j.* from data_jumps j join stations s on s.id = j.station_id where s.code = 'NWP-DX03' order by j.tank_id, j.ts, j.rule`),
});

const quiet = (from: number, n: number) => Array.from({ length: n }, (_, i) => from - i * 5);
// Minutes 0–39: a delivery (min 4–7) that settles, then a second one (min 20–23) that settles too.
const first = batch(0, [...quiet(8_000, 4), 9_000, 10_000, 11_000, 12_000, ...quiet(11_990, 12), 13_000, 14_000, 15_000, 16_000, ...quiet(15_990, 16)]);

async function expectIdempotent(body: object, app?: FastifyInstance) {
  const before = await derived();
  const res = await send(body, app);
  expect(res.statusCode).toBe(200);
  expect(res.json().data).toMatchObject({ accepted: 0, duplicates: (body as { readings: unknown[] }).readings.length });
  expect(await derived()).toEqual(before);
}

describe('a resend of acknowledged readings (review item 19)', () => {
  it('stores the first batch: two finished deliveries', async () => {
    expect((await send(first)).json().data.accepted).toBe(40);
    const { deliveries } = await derived();
    expect(deliveries).toHaveLength(2);
    expect(deliveries.every((d) => d.ended_at !== null)).toBe(true);
  });

  it('answers success and adds nothing while a small delivery has just opened', async () => {
    // Minute 41: a rise of 100 L opens a delivery that is not yet big enough to count.
    expect((await send(batch(40, [15_830, 15_930]))).json().data.accepted).toBe(2);
    expect((await derived()).deliveries.filter((d) => d.ended_at === null)).toHaveLength(1);
    await expectIdempotent(first);
  });

  it('answers success and adds nothing while a delivery is open and growing', async () => {
    expect((await send(batch(42, [17_000, 18_000]))).json().data.accepted).toBe(2);
    await expectIdempotent(first);
    await expectIdempotent(batch(40, [15_830, 15_930, 17_000, 18_000]));
  });

  it('answers success and adds nothing after the delivery closed', async () => {
    expect((await send(batch(44, quiet(17_990, 14)))).json().data.accepted).toBe(14);
    expect((await derived()).deliveries.filter((d) => d.ended_at === null)).toHaveLength(0);
    await expectIdempotent(first);
    await expectIdempotent(batch(40, [15_830, 15_930, 17_000, 18_000]));
  });

  it('answers success and adds nothing after a restart, the state read again from the database', async () => {
    expect((await send(batch(58, [17_900, 18_500]))).json().data.accepted).toBe(2);
    const restarted = await buildApp({ config: ctx.config, db: ctx.db, clock });
    await restarted.ready();
    try {
      await expectIdempotent(first, restarted as unknown as FastifyInstance);
      await expectIdempotent(batch(40, [15_830, 15_930, 17_000, 18_000]), restarted as unknown as FastifyInstance);
      await expectIdempotent(batch(58, [17_900, 18_500]), restarted as unknown as FastifyInstance);
    } finally {
      await restarted.close();
    }
  });
});
