import type { FastifyBaseLogger } from 'fastify';
import type { DeviceDelivery, DeviceReport } from '@ullage/contracts/device';
import type { AtgStatus } from '@ullage/contracts/atg';
import { zonedTimeToUtc } from '@ullage/domain/zoned-time';
import type { Ingest } from '../ingest/ingest';
import { AtgConnection, AtgError, type AtgTimeouts } from './connection';
import { ConsoleReader, type AtgUnits, type ConsoleAlarm, type ConsoleDelivery } from './console-reader';
import type { AtgStationConfig } from './repo';

/** After a failure the next try waits 5 s, then twice as long each time, at most 5 minutes. */
const RETRY_FIRST_MS = 5_000;
const RETRY_MAX_MS = 5 * 60_000;
/** Alarms and sensors every second poll, deliveries and alarm history every tenth. */
const ALARM_EVERY = 2;
const HISTORY_EVERY = 10;

export function retryDelayMs(failures: number): number {
  return Math.min(RETRY_FIRST_MS * 2 ** Math.max(0, failures - 1), RETRY_MAX_MS);
}

const alarmKey = (a: ConsoleAlarm) => `${a.kind}:${a.device}:${a.code}`;

/**
 * Polls one console: inventory every `pollSeconds`, alarms and sensors less often, and sends
 * what it read through the one ingest path as a device report of the station. Its failures
 * are its own: they are counted, shown as the station's console status, retried with backoff,
 * and never stop another station's polling. A console silent for 15 minutes makes the station
 * offline like any other device, because nothing reaches ingest.
 */
export class StationPoller {
  readonly connection: AtgConnection;
  readonly reader: ConsoleReader;
  private timer: NodeJS.Timeout | undefined;
  private polls = 0;
  private failures = 0;
  private stopped = false;
  /** Console alarms reported active, so that one gone from the console is reported cleared. */
  private active: Map<string, ConsoleAlarm> | null = null;
  /** When the console's history says each alarm started or cleared (station-local → instant). */
  private historyTimes = new Map<string, Date>();
  private lastReplyAt: Date | null = null;
  private lastPollAt: Date | null = null;
  private lastError: string | null = null;
  private standby = false;

  constructor(
    readonly config: AtgStationConfig,
    private readonly deps: {
      ingest: Ingest;
      logger: FastifyBaseLogger;
      clock: () => Date;
      timeouts?: Partial<AtgTimeouts>;
      /** Takes or renews this instance's lease on the console for `ttlSeconds`; false: another instance polls it. */
      lease?: (ttlSeconds: number) => Promise<boolean>;
    },
  ) {
    this.connection = new AtgConnection({ host: config.host, port: config.port, securityCode: config.securityCode, timeouts: deps.timeouts });
    this.reader = new ConsoleReader(this.connection, config.fallbackUnits);
  }

  start(): void {
    this.schedule(0);
  }

  stop(): void {
    this.stopped = true;
    clearTimeout(this.timer);
    this.connection.close();
  }

  status(): AtgStatus {
    return {
      enabled: true,
      connected: this.connection.connected && this.failures === 0,
      lastReplyAt: this.lastReplyAt?.toISOString() ?? null,
      lastPollAt: this.lastPollAt?.toISOString() ?? null,
      lastError: this.lastError,
      format: this.reader.format,
      units: this.reader.units,
      pollSeconds: this.config.pollSeconds,
      standby: this.standby,
    };
  }

  private schedule(ms: number): void {
    if (this.stopped) return;
    this.timer = setTimeout(() => {
      void this.pollOnce().then((ok) => this.schedule(ok ? this.config.pollSeconds * 1000 : retryDelayMs(this.failures)));
    }, ms);
    this.timer.unref();
  }

