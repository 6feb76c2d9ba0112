/**
 * The CLI's arguments, parsed and checked without side effects: the fleet to start, the help
 * to print, or the refusal to print (with the usage) before exiting with status 2.
 */
import { parseArgs, type ParseArgsConfig } from 'node:util';
import { cylinderStrappingTable } from '@ullage/domain/strapping';
import { parseLeakOption } from './leak-option';
import { parseMeterErrorOption } from './meter-error-option';
import type { Metering, SimStation, SimTank } from './model/types';
import { parseTheftOption } from './theft-option';

export const HELP = `Usage: cli.ts [options]
  --url URL            server root for HTTP push (default http://127.0.0.1:8080)
  --mqtt URL           MQTT broker, e.g. mqtt://127.0.0.1:1883 (implies --transport mqtt)
  --transport T        http | mqtt
  --stations N         number of stations (default 20)
  --tanks N            tanks per station, coded 1..N (default 4)
  --sensors N          leak sensors per station, numbered 1..N (default 1)
  --interval MS        real ms between a station's reports (default 10000)
  --time-scale X       simulated seconds per real second (default 1)
  --start ISO          simulated start time (default now; use a past time with --time-scale > 1)
  --code-prefix P      station codes P001, P002, … (default SIM-)
  --key-prefix P       device keys P<code> (default demo-device-key:)
  --timezone TZ        IANA timezone of the stations (default this machine's)
  --diameter MM        tank diameter = height (default 2500)
  --length MM          tank length (default 8000)
  --seed N             PRNG seed (default 1)
  --no-events          no rare events (faults, jumps, outages, leaks)
  --leak S/T=RATE[@ISO] station S's tank T loses RATE L/h (at 15 °C) from ISO (default: the start);
                       repeatable, e.g. --leak 1/2=0.76@2026-11-01T00:00:00Z (docs/leak-detection.md)
  --sales MODE         metered sales: none (default; the server derives sales from the level),
                       transactions (each fill), or totaliser (a dispenser total per tank)
  --totaliser-every MIN  minutes between totaliser readings, a multiple of 15 (default 15)
  --unit-price X       price per litre: transactions carry unitPrice and amount (default none)
  --meter-error S/T=PCT  station S's tank T's meter reads PCT % over what leaves it; repeatable
  --theft S/T=LITRES@ISO  LITRES drawn off station S's tank T over an hour from ISO, unmetered;
                       repeatable, e.g. --theft 1/3=300@2026-11-12T01:30:00Z
  --help`;

/** What the CLI hands `startFleet` (besides its logger), and the tanks per station it names in its first line. */
export interface CliOptions {
  transport: 'http' | 'mqtt';
  baseUrl: string;
  mqttUrl: string | undefined;
  stations: SimStation[];
  tankCount: number;
  intervalMs: number;
  timeScale: number;
  startMs: number | undefined;
  seed: number;
  events: boolean;
}

export type CliParse =
  | { kind: 'run'; options: CliOptions }
  | { kind: 'help' }
  /** `message` is the whole of what the CLI prints to stderr: the problem, then the usage. */
  | { kind: 'refused'; message: string };

/** What the defaults depend on: this machine's timezone, and the clock (a leak without a time or --start starts now). */
export interface CliEnvironment {
  timezone: string;
  nowMs: number;
}

const OPTIONS = {
  url: { type: 'string', default: 'http://127.0.0.1:8080' },
  mqtt: { type: 'string' },
  transport: { type: 'string' },
  stations: { type: 'string', default: '20' },
  tanks: { type: 'string', default: '4' },
  sensors: { type: 'string', default: '1' },
  interval: { type: 'string', default: '10000' },
  'time-scale': { type: 'string', default: '1' },
  start: { type: 'string' },
  'code-prefix': { type: 'string', default: 'SIM-' },
  'key-prefix': { type: 'string', default: 'demo-device-key:' },
  timezone: { type: 'string' },
  diameter: { type: 'string', default: '2500' },
  length: { type: 'string', default: '8000' },
  seed: { type: 'string', default: '1' },
  'no-events': { type: 'boolean', default: false },
  leak: { type: 'string', multiple: true, default: [] },
  sales: { type: 'string', default: 'none' },
  'totaliser-every': { type: 'string', default: '15' },
  'unit-price': { type: 'string' },
  'meter-error': { type: 'string', multiple: true, default: [] },
  theft: { type: 'string', multiple: true, default: [] },
  help: { type: 'boolean', default: false },
} satisfies ParseArgsConfig['options'];

const parseValues = (argv: string[]) => parseArgs({ args: argv, options: OPTIONS }).values;
type Values = ReturnType<typeof parseValues>;

class Refusal extends Error {}

function refuse(problem: string): never {
  throw new Refusal(problem);
}

/**
 * The checks run in the order the CLI always ran them, so of several problems the same one is
 * named. An unknown option or a missing value throws, as `parseArgs` does.
 */
