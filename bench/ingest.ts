/**
 * Ingest budget of DESIGN.md §8, on PostgreSQL, in one run:
 *
 * - the product: device reports posted to the server's public HTTP path
 *   (POST /api/device/v1/stations/:code/report), by default one station's reading of every tank
 *   at one minute per report, as a collector sends them, over a fleet large enough that each
 *   station reports only every few seconds; the readings open and clear level alarms, make
 *   deliveries and carry sensor states and device alarms (ingest-reports.ts);
 * - a minimal endpoint (ingest-minimal.ts: bare node:http + pg, one unnest INSERT a report into
 *   a table shaped like tank_readings) taking the same report bodies at the same concurrency;
 * - a batched insert of the same rows (multi-row unnest INSERTs of --insert-batch rows; not COPY:
 *   no COPY client package is installed);
 *
 * alternating in windows (product, minimal, batched, product, …) so that what else the machine
 * does falls on all of them. Each window prints its rate, the load average and the CPU time of
 * the server process and of PostgreSQL per reading; the totals give the ratios. Then the rows the
 * rules made (alarms, deliveries, data jumps), counted in the database.
 *
 *   node --import tsx bench/ingest.ts [--seconds 5 --windows 4 --warmup-reports 2 --stations 2000 --tanks 10
 *     --readings-per-report 10 --concurrency 64 --alarm-share 0.2 --delivery-share 0.1
 *     --device-item-share 0.05 --quiet-sensors 0 --insert-batch 5000 --insert-concurrency 2 --mqtt --embedded]
 *
 * PostgreSQL: BENCH_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/ullage_bench; the
 * database is dropped and created).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import http from 'node:http';
import path from 'node:path';
import { parseArgs } from 'node:util';
import mqtt from 'mqtt';
import pg from 'pg';
import { mqttReportTopic } from '@ullage/contracts/device';
import { startServer } from '../e2e/server';
import { createFleet, fmt, freePort, recreateDatabase } from './setup';
import { cpuWindow, type CpuFigures } from './ingest-cpu';
import { bodyOf, deviceReports, type DeviceReport, type ReportPlan, type ReportStation } from './ingest-reports';

const { values: args } = parseArgs({
  options: {
    seconds: { type: 'string', default: '5' },
    windows: { type: 'string', default: '4' },
    'warmup-reports': { type: 'string', default: '2' },
    stations: { type: 'string', default: '2000' },
    tanks: { type: 'string', default: '10' },
    'readings-per-report': { type: 'string' },
    concurrency: { type: 'string', default: '64' },
    'alarm-share': { type: 'string', default: '0.2' },
    'delivery-share': { type: 'string', default: '0.1' },
    'device-item-share': { type: 'string', default: '0.05' },
    'quiet-sensors': { type: 'string', default: '0' },
    'insert-batch': { type: 'string', default: '5000' },
    'insert-concurrency': { type: 'string', default: '2' },
    mqtt: { type: 'boolean', default: false },
    embedded: { type: 'boolean', default: false },
  },
});
const SECONDS = Number(args.seconds);
const WINDOWS = Number(args.windows);
/**
 * Reports each station sends before the windows, on each HTTP path. A fleet that is already
 * running has every station's tanks cached and its alarms in place; counting from a cold start
 * measures the first contact of most stations instead (2,000 stations report every ~5 s).
 */
const WARMUP_REPORTS = Number(args['warmup-reports']);
const STATIONS = Number(args.stations);
const TANKS = Number(args.tanks);
const PER_REPORT = Number(args['readings-per-report'] ?? TANKS);
const CONCURRENCY = Number(args.concurrency);
const INSERT_BATCH = Number(args['insert-batch']);
const INSERT_CONCURRENCY = Number(args['insert-concurrency']);
const PG_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/ullage_bench';
const DB_NAME = new URL(PG_URL).pathname.slice(1);
const MINUTE = 60_000;
/**
 * Each station's clock starts this many of its reports before now: a station sends a few dozen
 * reports in a run, so its readings stay behind the server's "not ahead of now" rule, and they
 * are recent, as a fleet's are. Readings of a day that is over would each mark a tank-day book
 * stale and keep the book job refiguring the whole fleet's past days: a backlog upload, not the
 * steady traffic this bench measures.
 */
