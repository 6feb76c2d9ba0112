import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { rawRows } from '../../lib/raw-sql';
import { ADMIN_PASSWORD, signIn, startTestApp, type TestContext } from '../../test/harness';
import { DEVICE_STATIONS_MAX_ENTRIES, DeviceStations } from './device-stations';

/** The device station cache stays bounded (issue 20 #23): codes named at random do not grow it for good. */
let ctx: TestContext;
beforeAll(async () => {
  ctx = await startTestApp();
});
afterAll(() => ctx.close());

describe('DeviceStations cache', () => {
  it('holds at most its bound, dropping the oldest entries; a station still resolves', async () => {
    const stations = new DeviceStations(ctx.db, ctx.app.bus, 5);
    try {
      for (let i = 0; i < 40; i++) expect(await stations.byCode(`NO-SUCH-${i}`)).toBeNull();
      expect(stations.size).toBe(5);
      expect((await stations.byCode('NWP-SH01'))?.code).toBe('NWP-SH01');
      expect(stations.size).toBe(5);
    } finally {
      stations.close();
    }
    expect(DEVICE_STATIONS_MAX_ENTRIES).toBe(10_000);
  });

  it('keeps a station past the few seconds it used to, and drops it the moment a change is heard, a product’s type included', async () => {
    const stations = new DeviceStations(ctx.db, ctx.app.bus);
    try {
      const before = await stations.byCode('NWP-SH01');
      const tank = [...before!.tanks.values()][0]!;
      // Changed behind the cache's back (no message on the bus): the cached station is answered.
      await ctx.db.execute(sql`update tanks set height_mm = height_mm + 1 where id = ${tank.id}`);
      expect(await stations.byCode('NWP-SH01')).toBe(before);

      // A product's type changed through the API: every station with a tank of it is dropped.
      const [product] = await rawRows<Record<string, unknown>>(ctx.db, sql`select p.* from products p join tanks t on t.product_id = p.id where t.id = ${tank.id}`);
      const cookie = await signIn(ctx.app, 'admin', ADMIN_PASSWORD);
      const current = (await ctx.app.inject({ method: 'GET', url: `/api/product/${product!.id}`, headers: { cookie } })).json().data as Record<string, unknown>;
      const input = { code: current.code, name: current.name, shortName: current.shortName ?? undefined, type: current.type === 'diesel' ? 'gasoline' : 'diesel', color: current.color, distributorId: current.distributorId, companyId: current.companyId ?? null };
      const saved = await ctx.app.inject({ method: 'PUT', url: `/api/product/${product!.id}`, headers: { cookie }, payload: input });
      expect(saved.json().code).toBe(1000);
      const after = await stations.byCode('NWP-SH01');
      expect(after).not.toBe(before);
      expect(after!.tanks.get(tank.code)!.geometry.expansionPerC).not.toBe(tank.geometry.expansionPerC);
    } finally {
      stations.close();
    }
  });
});
