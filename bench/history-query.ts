/**
 * History budget of DESIGN.md §8: one tank's readings over 11 days at 1-minute resolution
 * (15,840 readings) in p95 < 50 ms with at least 20 million readings in `tank_readings`.
 *
 *   node --import tsx bench/history-query.ts [--tanks 1400] [--days 12] [--runs 300] [--reuse] [--narrow]
 *
 * PostgreSQL at BENCH_HISTORY_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/ullage_history_bench),
 * dropped and created unless --reuse finds it already seeded. The server (as `npm start` runs
 * it) creates the schema and the demo organisation; the bench adds stations of 10 tanks under
 * the demo company NWP and fills the real readings table in time order — every tank's minute,
 * then the next minute, as ingest writes them — so one tank's readings lie scattered over the
 * table as they would in production, not packed together. Then ANALYZE and VACUUM (what
 * autovacuum does to a table that has been written), and the timings:
 *   - the service functions the routes call (in this process, on a pool of its own): the table's
 *     first page with its count, all 15,840 readings (the export's query), the chart's series;
 *   - the same through HTTP with a company user's session (JSON, envelope, scope included).
 * Each run asks a random tank over a random 11-day window inside the seeded days.
 */
import { parseArgs } from 'node:util';
import pg from 'pg';
import { ACCOUNT_TYPES } from '@ullage/domain/organisation';
import { openPostgres } from '../apps/server/src/db/client';
import type { AuthUser } from '../apps/server/src/modules/auth/session-repo';
import { allHistory, findHistory, historySeries } from '../apps/server/src/modules/report-history/service';
import { E2E_DEMO_PASSWORD, startServer } from '../e2e/server';
import { fmt, recreateDatabase } from './setup';

const { values: args } = parseArgs({
  options: {
    tanks: { type: 'string', default: '1400' },
    days: { type: 'string', default: '12' },
    runs: { type: 'string', default: '300' },
    /** Use the database as a previous run left it, when it holds the readings asked for. */
    reuse: { type: 'boolean', default: false },
    /**
     * Time with the readings' primary key without the charted values, as it was before migration
     * 0014 (for comparison); without it the key is as migrated (a previous --narrow run is undone).
     */
    narrow: { type: 'boolean', default: false },
  },
});
const TANKS = Number(args.tanks);
const DAYS = Number(args.days);
const RUNS = Number(args.runs);
const TANKS_PER_STATION = 10;
const PG_URL = process.env.BENCH_HISTORY_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/ullage_history_bench';
const MIN = 60_000;
const DAY = 86_400_000;
// Whole days ending at the last midnight (UTC) before now: the readings are in the past.
const END = Math.floor(Date.now() / DAY) * DAY;
const START = END - DAYS * DAY;
const WINDOW = 11 * DAY;

async function databaseExists(): Promise<boolean> {
  const admin = new pg.Client({ connectionString: PG_URL.replace(/\/[^/]+$/, '/postgres') });
  await admin.connect();
  const { rows } = await admin.query('select 1 from pg_database where datname = $1', [new URL(PG_URL).pathname.slice(1)]);
  await admin.end();
  return rows.length > 0;
}

/** What a previous run left: the bench tanks and the span of their readings (estimated count). */
async function seeded(client: pg.Client): Promise<{ rows: number; from: number; to: number } | null> {
  const { rows } = await client.query<{ n: string; lo: Date | null; hi: Date | null }>(
    `select (select reltuples::bigint from pg_class where relname = 'tank_readings') as n,
       (select min(ts) from tank_readings where tank_id = (select min(id) from tanks where code like 'H%')) as lo,
       (select max(ts) from tank_readings where tank_id = (select min(id) from tanks where code like 'H%')) as hi`,
  );
  const r = rows[0];
  if (!r?.lo || !r.hi) return null;
  return { rows: Number(r.n), from: r.lo.getTime(), to: r.hi.getTime() + MIN };
}

