/**
 * Device reports for bench/ingest.ts, shaped as collectors send them: by default one report is
 * one station's reading of every tank at one minute (10 tanks → 10 readings), and each report
 * moves its station's clock on by a minute. The levels are made to exercise the rules:
 *
 * - "alarm" tanks go to and fro across one of the level thresholds the fleet's tanks carry
 *   (low alarm 200, low warning 300, high warning 1800, high alarm 1900 mm) every 12 minutes: a
 *   slow leg of 3 mm a minute (45 L, below the delivery detector's 50 L step) and a quick one of
 *   15 mm, 30 mm in all, so each pass opens the threshold's alarm and the way back (past 1 % of
 *   the 2,000 mm tank, 20 mm) ends it;
 * - "delivery" tanks sell 300 mm over 35 minutes, down below the low warning (300 mm), then take
 *   a tanker: 60 mm (900 L) a minute for 5 minutes, 4,500 L, which ends the low warning and which
 *   the server detects as a delivery, closed 10 minutes after the last rise; the first tanker
 *   comes in each tank's first 1–4 minutes, so a short run sees them open;
 * - the others drift 1 mm a minute between 600 and 1,400 mm and raise nothing;
 * - a share of stations send a leak sensor going into alarm and back, and a device-reported
 *   level alarm (code 51, battery low) going active and cleared.
 *
 * No PRNG: everything follows from (station, tank, minute), so every path of a run (product,
 * minimal endpoint, batched insert) can be given the same reports.
 */
import type { DeviceReading } from '@ullage/contracts/device';

export interface ReportStation {
  code: string;
  key: string;
  /** Position in the fleet: the tank kinds and phases follow from it. */
  index: number;
  tanks: readonly { code: string }[];
}

export interface ReportPlan {
  readingsPerReport: number;
  /** The minute of every station's first reading (ms since epoch). */
  startTs: number;
  alarmShare: number;
  deliveryShare: number;
  /** Share of stations whose reports carry sensor states and device alarms. */
  deviceItemShare: number;
  /** Sensors in every report besides, all normal, as a console reports each of its sensors every poll. */
  quietSensors?: number;
}

export interface DeviceReport {
  station: ReportStation;
  readings: DeviceReading[];
  sensors?: { sensorNo: string; type: 'leak'; ts: string; state: 'alarm' | 'normal' }[];
  alarms?: { kind: 'level'; tank: string; code: number; ts: string; state: 'active' | 'cleared' }[];
}

const MINUTE = 60_000;

/** A well-mixed number in [0, 1) from two integers. */
function unit(a: number, b: number): number {
  let h = Math.imul(a ^ 0x9e3779b9, 0x85ebca6b) ^ Math.imul(b + 0x632be5ab, 0xc2b2ae35);
  h ^= h >>> 15;
  h = Math.imul(h, 0x2c1b3c6d);
  h ^= h >>> 12;
  return (h >>> 0) / 2 ** 32;
}

export type TankKind = 'alarm' | 'delivery' | 'plain';

export function tankKind(plan: ReportPlan, station: number, tank: number): TankKind {
  const u = unit(station, tank);
  return u < plan.alarmShare ? 'alarm' : u < plan.alarmShare + plan.deliveryShare ? 'delivery' : 'plain';
}

const BANDS = [200, 300, 1800, 1900] as const;

/** Product height (mm) of a tank at a minute. */
export function levelMm(kind: TankKind, station: number, tank: number, minute: number): number {
  const phase = Math.floor(unit(tank, station) * 1600);
  const m = minute + phase;
  if (kind === 'alarm') {
    const centre = BANDS[(station + tank) % BANDS.length]!;
    const x = m % 12;
    // A low threshold: from 25 mm above it down to 5 mm below in 2 minutes (opens), back up 3 mm a
    // minute (ends at 20 mm above). A high one the other way round: slow up, quick down.
    if (centre < 1000) return x <= 2 ? centre + 25 - 15 * x : centre - 5 + 3 * (x - 2);
    return x < 10 ? centre - 25 + 3 * x : centre + 5 - 15 * (x - 10);
  }
  if (kind === 'delivery') {
    // Each delivery tank's first tanker comes within its first few minutes (a run gives a station only a few reports).
    const x = (minute + 38 + (phase % 4)) % 40;
    return Math.round((x <= 5 ? 285 + 60 * x : 585 - (300 / 35) * (x - 5)) * 10) / 10;
  }
  const x = m % 1600;
  return x < 800 ? 1400 - x : 600 + (x - 800);
}

/**
 * Endless reports round-robin over `stations`. Each station walks its tanks minute by minute;
 * a report takes the station's next `readingsPerReport` readings (all its tanks at the next
 * minute by default), so no (tank, ts) repeats.
 */
export function* deviceReports(stations: readonly ReportStation[], plan: ReportPlan): Generator<DeviceReport> {
  if (stations.length === 0) throw new RangeError('no stations');
  const cursors = stations.map(() => ({ i: 0, reports: 0 }));
  const isoCache = new Map<number, string>();
  const iso = (minute: number) => {
    let s = isoCache.get(minute);
    if (s === undefined) {
      if (isoCache.size > 100_000) isoCache.clear();
      s = new Date(plan.startTs + minute * MINUTE).toISOString();
      isoCache.set(minute, s);
    }
    return s;
  };
  for (let k = 0; ; k++) {
    const s = k % stations.length;
    const station = stations[s]!;
    const cur = cursors[s]!;
    const n = station.tanks.length;
    const readings: DeviceReading[] = new Array(plan.readingsPerReport);
    for (let r = 0; r < plan.readingsPerReport; r++, cur.i++) {
      const minute = Math.floor(cur.i / n);
      const t = cur.i % n;
      const kind = tankKind(plan, station.index, t);
      readings[r] = {
        tank: station.tanks[t]!.code,
        ts: iso(minute),
        type: 'interval',
        productHeightMm: levelMm(kind, station.index, t, minute),
        waterHeightMm: 5 + (t % 5),
        temperatureC: 15 + ((minute + t) % 100) / 100,
      };
    }
    const report: DeviceReport = { station, readings };
    const nth = cur.reports++;
    if (unit(station.index, -1) < plan.deviceItemShare) {
      const ts = readings[0]!.ts;
      // Even reports: the leak sensor, alternately into alarm and back; odd ones: a device alarm, alternately on and off.
      if (nth % 2 === 0) report.sensors = [{ sensorNo: 'S1', type: 'leak', ts, state: nth % 4 === 0 ? 'alarm' : 'normal' }];
      else report.alarms = [{ kind: 'level', tank: station.tanks[0]!.code, code: 51, ts, state: nth % 4 === 1 ? 'active' : 'cleared' }];
    }
    if (plan.quietSensors) {
      const ts = readings[0]!.ts;
      const quiet = Array.from({ length: plan.quietSensors }, (_, k) => ({ sensorNo: `Q${k + 1}`, type: 'leak' as const, ts, state: 'normal' as const }));
      report.sensors = [...(report.sensors ?? []), ...quiet];
    }
    yield report;
  }
}

/** The report's JSON as a device sends it. */
export function bodyOf(report: DeviceReport): string {
  const { readings, sensors, alarms } = report;
  return JSON.stringify(sensors || alarms ? { readings, ...(sensors ? { sensors } : {}), ...(alarms ? { alarms } : {}) } : { readings });
}
