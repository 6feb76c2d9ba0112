/**
 * How long the simulator takes to make the demo fleet's history (docs/simulator.md "The
 * server's demo fleet"): the demo organisation's 12 stations and their tanks, as a fresh
 * database gives them to the fleet, run through `startFleet`'s backfill for `--days` (35 by
 * default) into a sender that only counts — no server, no network: the simulator's own cost.
 *
 *   node --import tsx bench/demo-history.ts [--days 35 --seed 1 --runs 3 --bytes]
 *
 * `--bytes` also adds up the batches' JSON (which costs time of its own: compare times without it).
 */
import { parseArgs } from 'node:util';
import { cylinderStrappingTable, horizontalCylinderVolume } from '@ullage/domain/strapping';
import type { DeviceReport } from '@ullage/contracts/device';
import { startFleet } from '@ullage/simulator/fleet';
import type { SimulatedStationRow } from '../apps/server/src/seed/demo-fleet-repo';
import { DEMO_COMPANIES, DEMO_PRODUCTS, DEMO_TANK_SIZES } from '../apps/server/src/seed/demo-organisation';
import { demoSimStation } from '../apps/server/src/seed/demo-sim-stations';

const { values } = parseArgs({ options: { days: { type: 'string', default: '35' }, seed: { type: 'string', default: '1' }, runs: { type: 'string', default: '3' }, bytes: { type: 'boolean', default: false } } });
const days = Number(values.days);
const DAY_MS = 86_400_000;

/** The demo stations as `simulatedStations` reads them from a freshly seeded database (seed/first-start.ts). */
const rows: SimulatedStationRow[] = DEMO_COMPANIES.flatMap((c) =>
  c.stations.map((s, id) => ({
    id,
    code: s.code,
    timezone: s.timezone,
    tanks: s.tanks.map((product, i) => {
      const size = DEMO_TANK_SIZES[i % DEMO_TANK_SIZES.length]!;
      return {
        code: String(i + 1),
        heightMm: size.diameterMm,
        capacityL: Math.ceil(horizontalCylinderVolume(size.diameterMm, size.lengthMm, size.diameterMm)),
        strapping: cylinderStrappingTable(size.diameterMm, size.lengthMm, 50),
        productType: DEMO_PRODUCTS.find((p) => p.code === product)!.type,
        latest: null,
      };
    }),
  })),
);

const count = (r: DeviceReport, key: 'readings' | 'sensors' | 'alarms' | 'events' | 'sales' | 'meterTotals' | 'tickets') => (r[key] as unknown[] | undefined)?.length ?? 0;

async function once(): Promise<void> {
  const now = Date.now();
  const from = now - days * DAY_MS;
  const totals = { batches: 0, readings: 0, sales: 0, meterTotals: 0, tickets: 0, bytes: 0 };
  const stations = rows.map((row) => demoSimStation(row, 'bench-key', from));
  const started = process.hrtime.bigint();
  const cpu = process.cpuUsage();
  const fleet = startFleet({
    transport: 'http',
    stations,
    seed: Number(values.seed),
    intervalMs: 60_000,
    commands: false,
    logger: () => {},
    sender: async (_station, report) => {
      // Counted and let go, as the fleet lets a sent batch go: holding 35 days would time the GC instead.
      totals.batches++;
      totals.readings += count(report, 'readings');
      totals.sales += count(report, 'sales');
      totals.meterTotals += count(report, 'meterTotals');
      totals.tickets += count(report, 'tickets');
      if (values.bytes) totals.bytes += JSON.stringify(report).length;
      return { accepted: 0, duplicates: 0, refused: [], serverTime: new Date().toISOString(), clockSkewSeconds: 0, clockFlagged: false };
    },
    backfill: { from: () => from },
  });
  await fleet.live;
  const seconds = Number(process.hrtime.bigint() - started) / 1e9;
  const used = process.cpuUsage(cpu);
  const cpuSeconds = (used.user + used.system) / 1e6;
  await fleet.stop();
  const tanks = stations.reduce((n, s) => n + s.tanks.length, 0);
  console.log(
    `${stations.length} stations, ${tanks} tanks, ${days} days: ${seconds.toFixed(2)} s (${cpuSeconds.toFixed(2)} s of CPU); ${totals.batches} batches, ${totals.readings} readings, ${totals.sales} sales, ${totals.meterTotals} totaliser readings, ${totals.tickets} tickets${values.bytes ? `, ${(totals.bytes / 1e6).toFixed(1)} MB of JSON` : ''}`,
  );
}

for (let i = 0; i < Number(values.runs); i++) await once();