const HEADROOM_REPORTS = 60;
/** The server's book and leak-test jobs' interval: their production minute. */
const JOBS_EVERY_MS = 60_000;
const START_TS = Math.floor((Date.now() - (HEADROOM_REPORTS * PER_REPORT * MINUTE) / TANKS - 10 * MINUTE) / MINUTE) * MINUTE;

const plan: ReportPlan = {
  readingsPerReport: PER_REPORT,
  startTs: START_TS,
  alarmShare: Number(args['alarm-share']),
  deliveryShare: Number(args['delivery-share']),
  deviceItemShare: Number(args['device-item-share']),
  quietSensors: Number(args['quiet-sensors']),
};

// ---------------------------------------------------------------------------------------------
// Load

const agent = new http.Agent({ keepAlive: true, maxSockets: CONCURRENCY * 2 });
function post(url: string, key: string, body: string): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    const req = http.request(url, { method: 'POST', agent, headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) } }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (text += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, text }));
    });
    req.on('error', reject);
    req.end(body);
  });
}

interface Counted {
  reports: number;
  readings: number;
  ms: number;
}

/** `workers` loops for `seconds`; each call of `step` answers the reports and readings it stored. */
async function drive(seconds: number, workers: number, step: (w: number) => Promise<[number, number]>): Promise<Counted> {
  const started = performance.now();
  const deadline = started + seconds * 1000;
  let reports = 0;
  let readings = 0;
  await Promise.all(
    Array.from({ length: workers }, async (_, w) => {
      while (performance.now() < deadline) {
        const [n, r] = await step(w);
        reports += n;
        readings += r;
      }
    }),
  );
  return { reports, readings, ms: performance.now() - started };
}

/** `workers` loops sharing `total` calls of `step` (a warm-up: every station's first reports). */
async function driveCount(total: number, workers: number, step: (w: number) => Promise<[number, number]>): Promise<void> {
  let left = total;
  await Promise.all(Array.from({ length: workers }, async (_, w) => {
    while (left-- > 0) await step(w);
  }));
}

/** One report stream per worker over its own stations (station i → worker i mod workers): a station never has two reports in flight. */
function streams(stations: readonly ReportStation[], workers: number): Generator<DeviceReport>[] {
  return Array.from({ length: workers }, (_, w) => deviceReports(stations.filter((_, i) => i % workers === w), plan));
}

/** POSTs each worker's next report to `baseUrl`; answers a step for drive(). */
function httpStep(baseUrl: string, gens: Generator<DeviceReport>[], what: string) {
  return async (w: number): Promise<[number, number]> => {
    const report = gens[w]!.next().value as DeviceReport;
    const { status, text } = await post(`${baseUrl}/api/device/v1/stations/${report.station.code}/report`, report.station.key, bodyOf(report));
    const body = JSON.parse(text) as { code: number; data?: { accepted: number; duplicates: number; refused: unknown[] } };
    if (status !== 200 || body.code !== 1000 || !body.data || body.data.refused.length > 0 || body.data.duplicates > 0) throw new Error(`${what} refused a report (HTTP ${status}): ${text.slice(0, 300)}`);
    return [1, body.data.accepted];
  };
}

/** Rows of reports for the batched insert: tank ids from the database, volumes as the minimal endpoint computes them. */
function batchedStep(pool: pg.Pool, gens: Generator<DeviceReport>[], tankIds: Map<string, { id: number; stationId: number }>) {
  return async (w: number): Promise<[number, number]> => {
    const cols: (number | string)[][] = Array.from({ length: 10 }, () => []);
    let reports = 0;
    while (cols[0]!.length < INSERT_BATCH) {
      const report = gens[w]!.next().value as DeviceReport;
      reports++;
      for (const r of report.readings) {
        const tank = tankIds.get(`${report.station.code}/${r.tank}`)!;
        const volume = r.productHeightMm * 15;
        const water = r.waterHeightMm ?? 0;
        const row = [tank.id, `"${r.ts}"`, tank.stationId, 2, r.productHeightMm, water, r.temperatureC, volume, volume, water * 15];
        for (let c = 0; c < 10; c++) cols[c]!.push(row[c]!);
      }
    }
    const res = await pool.query(
      `insert into bench_batched_readings (tank_id, ts, station_id, type, product_height_mm, water_height_mm, temperature_c, volume_l, tc_volume_l, water_volume_l)
       select * from unnest($1::int[], $2::timestamptz[], $3::int[], $4::smallint[], $5::float8[], $6::float8[], $7::float8[], $8::float8[], $9::float8[], $10::float8[])
       on conflict do nothing`,
      cols.map((c) => `{${c.join(',')}}`),
    );
    return [reports, res.rowCount ?? 0];
  };
}

