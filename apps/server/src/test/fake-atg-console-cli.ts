import { parseArgs } from 'node:util';
import { DEMO_COMPANIES } from '../seed/demo-organisation';
import { startFakeAtgConsole } from './fake-atg-console';
import { demoFakeTanks } from './fake-atg-console-tanks';

/**
 * `npm run fake-atg [-- --port 10001 --tanks 4 --units metric]`: a Veeder-Root TLS console to
 * point the poller at by hand. Its tanks are the demo station NWP-SH01's (codes 1, 2, 3),
 * and its clock is that station's local time.
 */
const { values } = parseArgs({
  options: {
    host: { type: 'string', default: '127.0.0.1' },
    port: { type: 'string', default: '10001' },
    tanks: { type: 'string', default: '3' },
    units: { type: 'string', default: 'metric' },
    'security-code': { type: 'string' },
    'display-only': { type: 'boolean', default: false },
    'time-zone': { type: 'string' },
  },
});

const units = values.units === 'us' ? 'us' : values.units === 'metric' ? 'metric' : fail(`--units must be us or metric, not ${values.units}`);
const count = Number(values.tanks);
if (!Number.isInteger(count) || count < 0 || count > 99) fail('--tanks must be 0–99 (the protocol numbers tanks with 2 digits)');
const station = DEMO_COMPANIES.flatMap((c) => c.stations).find((s) => s.code === 'NWP-SH01')!;
const timeZone = values['time-zone'] ?? station.timezone;
const now = Date.now();
const tanks = demoFakeTanks(count, units);
const first = tanks[0];

const atg = await startFakeAtgConsole({
  host: values.host,
  port: Number(values.port),
  tanks,
  units,
  timeZone,
  stationName: station.name.toUpperCase(),
  ...(values['security-code'] ? { securityCode: values['security-code'] } : {}),
  displayOnly: values['display-only'],
  onCommand: (command) => console.log(`${new Date().toISOString()} ${command}`),
  // One delivery to tank 1 that ended two hours ago, so i20200 has something to say.
  deliveries: first
    ? [
        {
          tank: 1,
          start: new Date(now - 2.5 * 3_600_000),
          end: new Date(now - 2 * 3_600_000),
          startVolume: Math.round(first.volume * 0.4),
          startTcVolume: Math.round(first.tcVolume * 0.4),
          startWater: first.water,
          startTemperature: first.temperature,
          endVolume: first.volume,
          endTcVolume: first.tcVolume,
          endWater: first.water,
          endTemperature: first.temperature,
          startHeight: Math.round(first.height * 0.45),
          endHeight: first.height,
        },
      ]
    : [],
});

console.log(`Fake Veeder-Root TLS console listening on ${atg.host}:${atg.port} (${units} units, clock in ${timeZone}${values['security-code'] ? ', security code on' : ''}${values['display-only'] ? ', display format only' : ''})`);
for (const t of tanks) console.log(`  tank ${t.tank}  ${t.label.padEnd(20)} volume ${t.volume}  height ${t.height}  water ${t.water}  temperature ${t.temperature}`);
console.log(`Try: printf '\\001i20100' | nc -q 2 ${atg.host} ${atg.port}   (or I20100 for the display report)`);
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => void atg.close().then(() => process.exit(0)));

function fail(message: string): never {
  console.error(message);
  process.exit(2);
}
