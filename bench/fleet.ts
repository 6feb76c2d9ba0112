/**
 * A distributor's fleet, made by the product itself (issue 35), kept for the screen bench.
 *
 * `--tanks` tanks (stations of 4, 5 and 6 tanks, split over the demo's two companies, in five
 * time zones or `--zones`) are created through the settings API; the device simulator then sends their
 * history through the device API, as a console would upload it: a reading per tank every 15
 * minutes for `--days`, every minute for the last `--minute-days` (every 30 s while a tanker
 * unloads), with what the simulator's stations do — metered sales at most stations (each fill
 * as a transaction), totalisers every quarter hour at some, none at a few; deliveries with
 * tickets while pumps sell, probe faults, data jumps, power-offs, network gaps (late readings),
 * leak sensors, alarms; a few leaking tanks, thefts, meter errors and short deliveries. The server
 * runs its own jobs meanwhile; afterwards the tank-day books, leak tests, variance and run-out
 * forecast jobs are run to completion. Each step's time is printed, and the fleet's size.
 *
 *   node --import tsx bench/fleet.ts [--tanks 1000 --days 395 --minute-days 11 --seed 1 --zones Asia/Shanghai,UTC,…]
 *
 * The fleet is kept as the database `ullage_fleet_<tanks>` (marked a template): a bench copies it
 * with `restoreFleet` (CREATE DATABASE … TEMPLATE, a file copy: seconds, not a replay). `--dump
 * FILE` also writes a `pg_dump -Fc` file, to carry the fleet to another machine. Where the
 * server's autovacuum is off, the bench runs its rule itself meanwhile (autovacuum.ts; `--vacuum-log`
 * prints each pass).
 *
 * Accounts: `admin` (E2E_ADMIN_PASSWORD) and the company account `fleet-company` (FLEET_COMPANY_PASSWORD),
 * which sees the first company's half of the fleet.
 *
 * PostgreSQL: BENCH_FLEET_SERVER_URL (default postgres://postgres@127.0.0.1:5432).
 */
import { execFileSync } from 'node:child_process';
import os from 'node:os';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { sql } from 'drizzle-orm';
import { cylinderStrappingTable, horizontalCylinderVolume } from '@ullage/domain/strapping';
import { ACCOUNT_TYPES } from '@ullage/domain/organisation';
import { startFleet, type SimStation, type SimTank } from '@ullage/simulator/fleet';
import { E2E_ADMIN_PASSWORD, startServer } from '../e2e/server';
import { openPostgres } from '../apps/server/src/db/client';
import { users } from '../apps/server/src/db/schema';
import { hashPassword } from '../apps/server/src/modules/auth/passwords';
import { TankDayBookJob } from '../apps/server/src/modules/tank-days/service';
import { LeakTestJob } from '../apps/server/src/modules/leak-test/leak-job';
import { VarianceAlarmJob } from '../apps/server/src/modules/reconciliation/variance-job';
import { RunOutForecastJob } from '../apps/server/src/modules/forecast/forecast-job';
import { DEMO_TANK_SIZES } from '../apps/server/src/seed/demo-organisation';
import { api, fmt, recreateDatabase, signIn } from './setup';
import { standInForAutovacuum } from './autovacuum';

export const FLEET_COMPANY_USER = 'fleet-company';
export const FLEET_COMPANY_PASSWORD = 'Fleet#2026co';
export const FLEET_PREFIX = 'FL-';
const SERVER_URL = process.env.BENCH_FLEET_SERVER_URL ?? 'postgres://postgres@127.0.0.1:5432';
export const fleetDatabase = (tanks: number) => `ullage_fleet_${tanks}`;
export const databaseUrl = (name: string) => `${SERVER_URL}/${name}`;

