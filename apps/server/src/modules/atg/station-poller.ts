import type { FastifyBaseLogger } from 'fastify';
import type { DeviceDelivery, DeviceReport } from '@ullage/contracts/device';
import type { AtgStatus } from '@ullage/contracts/atg';
import { MAX_REPLY_BYTES } from '@ullage/domain/atg/frame';
import { implausibleValue } from '@ullage/domain/atg/plausibility';
import { zonedTimeToUtc } from '@ullage/domain/zoned-time';
import type { MessageKey } from '../../i18n/en';
import { translator, type Translate } from '../../i18n/translate';
import type { IngestTank } from '../ingest/device-stations';
import type { Ingest } from '../ingest/ingest';
import { AtgConnection, AtgError, type AtgFailure, type AtgTimeouts } from './connection';
import { ConsoleReader, type AtgUnits, type ConsoleAlarm, type ConsoleDelivery, type ConsoleTank } from './console-reader';
import type { AtgStationConfig } from './repo';

/**
 * After a failure the next try waits 5 s, then twice as long each time, but never longer than
 * the poll interval: a console that comes back is polled again within one interval (issue 20
 * #7: a 5-minute cap left a returned console unread for minutes).
 */
const RETRY_FIRST_MS = 5_000;
/** Alarms and sensors every second poll, deliveries and alarm history every tenth. */
const ALARM_EVERY = 2;
const HISTORY_EVERY = 10;

export function retryDelayMs(failures: number, pollMs: number): number {
  return Math.min(RETRY_FIRST_MS * 2 ** Math.max(0, failures - 1), Math.max(RETRY_FIRST_MS, pollMs));
}

/** After these the console cannot be asked anything more this round: the link is gone. */
const LINK_FAILURES: ReadonlySet<AtgFailure> = new Set(['refused', 'unreachable', 'timeout', 'closed', 'oversize']);

/** Why a command failed, kept as a message key and its detail so each reader sees it in their language. */
export interface AtgProblem {
  failure: AtgFailure;
  detail: string;
  /** The function code that failed; null when the connection did. */
  command: string | null;
}

export function problemOf(error: unknown): AtgProblem {
  return {
    failure: error instanceof AtgError ? error.failure : 'malformed',
    detail: error instanceof Error ? error.message : String(error),
    command: error instanceof AtgError ? error.command : null,
  };
}

/** The localised message of a failure, its technical detail (command, timings) after it. */
export function problemText(t: Translate, problem: AtgProblem): string {
  return `${t(`atg.error.${problem.failure}` as MessageKey, { limit: MAX_REPLY_BYTES })} (${problem.detail})`;
}

/** Values of a tank that do not fit it, read in the units the console was taken to use. */
interface UnitsWarning {
  tank: string;
  field: string;
  value: number;
  units: AtgUnits;
}

