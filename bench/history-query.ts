/**
 * History budgets of DESIGN.md §8: one tank over 11 days at 1-minute resolution (15,840
 * readings) p95 < 50 ms, and over 2 years through the summaries p95 < 200 ms, with ≥ 50 M
 * readings across ≥ 24 monthly partitions.
 *
 *   node --import tsx bench/history-query.ts [--tanks 48] [--days 731] [--runs 300] [--cold 30] [--reuse] [--narrow]
 *
 * PostgreSQL at BENCH_HISTORY_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/ullage_history_bench),
 * dropped and created unless --reuse finds it already seeded. The server (as `npm start` runs
 * it) creates the schema and the demo organisation; the bench adds stations of 10 tanks under
 * the demo company NWP and fills the real, month-partitioned readings table in time order —
 * every tank's minute, then the next minute, as ingest writes them — so one tank's readings lie
 * scattered among the others' as in production. The hourly and daily summaries are then built
 * from the raw rows as ingest would have kept them. No VACUUM is forced: the months before the
 * current one are vacuumed (as autovacuum leaves closed months), the current one is left as
 * written, and the bench says how much of each is all-visible.
 *
 * Timings, each with the machine's load average beside it:
 *   - warm: the service functions the routes call (this process, a pool of its own) and the
 *     same through HTTP with a company user's session, a random tank and window per run;
 *   - cold (--cold N, as root): before each run the OS page cache is dropped, so what is not in
 *     PostgreSQL's own buffers (128 MB here) comes from disk, not memory.
 */
import { execSync } from 'node:child_process';
import { loadavg } from 'node:os';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { ACCOUNT_TYPES } from '@ullage/domain/organisation';
import { openPostgres } from '../apps/server/src/db/client';
import type { AuthUser } from '../apps/server/src/sessions/auth-user';
import { allHistory, findHistory, historySeries, historyTrend } from '../apps/server/src/modules/report-history/service';
import { E2E_DEMO_PASSWORD, startServer } from '../e2e/server';
import { fmt, recreateDatabase, signIn } from './setup';