/** A copy of the kept fleet as `target` (dropped first): CREATE DATABASE … TEMPLATE copies its files. Answers the seconds it took. */
export async function restoreFleet(tanks: number, target: string): Promise<number> {
  const admin = new pg.Client({ connectionString: databaseUrl('postgres') });
  await admin.connect();
  try {
    const started = performance.now();
    await admin.query(`drop database if exists ${target} with (force)`);
    await admin.query(`create database ${target} template ${fleetDatabase(tanks)}`);
    return (performance.now() - started) / 1000;
  } finally {
    await admin.end();
  }
}

const DAY_MS = 86_400_000;
/** The stations' zones, taken in turn (`--zones`): one zone makes every station's day turn at once, a distributor's worst hour. */
const TIME_ZONES = ['Asia/Shanghai', 'Europe/Madrid', 'America/Chicago', 'Asia/Dubai', 'UTC'];
const TANKS_AT = [4, 5, 6];
const load = () => os.loadavg().map((x) => x.toFixed(1)).join(' ');
const seconds = (since: number) => ((performance.now() - since) / 1000).toFixed(0);

/** The tank counts of the fleet's stations: 4, 5, 6, 4, … summing to `tanks`. */
export function stationSizes(tanks: number): number[] {
  const sizes: number[] = [];
  for (let left = tanks, i = 0; left > 0; i++) {
    const n = Math.min(TANKS_AT[i % TANKS_AT.length]!, left);
    sizes.push(n);
    left -= n;
  }
  return sizes;
}

/** What makes station `i`'s tank `t` unusual, if anything: one in ~50 stations leaks, and so on, spread by index. */
function wetstockOf(i: number, t: number, startMs: number, days: number): Partial<SimTank> {
  if (i % 50 === 3 && t === 1) return { leak: { rateLph: 1.5, fromMs: startMs } };
  if (i % 60 === 11 && t === 0) return { meterErrorPct: 0.6 };
  if (i % 70 === 13 && t === 0) return { shortDelivery: { pct: 1, fromMs: startMs + 12 * DAY_MS, untilMs: startMs + 30 * DAY_MS } };
  if (i % 97 === 5 && t === 0) return { theft: { litres: 300, fromMs: startMs + Math.max(1, days - 10) * DAY_MS + 3_600_000, durationMs: 3_600_000 } };
  return {};
}

