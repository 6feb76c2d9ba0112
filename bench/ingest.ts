/**
 * Ingest budget of DESIGN.md §8: tank readings per second through the public device path
 * (HTTP push and MQTT) on PostgreSQL, and — in the same run, on the same table — a raw
 * batched insert of the same rows, with the ratio between them. Then the HTTP rate on the
 * embedded database.
 *
 *   node --import tsx bench/ingest.ts [--seconds 20] [--stations 50] [--tanks 10] [--batch 1000] [--concurrency 6]
 *
 * PostgreSQL: BENCH_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/ullage_bench;
 * the database is dropped and created). The server runs as `npm start` runs it, in its own
 * process; batches come from the simulator's load generator (apps/simulator/src/bench-batches.ts).
 */
import { parseArgs } from 'node:util';
import mqtt from 'mqtt';
import pg from 'pg';
import { mqttReportTopic } from '@ullage/contracts/device';
import { makeBatches } from '@ullage/simulator/bench-batches';
import { pgArray } from '../apps/server/src/lib/raw-sql';
import { startServer, type RunningServer } from '../e2e/server';
import { createFleet, fmt, freePort, post, rate, recreateDatabase, type Fleet } from './setup';

const { values: args } = parseArgs({
  options: {
    seconds: { type: 'string', default: '20' },
    stations: { type: 'string', default: '50' },
    tanks: { type: 'string', default: '10' },
    batch: { type: 'string', default: '1000' },
    concurrency: { type: 'string', default: '6' },
    'skip-embedded': { type: 'boolean', default: false },
    /** Profiling one path: `--only http` or `--only mqtt` skips the others (and the ratio). */
    only: { type: 'string' },
  },
});
const SECONDS = Number(args.seconds);
const STATIONS = Number(args.stations);
const TANKS = Number(args.tanks);
const BATCH = Number(args.batch);
const CONCURRENCY = Number(args.concurrency);
const PG_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/ullage_bench';

/** Runs `worker` on `concurrency` loops for SECONDS; answers readings stored and the time taken. */
async function drive(concurrency: number, worker: (i: number) => Promise<number>): Promise<{ readings: number; ms: number }> {
  const started = performance.now();
  const deadline = started + SECONDS * 1000;
  let readings = 0;
  const ticker = process.env.BENCH_TRACE ? setInterval(() => console.log(`    ${Math.round(performance.now() - started)} ms: ${readings}`), 1000) : undefined;
  await Promise.all(
    Array.from({ length: concurrency }, async (_, i) => {
      while (performance.now() < deadline) {
        // Not `readings += await …`: that reads the total before the await and loses the other loops' counts.
        const stored = await worker(i);
        readings += stored;
      }
    }),
  );
  clearInterval(ticker);
  return { readings, ms: performance.now() - started };
}

/** One generator per worker over its own stations, so no two workers write one station at once. */
function batchesFor(fleet: Fleet, worker: number, workers: number, startTs: number) {
  const mine = fleet.stations.filter((_, i) => i % workers === worker);
  const keys = new Map(mine.map((s) => [s.code, s.key]));
  return { keys, gen: makeBatches({ stations: mine, batchSize: BATCH, startTs, stepMs: 1000 }) };
}

async function benchHttp(server: RunningServer, fleet: Fleet, startTs: number) {
  const gens = Array.from({ length: CONCURRENCY }, (_, w) => batchesFor(fleet, w, CONCURRENCY, startTs));
  return drive(CONCURRENCY, async (w) => {
    const { gen, keys } = gens[w]!;
    const { stationCode, report } = gen.next().value!;
    const text = await post(`${server.baseUrl}/api/device/v1/stations/${stationCode}/report`, keys.get(stationCode)!, JSON.stringify(report));
    const body = JSON.parse(text) as { code: number; msg: string; data: { accepted: number; refused: unknown[] } };
    if (body.code !== 1000 || body.data.refused.length > 0) throw new Error(`ingest refused: ${text.slice(0, 300)}`);
    return body.data.accepted;
  });
}

async function benchMqtt(port: number, fleet: Fleet, startTs: number) {
  const gens = Array.from({ length: CONCURRENCY }, (_, w) => batchesFor(fleet, w, CONCURRENCY, startTs));
  // One connection per station, as devices connect; QoS 1, so each publish waits for the commit.
  const clients = new Map<string, mqtt.MqttClient>();
  for (const s of fleet.stations) clients.set(s.code, await mqtt.connectAsync(`mqtt://127.0.0.1:${port}`, { username: s.code, password: s.key, reconnectPeriod: 0 }));
  const result = await drive(CONCURRENCY, async (w) => {
    const { stationCode, report } = gens[w]!.gen.next().value!;
    await clients.get(stationCode)!.publishAsync(mqttReportTopic(stationCode), JSON.stringify(report), { qos: 1 });
    return report.readings.length;
  });
  await Promise.all([...clients.values()].map((c) => c.endAsync()));
  return result;
}

