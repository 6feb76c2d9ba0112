/**
 * How fast the wetstock reconciliation answers (issue 23 goal: 1,000 tanks × one month < 1 s):
 * 1,000 bench tanks (100 stations of 10) with a month of readings every 15 minutes and a metered
 * sale every 15 minutes from 06:00 to 21:00, sent through the device API on PostgreSQL; the
 * book job runs to completion (as it does on a running server, a minute after each day ends);
 * then the month is asked of `GET /api/reconciliation/list` (every tank, 30 days: 30,000 rows,
 * one page of them answered), `GET /api/reconciliation/monthly` and
 * `GET /api/report/inventory/monthly/list` (which adds the metered columns), and the run-out
 * forecast list over every tank (`GET /api/forecast/list`: four weeks of those metered sales),
 * each several times: median, p95 and the CPU per call of the server process and of the
 * database's PostgreSQL backends (read from /proc; the server's own jobs run meanwhile).
 *
 *   node --import tsx bench/reconciliation.ts [--stations 100 --days 30 --runs 5 --reuse]
 *
 * `--reuse` keeps the database a previous run filled (same --stations and --days, the same day)
 * and goes straight to the queries.
 *
 * PostgreSQL: BENCH_RECON_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/ullage_recon_bench;
 * dropped and created).
 */
import os from 'node:os';
import { parseArgs } from 'node:util';
import { E2E_ADMIN_PASSWORD, startServer } from '../e2e/server';
import { openPostgres } from '../apps/server/src/db/client';
import { TankDayBookJob } from '../apps/server/src/modules/tank-days/service';
import { cpuWindow } from './ingest-cpu';
import { createFleet, fmt, post, recreateDatabase, signIn } from './setup';

const { values: args } = parseArgs({
  options: {
    stations: { type: 'string', default: '100' },
    days: { type: 'string', default: '30' },
    runs: { type: 'string', default: '5' },
    concurrency: { type: 'string', default: '6' },
    reuse: { type: 'boolean', default: false },
  },
});
const STATIONS = Number(args.stations);
const TANKS = 10;
const DAYS = Number(args.days);
const RUNS = Number(args.runs);
const PG_URL = process.env.BENCH_RECON_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/ullage_recon_bench';
const load = () => os.loadavg().map((x) => x.toFixed(1)).join(' ');
const DAY_MS = 86_400_000;
// Whole UTC days (the bench stations are in UTC), the last one yesterday: its book is final.
const lastDayStart = Date.UTC(new Date().getUTCFullYear(), new Date().getUTCMonth(), new Date().getUTCDate()) - DAY_MS;
const startMs = lastDayStart - (DAYS - 1) * DAY_MS;
const FROM_DAY = new Date(startMs).toISOString().slice(0, 10);
const TO_DAY = new Date(lastDayStart).toISOString().slice(0, 10);
const isSale = (m: number) => m >= 360 && m < 1260;