const en = translator('en');

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
  private lastProblem: AtgProblem | null = null;
  private warning: UnitsWarning | null = null;
  private standby = false;
  /**
   * Commands whose 9999FF1B is in the log. A console does not learn commands, so saying it on
   * every round that asks (every second poll for I10100) was noise (issue 34 #13): it is said
   * once, and again only if the console has answered the command since. A reconnection alone
   * does not repeat it: the reader asks again then, but the console still lacks the command.
   */
  private readonly unsupportedLogged = new Set<string>();

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

  /** The station form's view, its messages in the reader's language (`t`). */
  status(t: Translate = en): AtgStatus {
    return {
      enabled: true,
      connected: this.connection.connected && this.failures === 0,
      lastReplyAt: this.lastReplyAt?.toISOString() ?? null,
      lastPollAt: this.lastPollAt?.toISOString() ?? null,
      lastError: this.lastProblem && problemText(t, this.lastProblem),
      warning: this.warning && t('atg.warning.implausible', { tank: this.warning.tank, field: t(`atg.field.${this.warning.field}` as MessageKey), value: round(this.warning.value), units: t(`atg.units.${this.warning.units}` as MessageKey) }),
      format: this.reader.format,
      units: this.reader.units,
      pollSeconds: this.config.pollSeconds,
      standby: this.standby,
    };
  }

  /** When the next round starts: a poll interval after an answer, sooner while the console is silent. */
  nextDelayMs(): number {
    const pollMs = this.config.pollSeconds * 1000;
    return this.failures === 0 ? pollMs : retryDelayMs(this.failures, pollMs);
  }

  private schedule(ms: number): void {
    if (this.stopped) return;
    this.timer = setTimeout(() => {
      void this.pollOnce().then(() => this.schedule(this.nextDelayMs()));
    }, ms);
    this.timer.unref();
  }

  /**
   * One round: inventory always; alarms, sensors, history and deliveries when their turn comes.
   * Each command stands alone: one the console fails is reported, and what the others read is
   * stored all the same (issue 20 #6). Once the link itself fails, the round stops asking.
   * Answers whether every command was answered; what was read is stored either way.
   */
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
      const problems: AtgProblem[] = [];
      let answered = false;
      let linkDown = false;
      const attempt = async <T>(command: () => Promise<T>): Promise<T | undefined> => {
        if (linkDown) return undefined;
        try {
          const result = await command();
          answered = true;
          return result;
        } catch (error) {
          const problem = problemOf(error);
          problems.push(problem);
          if (LINK_FAILURES.has(problem.failure)) linkDown = true;
          return undefined;
        }
      };

      const inventory = await attempt(() => this.reader.inventory());
      if (inventory) {
        this.checkPlausible(inventory.tanks, station.tanks);
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
            ...(t.ullageL === null ? {} : { ullageL: Math.max(0, t.ullageL) }),
          });
        }
      }

      if (options.everything || round % HISTORY_EVERY === 0) {
        await attempt(() => this.readHistory(station.timezone));
        // The console keeps its last deliveries; resending them updates the same records.
        for (const d of (await attempt(() => this.reader.deliveries())) ?? []) {
          const delivery = deviceDeliveryOf(d, station.tanks, station.timezone, now);
          if (delivery) report.deliveries.push(delivery);
        }
      }
      if (options.everything || round % ALARM_EVERY === 0) {
        for (const s of (await attempt(() => this.reader.sensors())) ?? []) {
          report.sensors.push({ sensorNo: s.sensor, type: 'leak', ts, state: s.state, ...(s.code === null ? {} : { code: s.code }) });
        }
        const alarms = await attempt(() => this.reader.activeAlarms());
        // Alarms the console did not report are not taken as cleared: they wait for its answer.
        if (alarms) {
          const current = new Map(alarms.map((a) => [alarmKey(a), a]));
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
      }

      this.forgetAnsweredCommands();
      for (const problem of problems) {
        if (this.worthLogging(problem)) this.deps.logger.warn({ station: this.config.code, err: problem.detail, failures: this.failures + (answered ? 0 : 1) }, 'ATG console command failed');
      }
      this.lastProblem = problems[0] ?? null;
      if (!answered) {
        this.failures++;
        return false;
      }
      this.lastReplyAt = this.deps.clock();
      const result = await this.deps.ingest.reportFor(station, report, 'en', 'atg');
      if (result.refused.length > 0) this.deps.logger.warn({ station: this.config.code, refused: result.refused.slice(0, 5) }, 'ATG console: some values refused');
      if (this.failures > 0) this.deps.logger.info({ station: this.config.code }, 'ATG console answers again');
      this.failures = 0;
      return problems.length === 0;
    } catch (error) {
      this.failures++;
      const problem = problemOf(error);
      if (problem.detail !== this.lastProblem?.detail) this.deps.logger.warn({ station: this.config.code, err: problem.detail, failures: this.failures }, 'ATG console poll failed');
      this.lastProblem = problem;
      return false;
    }
  }

  /** Run every round, so that a command answered in one round and unknown in a later one is logged again. */
  private forgetAnsweredCommands(): void {
    for (const code of this.unsupportedLogged) if (!this.reader.lacks(code)) this.unsupportedLogged.delete(code);
  }

  /**
   * Whether to log a command's failure: an unknown command once (noted in unsupportedLogged
   * here), any other failure unless it repeats the last round's first one.
   */
  private worthLogging(problem: AtgProblem): boolean {
    if (problem.failure !== 'unsupported' || problem.command === null) return problem.detail !== this.lastProblem?.detail;
    if (this.unsupportedLogged.has(problem.command)) return false;
    this.unsupportedLogged.add(problem.command);
    return true;
  }

  /**
   * Values that cannot be right for their tank usually mean the console's units were taken
   * wrongly (a console that does not declare them is read in the company's): said in the status
   * and the log, once per change, and the values are stored all the same.
   */
  private checkPlausible(tanks: readonly ConsoleTank[], stationTanks: ReadonlyMap<string, IngestTank>): void {
    let found: UnitsWarning | null = null;
    for (const t of tanks) {
      const code = matchTank(stationTanks, t.tank);
      const tank = code ? stationTanks.get(code) : undefined;
      const wrong = tank ? implausibleValue(t, tank.geometry) : null;
      if (code && wrong) {
        found = { tank: code, ...wrong, units: this.reader.units ?? this.config.fallbackUnits };
        break;
      }
    }
    if (found && (found.tank !== this.warning?.tank || found.field !== this.warning.field)) {
      this.deps.logger.warn({ station: this.config.code, ...found, declared: this.reader.units !== null }, 'ATG console: values implausible for the units they were read in');
    }
    this.warning = found;
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

function round(value: number): number {
  return Math.round(value * 100) / 100;
}

export type { AtgUnits };