// ---------------------------------------------------------------------------------------------
// Figures

const pad = (s: string | number, n: number) => String(s).padStart(n);
const perSec = (n: number, ms: number) => Math.round((n / ms) * 1000);
const usPer = (ms: number, readings: number) => (readings > 0 ? ((ms * 1000) / readings).toFixed(1) : '-');

interface Window extends Counted, CpuFigures {
  path: string;
}

function windowLine(round: number | string, w: Window, serverLabel: string): string {
  return (
    `  ${pad(round, 2)} ${w.path.padEnd(15)} ${pad(fmt(perSec(w.reports, w.ms)), 8)} ${pad(fmt(perSec(w.readings, w.ms)), 9)}  ${pad(w.load.toFixed(2), 5)}` +
    `  ${pad(serverLabel === '-' ? '-' : usPer(w.serverMs, w.readings), 7)} ${pad(usPer(w.pgDbMs, w.readings), 7)} ${pad(usPer(w.pgAllMs, w.readings), 7)} ${pad(usPer(w.clientMs, w.readings), 7)}`
  );
}
const HEADER = `  ## path             reports/s readings/s  load   CPU µs/reading: server pg(db) pg(all) client`;

async function measured(pathName: string, serverPid: number | null, run: () => Promise<Counted>): Promise<Window> {
  const end = cpuWindow(serverPid ?? process.pid, DB_NAME);
  const counted = await run();
  const cpu = end();
  return { path: pathName, ...counted, ...cpu, serverMs: serverPid === null ? 0 : cpu.serverMs };
}

function totals(ws: Window[]) {
  const sum = (f: (w: Window) => number) => ws.reduce((a, w) => a + f(w), 0);
  return { reports: sum((w) => w.reports), readings: sum((w) => w.readings), ms: sum((w) => w.ms), serverMs: sum((w) => w.serverMs), pgDbMs: sum((w) => w.pgDbMs), pgAllMs: sum((w) => w.pgAllMs), clientMs: sum((w) => w.clientMs), load: sum((w) => w.load) / Math.max(1, ws.length), path: ws[0]?.path ?? '' };
}

// ---------------------------------------------------------------------------------------------
// Processes

async function startMinimal(): Promise<{ child: ChildProcess; baseUrl: string; stop: () => Promise<void> }> {
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(import.meta.dirname, 'ingest-minimal.ts')], {
    cwd: path.resolve(import.meta.dirname, '..'),
    env: { ...process.env, DATABASE_URL: PG_URL, PORT: '0', TABLE: 'bench_minimal_readings' },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const port = await new Promise<number>((resolve, reject) => {
    let out = '';
    child.stdout!.on('data', (d: Buffer) => {
      out += d.toString();
      const m = /listening (\d+)/.exec(out);
      if (m) resolve(Number(m[1]));
    });
    child.once('exit', (code) => reject(new Error(`the minimal endpoint exited (${code})`)));
  });
  return {
    child,
    baseUrl: `http://127.0.0.1:${port}`,
    stop: async () => {
      if (child.exitCode === null && child.signalCode === null) {
        child.kill('SIGTERM');
        await exited;
      }
    },
  };
}

