import { consoleAlarmToUllage, liquidStatusToLeakCode, tankAlarmToLevelCode, sensorAlarmToLeakCode } from '@ullage/domain/atg/alarm-map';
import { AtgParseError, parseActiveAlarms, parseAlarmHistory, parseDeliveries, parseInventory, parseLiquidSensors, parseTankStatus, parseUnits, type Delivery } from '@ullage/domain/atg/computer-format';
import { parseDisplayAlarms, parseDisplayDeliveries, parseDisplayInventory, parseDisplaySensors, parseDisplayTankStatus, parseDisplayTime } from '@ullage/domain/atg/display-format';
import type { ConsoleTime } from '@ullage/domain/atg/time';
import { toCelsius, toLitres, toMillimetres, type ConsoleUnits } from '@ullage/domain/atg/units';
import type { AtgConnection} from './connection';
import { AtgError, type AtgReply } from './connection';

export type AtgUnits = ConsoleUnits;

/** A tank as the console reported it, in SI; null where the console had no value (`?`). */
export interface ConsoleTank {
  tank: number;
  product: string | null;
  volumeL: number | null;
  tcVolumeL: number | null;
  productHeightMm: number | null;
  waterHeightMm: number | null;
  temperatureC: number | null;
  /** Null in display format, whose report has no water volume: unknown, not 0. */
  waterVolumeL: number | null;
  /** The room left in the tank, as the console computes it from its own tank chart. */
  ullageL: number | null;
}

/** A console alarm in Ullage's terms: a level alarm of a tank or a leak alarm of a sensor. */
export interface ConsoleAlarm {
  kind: 'level' | 'leak';
  /** The tank number, or the sensor's name at the station (see sensorName). */
  device: string;
  code: number;
}

export interface ConsoleSensor {
  sensor: string;
  state: 'normal' | 'alarm' | 'fault';
  code: number | null;
}

/** A delivery the console measured, in SI, times still the console's local wall time. */
export interface ConsoleDelivery {
  tank: number;
  start: ConsoleTime;
  end: ConsoleTime;
  startVolumeL: number;
  endVolumeL: number;
  startTcVolumeL: number | null;
  endTcVolumeL: number | null;
  startHeightMm: number | null;
  endHeightMm: number | null;
  startWaterHeightMm: number | null;
  endWaterHeightMm: number | null;
  startTemperatureC: number | null;
  endTemperatureC: number | null;
}

export interface ConsoleHistoryEvent extends ConsoleAlarm {
  state: 'occurred' | 'cleared';
  time: ConsoleTime;
}

/**
 * Sensors are numbered per category: liquid sensors (the ones i30100 reports) keep their
 * number, the others get a letter so that vapour sensor 1 is not liquid sensor 1.
 */
const SENSOR_PREFIX: Readonly<Record<number, string>> = { 3: '', 4: 'V', 7: 'G', 8: 'A', 12: 'B', 13: 'U' };
export const sensorName = (category: number, sensor: number) => `${SENSOR_PREFIX[category] ?? `C${category}-`}${sensor}`;

const lines = (reply: AtgReply) => (reply.kind === 'display' ? reply.lines : []);

/**
 * A command the console answered 9999FF1B is not asked again on the same connection for this
 * long (a console does not learn commands while it runs); a new connection asks again, as it
 * may be another console or a reconfigured gateway.
 */
export const UNSUPPORTED_FORGET_MS = 60 * 60_000;

const isUnsupported = (error: unknown): error is AtgError => error instanceof AtgError && error.failure === 'unsupported';

/** `command`'s answer, or null when the console does not know the command (9999FF1B). */
async function unlessUnsupported<T>(command: () => Promise<T>): Promise<T | null> {
  try {
    return await command();
  } catch (error) {
    if (isUnsupported(error)) return null;
    throw error;
  }
}

/** Failures that say the console did not understand or could not frame an answer, as opposed to the link failing. */
const notUnderstood = (error: unknown) => (error instanceof AtgError && (error.failure === 'unsupported' || error.failure === 'malformed' || error.failure === 'checksum')) || error instanceof AtgParseError;

/**
 * What the poller asks a console, and the answers turned into SI and Ullage codes. Computer
 * format first; a console (or gateway) that answers i20100 with 9999FF1B is read in display
 * format from then on. Units come from what the console declares (i51700, the display legend
 * or the delivery report's column headers), else the company's.
 */
