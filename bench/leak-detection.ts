/**
 * How well the leak test finds leaks (issue 22): simulated months of readings for many tanks —
 * tight ones and ones leaking 0.38, 0.76 and 1.5 L/h — with the noise of real probes, the
 * temperature drift of underground tanks, evaporation and sales (apps/simulator/src/leak-bench.ts),
 * sent through the device API on PostgreSQL; the book and leak-test jobs run to completion;
 * then the tests of the last day, read from `GET /api/leak-test/list`, for each threshold asked
 * (the company's setting is changed through the API and the job run again): per rate the
 * probability of detection (share of tanks that fail), over the tight tanks the false-alarm rate,
 * and the inconclusive share. Then the same data in shorter windows (from the figured days,
 * through the domain's own combination) for what the method needs: quiet hours per week.
 *
 *   node --import tsx bench/leak-detection.ts [--per-rate 30 --tight 60 --days 30 --interval 1 --thresholds 0.76,0.38,0.19]
 *
 * PostgreSQL: BENCH_LEAK_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/ullage_leak_bench;
 * dropped and created).
 */
import os from 'node:os';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { testOfDays, windowFirstDay, type QuietPeriod } from '@ullage/domain/leak-detection';
import { leakBenchReadings } from '@ullage/simulator/leak-bench';
import { E2E_ADMIN_PASSWORD, startServer } from '../e2e/server';
import { openPostgres } from '../apps/server/src/db/client';
import { TankDayBookJob } from '../apps/server/src/modules/tank-days/service';
import { LeakTestJob } from '../apps/server/src/modules/leak-test/leak-job';
import { api, createFleet, fmt, post, recreateDatabase, signIn } from './setup';

const { values: args } = parseArgs({
  options: {
    'per-rate': { type: 'string', default: '30' },
    tight: { type: 'string', default: '60' },
    days: { type: 'string', default: '30' },
    /** Minutes between readings (devices report every minute). */
    interval: { type: 'string', default: '1' },
    thresholds: { type: 'string', default: '0.76,0.38,0.19' },
    concurrency: { type: 'string', default: '6' },
  },
});
const RATES = [0.38, 0.76, 1.5];
const PER_RATE = Number(args['per-rate']);
const TIGHT = Number(args.tight);
const DAYS = Number(args.days);
const INTERVAL_MS = Number(args.interval) * 60_000;
const THRESHOLDS = args.thresholds.split(',').map(Number);
const PG_URL = process.env.BENCH_LEAK_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/ullage_leak_bench';
const TANKS_PER_STATION = 10;
const load = () => os.loadavg().map((x) => x.toFixed(1)).join(' ');

/** Each bench tank's leak: the tight ones first, then PER_RATE of each rate. */
const leaks = [...Array.from({ length: TIGHT }, () => 0), ...RATES.flatMap((r) => Array.from({ length: PER_RATE }, () => r))];
const stationCount = Math.ceil(leaks.length / TANKS_PER_STATION);
// Whole UTC days, the last one ended more than an hour ago (its book is final): yesterday and before.
const lastDayStart = Date.UTC(new Date().getUTCFullYear(), new Date().getUTCMonth(), new Date().getUTCDate()) - 86_400_000;
const startMs = lastDayStart - (DAYS - 1) * 86_400_000;
const LAST_DAY = new Date(lastDayStart).toISOString().slice(0, 10);