async function rulesReport(pool: pg.Pool) {
  const q = async <T extends pg.QueryResultRow>(text: string) => (await pool.query<T>(text)).rows;
  const alarms = await q<{ source: string; kind: string; code: number; n: string; ended: string }>(
    `select source, kind, code, count(*) as n, count(ended_at) as ended from alarms group by 1, 2, 3 order by 1, 2, 3`,
  );
  const deliveries = await q<{ source: string; n: string; ended: string; litres: number | null }>(
    `select source, count(*) as n, count(ended_at) as ended, round(avg(end_volume_l - start_volume_l)) as litres from deliveries group by 1 order by 1`,
  );
  const [jumps] = await q<{ n: string }>(`select count(*) as n from data_jumps`);
  const [offline] = await q<{ n: string }>(`select count(*) as n from offline_records`);
  const [readings] = await q<{ n: string }>(`select count(*) as n from tank_readings`);
  const [minimal] = await q<{ n: string }>(`select count(*) as n from bench_minimal_readings`);
  const [batched] = await q<{ n: string }>(`select count(*) as n from bench_batched_readings`);
  console.log(`Rows after the run (counted in ${DB_NAME}):`);
  console.log(`  tank_readings ${fmt(Number(readings!.n))}; bench_minimal_readings ${fmt(Number(minimal!.n))}; bench_batched_readings ${fmt(Number(batched!.n))}`);
  for (const a of alarms) console.log(`  alarms  ${a.source.padEnd(6)} ${a.kind.padEnd(5)} code ${pad(a.code, 2)}: ${pad(fmt(Number(a.n)), 7)} opened, ${pad(fmt(Number(a.ended)), 7)} ended`);
  if (alarms.length === 0) console.log('  alarms: none');
  for (const d of deliveries) console.log(`  deliveries ${d.source.padEnd(8)}: ${pad(fmt(Number(d.n)), 7)} (${fmt(Number(d.ended))} finished, ${fmt(Number(d.n) - Number(d.ended))} in progress), ${fmt(Number(d.litres ?? 0))} L on average`);
  if (deliveries.length === 0) console.log('  deliveries: none');
  console.log(`  data jumps ${fmt(Number(jumps!.n))}; offline records ${fmt(Number(offline!.n))}`);
  const minutes = Number(readings!.n) / TANKS / STATIONS;
  console.log(
    `  each station's clock moved ${minutes.toFixed(1)} minutes in the product's windows and warm-up (alarm tanks cross a threshold every 12, a delivery tank's tanker comes in its first 4 and ` +
      `finishes 10 minutes after its last rise: fewer stations or more windows give each station more minutes)`,
  );
}

// ---------------------------------------------------------------------------------------------
// The run

