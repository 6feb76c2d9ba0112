/**
 * Runs a simulated fleet against a server:
 *
 *   node --import tsx apps/simulator/src/cli.ts --url http://127.0.0.1:8080 --stations 20 --tanks 4 --interval 5000
 *
 * Station i (from 1) has code `<code-prefix><i as 3 digits>` (SIM-001, …) and device key
 * `<key-prefix><code>` (demo-device-key:SIM-001, …). Those stations must exist on the server
 * with those codes and device keys, and tanks coded 1..N; see docs/simulator.md.
 */
import { parseArgs } from 'node:util';
import { cylinderStrappingTable } from '@ullage/domain/strapping';
import { startFleet, type SimStation } from './fleet';
import { parseLeakOption } from './leak-option';
import { parseMeterErrorOption } from './meter-error-option';
import type { Metering, SimTank } from './model/types';
import { parseTheftOption } from './theft-option';

const HELP = `Usage: cli.ts [options]
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

const { values } = parseArgs({
  options: {
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
    timezone: { type: 'string', default: Intl.DateTimeFormat().resolvedOptions().timeZone },
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
  },
});

if (values.help) {
  console.log(HELP);
  process.exit(0);
}

function num(name: keyof typeof values, min: number): number {
  const n = Number(values[name]);
  if (!Number.isFinite(n) || n < min) {
    console.error(`--${name} must be a number ≥ ${min}\n\n${HELP}`);
    process.exit(2);
  }
  return n;
}

const transport = values.transport ?? (values.mqtt ? 'mqtt' : 'http');
if (transport !== 'http' && transport !== 'mqtt') {
  console.error(`--transport must be http or mqtt\n\n${HELP}`);
  process.exit(2);
}
if (transport === 'mqtt' && !values.mqtt) {
  console.error(`--transport mqtt needs --mqtt URL\n\n${HELP}`);
  process.exit(2);
}
const startMs = values.start ? Date.parse(values.start) : undefined;
if (startMs !== undefined && Number.isNaN(startMs)) {
  console.error(`--start must be an ISO time\n\n${HELP}`);
  process.exit(2);
}

const diameterMm = num('diameter', 100);
const strapping = cylinderStrappingTable(diameterMm, num('length', 100), 50);
// Rounded down so the table's last point is never above the rated capacity.
const capacityL = Math.floor(strapping[strapping.length - 1]!.volumeL);
const tankCount = num('tanks', 1);
const stationCount = num('stations', 1);
const refuse = (problem: string): never => {
  console.error(`${problem}\n\n${HELP}`);
  process.exit(2);
};
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
    timezone: values.timezone,
    tanks: Array.from({ length: tankCount }, (_, t): SimTank => {
      const leak = leaks.find((l) => at(l, t));
      const meterError = meterErrors.find((m) => at(m, t));
      const theft = thefts.find((x) => at(x, t));
      return {
        code: String(t + 1),
        heightMm: diameterMm,
        capacityL,
        strapping,
        ...(leak ? { leak: { rateLph: leak.rateLph, fromMs: leak.fromMs ?? startMs ?? Date.now() } } : {}),
        ...(meterError ? { meterErrorPct: meterError.pct } : {}),
        ...(theft ? { theft: { litres: theft.litres, fromMs: theft.fromMs, durationMs: theft.durationMs } } : {}),
        ...(unitPrice === undefined ? {} : { unitPrice }),
      };
    }),
    sensors: Array.from({ length: sensorCount }, (_, s) => ({ sensorNo: String(s + 1), type: 'leak' as const })),
    ...(metering ? { metering } : {}),
  };
});

const fleet = startFleet({
  transport,
  baseUrl: values.url,
  mqttUrl: values.mqtt,
  stations,
  intervalMs: num('interval', 10),
  timeScale: num('time-scale', 0.001),
  startMs,
  seed: num('seed', 0),
  events: !values['no-events'],
  logger: (msg) => console.log(`${new Date().toISOString()} ${msg}`),
});
console.log(`Simulating ${stations.length} station(s) × ${tankCount} tank(s) over ${transport === 'http' ? values.url : values.mqtt}; Ctrl-C to stop.`);

const printStats = () => console.log(JSON.stringify(fleet.stats()));
const statsTimer = setInterval(printStats, 60_000);
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    clearInterval(statsTimer);
    void fleet.stop().then(() => {
      printStats();
      process.exit(0);
    });
  });
}
