import type { FastifyBaseLogger } from 'fastify';
import { eq, inArray } from 'drizzle-orm';
import type { StrappingPoint } from '@ullage/domain/strapping';
import { startFleet } from '@ullage/simulator/fleet';
import type { Db } from '../db/client';
import { stations, tanks } from '../db/schema';
import { DEMO_COMPANIES } from './demo-organisation';

/** The demo stations' device keys are known (first-start.ts), so the fleet can speak for them. */
export const demoDeviceKey = (stationCode: string) => `demo-device-key:${stationCode}`;

/** The last hour is replayed on start (in a minute, at 60×), so charts and tanks have a past. */
const BACKFILL_MS = 60 * 60_000;

/**
 * Runs the simulated fleet against the demo stations through the public HTTP device path,
 * as real collectors would (DESIGN.md §4: `npm start` shows live data at once). Answers a stop
 * function, or undefined when the demo organisation is not in this database.
 */
export async function startDemoFleet(db: Db, baseUrl: string, intervalMs: number, logger: FastifyBaseLogger): Promise<(() => Promise<void>) | undefined> {
  const codes = DEMO_COMPANIES.flatMap((c) => c.stations.map((s) => s.code));
  const rows = await db.select({ id: stations.id, code: stations.code, timezone: stations.timezone }).from(stations).where(inArray(stations.code, codes));
  if (rows.length === 0) {
    logger.info('no demo stations in this database: the simulated fleet does not run');
    return undefined;
  }
  const simStations = [];
  for (const row of rows) {
    const tankRows = await db.select({ code: tanks.code, heightMm: tanks.heightMm, capacityL: tanks.volumeL, strapping: tanks.strapping }).from(tanks).where(eq(tanks.stationId, row.id));
    simStations.push({
      code: row.code,
      deviceKey: demoDeviceKey(row.code),
      timezone: row.timezone,
      tanks: tankRows.map((t) => ({ ...t, strapping: t.strapping as StrappingPoint[] })),
      sensors: [
        { sensorNo: 'S1', type: 'leak' as const },
        { sensorNo: 'S2', type: 'leak' as const },
      ],
    });
  }
  // Replay the last hour at 60× (a minute), then report every interval in real time.
  const fleet = startFleet({
    baseUrl: baseUrl.replace('//0.0.0.0', '//127.0.0.1'),
    transport: 'http',
    stations: simStations,
    intervalMs,
    timeScale: 60,
    startMs: Date.now() - BACKFILL_MS,
    logger: (msg) => logger.info({ simulator: true }, msg),
  });
  logger.info({ stations: simStations.length, intervalMs }, 'simulated fleet reporting for the demo stations');
  return () => fleet.stop();
}