async function postgresRun() {
  await recreateDatabase(PG_URL);
  const mqttPort = await freePort();
  // The book and leak-test jobs run at their production interval (a minute), not the browser tests' 2 s: each round reads every tank's first reading, which at 20,000 tanks is PostgreSQL time the windows would count against the device path.
  const server = await startServer({ DATABASE_URL: PG_URL, MQTT_PORT: args.mqtt ? String(mqttPort) : '0', LOG_LEVEL: 'warn', BOOKS_INTERVAL_MS: String(JOBS_EVERY_MS) }, { requireWeb: false, nodeArgs: process.env.BENCH_NODE_ARGS ? process.env.BENCH_NODE_ARGS.split(' ') : [] });
  const serverStarted = performance.now();
  let minimal: Awaited<ReturnType<typeof startMinimal>> | undefined;
  const pool = new pg.Pool({ connectionString: PG_URL, max: Math.max(2, INSERT_CONCURRENCY) });
  const mqttClients = new Map<string, mqtt.MqttClient>();
  try {
    const t0 = performance.now();
    const stations = (await createFleet(server, 'B', STATIONS, TANKS)).stations;
    console.log(`${fmt(STATIONS)} stations × ${TANKS} tanks created through the API in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
    for (const table of ['bench_minimal_readings', 'bench_batched_readings']) {
      // Same columns, types and primary key (tank_id, ts) INCLUDE (…) as tank_readings; a plain table, not partitioned.
      await pool.query(`create table ${table} (like tank_readings including defaults including constraints including indexes)`);
    }
    // A running fleet's summaries are rolled up to an hour or two ago, and its readings are of the
    // hours after: as the stations' clocks start before now, so do the marks (else the first
    // hours' readings would count as late ones, merged into rolled-up hours as they are stored).
    await pool.query(
      `update summary_marks set hourly_until = date_bin(interval '1 hour', $1::timestamptz, timestamptz '2000-01-01T00:00:00Z'),
         daily_until = date_bin(interval '1 day', $1::timestamptz, timestamptz '2000-01-01T00:00:00Z')`,
      [new Date(START_TS).toISOString()],
    );
    const { rows: tankRows } = await pool.query<{ station: string; code: string; id: number; station_id: number }>(
      `select s.code as station, t.code, t.id, t.station_id from tanks t join stations s on s.id = t.station_id`,
    );
    const tankIds = new Map(tankRows.map((r) => [`${r.station}/${r.code}`, { id: r.id, stationId: r.station_id }]));
    minimal = await startMinimal();

    const productGens = streams(stations, CONCURRENCY);
    const minimalGens = streams(stations, CONCURRENCY);
    const batchedGens = streams(stations, INSERT_CONCURRENCY);
    const productStep = httpStep(server.baseUrl, productGens, 'the server');
    const minimalStep = httpStep(minimal.baseUrl, minimalGens, 'the minimal endpoint');
    const batched = batchedStep(pool, batchedGens, tankIds);
    let mqttStep: ((w: number) => Promise<[number, number]>) | undefined;
    if (args.mqtt) {
      // One connection per station, as devices connect; QoS 1: the PUBACK comes after the commit. Continues the product's report streams.
      for (let i = 0; i < stations.length; i += 100) {
        await Promise.all(stations.slice(i, i + 100).map(async (s) => mqttClients.set(s.code, await mqtt.connectAsync(`mqtt://127.0.0.1:${mqttPort}`, { username: s.code, password: s.key, reconnectPeriod: 0 }))));
      }
      mqttStep = async (w) => {
        const report = productGens[w]!.next().value as DeviceReport;
        await mqttClients.get(report.station.code)!.publishAsync(mqttReportTopic(report.station.code), bodyOf(report), { qos: 1 });
        return [1, report.readings.length];
      };
    }

    if (WARMUP_REPORTS > 0) {
      const t1 = performance.now();
      // Worker w serves stations w, w + CONCURRENCY, …: each worker sends its stations' reports in turn.
      await driveCount(WARMUP_REPORTS * STATIONS, CONCURRENCY, productStep);
      await driveCount(WARMUP_REPORTS * STATIONS, CONCURRENCY, minimalStep);
      await drive(2, INSERT_CONCURRENCY, batched);
      // The server's minute jobs run their first round a minute after it starts, and the tank-day
      // books' first round figures the running day's heads of every tank: work a running server
      // does once an hour, which a 5-second window would count as a tenth of the device path's
      // CPU. A fleet that is already running is past it: the bench waits until then. It waits
      // rather than reports: each report moves its station's clock a minute, and on a fast machine
      // a minute of reports took the clocks past the server's "not more than 5 minutes ahead".
      const settle = (serverStarted + JOBS_EVERY_MS + 15_000 - performance.now()) / 1000;
      if (settle > 0) await new Promise((resolve) => setTimeout(resolve, settle * 1000));
      console.log(
        `warm-up: ${WARMUP_REPORTS} reports of every station on each HTTP path, 2 s of the batched insert${settle > 0 ? `, then ${settle.toFixed(0)} s of waiting until the server's jobs' first round is over` : ''} (${((performance.now() - t1) / 1000).toFixed(0)} s)`,
      );
    }

    console.log(
      `\nPostgreSQL: reports of ${PER_REPORT} readings (${PER_REPORT === TANKS ? 'one station, every tank, one minute' : `${PER_REPORT / TANKS} minutes of one station`}), ` +
        `${CONCURRENCY} in flight; ${WINDOWS} rounds of ${SECONDS} s windows, alternating${WARMUP_REPORTS > 0 ? ' after the warm-up' : ''}`,
    );
    console.log(`  batched insert: multi-row unnest INSERT of ${fmt(INSERT_BATCH)} rows a statement on ${INSERT_CONCURRENCY} connections (not COPY: no COPY client package is installed)`);
    console.log(`  CPU: server = the server's (or minimal endpoint's) process; pg(db) = PostgreSQL backends of ${DB_NAME}; pg(all) = every PostgreSQL process (other databases' backends, WAL writer, checkpointer, autovacuum); client = this bench process`);
    console.log(HEADER);
    const windows: Window[] = [];
    for (let round = 1; round <= WINDOWS; round++) {
      const runs: [string, number | null, () => Promise<Counted>][] = [
        ['product HTTP', server.child.pid!, () => drive(SECONDS, CONCURRENCY, productStep)],
        ['minimal HTTP', minimal.child.pid!, () => drive(SECONDS, CONCURRENCY, minimalStep)],
        ['batched insert', null, () => drive(SECONDS, INSERT_CONCURRENCY, batched)],
      ];
      if (mqttStep) runs.splice(1, 0, ['product MQTT', server.child.pid!, () => drive(SECONDS, CONCURRENCY, mqttStep)]);
      for (const [name, pid, run] of runs) {
        const w = await measured(name, pid, run);
        windows.push(w);
        console.log(windowLine(round, w, pid === null ? '-' : 'server'));
      }
    }
    const byPath = (name: string) => totals(windows.filter((w) => w.path === name));
    const product = byPath('product HTTP');
    const minimalT = byPath('minimal HTTP');
    const batchedT = byPath('batched insert');
    console.log('  totals');
    for (const t of [product, ...(mqttStep ? [byPath('product MQTT')] : []), minimalT, batchedT]) console.log(windowLine('Σ', { ...t, path: t.path } as Window, t.path === 'batched insert' ? '-' : 'server'));
    const rProduct = perSec(product.readings, product.ms);
    const rMinimal = perSec(minimalT.readings, minimalT.ms);
    const rBatched = perSec(batchedT.readings, batchedT.ms);
    const perWindow = windows.filter((w) => w.path === 'product HTTP').map((w, i) => {
      const m = windows.filter((x) => x.path === 'minimal HTTP')[i]!;
      return (perSec(w.readings, w.ms) / perSec(m.readings, m.ms)).toFixed(2);
    });
    console.log(`  product / minimal endpoint: ${(rProduct / rMinimal).toFixed(2)} (rounds: ${perWindow.join(', ')})`);
    // Issue 36's measure: CPU a reading (the server's process and the database's backends), the product's over the minimal endpoint's.
    const cpuPer = (w: { serverMs: number; pgDbMs: number; readings: number }) => (w.serverMs + w.pgDbMs) / Math.max(1, w.readings);
    const cpuRounds = windows.filter((w) => w.path === 'product HTTP').map((w, i) => (cpuPer(w) / cpuPer(windows.filter((x) => x.path === 'minimal HTTP')[i]!)).toFixed(2));
    console.log(`  CPU a reading (server + pg(db)), product / minimal endpoint: ${(cpuPer(product) / cpuPer(minimalT)).toFixed(2)} × (rounds: ${cpuRounds.join(', ')}; goal ≤ 1.5 ×)`);
    console.log(`  product / batched insert:   ${(rProduct / rBatched).toFixed(2)};  minimal / batched insert: ${(rMinimal / rBatched).toFixed(2)}`);
    const met = rProduct >= 50_000 && rProduct / rBatched >= 0.5;
    console.log(`  budget (≥ 50,000 readings/s and ≥ 0.5 of a batched insert): ${met ? 'met' : 'NOT met'} — product ${fmt(rProduct)} readings/s`);
    const everySec = STATIONS / Math.max(1, perSec(product.reports, product.ms));
    console.log(`  each station sent a product report every ${everySec.toFixed(1)} s on average (its clock moving ${PER_REPORT / TANKS} min a report)`);
    console.log('');
    await rulesReport(pool);
  } finally {
    await Promise.all([...mqttClients.values()].map((c) => c.endAsync()));
    await pool.end();
    await minimal?.stop();
    await server.stop();
  }
}

async function embeddedRun() {
  const server = await startServer({ MQTT_PORT: '0', LOG_LEVEL: 'warn', DATABASE_URL: '' }, { requireWeb: false });
  try {
    const count = Math.min(STATIONS, 200);
    const stations = (await createFleet(server, 'E', count, TANKS)).stations;
    const gens = streams(stations, Math.min(CONCURRENCY, count));
    const step = httpStep(server.baseUrl, gens, 'the embedded server');
    await driveCount(WARMUP_REPORTS * count, gens.length, step);
    const w = await measured('embedded HTTP', server.child.pid!, () => drive(SECONDS, gens.length, step));
    console.log(`\nEmbedded PGlite (${count} stations, ${gens.length} in flight, one ${SECONDS} s window, not alternated; pg columns: the database runs in the server process)`);
    console.log(HEADER);
    console.log(windowLine(1, w, 'server'));
  } finally {
    await server.stop();
  }
}

try {
  await postgresRun();
  if (args.embedded) await embeddedRun();
} finally {
  agent.destroy();
}