export function parseCliOptions(argv: string[], env: CliEnvironment = { timezone: Intl.DateTimeFormat().resolvedOptions().timeZone, nowMs: Date.now() }): CliParse {
  const values = parseValues(argv);
  if (values.help) return { kind: 'help' };
  try {
    return { kind: 'run', options: check(values, env) };
  } catch (e) {
    if (e instanceof Refusal) return { kind: 'refused', message: `${e.message}\n\n${HELP}` };
    throw e;
  }
}

function check(values: Values, env: CliEnvironment): CliOptions {
  function num(name: keyof typeof OPTIONS, min: number): number {
    const n = Number(values[name]);
    if (!Number.isFinite(n) || n < min) refuse(`--${name} must be a number ≥ ${min}`);
    return n;
  }

  const transport = values.transport ?? (values.mqtt ? 'mqtt' : 'http');
  if (transport !== 'http' && transport !== 'mqtt') refuse('--transport must be http or mqtt');
  if (transport === 'mqtt' && !values.mqtt) refuse('--transport mqtt needs --mqtt URL');
  const startMs = values.start ? Date.parse(values.start) : undefined;
  if (startMs !== undefined && Number.isNaN(startMs)) refuse('--start must be an ISO time');

  const diameterMm = num('diameter', 100);
  const strapping = cylinderStrappingTable(diameterMm, num('length', 100), 50);
  // Rounded down so the table's last point is never above the rated capacity.
  const capacityL = Math.floor(strapping[strapping.length - 1]!.volumeL);
  const tankCount = num('tanks', 1);
  const stationCount = num('stations', 1);
  /** Each per-tank option parsed, or the CLI stops with why not; and it must name a tank there is. */
  function tankOptions<T extends { station: number; tankCode: string }>(flag: string, texts: string[], parse: (text: string) => T | string): T[] {
    return texts.map((text) => {
      const option = parse(text);
      if (typeof option === 'string') return refuse(option);
      const { station, tankCode } = option;
      if (station > stationCount || !/^\d+$/.test(tankCode) || Number(tankCode) > tankCount || Number(tankCode) < 1)
        return refuse(`--${flag}: there is no tank ${tankCode} at station ${station} (${stationCount} stations of ${tankCount} tanks)`);
      return option;
    });
  }
  const leaks = tankOptions('leak', values.leak, parseLeakOption);
  const meterErrors = tankOptions('meter-error', values['meter-error'], parseMeterErrorOption);
  const thefts = tankOptions('theft', values.theft, parseTheftOption);
  const salesMode = values.sales;
  if (salesMode !== 'none' && salesMode !== 'transactions' && salesMode !== 'totaliser') refuse('--sales must be none, transactions or totaliser');
  if (meterErrors.length > 0 && salesMode === 'none') refuse('--meter-error needs metered sales: --sales transactions or totaliser');
  const totaliserMin = num('totaliser-every', 15);
  if (totaliserMin % 15 !== 0) refuse('--totaliser-every must be a multiple of 15 minutes');
  const unitPrice = values['unit-price'] === undefined ? undefined : Number(values['unit-price']);
  if (unitPrice !== undefined && !(unitPrice > 0)) refuse('--unit-price must be a number above 0');
  const metering: Metering | undefined = salesMode === 'transactions' ? { kind: 'transactions' } : salesMode === 'totaliser' ? { kind: 'totaliser', everyMs: totaliserMin * 60_000 } : undefined;

  const sensorCount = num('sensors', 0);
  const stations: SimStation[] = Array.from({ length: stationCount }, (_, i) => {
    const code = `${values['code-prefix']}${String(i + 1).padStart(3, '0')}`;
    const at = (o: { station: number; tankCode: string }, t: number) => o.station === i + 1 && o.tankCode === String(t + 1);
    return {
      code,
      deviceKey: `${values['key-prefix']}${code}`,
      timezone: values.timezone ?? env.timezone,
      tanks: Array.from({ length: tankCount }, (_, t): SimTank => {
        const leak = leaks.find((l) => at(l, t));
        const meterError = meterErrors.find((m) => at(m, t));
        const theft = thefts.find((x) => at(x, t));
        return {
          code: String(t + 1),
          heightMm: diameterMm,
          capacityL,
          strapping,
          ...(leak ? { leak: { rateLph: leak.rateLph, fromMs: leak.fromMs ?? startMs ?? env.nowMs } } : {}),
          ...(meterError ? { meterErrorPct: meterError.pct } : {}),
          ...(theft ? { theft: { litres: theft.litres, fromMs: theft.fromMs, durationMs: theft.durationMs } } : {}),
          ...(unitPrice === undefined ? {} : { unitPrice }),
        };
      }),
      sensors: Array.from({ length: sensorCount }, (_, s) => ({ sensorNo: String(s + 1), type: 'leak' as const })),
      ...(metering ? { metering } : {}),
    };
  });

  return {
    transport,
    baseUrl: values.url,
    mqttUrl: values.mqtt,
    stations,
    tankCount,
    intervalMs: num('interval', 10),
    timeScale: num('time-scale', 0.001),
    startMs,
    seed: num('seed', 0),
    events: !values['no-events'],
  };
}