export class ConsoleReader {
  format: 'computer' | 'display' | null = null;
  units: AtgUnits | null = null;
  /** Commands answered 9999FF1B on this connection, and when. */
  private readonly unsupported = new Map<string, number>();
  /** Commands the console answered 9999FF1B when last put to it, on whichever connection: what it lacks until it answers one. */
  private readonly lacking = new Set<string>();
  private generation = -1;
  /** The console was asked for its units on this connection (one question, whatever it answered). */
  private unitsAsked = false;

  constructor(
    readonly connection: AtgConnection,
    private readonly fallbackUnits: AtgUnits,
    private readonly now: () => number = Date.now,
  ) {}

  private get u(): AtgUnits {
    return this.units ?? this.fallbackUnits;
  }

  /** Whether `code` was answered 9999FF1B on this connection within UNSUPPORTED_FORGET_MS. */
  knownUnsupported(code: string): boolean {
    this.sync();
    const since = this.unsupported.get(code);
    return since !== undefined && this.now() - since < UNSUPPORTED_FORGET_MS;
  }

  /** Whether the console answered `code` 9999FF1B when last asked (not forgotten on reconnecting, unlike knownUnsupported). */
  lacks(code: string): boolean {
    return this.lacking.has(code);
  }

  /** Connected afresh: what the last connection did not know (or did not say) is asked again. */
  private sync(): void {
    if (this.generation === this.connection.generation) return;
    this.generation = this.connection.generation;
    this.unsupported.clear();
    this.unitsAsked = false;
  }

  /** One command, unless the console already said it does not know it. */
  private async ask(code: string): Promise<AtgReply> {
    if (this.knownUnsupported(code)) throw new AtgError('unsupported', `${code}: the console does not know this command (9999FF1B, not asked again)`, code);
    try {
      const reply = await this.connection.query(code);
      this.lacking.delete(code);
      return reply;
    } catch (error) {
      if (isUnsupported(error)) {
        this.sync();
        this.unsupported.set(code, this.now());
        this.lacking.add(code);
      }
      throw error;
    } finally {
      // The query may have connected afresh.
      this.sync();
    }
  }

  async inventory(): Promise<{ consoleTime: ConsoleTime | null; tanks: ConsoleTank[] }> {
    if (this.format !== 'display') {
      try {
        const reply = await this.ask('i20100');
        if (reply.kind !== 'computer') throw new AtgError('malformed', 'i20100 answered in display format');
        this.format = 'computer';
        if (this.units === null && !this.unitsAsked) {
          // A console without i51700 may still name its units in its delivery report's headers.
          this.units = (await this.askUnits()) ?? (await this.displayUnits());
          this.unitsAsked = true;
        }
        const parsed = parseInventory(reply.data);
        return {
          consoleTime: parsed.time,
          tanks: parsed.tanks.map((t) => ({
            tank: t.tank,
            product: t.product,
            volumeL: toLitres(t.volume, this.u),
            tcVolumeL: toLitres(t.tcVolume, this.u),
            productHeightMm: toMillimetres(t.height, this.u),
            waterHeightMm: toMillimetres(t.water, this.u),
            temperatureC: toCelsius(t.temperature, this.u),
            waterVolumeL: toLitres(t.waterVolume, this.u),
            ullageL: toLitres(t.ullage, this.u),
          })),
        };
      } catch (error) {
        if (!(error instanceof AtgError && error.failure === 'unsupported')) throw error;
        this.format = 'display';
      }
    }
    const reply = await this.ask('I20100');
    const parsed = parseDisplayInventory(lines(reply));
    if (parsed.units) this.units = parsed.units;
    else if (this.units === null && !this.unitsAsked) {
      // The emulator's and [3xx]'s inventory names no units; their delivery report's headers do.
      this.units = await this.displayUnits();
      this.unitsAsked = true;
    }
    return {
      consoleTime: lines(reply).map(parseDisplayTime).find((t) => t !== null) ?? null,
      tanks: parsed.tanks.map((t) => ({
        tank: t.tank,
        product: t.label || null,
        volumeL: toLitres(t.volume, this.u),
        tcVolumeL: toLitres(t.tcVolume, this.u),
        productHeightMm: toMillimetres(t.height, this.u),
        waterHeightMm: toMillimetres(t.water, this.u),
        temperatureC: toCelsius(t.temperature, this.u),
        waterVolumeL: null,
        ullageL: toLitres(t.ullage, this.u),
      })),
    };
  }

