import { makeBatches } from '@ullage/simulator/bench-batches';
import { startServer } from '../e2e/server';
import { createFleet, post, recreateDatabase } from './setup';
const PG_URL = 'postgres://postgres@127.0.0.1:5432/ullage_bench_prof';
await recreateDatabase(PG_URL);
const server = await startServer({ DATABASE_URL: PG_URL, MQTT_PORT: '0', LOG_LEVEL: 'warn' }, { requireWeb: false, nodeArgs: ['--cpu-prof', '--cpu-prof-dir=/tmp/prof'] });
const load = await createFleet(server, 'LOAD-', 100, 10);
const deadline = performance.now() + 15_000;
let reports = 0;
await Promise.all(Array.from({ length: 24 }, async (_, w) => {
  const mine = load.stations.filter((_, i) => i % 24 === w);
  const keys = new Map(mine.map((s) => [s.code, s.key]));
  const gen = makeBatches({ stations: mine, batchSize: 10, startTs: Date.parse('2020-01-01T00:00:00Z'), stepMs: 60_000 });
  while (performance.now() < deadline) { const { stationCode, report } = gen.next().value!; await post(`${server.baseUrl}/api/device/v1/stations/${stationCode}/report`, keys.get(stationCode)!, JSON.stringify(report)); reports++; }
}));
console.log('reports/s', reports / 15);
await server.stop();