async function seed(client: pg.Client): Promise<void> {
  const stations = Math.ceil(TANKS / TANKS_PER_STATION);
  const { rows: company } = await client.query<{ id: number; distributor_id: number }>(`select id, distributor_id from companies where code = 'NWP'`);
  const { id: companyId, distributor_id: distributorId } = company[0]!;
  const { rows: product } = await client.query<{ id: number }>(`select id from products order by id limit 1`);
  await client.query(
    `insert into stations (distributor_id, company_id, name, code, tax_number, timezone)
     select $1, $2, 'History bench ' || g, 'HB-' || lpad(g::text, 4, '0'), 'HB-' || g, 'UTC' from generate_series(1, $3) g`,
    [distributorId, companyId, stations],
  );
  // Tank codes start with H so a reused database finds its bench tanks; capacity 30,000 L.
  await client.query(
    `insert into tanks (distributor_id, company_id, station_id, code, product_id, height_mm, volume_l)
     select s.distributor_id, s.company_id, s.id, 'H' || t, $1, 2000, 30000
     from stations s cross join generate_series(1, $2) t where s.code like 'HB-%' order by s.id, t`,
    [product[0]!.id, TANKS_PER_STATION],
  );
  const total = TANKS * DAYS * 1440;
  console.log(`seeding ${fmt(total)} readings: ${fmt(TANKS)} tanks × ${DAYS} days × 1,440 minutes, in time order…`);
  const started = performance.now();
  // Six hours of every tank per statement (504,000 rows at 1,400 tanks): one INSERT … SELECT each.
  const CHUNK_MIN = 360;
  for (let m = 0; m < DAYS * 1440; m += CHUNK_MIN) {
    await client.query(
      `insert into tank_readings (tank_id, ts, station_id, type, product_height_mm, water_height_mm, temperature_c, volume_l, tc_volume_l, water_volume_l)
       select t.id, $1::timestamptz + g * interval '1 minute', t.station_id, 2,
         1000 + 500 * sin((g + t.id * 37) / 720.0), 20, 15 + 5 * sin((g + t.id) / 1440.0),
         15000 + 7500 * sin((g + t.id * 37) / 720.0), 14950 + 7500 * sin((g + t.id * 37) / 720.0), 80
       from generate_series($2::int, $3::int) g cross join (select id, station_id from tanks where code like 'H%') t
       order by g, t.id`,
      [new Date(START).toISOString(), m, Math.min(m + CHUNK_MIN, DAYS * 1440) - 1],
    );
    const day = Math.min(m + CHUNK_MIN, DAYS * 1440) / 1440;
    if (Number.isInteger(day)) console.log(`  day ${day} of ${DAYS} after ${((performance.now() - started) / 1000).toFixed(0)} s`);
  }
  console.log(`seeded in ${((performance.now() - started) / 1000).toFixed(0)} s; VACUUM ANALYZE…`);
  const vacuumed = performance.now();
  await client.query('vacuum analyze tank_readings');
  console.log(`  ${((performance.now() - vacuumed) / 1000).toFixed(0)} s`);
}

/** The series' columns in the primary key's leaf pages: the chart reads the index alone, not 15,840 scattered heap pages. */
const COVERED = ['product_height_mm', 'water_height_mm', 'temperature_c', 'volume_l'];

