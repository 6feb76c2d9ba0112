import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import type { FastifyBaseLogger } from 'fastify';
import type { AtgStatus, AtgTestResult } from '@ullage/contracts/atg';
import type { Db } from '../../db/client';
import type { Translate } from '../../i18n/translate';
import type { Ingest } from '../ingest/ingest';
import type { LiveBus } from '../../live/bus';
import { onStationChanged } from '../station/changes';
import { AtgConnection, type AtgTimeouts } from './connection';
import { ConsoleReader } from './console-reader';
import { claimLease, polledStations, releaseLease, type AtgStationConfig } from './repo';
import { problemOf, problemText, StationPoller } from './station-poller';

/** Edits on another server instance reach this one's poll list at once through the live bus; while it is down, within this time. */
const RELOAD_EVERY_MS = 5 * 60_000;

const sameConfig = (a: AtgStationConfig, b: AtgStationConfig) => JSON.stringify(a) === JSON.stringify(b);

/**
 * The Veeder-Root TLS poller (issue 9): one StationPoller per station whose device type is
 * a TLS console and whose address is set, kept in step with the station settings.
 */
export class AtgPoller {
  private readonly pollers = new Map<number, StationPoller>();
  private reloadTimer: NodeJS.Timeout | undefined;
  private periodic: NodeJS.Timeout | undefined;
  private unsubscribe: (() => void) | undefined;
  private reloading: Promise<void> = Promise.resolve();
  /** This instance's name on console leases (DESIGN §7: several instances, one database). */
  readonly holder = `${hostname()}:${process.pid}:${randomBytes(4).toString('hex')}`;

  constructor(private readonly deps: { db: Db; bus: LiveBus; ingest: Ingest; logger: FastifyBaseLogger; clock: () => Date; timeouts?: Partial<AtgTimeouts>; /** false: pollers wait to be driven (tests call pollOnce). */ autoPoll?: boolean }) {}

  async start(): Promise<void> {
    this.unsubscribe = onStationChanged(this.deps.bus, () => {
      clearTimeout(this.reloadTimer);
      this.reloadTimer = setTimeout(() => void this.reload(), 200);
      this.reloadTimer.unref();
    });
    this.periodic = setInterval(() => void this.reload(), RELOAD_EVERY_MS);
    this.periodic.unref();
    await this.reload();
  }

  /** Starts, restarts or stops station pollers to match the settings. */
  reload(): Promise<void> {
    this.reloading = this.reloading.then(async () => {
      try {
        const configs = await polledStations(this.deps.db);
        const wanted = new Map(configs.map((c) => [c.id, c]));
        for (const [id, poller] of this.pollers) {
          const config = wanted.get(id);
          if (config && sameConfig(config, poller.config)) continue;
          await this.stopPoller(id, poller);
        }
        for (const config of configs) {
          if (this.pollers.has(config.id)) continue;
          const poller = new StationPoller(config, { ...this.deps, lease: (ttl) => claimLease(this.deps.db, config.id, this.holder, ttl) });
          this.pollers.set(config.id, poller);
          if (this.deps.autoPoll !== false) poller.start();
          this.deps.logger.info({ station: config.code, console: `${config.host}:${config.port}`, every: config.pollSeconds }, 'ATG console polled');
        }
      } catch (error) {
        this.deps.logger.warn({ err: error }, 'ATG poll list not reloaded');
      }
    });
    return this.reloading;
  }

  poller(stationId: number): StationPoller | undefined {
    return this.pollers.get(stationId);
  }

  status(stationId: number, config: AtgStationConfig | null, t?: Translate): AtgStatus {
    const poller = this.pollers.get(stationId);
    if (poller) return poller.status(t);
    return { enabled: false, connected: false, lastReplyAt: null, lastPollAt: null, lastError: null, warning: null, format: null, units: null, pollSeconds: config?.pollSeconds ?? 60, standby: false };
  }

  /**
   * Asks the console for its inventory once and says what it answered. A polled console is
   * asked over the poller's own connection (one command at a time, as consoles want).
   */
  async test(config: AtgStationConfig, stationTanks: ReadonlySet<string>, t: Translate): Promise<AtgTestResult> {
    const started = Date.now();
    const polled = this.pollers.get(config.id);
    const reader = polled && sameConfig(polled.config, config) ? polled.reader : new ConsoleReader(new AtgConnection({ host: config.host, port: config.port, securityCode: config.securityCode, timeouts: this.deps.timeouts }), config.fallbackUnits);
    try {
      const inventory = await reader.inventory();
      return {
        ok: true,
        error: null,
        format: reader.format,
        units: reader.units,
        consoleTime: inventory.consoleTime ? formatWall(inventory.consoleTime) : null,
        elapsedMs: Date.now() - started,
        tanks: inventory.tanks.map((tank) => {
          const code = [String(tank.tank), String(tank.tank).padStart(2, '0')].find((c) => stationTanks.has(c));
          return {
            tank: code ?? String(tank.tank),
            product: tank.product,
            volumeL: tank.volumeL,
            productHeightMm: tank.productHeightMm,
            waterHeightMm: tank.waterHeightMm,
            temperatureC: tank.temperatureC,
            matched: code !== undefined,
          };
        }),
      };
    } catch (error) {
      return { ok: false, error: problemText(t, problemOf(error)), format: reader.format, units: reader.units, consoleTime: null, elapsedMs: Date.now() - started, tanks: [] };
    } finally {
      if (reader !== polled?.reader) reader.connection.close();
    }
  }

  async stop(): Promise<void> {
    this.unsubscribe?.();
    clearTimeout(this.reloadTimer);
    clearInterval(this.periodic);
    await this.reloading;
    await Promise.all([...this.pollers].map(([id, poller]) => this.stopPoller(id, poller)));
  }

  private async stopPoller(id: number, poller: StationPoller): Promise<void> {
    poller.stop();
    this.pollers.delete(id);
    await releaseLease(this.deps.db, id, this.holder).catch((error: unknown) => this.deps.logger.warn({ err: error, station: poller.config.code }, 'ATG lease not released'));
  }
}

const pad = (n: number) => String(n).padStart(2, '0');
function formatWall(w: { year: number; month: number; day: number; hour: number; minute: number }): string {
  return `${w.year}-${pad(w.month)}-${pad(w.day)} ${pad(w.hour)}:${pad(w.minute)}`;
}
