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
const leaks = values.leak.map(parseLeakOption);
const stationCount = num('stations', 1);
for (const leak of leaks) {
  const problem = typeof leak === 'string' ? leak : leak.station > stationCount || !/^\d+$/.test(leak.tankCode) || Number(leak.tankCode) > tankCount || Number(leak.tankCode) < 1 ? `--leak: there is no tank ${leak.tankCode} at station ${leak.station} (${stationCount} stations of ${tankCount} tanks)` : null;
  if (problem) {
    console.error(`${problem}\n\n${HELP}`);
    process.exit(2);
  }
}
const sensorCount = num('sensors', 0);
const stations: SimStation[] = Array.from({ length: stationCount }, (_, i) => {
  const code = `${values['code-prefix']}${String(i + 1).padStart(3, '0')}`;
  return {
    code,
    deviceKey: `${values['key-prefix']}${code}`,
    timezone: values.timezone,
    tanks: Array.from({ length: tankCount }, (_, t) => {
      const leak = leaks.find((l) => typeof l !== 'string' && l.station === i + 1 && l.tankCode === String(t + 1));
      const tank = { code: String(t + 1), heightMm: diameterMm, capacityL, strapping };
      return leak && typeof leak !== 'string' ? { ...tank, leak: { rateLph: leak.rateLph, fromMs: leak.fromMs ?? startMs ?? Date.now() } } : tank;
    }),
    sensors: Array.from({ length: sensorCount }, (_, s) => ({ sensorNo: String(s + 1), type: 'leak' as const })),
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