/** The readings' primary key as asked: as migrated (covering the charted columns), or narrow as before 0014. */
async function ensurePrimaryKey(client: pg.Client, covering: boolean): Promise<void> {
  const { rows } = await client.query<{ keys: number; all: number }>(
    `select indnkeyatts as keys, indnatts as "all" from pg_index where indexrelid = 'tank_readings_tank_id_ts_pk'::regclass`,
  );
  const covered = rows[0]!.all > rows[0]!.keys;
  if (covered === covering) return;
  console.log(covering ? 'rebuilding the primary key as migrated (INCLUDE the charted columns)…' : 'rebuilding the primary key without INCLUDE (--narrow)…');
  const started = performance.now();
  await client.query(`set maintenance_work_mem = '1GB'`);
  await client.query(
    `alter table tank_readings drop constraint tank_readings_tank_id_ts_pk,
       add constraint tank_readings_tank_id_ts_pk primary key (tank_id, ts)${covering ? ` include (${COVERED.join(', ')})` : ''}`,
  );
  await client.query('vacuum analyze tank_readings');
  console.log(`  ${((performance.now() - started) / 1000).toFixed(0)} s`);
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
function report(name: string, times: number[], budget?: number) {
  const sorted = [...times].sort((a, b) => a - b);
  const ms = (p: number) => percentile(sorted, p).toFixed(1).padStart(6);
  console.log(`${name.padEnd(52)} p50 ${ms(50)} ms  p95 ${ms(95)} ms  p99 ${ms(99)} ms${budget ? `  [budget p95 < ${budget} ms]` : ''}`);
}

const reusing = args.reuse && (await databaseExists());
if (!reusing) await recreateDatabase(PG_URL);
const server = await startServer({ DATABASE_URL: PG_URL, MQTT_PORT: '0', LOG_LEVEL: 'warn' }, { requireWeb: false });
const client = new pg.Client({ connectionString: PG_URL });
await client.connect();
const database = await openPostgres(PG_URL);
try {
  let span = reusing ? await seeded(client) : null;
  if (!span || span.to - span.from < WINDOW) {
    if (reusing) console.log('--reuse: no seeded readings found; seeding');
    await seed(client);
    span = (await seeded(client))!;
  } else console.log(`--reuse: ${fmt(span.rows)} readings already seeded`);
  await ensurePrimaryKey(client, !args.narrow);
  const { rows: count } = await client.query<{ n: string }>(`select reltuples::bigint as n from pg_class where relname = 'tank_readings'`);
  const { rows: size } = await client.query<{ s: string }>(`select pg_size_pretty(pg_total_relation_size('tank_readings')) as s`);
  const { rows: pkSize } = await client.query<{ s: string }>(`select pg_size_pretty(pg_relation_size('tank_readings_tank_id_ts_pk')) as s`);
  console.log(`tank_readings: ${fmt(Number(count[0]!.n))} rows (estimate), ${size[0]!.s} with its primary key (${pkSize[0]!.s}${args.narrow ? ', narrow (--narrow)' : `, including ${COVERED.join(', ')} as migrated`})`);

  const { rows: tankRows } = await client.query<{ id: number; station_id: number; company_id: number; distributor_id: number }>(`select id, station_id, company_id, distributor_id from tanks where code like 'H%'`);
  const { from, to } = span;
  const randomAsk = () => {
    const tank = tankRows[Math.floor(Math.random() * tankRows.length)]!;
    const start = from + Math.floor(Math.random() * ((to - from - WINDOW) / MIN + 1)) * MIN;
    return { tank, from: new Date(start).toISOString(), to: new Date(start + WINDOW).toISOString() };
  };
  const user: AuthUser = { id: 0, username: 'bench', accountType: ACCOUNT_TYPES.company, distributorId: tankRows[0]!.distributor_id, companyId: tankRows[0]!.company_id, stationId: null, mustChangePassword: false };
  const db = database.db;

  // A first ask of each kind, checked: the window holds 15,840 readings, the chart ≤ 2,000 points.
  const check = randomAsk();
  const q = { stationId: check.tank.station_id, tankId: check.tank.id, from: check.from, to: check.to };
  const first = await findHistory(db, user, { ...q, page: 1, pageSize: 10 });
  const series = await historySeries(db, user, q);
  if (first.total !== 15_840 || series.readings !== 15_840 || series.ts.length > 2_000) throw new Error(`unexpected answer: ${first.total} readings, ${series.ts.length} points`);
  console.log(`one tank, 11 days: ${fmt(first.total)} readings; series ${fmt(series.ts.length)} points of ${series.bucketSeconds / 60}-minute means`);

  const time = async (fn: (ask: ReturnType<typeof randomAsk>) => Promise<unknown>) => {
    for (let i = 0; i < 10; i++) await fn(randomAsk());
    const times: number[] = [];
    for (let i = 0; i < RUNS; i++) {
      const ask = randomAsk();
      const t0 = performance.now();
      await fn(ask);
      times.push(performance.now() - t0);
    }
    return times;
  };
  const askOf = (a: ReturnType<typeof randomAsk>) => ({ stationId: a.tank.station_id, tankId: a.tank.id, from: a.from, to: a.to });
  console.log(`\n${RUNS} runs each, a random tank and 11-day window per run:`);
  report('service: table page (10 newest) + count', await time((a) => findHistory(db, user, { ...askOf(a), page: 1, pageSize: 10 })), 50);
  // Not what the page asks (it pages the table and thins the chart): the export's read, for scale.
  report('service: all 15,840 readings (export; no budget)', await time((a) => allHistory(db, user, { ...askOf(a), page: 1, pageSize: 10 }, 50_000)));
  report('service: chart series (count + 10-minute means)', await time((a) => historySeries(db, user, askOf(a))), 50);

  const login = await fetch(`${server.baseUrl}/api/login/auth`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username: 'demo-company', password: E2E_DEMO_PASSWORD }) });
  const cookie = (login.headers.get('set-cookie') ?? '').split(';')[0]!;
  const http = (path: string) => async (a: ReturnType<typeof randomAsk>) => {
    const qs = new URLSearchParams({ stationId: String(a.tank.station_id), tankId: String(a.tank.id), from: a.from, to: a.to }).toString();
    const res = await fetch(`${server.baseUrl}${path}?${qs}`, { headers: { cookie } });
    const body = (await res.json()) as { code: number; msg: string };
    if (body.code !== 1000) throw new Error(`${path}: ${body.code} ${body.msg}`);
  };
  report('HTTP GET /api/report/history/list (page of 10)', await time(http('/api/report/history/list')), 50);
  report('HTTP GET /api/report/history/series', await time(http('/api/report/history/series')), 50);
} finally {
  await database.close();
  await client.end();
  await server.stop();
}