  /** One round: inventory always; alarms, sensors, history when their turn comes. Answers whether the console answered. */
  async pollOnce(options: { everything?: boolean } = {}): Promise<boolean> {
    const round = this.polls++;
    const now = this.deps.clock();
    this.lastPollAt = now;
    try {
      // Three missed rounds (or a minute) before another instance may take the console over.
      if (this.deps.lease && !(await this.deps.lease(Math.max(60, 3 * this.config.pollSeconds)))) {
        if (!this.standby) this.deps.logger.info({ station: this.config.code }, 'ATG console polled by another instance: standing by');
        this.standby = true;
        // Free the console's one client slot for the instance that holds it.
        this.connection.disconnect();
        return true;
      }
      this.standby = false;
      const station = await this.deps.ingest.stations.byCode(this.config.code);
      if (!station) return true; // deleted meanwhile; the poller list drops it on the next reload
      const report: Required<Pick<DeviceReport, 'readings' | 'sensors' | 'alarms' | 'deliveries'>> = { readings: [], sensors: [], alarms: [], deliveries: [] };
      const ts = now.toISOString();

      const inventory = await this.reader.inventory();
      for (const t of inventory.tanks) {
        const code = matchTank(station.tanks, t.tank);
        if (!code || t.productHeightMm === null || t.temperatureC === null) continue;
        report.readings.push({
          tank: code,
          ts,
          type: 'interval',
          productHeightMm: t.productHeightMm,
          waterHeightMm: Math.max(0, t.waterHeightMm ?? 0),
          temperatureC: t.temperatureC,
          ...(t.volumeL === null ? {} : { volumeL: t.volumeL }),
          ...(t.tcVolumeL === null ? {} : { tcVolumeL: t.tcVolumeL }),
          ...(t.waterVolumeL === null ? {} : { waterVolumeL: Math.max(0, t.waterVolumeL) }),
        });
      }

      if (options.everything || round % HISTORY_EVERY === 0) {
        await this.readHistory(station.timezone);
        // The console keeps its last deliveries; resending them updates the same records.
        for (const d of await this.reader.deliveries()) {
          const delivery = deviceDeliveryOf(d, station.tanks, station.timezone, now);
          if (delivery) report.deliveries.push(delivery);
        }
      }
      if (options.everything || round % ALARM_EVERY === 0) {
        for (const s of await this.reader.sensors()) {
          report.sensors.push({ sensorNo: s.sensor, type: 'leak', ts, state: s.state, ...(s.code === null ? {} : { code: s.code }) });
        }
        const current = new Map((await this.reader.activeAlarms()).map((a) => [alarmKey(a), a]));
        for (const [key, a] of current) {
          if (this.active?.has(key)) continue;
          const at = this.historyTimes.get(`occurred:${key}`) ?? now;
          report.alarms.push(deviceAlarmOf(a, station.tanks, at.toISOString(), 'active'));
        }
        for (const [key, a] of this.active ?? []) {
          if (current.has(key)) continue;
          const at = this.historyTimes.get(`cleared:${key}`) ?? now;
          report.alarms.push(deviceAlarmOf(a, station.tanks, at.toISOString(), 'cleared'));
        }
        this.active = current;
      }
      this.lastReplyAt = this.deps.clock();

      const result = await this.deps.ingest.reportFor(station, report, 'en', 'atg');
      if (result.refused.length > 0) this.deps.logger.warn({ station: this.config.code, refused: result.refused.slice(0, 5) }, 'ATG console: some values refused');
      if (this.failures > 0) this.deps.logger.info({ station: this.config.code }, 'ATG console answers again');
      this.failures = 0;
      this.lastError = null;
      return true;
    } catch (error) {
      this.failures++;
      const message = error instanceof Error ? error.message : String(error);
      if (message !== this.lastError) this.deps.logger.warn({ station: this.config.code, err: message, failures: this.failures }, 'ATG console poll failed');
      this.lastError = message;
      // Alarms a silent console did not report are not taken as cleared: they wait for its answer.
      return false;
    }
  }

  private async readHistory(timezone: string): Promise<void> {
    try {
      const events = await this.reader.alarmHistory();
      this.historyTimes = new Map(events.map((e) => [`${e.state}:${alarmKey(e)}`, zonedTimeToUtc(e.time, timezone)]));
    } catch (error) {
      // History only sharpens start times; a console without it is polled all the same.
      if (!(error instanceof AtgError && error.failure === 'unsupported')) throw error;
    }
  }
}

/**
 * A console delivery as the device protocol's delivery, its wall times read in the station's
 * zone. One of an unknown tank, not yet finished, or that did not raise the volume (a console
 * records an aborted drop too) is not a delivery record.
 */
export function deviceDeliveryOf(d: ConsoleDelivery, tanks: ReadonlyMap<string, unknown>, timezone: string, now: Date): DeviceDelivery | null {
  const tank = matchTank(tanks, d.tank);
  const startedAt = zonedTimeToUtc(d.start, timezone);
  const endedAt = zonedTimeToUtc(d.end, timezone);
  if (!tank || endedAt <= startedAt || endedAt > now || d.endVolumeL <= d.startVolumeL) return null;
  const optional = (name: keyof DeviceDelivery, value: number | null, floor = Number.NEGATIVE_INFINITY) => (value === null ? {} : { [name]: Math.max(floor, value) });
  return {
    tank,
    startedAt: startedAt.toISOString(),
    endedAt: endedAt.toISOString(),
    startVolumeL: d.startVolumeL,
    endVolumeL: d.endVolumeL,
    ...optional('startTcVolumeL', d.startTcVolumeL, 0),
    ...optional('endTcVolumeL', d.endTcVolumeL, 0),
    ...optional('startHeightMm', d.startHeightMm, 0),
    ...optional('endHeightMm', d.endHeightMm, 0),
    // Consoles print a dry tank's water as a small negative number (atg-protocol.md §2).
    ...optional('startWaterHeightMm', d.startWaterHeightMm, 0),
    ...optional('endWaterHeightMm', d.endWaterHeightMm, 0),
    ...optional('startTemperatureC', d.startTemperatureC),
    ...optional('endTemperatureC', d.endTemperatureC),
  };
}

/** A console numbers tanks 1…99; the station may call them "1" or "01". */
function matchTank(tanks: ReadonlyMap<string, unknown>, tank: number | string): string | null {
  const number = String(Number(tank));
  for (const code of [number, number.padStart(2, '0')]) if (tanks.has(code)) return code;
  return null;
}

function deviceAlarmOf(a: ConsoleAlarm, tanks: ReadonlyMap<string, unknown>, ts: string, state: 'active' | 'cleared') {
  return a.kind === 'level'
    ? { kind: 'level' as const, tank: matchTank(tanks, a.device) ?? a.device, code: a.code, ts, state }
    : { kind: 'leak' as const, sensorNo: a.device, code: a.code, ts, state };
}

export type { AtgUnits };