  /** i51700; a console without it is read in the company's units. */
  private async askUnits(): Promise<AtgUnits | null> {
    try {
      const reply = await this.ask('i51700');
      return reply.kind === 'computer' ? parseUnits(reply.data).units : null;
    } catch (error) {
      if (notUnderstood(error)) return null;
      throw error;
    }
  }

  /** The units I20200's legend or column headers name; null when it names none. */
  private async displayUnits(): Promise<AtgUnits | null> {
    try {
      return parseDisplayDeliveries(lines(await this.ask('I20200'))).units;
    } catch (error) {
      if (notUnderstood(error)) return null;
      throw error;
    }
  }

  /**
   * The console's active alarms: i10100; a console that does not know it is asked i20500
   * (in-tank status: tank alarms; its liquid sensors come from i30100 all the same), then the
   * display reports (displayAlarms); one that knows none of them has no alarms to report.
   */
  async activeAlarms(): Promise<ConsoleAlarm[]> {
    if (this.format === 'display') return this.displayAlarms();
    const computer = (await unlessUnsupported(() => this.systemStatusAlarms())) ?? (await unlessUnsupported(() => this.tankStatusAlarms()));
    return computer ?? (await unlessUnsupported(() => this.displayAlarms())) ?? [];
  }

  /** i10100: every alarm, tanks' and sensors'. */
  private async systemStatusAlarms(): Promise<ConsoleAlarm[]> {
    const reply = await this.ask('i10100');
    if (reply.kind !== 'computer') return [];
    return parseActiveAlarms(reply.data).alarms.flatMap((a) => {
      const mapped = consoleAlarmToUllage(a);
      if (!mapped) return [];
      return [mapped.kind === 'level' ? { kind: 'level' as const, device: String(mapped.tank), code: mapped.code } : { kind: 'leak' as const, device: sensorName(mapped.category, mapped.sensor), code: mapped.code }];
    });
  }

  /** i20500: the tanks' alarms. */
  private async tankStatusAlarms(): Promise<ConsoleAlarm[]> {
    const reply = await this.ask('i20500');
    if (reply.kind !== 'computer') return [];
    return parseTankStatus(reply.data).tanks.flatMap((t) => levelAlarms(t.tank, t.alarms ?? []));
  }

  /**
   * Display format: I10100 lists every alarm on the manual's consoles. One that does not know
   * it, or prints a report without a list (the emulator's system report), is asked I20500,
   * whose tank rows carry their alarms (issue 34 #12: such a console's alarms were never seen).
   * A console that knows neither report is said to lack I10100, as before.
   */
  private async displayAlarms(): Promise<ConsoleAlarm[]> {
    let lacksSystemStatus: AtgError | null = null;
    try {
      const listed = await this.displaySystemStatusAlarms();
      if (listed) return listed;
    } catch (error) {
      if (!isUnsupported(error)) throw error;
      lacksSystemStatus = error;
    }
    const tankStatus = await unlessUnsupported(() => this.displayTankStatusAlarms());
    if (tankStatus) return tankStatus;
    if (lacksSystemStatus) throw lacksSystemStatus;
    // I10100 answered without a list, and there is no other report to ask: nothing to report.
    return [];
  }

  /** I10100's alarm lines; null when its report has no list (neither `ALL FUNCTIONS NORMAL` nor an alarm line). */
  private async displaySystemStatusAlarms(): Promise<ConsoleAlarm[] | null> {
    const parsed = parseDisplayAlarms(lines(await this.ask('I10100')));
    if (!parsed.allNormal && parsed.alarms.length === 0) return null;
    return parsed.alarms.flatMap((a) => {
      if (a.type === null) return [];
      if (a.prefix === 'T') return levelAlarms(a.device, [a.type]);
      const code = sensorAlarmToLeakCode(a.type);
      return code === null ? [] : [{ kind: 'leak' as const, device: sensorName(a.prefix === 'L' ? 3 : 0, a.device), code }];
    });
  }

  /** I20500: the tanks' alarms, mapped as i20500's are. */
  private async displayTankStatusAlarms(): Promise<ConsoleAlarm[]> {
    const parsed = parseDisplayTankStatus(lines(await this.ask('I20500')));
    return parsed.tanks.flatMap((t) => levelAlarms(t.tank, t.alarms.flatMap((a) => (a.type === null ? [] : [a.type]))));
  }