console.log(`leak-detection bench: ${TIGHT} tight tanks, ${PER_RATE} each leaking ${RATES.join(', ')} L/h; ${DAYS} days to ${LAST_DAY}, a reading every ${INTERVAL_MS / 60_000} min; load ${load()}`);
await recreateDatabase(PG_URL);
const server = await startServer({ DATABASE_URL: PG_URL, MQTT_PORT: '0', LOG_LEVEL: 'warn' }, { requireWeb: false });
const pool = new pg.Pool({ connectionString: PG_URL, max: 4 });
const { db, close } = await openPostgres(PG_URL);
try {
  const fleet = await createFleet(server, 'LEAK-', stationCount, TANKS_PER_STATION);
  const cookie = await signIn(server.baseUrl, 'admin', E2E_ADMIN_PASSWORD);
  // The bench tanks: 2,000 mm, 15 L a millimetre (bench/setup.ts), gasoline.
  const strapping = Array.from({ length: 41 }, (_, i) => ({ heightMm: i * 50, volumeL: i * 50 * 15 }));

  // Send: each tank's readings a day per report, `concurrency` reports in flight.
  const sendStarted = performance.now();
  let readings = 0;
  const jobs = leaks.map((leakLph, i) => ({ leakLph, station: fleet.stations[Math.floor(i / TANKS_PER_STATION)]!, tankCode: String((i % TANKS_PER_STATION) + 1), seed: 1000 + i }));
  let next = 0;
  await Promise.all(
    Array.from({ length: Number(args.concurrency) }, async () => {
      for (let j = next++; j < jobs.length; j = next++) {
        const job = jobs[j]!;
        const all = leakBenchReadings({ seed: job.seed, tank: { heightMm: 2000, capacityL: 30_000, strapping }, leakLph: job.leakLph, startMs, days: DAYS, intervalMs: INTERVAL_MS, product: 'gasoline', tankCode: job.tankCode });
        const perDay = Math.round(86_400_000 / INTERVAL_MS);
        for (let k = 0; k < all.length; k += perDay) {
          const text = await post(`${server.baseUrl}/api/device/v1/stations/${job.station.code}/report`, job.station.key, JSON.stringify({ readings: all.slice(k, k + perDay) }));
          const refused = (JSON.parse(text) as { data?: { refused?: unknown[] } }).data?.refused ?? [];
          if (refused.length > 0) throw new Error(`refused: ${JSON.stringify(refused.slice(0, 2))}`);
        }
        readings += all.length;
      }
    }),
  );
  const sendS = (performance.now() - sendStarted) / 1000;
  console.log(`sent ${fmt(readings)} readings in ${sendS.toFixed(0)} s (${fmt(Math.round(readings / sendS))}/s); load ${load()}`);

  // Books, then the leak tests, to completion (in this process; the server's own rounds may overlap and find nothing left).
  const clock = () => new Date();
  let t = performance.now();
  let books = 0;
  for (;;) {
    const round = await new TankDayBookJob({ db, clock }, { roundMs: 60_000 }).runOnce();
    books += round.written;
    if (!round.pending) break;
  }
  console.log(`books: ${fmt(books)} tank days in ${((performance.now() - t) / 1000).toFixed(1)} s`);
  const leakJob = new LeakTestJob({ db, clock }, { roundMs: 600_000 });
  t = performance.now();
  const first = await leakJob.runOnce();
  const figureS = (performance.now() - t) / 1000;
  // The server's own leak-test job may take some of the days meanwhile: the rate is of the days this process figured.
  const perDay = 86_400_000 / INTERVAL_MS;
  console.log(`leak days figured here: ${fmt(first.figured)} tank days in ${figureS.toFixed(1)} s (${Math.round(first.figured / figureS)} tank days/s, ${fmt(Math.round((first.figured * perDay) / figureS))} readings/s); tests made: ${first.evaluated}; load ${load()}`);

  const companyId = ((await api(server, cookie, 'GET', '/api/company/list?pageSize=50')).list as { id: number; code: string }[]).find((c) => c.code === 'NWP')!.id;
  const company = (await api(server, cookie, 'GET', `/api/company/${companyId}`)) as Record<string, unknown>;
  const tankRate = new Map<string, number>(jobs.map((j) => [`${j.station.code}/${j.tankCode}`, j.leakLph]));

  console.log(`\nthe test of ${LAST_DAY} (the ${DAYS >= 30 ? 30 : DAYS}-day window ending with it), from GET /api/leak-test/list:`);
  console.log('threshold L/h | leak L/h | tanks | fail (detection / false alarm) | pass | inconclusive | mean rate | mean detectable | mean quiet h/week');
  for (const threshold of THRESHOLDS) {
    const { id: _id, distributorName: _d, disabled: _x, stationCount: _s, createdAt: _c, ...input } = company;
    await api(server, cookie, 'PUT', `/api/company/${companyId}`, { ...input, leakThresholdLph: threshold });
    await leakJob.runOnce();
    const rows: { stationCode: string; tankCode: string; result: string; leakRateLph: number | null; mdlLph: number | null; quietHours: number }[] = [];
    for (let page = 1; ; page++) {
      const data = await api(server, cookie, 'GET', `/api/leak-test/list?from=${LAST_DAY}&to=${LAST_DAY}&q=LEAK-&pageSize=200&page=${page}`);
      rows.push(...(data.list as typeof rows));
      if (rows.length >= (data.total as number)) break;
    }
    for (const rate of [0, ...RATES]) {
      const group = rows.filter((r) => tankRate.get(`${r.stationCode}/${r.tankCode}`) === rate);
      const share = (result: string) => group.filter((r) => r.result === result).length / group.length;
      const mean = (f: (r: (typeof rows)[number]) => number | null) => group.reduce((s, r) => s + (f(r) ?? 0), 0) / group.length;
      const windowDays = Math.min(DAYS, 30);
      console.log(
        `${threshold.toFixed(2)} | ${rate.toFixed(2)} | ${group.length} | ${(100 * share('fail')).toFixed(1)} % ${rate === 0 ? '(false alarms)' : '(detection)'} | ${(100 * share('pass')).toFixed(1)} % | ${(100 * share('inconclusive')).toFixed(1)} % | ${mean((r) => r.leakRateLph).toFixed(3)} | ${mean((r) => r.mdlLph).toFixed(3)} | ${((mean((r) => r.quietHours) / windowDays) * 7).toFixed(0)}`,
      );
    }
  }
  await api(server, cookie, 'PUT', `/api/company/${companyId}`, { ...Object.fromEntries(Object.entries(company).filter(([k]) => !['id', 'distributorName', 'disabled', 'stationCount', 'createdAt'].includes(k))) });

  // What the method needs: the same days in shorter windows, combined as the job does (domain testOfDays).
  const dayRows = await pool.query<{ code: string; tank: string; day: string; periods: number[][] }>(
    `select s.code, t.code as tank, l.day::text as day, l.periods from tank_leak_days l join tanks t on t.id = l.tank_id join stations s on s.id = t.station_id where s.code like 'LEAK-%'`,
  );
  const byTank = new Map<string, { day: string; periods: QuietPeriod[] }[]>();
  for (const r of dayRows.rows) {
    const key = `${r.code}/${r.tank}`;
    const list = byTank.get(key) ?? [];
    list.push({ day: r.day, periods: r.periods.map(([s, e, n, rate, se]) => ({ startMs: s!, endMs: e!, n: n!, rateLph: rate!, seLph: se! })) });
    byTank.set(key, list);
  }
  // What the method needs: the same figured days in shorter windows and with fewer quiet periods
  // (every k-th kept), combined as the job does (domain testOfDays), at the two thresholds that
  // declare half the rates to find (0.38 L/h for 0.76, 0.19 L/h for 0.38).
  console.log('\nwhat the data must give (domain combination of the same figured days):');
  console.log('threshold L/h | window days | periods kept | quiet h/week | mean detectable L/h | false alarms | detection 0.38 / 0.76 / 1.5 | inconclusive tight / leaking');
  for (const threshold of [0.38, 0.19]) {
    for (const windowDays of [7, 14, 30].filter((w) => w <= DAYS)) {
      for (const every of [1, 2, 4, 8]) {
        const first = windowFirstDay(LAST_DAY, windowDays);
        const outcomes = [...byTank].map(([key, days]) => {
          let i = 0;
          const thinned = days.map((d) => ({ day: d.day, periods: d.periods.filter(() => i++ % every === 0) }));
          return { rate: tankRate.get(key)!, outcome: testOfDays(thinned, first, LAST_DAY, threshold) };
        });
        const of = (rate: number) => outcomes.filter((o) => o.rate === rate);
        const share = (list: typeof outcomes, result: string) => (100 * list.filter((o) => o.outcome.result === result).length) / Math.max(1, list.length);
        const quiet = outcomes.reduce((s, o) => s + o.outcome.quietHours, 0) / outcomes.length;
        const mdl = outcomes.reduce((s, o) => s + (o.outcome.mdlLph ?? 0), 0) / outcomes.length;
        const leaking = outcomes.filter((o) => o.rate > 0);
        console.log(
          `${threshold.toFixed(2)} | ${windowDays} | 1 in ${every} | ${((quiet / windowDays) * 7).toFixed(1)} | ${mdl.toFixed(3)} | ${share(of(0), 'fail').toFixed(1)} % | ${RATES.map((r) => `${share(of(r), 'fail').toFixed(1)} %`).join(' / ')} | ${share(of(0), 'inconclusive').toFixed(1)} % / ${share(leaking, 'inconclusive').toFixed(1)} %`,
        );
      }
    }
  }
  console.log(`\nload ${load()}`);
} finally {
  await pool.end();
  await close();
  await server.stop();
}
