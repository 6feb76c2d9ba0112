import { and, eq } from 'drizzle-orm';
import type { StrappingPoint } from '@ullage/domain/strapping';
import type { Db } from '../db/client';
import { products, stations, tankLatest, tanks } from '../db/schema';

export interface SimulatedStationRow {
  id: number;
  code: string;
  timezone: string;
  tanks: {
    code: string;
    heightMm: number;
    capacityL: number;
    strapping: StrappingPoint[];
    /** The product's type ('gasoline' | 'diesel'), null without a product. */
    productType: string | null;
    latest: { tsMs: number; productL: number; waterMm: number; temperatureC: number } | null;
  }[];
}

/** The stations the simulated fleet speaks for (marked at seed time), with their tanks. */
export async function simulatedStations(db: Db): Promise<SimulatedStationRow[]> {
  const rows = await db.select({ id: stations.id, code: stations.code, timezone: stations.timezone }).from(stations).where(eq(stations.simulated, true)).orderBy(stations.id);
  const result: SimulatedStationRow[] = [];
  for (const row of rows) {
    const tankRows = await db
      .select({
        code: tanks.code,
        heightMm: tanks.heightMm,
        capacityL: tanks.volumeL,
        strapping: tanks.strapping,
        productType: products.type,
        ts: tankLatest.ts,
        volumeL: tankLatest.volumeL,
        waterMm: tankLatest.waterHeightMm,
        temperatureC: tankLatest.temperatureC,
      })
      .from(tanks)
      .leftJoin(products, eq(products.id, tanks.productId))
      .leftJoin(tankLatest, eq(tankLatest.tankId, tanks.id))
      .where(eq(tanks.stationId, row.id))
      .orderBy(tanks.code);
    result.push({
      ...row,
      tanks: tankRows.map((t) => ({
        code: t.code,
        heightMm: t.heightMm,
        capacityL: t.capacityL,
        strapping: t.strapping as StrappingPoint[],
        productType: t.productType,
        latest: t.ts ? { tsMs: t.ts.getTime(), productL: t.volumeL ?? 0, waterMm: t.waterMm ?? 0, temperatureC: t.temperatureC ?? 15 } : null,
      })),
    });
  }
  return result;
}

/** Sets the simulator's new key, unless a person took the station over meanwhile (their rotation clears `simulated`). */
export async function setSimulatorKeyHash(db: Db, id: number, deviceKeyHash: string): Promise<void> {
  await db.update(stations).set({ deviceKeyHash }).where(and(eq(stations.id, id), eq(stations.simulated, true)));
}