  async sensors(): Promise<ConsoleSensor[]> {
    try {
      if (this.format === 'display') {
        return parseDisplaySensors(lines(await this.ask('I30100'))).sensors.flatMap((s) => (s.status === null ? [] : [sensorOf(String(s.sensor), s.status)]));
      }
      const reply = await this.ask('i30100');
      if (reply.kind !== 'computer') return [];
      return parseLiquidSensors(reply.data).sensors.flatMap((s) => (s.status === null ? [] : [sensorOf(sensorName(3, s.sensor), s.status)]));
    } catch (error) {
      // A console without liquid sensors (or the feature) may not know the command at all.
      if (error instanceof AtgError && error.failure === 'unsupported') return [];
      throw error;
    }
  }

  /** i11100: when each alarm occurred and cleared, to date the alarms the poller reports. */
  async alarmHistory(): Promise<ConsoleHistoryEvent[]> {
    if (this.format === 'display') return [];
    const reply = await this.ask('i11100');
    if (reply.kind !== 'computer') return [];
    return parseAlarmHistory(reply.data).entries.flatMap((e) => {
      const mapped = consoleAlarmToUllage(e);
      if (!mapped || !e.time) return [];
      const device = mapped.kind === 'level' ? String(mapped.tank) : sensorName(mapped.category, mapped.sensor);
      return [{ kind: mapped.kind, device, code: mapped.code, state: e.state, time: e.time }];
    });
  }

  /**
   * i20200 / I20200: the console's delivery report (its last deliveries per tank). One without
   * a start, an end or both volumes is of no use as a record and is left out.
   */
  async deliveries(): Promise<ConsoleDelivery[]> {
    try {
      if (this.format === 'display') {
        const parsed = parseDisplayDeliveries(lines(await this.ask('I20200')));
        if (parsed.units) this.units = parsed.units;
        return parsed.tanks.flatMap((t) => (t.tank === null ? [] : t.deliveries.flatMap((d) => deliveryOf(t.tank!, d, this.u))));
      }
      const reply = await this.ask('i20200');
      if (reply.kind !== 'computer') return [];
      return parseDeliveries(reply.data).tanks.flatMap((t) => t.deliveries.flatMap((d) => deliveryOf(t.tank, d, this.u)));
    } catch (error) {
      // A console without the delivery report (or a gateway that does not pass it) is polled all the same.
      if (error instanceof AtgError && error.failure === 'unsupported') return [];
      throw error;
    }
  }
}

/** A tank's alarm types (AA=02 list) as Ullage level alarms: one mapping for i20500, I10100's tank lines and I20500. */
function levelAlarms(tank: number, types: readonly number[]): ConsoleAlarm[] {
  return types.flatMap((type) => {
    const code = tankAlarmToLevelCode(type);
    return code === null ? [] : [{ kind: 'level' as const, device: String(tank), code }];
  });
}

/** A console delivery in SI (none when it lacks a start, an end or a volume). */
function deliveryOf(tank: number, d: Delivery, u: AtgUnits): ConsoleDelivery[] {
  const startVolumeL = toLitres(d.startVolume, u);
  const endVolumeL = toLitres(d.endVolume, u);
  if (!d.start || !d.end || startVolumeL === null || endVolumeL === null) return [];
  return [
    {
      tank,
      start: d.start,
      end: d.end,
      startVolumeL,
      endVolumeL,
      startTcVolumeL: toLitres(d.startTcVolume, u),
      endTcVolumeL: toLitres(d.endTcVolume, u),
      startHeightMm: toMillimetres(d.startHeight, u),
      endHeightMm: toMillimetres(d.endHeight, u),
      startWaterHeightMm: toMillimetres(d.startWater, u),
      endWaterHeightMm: toMillimetres(d.endWater, u),
      startTemperatureC: toCelsius(d.startTemperature, u),
      endTemperatureC: toCelsius(d.endTemperature, u),
    },
  ];
}

/** A status with a leak code is an alarm (a sensor out or shorted too: fail safe, as the mapping says); the rest is normal. */
function sensorOf(sensor: string, status: number): ConsoleSensor {
  const code = liquidStatusToLeakCode(status);
  return code === null ? { sensor, state: 'normal', code: null } : { sensor, state: 'alarm', code };
}