/** One tank's day: 96 readings and 60 sales of 40–60 L; a tanker back to 25,000 L at 02:00 when under 8,000 L. */
function dayOf(tank: string, day: number, state: { volume: number; seq: number }) {
  const readings: object[] = [];
  const sales: object[] = [];
  for (let m = 0; m < 1440; m += 15) {
    const ts = new Date(startMs + day * DAY_MS + m * 60_000).toISOString();
    if (m === 120 && state.volume < 8_000) state.volume = 25_000;
    if (isSale(m)) {
      const volumeL = 40 + ((state.seq * 7919) % 21);
      state.volume -= volumeL;
      sales.push({ tank, id: `${tank}-${state.seq++}`, ts, volumeL, unitPrice: 1.1, amount: Math.round(volumeL * 110) / 100 });
    }
    readings.push({ tank, ts, productHeightMm: state.volume / 15, waterHeightMm: 5, temperatureC: 15, volumeL: state.volume });
  }
  return { readings, sales };
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

console.log(`reconciliation bench: ${STATIONS * TANKS} tanks, ${DAYS} days ${FROM_DAY} … ${TO_DAY}, readings every 15 min, 60 metered sales a tank-day; load ${load()}`);
if (!args.reuse) await recreateDatabase(PG_URL);
const server = await startServer({ DATABASE_URL: PG_URL, MQTT_PORT: '0', LOG_LEVEL: 'warn' }, { requireWeb: false });
const { db, close } = await openPostgres(PG_URL);
try {
  if (!args.reuse) await fill();
  await ask();
  console.log(`load ${load()}`);
} finally {
  await close();
  await server.stop();
}

async function fill() {
  const fleet = await createFleet(server, 'REC-', STATIONS, TANKS);
  const sendStarted = performance.now();
  let next = 0;
  let readings = 0;
  let sales = 0;
  // A station's day per report: its 10 tanks' readings and sales.
  await Promise.all(
    Array.from({ length: Number(args.concurrency) }, async () => {
      for (let s = next++; s < fleet.stations.length; s = next++) {
        const station = fleet.stations[s]!;
        const states = Array.from({ length: TANKS }, (_, t) => ({ volume: 12_000 + t * 1_000, seq: 0 }));
        for (let day = 0; day < DAYS; day++) {
          const parts = states.map((state, t) => dayOf(String(t + 1), day, state));
          const body = { readings: parts.flatMap((p) => p.readings), sales: parts.flatMap((p) => p.sales) };
          const answer = JSON.parse(await post(`${server.baseUrl}/api/device/v1/stations/${station.code}/report`, station.key, JSON.stringify(body))) as { data?: { refused?: unknown[] } };
          if ((answer.data?.refused ?? []).length > 0) throw new Error(`refused: ${JSON.stringify(answer.data!.refused!.slice(0, 2))}`);
          readings += body.readings.length;
          sales += body.sales.length;
        }
      }
    }),
  );
  const sendS = (performance.now() - sendStarted) / 1000;
  console.log(`sent ${fmt(readings)} readings and ${fmt(sales)} sales in ${sendS.toFixed(0)} s; load ${load()}`);

  const t = performance.now();
  let books = 0;
  for (;;) {
    const round = await new TankDayBookJob({ db, clock: () => new Date() }, { roundMs: 60_000 }).runOnce();
    books += round.written;
    if (!round.pending) break;
  }
  console.log(`books: ${fmt(books)} tank days in ${((performance.now() - t) / 1000).toFixed(1)} s`);
}

async function ask() {
  const cookie = await signIn(server.baseUrl, 'admin', E2E_ADMIN_PASSWORD);
  const month = TO_DAY.slice(0, 7);
  const asks = [
    { name: `list, ${DAYS} days, all tanks`, path: `/api/reconciliation/list?fromDay=${FROM_DAY}&toDay=${TO_DAY}&q=REC-&pageSize=50` },
    { name: `list, ${DAYS} days, one station`, path: `/api/reconciliation/list?fromDay=${FROM_DAY}&toDay=${TO_DAY}&q=REC-0001&pageSize=50` },
    { name: `monthly rule, ${month}`, path: `/api/reconciliation/monthly?month=${month}` },
    { name: `monthly inventory report, ${month}`, path: `/api/report/inventory/monthly/list?fromMonth=${month}&pageSize=50` },
    { name: 'run-out forecast list, all tanks', path: '/api/forecast/list?q=REC-&pageSize=50' },
  ];
  const database = new URL(PG_URL).pathname.slice(1);
  console.log('\nquery | rows | median ms | p95 ms | max ms | CPU ms a call: server + PostgreSQL | load');
  for (const ask of asks) {
    const times: number[] = [];
    let rows = 0;
    const end = cpuWindow(server.child.pid!, database);
    for (let i = 0; i < RUNS; i++) {
      const started = performance.now();
      const res = await fetch(`${server.baseUrl}${ask.path}`, { headers: { cookie } });
      const json = (await res.json()) as { code: number; msg: string; data: { list: unknown[]; total?: number } };
      if (json.code !== 1000) throw new Error(`${ask.path}: ${json.code} ${json.msg}`);
      times.push(performance.now() - started);
      rows = json.data.total ?? json.data.list.length;
    }
    const cpu = end();
    const p95 = [...times].sort((a, b) => a - b)[Math.min(times.length - 1, Math.ceil(times.length * 0.95) - 1)]!;
    const perCall = (ms: number) => (ms / RUNS).toFixed(0);
    console.log(
      `${ask.name} | ${fmt(rows)} | ${median(times).toFixed(0)} | ${p95.toFixed(0)} | ${Math.max(...times).toFixed(0)} | ${perCall(cpu.serverMs)} + ${perCall(cpu.pgDbMs)} | ${cpu.load.toFixed(1)}`,
    );
  }
}
