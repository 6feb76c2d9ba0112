/**
 * What each periodic job costs at a fleet's size (issue 35: "< 10 % of one core on average at
 * 5,000 tanks; state each job's cost per round"): the app is built in this process (as the
 * server builds it, not listening) on a copy of a fleet `bench/fleet.ts` made, and each of its
 * periodic jobs (app.ts) runs `--rounds` rounds one after another, nothing else running: wall
 * ms and CPU ms per round of this process and of the database's PostgreSQL backends (/proc),
 * then the job's average share of one core at its interval ((Node + PostgreSQL CPU per round) /
 * interval; a job that also runs in each hour's first minute, its first round once an hour and
 * steady ones the rest). The first round of a copy may find work left (a day ended since the fleet was
 * made: its books); it is shown apart, the steady rounds' median beside it. The book job's moving
 * of every running day's head, once a minute, gets a line of its own (the rounds here run within a
 * minute, so only its first would do it).
 *
 *   node --import tsx bench/jobs.ts [--tanks 1000 --rounds 5 --reuse]
 */
import os from 'node:os';
import { parseArgs } from 'node:util';
import { buildApp } from '../apps/server/src/app';
import { loadConfig } from '../apps/server/src/config';
import { openPostgres } from '../apps/server/src/db/client';
import { tanksToBook } from '../apps/server/src/modules/tank-days/books-repo';
import { figureHeads } from '../apps/server/src/modules/tank-days/day-heads';
import { readTankDays } from '../apps/server/src/modules/tank-days/figures';
import { cpuWindow } from './ingest-cpu';
import { databaseUrl, restoreFleet } from './fleet';
import { fmt } from './setup';

const { values: args } = parseArgs({ options: { tanks: { type: 'string', default: '1000' }, rounds: { type: 'string', default: '5' }, reuse: { type: 'boolean', default: false } } });
const TANKS = Number(args.tanks);
const ROUNDS = Number(args.rounds);
const TARGET = 'ullage_jobs_bench';

if (!args.reuse) console.log(`fleet of ${fmt(TANKS)} tanks copied to ${TARGET} in ${(await restoreFleet(TANKS, TARGET)).toFixed(1)} s`);
const url = databaseUrl(TARGET);
const config = loadConfig({ ...process.env, DATABASE_URL: url, LOG_LEVEL: 'warn', MQTT_PORT: '0', READINGS_RETENTION_MONTHS: '' });
const { db, close } = await openPostgres(url);
const app = await buildApp({ config, db });
await app.ready();
const HOUR_MS = 3_600_000;
const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
try {
  console.log(`\n${fmt(TANKS)} tanks, ${ROUNDS} rounds a job; load ${os.loadavg()[0]!.toFixed(1)}`);
  console.log('job | every | first round: wall ms, CPU ms Node + PostgreSQL | steady rounds: wall ms (median), CPU ms Node + PostgreSQL (mean) | share of one core | load');
  for (const job of app.jobs.list()) {
    const rounds: { wall: number; node: number; pg: number; load: number }[] = [];
    for (let i = 0; i < ROUNDS; i++) {
      const end = cpuWindow(process.pid, TARGET);
      const started = performance.now();
      await job.run();
      const wall = performance.now() - started;
      const cpu = end();
      rounds.push({ wall, node: cpu.serverMs, pg: cpu.pgDbMs, load: cpu.load });
    }
    const [first, ...steady] = rounds;
    // CPU is read in 10 ms ticks: the steady rounds' mean, not a median of ticks.
    const node = mean(steady.map((r) => r.node));
    const pg = mean(steady.map((r) => r.pg));
    // A job that also keeps work per hour (the forecast's profiles) does it in the hour's first
    // round, which is this copy's first: an hour holds one such round and the rest steady ones.
    const share = job.hourlyAtMs === undefined ? ((node + pg) / job.everyMs) * 100 : ((first!.node + first!.pg + (HOUR_MS / job.everyMs - 1) * (node + pg)) / HOUR_MS) * 100;
    console.log(
      `${job.name} | ${job.everyMs / 1000} s | ${first!.wall.toFixed(0)}, ${first!.node.toFixed(0)} + ${first!.pg.toFixed(0)} | ${median(steady.map((r) => r.wall)).toFixed(0)}, ${node.toFixed(0)} + ${pg.toFixed(0)} | ${share.toFixed(2)} % | ${median(steady.map((r) => r.load)).toFixed(1)}`,
    );
  }
  // The book job moves every tank's head on once a minute (tank-days/day-heads.ts), in its first
  // round of each minute: the rounds above ran within a minute or two, so a round of that alone,
  // the clock a minute further on each time (this copy's readings stop where the fleet was made:
  // in operation each head's minute holds a reading more a tank).
  const tanks = await tanksToBook(db);
  const moves: { wall: number; node: number; pg: number; load: number; heads: number }[] = [];
  for (let i = 1; i <= ROUNDS; i++) {
    const end = cpuWindow(process.pid, TARGET);
    const started = performance.now();
    const heads = await figureHeads(db, tanks, Date.now() + i * 60_000, (days) => readTankDays(db, days));
    const wall = performance.now() - started;
    const cpu = end();
    moves.push({ wall, node: cpu.serverMs, pg: cpu.pgDbMs, load: cpu.load, heads });
  }
  const [firstMove, ...steadyMoves] = moves;
  const moveNode = mean(steadyMoves.map((r) => r.node));
  const movePg = mean(steadyMoves.map((r) => r.pg));
  console.log(
    `tank-day heads moved on (part of tank-day-books, ${fmt(firstMove!.heads)} heads) | 60 s | ${firstMove!.wall.toFixed(0)}, ${firstMove!.node.toFixed(0)} + ${firstMove!.pg.toFixed(0)} | ${median(steadyMoves.map((r) => r.wall)).toFixed(0)}, ${moveNode.toFixed(0)} + ${movePg.toFixed(0)} | ${(((moveNode + movePg) / 60_000) * 100).toFixed(2)} % | ${median(steadyMoves.map((r) => r.load)).toFixed(1)}`,
  );
} finally {
  await app.close();
  await close();
}
