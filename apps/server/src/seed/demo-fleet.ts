import type { FastifyBaseLogger } from 'fastify';
import { startFleet, type Fleet, type FleetOptions, type SimStation } from '@ullage/simulator/fleet';
import type { Db } from '../db/client';
import type { LiveBus } from '../live/bus';
import type { DemoHistoryProgress } from '../modules/demo-history/progress';
import { newToken, sha256 } from '../lib/tokens';
import { stationChanged } from '../modules/station/changes';
import { forgetProfilesOf } from '../modules/forecast/service';
import { setSimulatorKeyHash, simulatedStations } from './demo-fleet-repo';
import { demoSimStation } from './demo-sim-stations';

const DAY_MS = 86_400_000;

export interface DemoFleetOptions {
  /** Real milliseconds between one station's live reports. */
  intervalMs: number;
  /** Days of history sent before going live when the stations have none (0: none, reports start now). */
  backfillDays: number;
  /** Simulated time between history readings (default 5 minutes). */
  backfillStepMs?: number;
  /** Rare events per station per simulated day (the simulator's defaults when absent). */
  events?: FleetOptions['events'];
  seed?: number;
  /** Instead of HTTP to `baseUrl` (tests). */
  sender?: FleetOptions['sender'];
  /** Told how far the history has got (the banner every page shows meanwhile). */
  progress?: DemoHistoryProgress;
}

/**
 * Runs the simulated fleet for the stations marked `simulated` (the demo organisation) through
 * the public device path, as real collectors would (DESIGN.md §4: `npm start` shows data at
 * once). Each start gives every such station a new random key, stored hashed like any other,
 * and hands it to the fleet in this process only: no key is printed or derivable (issue 20).
 *
 * The fleet first sends the history the stations miss, through the same ingest as live data
 * (deliveries, jumps, outages, alarms are evaluated as they arrive): on an empty database the
 * last `backfillDays`; after a stop, from each station's last reading on — so an interrupted
 * first start goes on where it stopped, and a restart leaves no hole. Startup is not held up:
 * the server answers meanwhile, and the log shows the progress. Answers the fleet, or undefined
 * when no station is simulated.
 */
export async function startDemoFleet(db: Db, bus: LiveBus, baseUrl: string, options: DemoFleetOptions, logger: FastifyBaseLogger): Promise<Fleet | undefined> {
  const rows = await simulatedStations(db);
  if (rows.length === 0) {
    logger.info('no simulated stations in this database: the simulated fleet does not run');
    return undefined;
  }
  const now = Date.now();
  const oldest = now - options.backfillDays * DAY_MS;
  const from = new Map<string, number>();
  const simStations: SimStation[] = [];
  for (const row of rows) {
    const deviceKey = newToken();
    await setSimulatorKeyHash(db, row.id, sha256(deviceKey));
    stationChanged(bus, row.id); // the ingest's cached station (and key) is stale now
    const latest = row.tanks.map((t) => t.latest?.tsMs ?? -Infinity);
    // The station's oldest "last reading" is where its own history goes on; none at all: the whole window.
    const last = Math.min(...latest);
    from.set(row.code, Math.max(oldest, Number.isFinite(last) ? last : oldest));
    simStations.push(demoSimStation(row, deviceKey, oldest));
  }
  const started = Date.now();
  // Loading from the first moment (the fleet reports its first progress only after a chunk of history).
  const historyFrom = Math.min(...from.values());
  if (now - historyFrom > 60_000) options.progress?.start(rows.map((r) => r.id), now - historyFrom);
  let lastLoggedPct = 0;
  const fleet = startFleet({
    baseUrl: baseUrl.replace('//0.0.0.0', '//127.0.0.1'),
    transport: 'http',
    ...(options.sender ? { sender: options.sender } : {}),
    stations: simStations,
    intervalMs: options.intervalMs,
    ...(options.seed === undefined ? {} : { seed: options.seed }),
    ...(options.events === undefined ? {} : { events: options.events }),
    backfill: {
      from: (code) => from.get(code) ?? now,
      ...(options.backfillStepMs ? { stepMs: options.backfillStepMs } : {}),
      onProgress: ({ doneMs, totalMs, finished }) => {
        const seconds = Math.round((Date.now() - started) / 1000);
        if (finished) {
          // The replayed stations' run-out profiles, kept meanwhile, are marked doubtful once now.
          if (options.progress)
            void forgetProfilesOf(db, rows.map((r) => r.id))
              .catch((error: unknown) => logger.warn({ err: error }, 'simulated fleet: run-out profiles not marked after the history'))
              .finally(() => options.progress!.report(doneMs, totalMs, true));
          if (totalMs > 60_000) logger.info({ days: +(totalMs / DAY_MS).toFixed(2), seconds }, 'simulated fleet: history sent, now reporting live');
          return;
        }
        options.progress?.report(doneMs, totalMs, false);
        const pct = totalMs > 0 ? Math.floor((doneMs / totalMs) * 100) : 100;
        // A line every tenth of the way.
        if (Math.floor(pct / 10) > Math.floor(lastLoggedPct / 10)) {
          lastLoggedPct = pct;
          logger.info({ percent: pct, days: +(doneMs / DAY_MS).toFixed(1), ofDays: +(totalMs / DAY_MS).toFixed(1), seconds }, 'simulated fleet: sending history');
        }
      },
    },
    logger: (msg) => logger.info({ simulator: true }, msg),
  });
  logger.info({ stations: simStations.length, intervalMs: options.intervalMs, historyDays: options.backfillDays }, 'simulated fleet reporting for the demo stations');
  return fleet;
}
