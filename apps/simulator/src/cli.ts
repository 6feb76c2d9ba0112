/**
 * Runs a simulated fleet against a server:
 *
 *   node --import tsx apps/simulator/src/cli.ts --url http://127.0.0.1:8080 --stations 20 --tanks 4 --interval 5000
 *
 * Station i (from 1) has code `<code-prefix><i as 3 digits>` (SIM-001, …) and device key
 * `<key-prefix><code>` (demo-device-key:SIM-001, …). Those stations must exist on the server
 * with those codes and device keys, and tanks coded 1..N; see docs/simulator.md.
 */
import { HELP, parseCliOptions } from './cli-options';

const parsed = parseCliOptions(process.argv.slice(2));
if (parsed.kind === 'help') {
  console.log(HELP);
  process.exit(0);
}
if (parsed.kind === 'refused') {
  console.error(parsed.message);
  process.exit(2);
}
const { tankCount, ...options } = parsed.options;
const { stations, transport } = options;
// Loaded once the options are good: a refusal need not load the transports (MQTT's client alone takes a second).
const { startFleet } = await import('./fleet');

const fleet = startFleet({ ...options, logger: (msg) => console.log(`${new Date().toISOString()} ${msg}`) });
console.log(`Simulating ${stations.length} station(s) × ${tankCount} tank(s) over ${transport === 'http' ? options.baseUrl : options.mqttUrl}; Ctrl-C to stop.`);

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
