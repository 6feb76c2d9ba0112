import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { rawRows } from '../../lib/raw-sql';
import { startTestApp, type TestContext } from '../../test/harness';
import { Preparer } from './prepare-pool';
import { prepareBatch } from './prepare';
import { READING_ARRAYS } from './reading-columns';

let ctx: TestContext;
const KEY = 'demo-device-key:NWP-RY04';
const T0 = Date.now() - 24 * 60 * 60_000;

beforeAll(async () => {
  ctx = await startTestApp({ prepareWorkers: 1 });
});
afterAll(() => ctx.close());

/** A batch large enough to be prepared on the worker thread: 600 readings over three tanks, two bad. */
function largeBatch() {
  const readings: object[] = [];
  for (let i = 0; i < 200; i++) {
    for (const tank of ['1', '2', '3']) readings.push({ tank, ts: new Date(T0 + i * 60_000).toISOString(), productHeightMm: 1000 + i, waterHeightMm: 5, temperatureC: 20 });
  }
  readings.push({ tank: '1', ts: new Date(T0).toISOString(), productHeightMm: 1, temperatureC: 500 });
  readings.push({ tank: '9', ts: new Date(T0).toISOString(), productHeightMm: 1, temperatureC: 5 });
  return { batchId: 'big-1', readings };
}

describe('batches prepared on a worker thread', () => {
  it('store, count and refuse exactly as in place', async () => {
    const body = JSON.stringify(largeBatch());
    expect(body.length).toBeGreaterThan(32 * 1024);
    const res = await ctx.app.inject({ method: 'POST', url: '/api/device/v1/stations/NWP-RY04/report', payload: body, headers: { authorization: `Bearer ${KEY}`, 'content-type': 'application/json' } });
    const data = res.json().data;
    expect(data).toMatchObject({ batchId: 'big-1', accepted: 600, duplicates: 0 });
    expect(data.refused.map((r: { path: string }) => r.path)).toEqual(['readings[600].temperatureC', 'readings[601].tank']);
    const [row] = await rawRows<{ n: number; max: number }>(
      ctx.db,
      sql`select count(*)::int as n, max(product_height_mm) as max from tank_readings r join stations s on s.id = r.station_id where s.code = 'NWP-RY04'`,
    );
    expect(row).toEqual({ n: 600, max: 1199 });
    const again = await ctx.app.inject({ method: 'POST', url: '/api/device/v1/stations/NWP-RY04/report', payload: body, headers: { authorization: `Bearer ${KEY}`, 'content-type': 'application/json' } });
    expect(again.json().data).toMatchObject({ accepted: 0, duplicates: 600 });
  });

  it('the worker answers what prepareBatch answers in place', async () => {
    const station = (await ctx.app.ingest.stations.byCode('NWP-RY04'))!;
    const body = JSON.stringify(largeBatch());
    const preparer = new Preparer(1);
    try {
      const onWorker = await preparer.prepare(body, station, Date.now(), 'es');
      const inPlace = prepareBatch(body, station, Date.now(), 'es');
      for (const k of READING_ARRAYS) expect([...onWorker.readings[k]], k).toEqual([...inPlace.readings[k]]);
      expect(onWorker.readings.newest).toEqual(inPlace.readings.newest);
      expect(onWorker.refused).toEqual(inPlace.refused);
      expect(onWorker.refused[0]!.message).toBe('Lectura 601 · Temperatura (°C): debe ser un número entre -60 y 120');
      const broken = await preparer.prepare(`${body.slice(0, -1)}x`.padEnd(40_000, ' '), station, Date.now(), 'en');
      expect(broken.error).toEqual([{ field: 'request', rule: 'rule.invalid' }]);
    } finally {
      await preparer.close();
    }
  });
});