let rawQueryMs = 0;
/** The same rows straight into tank_readings with unnest, same batch size and concurrency. */
async function benchRaw(pool: pg.Pool, fleet: Fleet, startTs: number) {
  const { rows: tankRows } = await pool.query<{ id: number; station_id: number; station: string; code: string }>(
    `select t.id, t.station_id, s.code as station, t.code from tanks t join stations s on s.id = t.station_id where s.code like 'RAW-%'`,
  );
  const tankIds = new Map(tankRows.map((r) => [`${r.station}/${r.code}`, r]));
  const gens = Array.from({ length: CONCURRENCY }, (_, w) => batchesFor(fleet, w, CONCURRENCY, startTs));
  return drive(CONCURRENCY, async (w) => {
    const { stationCode, report } = gens[w]!.gen.next().value!;
    const cols: unknown[][] = Array.from({ length: 10 }, () => []);
    for (const r of report.readings) {
      const tank = tankIds.get(`${stationCode}/${r.tank}`)!;
      const volume = r.productHeightMm * 15;
      [tank.id, r.ts, tank.station_id, 4, r.productHeightMm, r.waterHeightMm, r.temperatureC, volume, volume, r.waterHeightMm * 15].forEach((v, i) => cols[i]!.push(v));
    }
    const q0 = performance.now();
    const res = await pool.query(
      `insert into tank_readings (tank_id, ts, station_id, type, product_height_mm, water_height_mm, temperature_c, volume_l, tc_volume_l, water_volume_l)
       select * from unnest($1::int[], $2::timestamptz[], $3::int[], $4::smallint[], $5::float8[], $6::float8[], $7::float8[], $8::float8[], $9::float8[], $10::float8[])
       on conflict do nothing`,
      cols.map((c) => pgArray(c as (number | string)[])),
    );
    rawQueryMs += performance.now() - q0;
    return res.rowCount ?? 0;
  });
}

async function postgresRun() {
  await recreateDatabase(PG_URL);
  const mqttPort = await freePort();
  const server = await startServer({ DATABASE_URL: PG_URL, MQTT_PORT: String(mqttPort), LOG_LEVEL: 'warn' }, { requireWeb: false, nodeArgs: [...(process.env.BENCH_NODE_ARGS ? process.env.BENCH_NODE_ARGS.split(' ') : []), ...(process.env.BENCH_PROFILE ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_PROFILE}`] : [])] });
  try {
    const httpFleet = await createFleet(server, 'HTTP-', STATIONS, TANKS);
    const mqttFleet = await createFleet(server, 'MQTT-', STATIONS, TANKS);
    const rawFleet = await createFleet(server, 'RAW-', STATIONS, TANKS);
    const pool = new pg.Pool({ connectionString: PG_URL, max: CONCURRENCY });
    // Far in the past, so the server's "not in the future" rule never bites during the run.
    const startTs = Date.parse('2020-01-01T00:00:00Z');
    const skip = { readings: 0, ms: 1 };
    const http = !args.only || args.only === 'http' ? await benchHttp(server, httpFleet, startTs) : skip;
    const viaMqtt = !args.only || args.only === 'mqtt' ? await benchMqtt(mqttPort, mqttFleet, startTs) : skip;
    const raw = !args.only ? await benchRaw(pool, rawFleet, startTs) : skip;
    const { rows } = await pool.query<{ n: string }>('select count(*) as n from tank_readings');
    const { rows: alarmRows } = await pool.query<{ n: string }>(`select count(*) as n from alarms where source = 'server'`);
    await pool.end();
    const rawRate = rate(raw.readings, raw.ms);
    console.log(`  (raw: ${Math.round(rawQueryMs)} ms in queries over ${CONCURRENCY} workers, ${Math.round(raw.ms)} ms wall)`);
    console.log(`PostgreSQL (${STATIONS} stations × ${TANKS} tanks per source, batches of ${BATCH}, ${CONCURRENCY} in flight, ${SECONDS} s each)`);
    if (raw.readings > 0) console.log(`  raw batched insert      ${fmt(rawRate).padStart(9)} readings/s`);
    for (const [name, r] of [['HTTP device path', http], ['MQTT device path', viaMqtt]] as const) {
      const perSecond = rate(r.readings, r.ms);
      if (r.readings === 0) continue;
      const ratio = raw.readings > 0 ? perSecond / rawRate : NaN;
      const verdict = Number.isNaN(ratio) ? 'ratio not measured (--only)' : perSecond >= 50_000 && ratio >= 0.5 ? 'met' : 'NOT met';
      console.log(`  ${name.padEnd(22)}  ${fmt(perSecond).padStart(9)} readings/s   ratio to raw ${ratio.toFixed(2)}   budget ≥ 50,000 and ≥ 0.5: ${verdict}`);
    }
    console.log(`  rows in tank_readings: ${fmt(Number(rows[0]!.n))}; threshold alarms raised: ${fmt(Number(alarmRows[0]!.n))}`);
  } finally {
    await server.stop();
  }
}

async function embeddedRun() {
  const server = await startServer({ MQTT_PORT: '0', LOG_LEVEL: 'warn', DATABASE_URL: '' }, { requireWeb: false });
  try {
    const fleet = await createFleet(server, 'EMB-', STATIONS, TANKS);
    const http = await benchHttp(server, fleet, Date.parse('2020-01-01T00:00:00Z'));
    console.log(`Embedded PGlite: HTTP device path ${fmt(rate(http.readings, http.ms))} readings/s`);
  } finally {
    await server.stop();
  }
}

await postgresRun();
if (!args['skip-embedded']) await embeddedRun();