async function main() {
  const { values: args } = parseArgs({
    options: {
      tanks: { type: 'string', default: '1000' },
      days: { type: 'string', default: '395' },
      'minute-days': { type: 'string', default: '11' },
      seed: { type: 'string', default: '1' },
      'chunk-hours': { type: 'string', default: '12' },
      zones: { type: 'string', default: TIME_ZONES.join(',') },
      dump: { type: 'string' },
      'vacuum-log': { type: 'boolean', default: false },
    },
  });
  const TANKS = Number(args.tanks);
  const DAYS = Number(args.days);
  const MINUTE_DAYS = Math.min(DAYS, Number(args['minute-days']));
  const zones = args.zones.split(',');
  const name = fleetDatabase(TANKS);
  const url = databaseUrl(name);
  const nowMs = Date.now();
  const startMs = nowMs - DAYS * DAY_MS;
  const fineFromMs = nowMs - MINUTE_DAYS * DAY_MS;
  const sizes = stationSizes(TANKS);
  const made = performance.now();
  console.log(`fleet: ${fmt(TANKS)} tanks at ${sizes.length} stations, ${DAYS} days (every 15 min, every minute for the last ${MINUTE_DAYS}) into ${name}; load ${load()}`);

  const admin = new pg.Client({ connectionString: databaseUrl('postgres') });
  await admin.connect();
  await admin.query(`alter database ${name} is_template false`).catch(() => {});
  await admin.end();
  await recreateDatabase(url);
  const server = await startServer({ DATABASE_URL: url, MQTT_PORT: '0', LOG_LEVEL: 'warn', READINGS_RETENTION_MONTHS: '' }, { requireWeb: false });
  const { db, close } = await openPostgres(url);
  // Autovacuum's part while the history streams in and the jobs rewrite their tables (autovacuum.ts).
  const stopVacuum = await standInForAutovacuum(url, (line) => args['vacuum-log'] && console.log(line));
  try {
    // Stations, through the settings API as an operator would make them.
    let t = performance.now();
    const cookie = await signIn(server.baseUrl, 'admin', E2E_ADMIN_PASSWORD);
    const companies = (await api(server, cookie, 'GET', '/api/company/list?pageSize=50')).list as { id: number; code: string; distributorId: number }[];
    const products = (await api(server, cookie, 'GET', '/api/product/list?pageSize=50')).list as { id: number; type: string; code: string }[];
    const fleetCompanies = ['NWP', 'LSF'].map((code) => companies.find((c) => c.code === code)!);
    const stations: SimStation[] = new Array(sizes.length);
    let next = 0;
    await Promise.all(
      Array.from({ length: 6 }, async () => {
        for (let i = next++; i < sizes.length; i = next++) {
          const code = `${FLEET_PREFIX}${String(i + 1).padStart(5, '0')}`;
          const timezone = zones[i % zones.length]!;
          const tankDefs = Array.from({ length: sizes[i]! }, (_, k) => {
            const size = DEMO_TANK_SIZES[(i + k) % DEMO_TANK_SIZES.length]!;
            const product = products[(i + k) % products.length]!;
            const volumeL = Math.ceil(horizontalCylinderVolume(size.diameterMm, size.lengthMm, size.diameterMm));
            const h = size.diameterMm;
            return {
              settings: {
                code: String(k + 1),
                productId: product.id,
                heightMm: h,
                volumeL,
                strapping: cylinderStrappingTable(size.diameterMm, size.lengthMm, 50).map((p) => ({ heightMm: p.heightMm, volumeL: Math.round(p.volumeL) })),
                lowOilAlarmMm: Math.round(h * 0.1),
                lowOilWarnMm: Math.round(h * 0.2),
                highOilWarnMm: Math.round(h * 0.9),
                highOilAlarmMm: Math.round(h * 0.95),
                highWaterAlarmMm: 60,
              },
              product: product.type === 'diesel' ? ('diesel' as const) : ('gasoline' as const),
            };
          });
          const saved = await api(server, cookie, 'POST', '/api/station', {
            name: `Fleet station ${i + 1}`,
            code,
            taxNumber: code,
            companyId: fleetCompanies[i % 2]!.id,
            timezone,
            deviceType: 'ullage-collector',
            tanks: tankDefs.map((d) => d.settings),
          });
          const metering = i % 10 === 7 ? ({ kind: 'totaliser', everyMs: 900_000 } as const) : i % 10 === 9 ? undefined : ({ kind: 'transactions' } as const);
          stations[i] = {
            code,
            deviceKey: saved.deviceKey as string,
            timezone,
            tanks: tankDefs.map((d, k) => ({
              code: d.settings.code,
              heightMm: d.settings.heightMm,
              capacityL: d.settings.volumeL,
              strapping: d.settings.strapping,
              product: d.product,
              ...(metering ? { unitPrice: 1.2 + k * 0.1 } : {}),
              ...wetstockOf(i, k, startMs, DAYS),
            })),
            sensors: [
              { sensorNo: 'S1', type: 'leak' },
              { sensorNo: 'S2', type: 'leak' },
            ],
            ...(i % 4 === 0 ? {} : { openingHours: { opensHour: 6, closesHour: 22 } }),
            ...(metering ? { metering } : {}),
          };
        }
      }),
    );
    await db.insert(users).values({
      username: FLEET_COMPANY_USER,
      nickname: 'Fleet company',
      passwordHash: await hashPassword(FLEET_COMPANY_PASSWORD),
      accountType: ACCOUNT_TYPES.company,
      distributorId: fleetCompanies[0]!.distributorId,
      companyId: fleetCompanies[0]!.id,
    });
    console.log(`stations: ${sizes.length} in ${seconds(t)} s`);

    // History, through the device API.
    t = performance.now();
    let shown = -1;
    const fleet = startFleet({
      transport: 'http',
      baseUrl: server.baseUrl,
      stations,
      seed: Number(args.seed),
      commands: false,
      logger: (msg) => msg.includes('failed') && console.log(`simulator: ${msg}`),
      backfill: {
        from: () => startMs,
        stepMs: (simMs) => (simMs >= fineFromMs ? 60_000 : 900_000),
        chunkMs: Number(args['chunk-hours']) * 3_600_000,
        onProgress: ({ doneMs, totalMs }) => {
          const pct = Math.floor((doneMs / totalMs) * 100);
          if (pct >= shown + 5) {
            shown = pct;
            // The day the history has reached (the fleet's own clock is today's until it goes live).
            const reached = new Date(startMs + doneMs).toISOString().slice(0, 10);
            console.log(`  history ${pct} % (${reached}): ${fmt(fleet.stats().readingsSent)} readings in ${seconds(t)} s, load ${load()}`);
          }
        },
      },
    });
    await fleet.live;
    const stats = fleet.stats();
    await fleet.stop();
    console.log(`history: ${fmt(stats.readingsSent)} readings in ${stats.batchesSent} reports, ${stats.refused} refused, ${stats.batchesDropped} dropped, in ${seconds(t)} s; load ${load()}`);

    // The jobs, to completion.
    const clock = () => new Date();
    t = performance.now();
    let books = 0;
    for (const books$ = new TankDayBookJob({ db, clock }, { roundMs: 60_000 }); ; ) {
      const round = await books$.runOnce();
      books += round.written;
      if (!round.pending) break;
    }
    console.log(`books: ${fmt(books)} tank days in ${seconds(t)} s`);
    t = performance.now();
    let figured = 0;
    for (const leaks = new LeakTestJob({ db, clock }, { roundMs: 60_000 }); ; ) {
      const round = await leaks.runOnce();
      figured += round.figured;
      if (!round.pending) break;
    }
    console.log(`leak tests: ${fmt(figured)} tank days figured in ${seconds(t)} s`);
    t = performance.now();
    const variance = await new VarianceAlarmJob({ db, clock }).runOnce();
    console.log(`variance: ${fmt(variance.units)} units, ${variance.opened} alarms opened in ${seconds(t)} s`);
    t = performance.now();
    const forecast = await new RunOutForecastJob({ db, clock }).runOnce();
    console.log(`run-out forecast: ${fmt(forecast.forecast)} tanks, ${forecast.opened} alarms opened in ${seconds(t)} s`);

    // As autovacuum leaves a database that has run for a while: the planner's statistics and the
    // visibility map (this machine's PostgreSQL runs with autovacuum off, as a test server may).
    await stopVacuum();
    t = performance.now();
    await db.execute(sql`vacuum (analyze)`);
    console.log(`vacuum and analyze: ${seconds(t)} s`);
    const count = async (query: string) => Number(((await db.execute(sql.raw(query))) as unknown as { rows: { n: string }[] }).rows[0]!.n);
    const size = await count(`select pg_database_size(current_database()) as n`);
    console.log(
      `fleet ${name}: ${fmt(await count('select count(*) as n from tank_readings'))} readings, ${fmt(await count('select count(*) as n from metered_sales'))} metered sales, ` +
        `${fmt(await count('select count(*) as n from deliveries'))} deliveries, ${fmt(await count('select count(*) as n from alarms'))} alarms, ` +
        `${(size / 1e9).toFixed(1)} GB; made in ${seconds(made)} s`,
    );
  } finally {
    await stopVacuum();
    await close();
    await server.stop();
  }
  const keep = new pg.Client({ connectionString: databaseUrl('postgres') });
  await keep.connect();
  await keep.query(`alter database ${name} is_template true`);
  await keep.end();
  if (args.dump) {
    const t = performance.now();
    execFileSync('pg_dump', ['-Fc', '-Z', '1', '-f', args.dump, url]);
    console.log(`dump: ${args.dump} in ${seconds(t)} s`);
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await main();