const { values: args } = parseArgs({
  options: {
    tanks: { type: 'string', default: '48' },
    days: { type: 'string', default: '731' },
    runs: { type: 'string', default: '300' },
    cold: { type: 'string', default: '30' },
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
const COLD = Number(args.cold);
const TANKS_PER_STATION = 10;
const PG_URL = process.env.BENCH_HISTORY_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/ullage_history_bench';
const MIN = 60_000;
const DAY = 86_400_000;
// Whole days ending at the last midnight (UTC) before now: the readings are in the past.
const END = Math.floor(Date.now() / DAY) * DAY;
const START = END - DAYS * DAY;
const WINDOW = 11 * DAY;
const LONG = 2 * 365 * DAY;

const load = () => `load ${loadavg()[0]!.toFixed(2)}`;

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
    `select (select sum(c.reltuples)::bigint from pg_inherits i join pg_class c on c.oid = i.inhrelid where i.inhparent = 'tank_readings'::regclass) as n,
       (select min(ts) from tank_readings where tank_id = (select min(id) from tanks where code like 'H%')) as lo,
       (select max(ts) from tank_readings where tank_id = (select min(id) from tanks where code like 'H%')) as hi`,
  );
  const r = rows[0];
  if (!r?.lo || !r.hi) return null;
  return { rows: Number(r.n), from: r.lo.getTime(), to: r.hi.getTime() + MIN };
}

const SUMMARY_COLUMNS = ['product_height_mm', 'water_height_mm', 'temperature_c', 'volume_l'];
const summaryAggregates = [
  ...SUMMARY_COLUMNS.map((m) => `sum(${m})`),
  ...SUMMARY_COLUMNS.flatMap((m) => [`min(${m})`, `max(${m})`]),
  ...SUMMARY_COLUMNS.flatMap((m) => [`(array_agg(${m} order by ts))[1]`, `(array_agg(${m} order by ts desc))[1]`]),
].join(', ');
const summaryColumns = [...SUMMARY_COLUMNS.map((m) => `sum_${m}`), ...SUMMARY_COLUMNS.flatMap((m) => [`min_${m}`, `max_${m}`]), ...SUMMARY_COLUMNS.flatMap((m) => [`first_${m}`, `last_${m}`])].join(', ');

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
     from stations s cross join generate_series(1, $2) t where s.code like 'HB-%' order by s.id, t
     limit $3`,
    [product[0]!.id, TANKS_PER_STATION, TANKS],
  );
  for (const table of ['tank_readings', 'tank_hourly']) {
    await client.query(`select ullage_ensure_month_partitions($1, $2::timestamptz, $3::timestamptz)`, [table, new Date(START).toISOString(), new Date(END).toISOString()]);
  }
  const total = TANKS * DAYS * 1440;
  console.log(`seeding ${fmt(total)} readings: ${fmt(TANKS)} tanks × ${DAYS} days × 1,440 minutes, in time order…`);
  const started = performance.now();
  // A day of every tank per statement, minute by minute.
  for (let d = 0; d < DAYS; d++) {
    await client.query(
      `insert into tank_readings (tank_id, ts, station_id, type, product_height_mm, water_height_mm, temperature_c, volume_l, tc_volume_l, water_volume_l)
       select t.id, $1::timestamptz + g * interval '1 minute', t.station_id, 2,
         1000 + 500 * sin((g + t.id * 37) / 720.0), 20, 15 + 5 * sin((g + t.id) / 1440.0),
         15000 + 7500 * sin((g + t.id * 37) / 720.0), 14950 + 7500 * sin((g + t.id * 37) / 720.0), 80
       from generate_series($2::int, $3::int) g cross join (select id, station_id from tanks where code like 'H%') t
       order by g, t.id`,
      [new Date(START).toISOString(), d * 1440, (d + 1) * 1440 - 1],
    );
    if ((d + 1) % 30 === 0) console.log(`  day ${d + 1} of ${DAYS} after ${((performance.now() - started) / 1000).toFixed(0)} s (${load()})`);
  }
  console.log(`seeded in ${((performance.now() - started) / 1000).toFixed(0)} s; the summaries…`);
  const summarised = performance.now();
  // Month by month, as ingest would have kept them (ingest/readings-repo.ts mergeSummaries).
  for (let m = START; m < END; ) {
    const next = Math.min(END, Date.UTC(new Date(m).getUTCFullYear(), new Date(m).getUTCMonth() + 1, 1));
    await client.query(
      `insert into tank_hourly (tank_id, hour, n, first_ts, last_ts, ${summaryColumns})
       select tank_id, date_bin(interval '1 hour', ts, timestamptz '2000-01-01Z'), count(*), min(ts), max(ts), ${summaryAggregates}
       from tank_readings where ts >= $1 and ts < $2 group by 1, 2`,
      [new Date(m).toISOString(), new Date(next).toISOString()],
    );
    m = next;
  }
  await client.query(
    `insert into tank_daily (tank_id, day, n, first_ts, last_ts, ${summaryColumns})
     select tank_id, date_bin(interval '1 day', hour, timestamptz '2000-01-01Z'), sum(n), min(first_ts), max(last_ts),
       ${SUMMARY_COLUMNS.map((m) => `sum(sum_${m})`).join(', ')}, ${SUMMARY_COLUMNS.map((m) => `min(min_${m}), max(max_${m})`).join(', ')},
       ${SUMMARY_COLUMNS.map((m) => `(array_agg(first_${m} order by hour))[1], (array_agg(last_${m} order by hour desc))[1]`).join(', ')}
     from tank_hourly group by 1, 2`,
  );
  console.log(`  ${((performance.now() - summarised) / 1000).toFixed(0)} s; ANALYZE, and VACUUM of the months before this one (autovacuum's steady state)…`);
  await client.query('analyze');
  const { rows: parts } = await client.query<{ name: string }>(
    `select c.relname as name from pg_inherits i join pg_class c on c.oid = i.inhrelid where i.inhparent in ('tank_readings'::regclass, 'tank_hourly'::regclass) and c.relname < $1`,
    [`tank_readings_p${new Date(END).toISOString().slice(0, 7).replace('-', '')}`],
  );
  for (const { name } of parts) await client.query(`vacuum "${name}"`);
  await client.query('vacuum tank_daily');
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
  console.log(`  ${((performance.now() - started) / 1000).toFixed(0)} s`);
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
function report(name: string, times: number[], budget?: number) {
  const sorted = [...times].sort((a, b) => a - b);
  const ms = (p: number) => percentile(sorted, p).toFixed(1).padStart(7);
  console.log(`${name.padEnd(58)} n ${String(times.length).padStart(3)}  p50 ${ms(50)} ms  p95 ${ms(95)} ms  p99 ${ms(99)} ms${budget ? `  [p95 < ${budget} ms]` : ''}  (${load()})`);
}

/** Drops the OS page cache (root only): the next read of a page not in PostgreSQL's own buffers comes from disk. */
function dropPageCache(): boolean {
  try {
    execSync('sync && echo 3 > /proc/sys/vm/drop_caches', { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
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
  const { rows: stats } = await client.query<{ parts: number; rows: string; size: string; key: string; visible: string; hourly: string; daily: string }>(
    `select count(*)::int as parts, sum(c.reltuples)::bigint as rows,
       pg_size_pretty(sum(pg_relation_size(c.oid))) as size,
       pg_size_pretty(sum(pg_relation_size(x.indexrelid))) as key,
       round(100.0 * sum(c.relallvisible) / nullif(sum(c.relpages), 0), 1) as visible,
       (select pg_size_pretty(sum(pg_total_relation_size(h.inhrelid))) from pg_inherits h where h.inhparent = 'tank_hourly'::regclass) as hourly,
       pg_size_pretty(pg_total_relation_size('tank_daily')) as daily
     from pg_inherits i join pg_class c on c.oid = i.inhrelid join pg_index x on x.indrelid = c.oid and x.indisprimary
     where i.inhparent = 'tank_readings'::regclass`,
  );
  const st = stats[0]!;
  console.log(
    `tank_readings: ${fmt(Number(st.rows))} rows (estimate) in ${st.parts} monthly partitions; heap ${st.size}, primary key ${st.key}${args.narrow ? ' (narrow, --narrow)' : ` (including ${COVERED.join(', ')})`}; ${st.visible} % of heap pages all-visible`,
  );
  console.log(`summaries: tank_hourly ${st.hourly}, tank_daily ${st.daily}`);

  const { rows: tankRows } = await client.query<{ id: number; station_id: number; company_id: number; distributor_id: number }>(`select id, station_id, company_id, distributor_id from tanks where code like 'H%'`);
  const { from, to } = span;
  const randomAsk = (window: number) => {
    const tank = tankRows[Math.floor(Math.random() * tankRows.length)]!;
    const start = from + Math.floor(Math.random() * ((to - from - window) / MIN + 1)) * MIN;
    return { tank, from: new Date(start).toISOString(), to: new Date(start + window).toISOString() };
  };
  type Ask = ReturnType<typeof randomAsk>;
  const user: AuthUser = { id: 0, username: 'bench', accountType: ACCOUNT_TYPES.company, distributorId: tankRows[0]!.distributor_id, companyId: tankRows[0]!.company_id, stationId: null, mustChangePassword: false };
  const db = database.db;
  const askOf = (a: Ask) => ({ stationId: a.tank.station_id, tankId: a.tank.id, from: a.from, to: a.to });

  // A first ask of each kind, checked: the window holds 15,840 readings, the chart ≤ 2,000 points; two years, 1,051,200.
  const check = randomAsk(WINDOW);
  const first = await findHistory(db, user, { ...askOf(check), page: 1, pageSize: 10 });
  const series = await historySeries(db, user, askOf(check));
  if (first.total !== 15_840 || series.readings !== 15_840 || series.ts.length > 2_000) throw new Error(`unexpected answer: ${first.total} readings, ${series.ts.length} points`);
  console.log(`one tank, 11 days: ${fmt(first.total)} readings; series ${fmt(series.ts.length)} points of ${series.bucketSeconds / 60}-minute means`);
  const canLong = to - from >= LONG;
  if (canLong) {
    const trend = await historyTrend(db, user, askOf(randomAsk(LONG)));
    if (trend.readings !== 730 * 1440 || trend.ts.length > 2_000) throw new Error(`unexpected trend: ${trend.readings} readings, ${trend.ts.length} points`);
    console.log(`one tank, 2 years: ${fmt(trend.readings)} readings; trend ${fmt(trend.ts.length)} points of ${trend.bucketSeconds / 3600}-hour means`);
  }

  const time = async (fn: (ask: Ask) => Promise<unknown>, window: number, runs = RUNS) => {
    for (let i = 0; i < 10; i++) await fn(randomAsk(window));
    const times: number[] = [];
    for (let i = 0; i < runs; i++) {
      const ask = randomAsk(window);
      const t0 = performance.now();
      await fn(ask);
      times.push(performance.now() - t0);
    }
    return times;
  };
  console.log(`\nwarm: ${RUNS} runs each, a random tank and window per run`);
  report('service: table page (10 newest) + count, 11 days', await time((a) => findHistory(db, user, { ...askOf(a), page: 1, pageSize: 10 }), WINDOW), 50);
  report('service: chart series, 11 days', await time((a) => historySeries(db, user, askOf(a)), WINDOW), 50);
  // Not what the page asks (it pages the table and thins the chart): the export's read, for scale.
  report('service: all 15,840 readings (export; no budget)', await time((a) => allHistory(db, user, { ...askOf(a), page: 1, pageSize: 10 }, 50_000), WINDOW, Math.min(RUNS, 100)));
  if (canLong) report('service: long-term trend, 2 years (summaries)', await time((a) => historyTrend(db, user, askOf(a)), LONG), 200);

  const cookie = await signIn(server.baseUrl, 'demo-company', E2E_DEMO_PASSWORD);
  const http = (path: string) => async (a: Ask) => {
    const qs = new URLSearchParams({ stationId: String(a.tank.station_id), tankId: String(a.tank.id), from: a.from, to: a.to }).toString();
    const res = await fetch(`${server.baseUrl}${path}?${qs}`, { headers: { cookie } });
    const body = (await res.json()) as { code: number; msg: string };
    if (body.code !== 1000) throw new Error(`${path}: ${body.code} ${body.msg}`);
  };
  report('HTTP GET /api/report/history/list (page of 10), 11 days', await time(http('/api/report/history/list'), WINDOW), 50);
  report('HTTP GET /api/report/history/series, 11 days', await time(http('/api/report/history/series'), WINDOW), 50);
  if (canLong) report('HTTP GET /api/report/history/trend, 2 years', await time(http('/api/report/history/trend'), LONG), 200);

  if (COLD > 0) {
    if (!dropPageCache()) console.log('\ncold: skipped (dropping the page cache needs root)');
    else {
      console.log(`\ncold: ${COLD} runs each, the OS page cache dropped before each (PostgreSQL's own shared_buffers are not emptied), a random tank and window`);
      const coldTime = async (fn: (ask: Ask) => Promise<unknown>, window: number) => {
        const times: number[] = [];
        for (let i = 0; i < COLD; i++) {
          const ask = randomAsk(window);
          dropPageCache();
          const t0 = performance.now();
          await fn(ask);
          times.push(performance.now() - t0);
        }
        return times;
      };
      report('cold service: table page + count, 11 days', await coldTime((a) => findHistory(db, user, { ...askOf(a), page: 1, pageSize: 10 }), WINDOW));
      report('cold service: chart series, 11 days', await coldTime((a) => historySeries(db, user, askOf(a)), WINDOW));
      if (canLong) report('cold service: long-term trend, 2 years', await coldTime((a) => historyTrend(db, user, askOf(a)), LONG));
    }
  }
} finally {
  await database.close();
  await client.end();
  await server.stop();
}
