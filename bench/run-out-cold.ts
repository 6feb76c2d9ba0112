/**
 * The run-out list in the first minute of an hour (issue 35): no sales profile is kept for the
 * hour yet (forecast/profile-cache.ts; the run-out job keeps them at hh:00:30), so the first
 * calls compute them. `--callers` administrators open home at once, each asking for every tank's
 * forecast as the run-out panel does; printed per round: each caller's wall time, and the CPU of
 * the server and of PostgreSQL over the round; then one station's monitor asking for its tanks'
 * forecasts while one administrator's call is computing the fleet's. Kept profiles are deleted
 * before each round. Runs on a copy of the fleet bench/fleet.ts made.
 *
 *   node --import tsx bench/run-out-cold.ts [--tanks 1000 --callers 4 --rounds 3]
 */
import { parseArgs } from 'node:util';
import pg from 'pg';
import { E2E_ADMIN_PASSWORD, startServer } from '../e2e/server';
import { databaseUrl, restoreFleet } from './fleet';
import { cpuWindow } from './ingest-cpu';
import { signIn } from './setup';

const { values: args } = parseArgs({ options: { tanks: { type: 'string', default: '1000' }, callers: { type: 'string', default: '4' }, rounds: { type: 'string', default: '3' } } });
const TARGET = 'ullage_run_out_cold_bench';
const PATH = '/api/forecast/list?page=1&pageSize=200';

await restoreFleet(Number(args.tanks), TARGET);
const server = await startServer({ DATABASE_URL: databaseUrl(TARGET), MQTT_PORT: '0', LOG_LEVEL: 'warn', READINGS_RETENTION_MONTHS: '' }, { requireWeb: false });
const sql = new pg.Client({ connectionString: databaseUrl(TARGET) });
await sql.connect();
try {
  const cookie = await signIn(server.baseUrl, 'admin', E2E_ADMIN_PASSWORD);
  const ask = async (path = PATH) => {
    const started = performance.now();
    const res = await fetch(`${server.baseUrl}${path}`, { headers: { cookie } });
    const body = (await res.json()) as { code: number; data?: { total: number } };
    if (body.code !== 1000) throw new Error(`run-out list answered ${JSON.stringify(body).slice(0, 200)}`);
    return { ms: performance.now() - started, total: body.data!.total };
  };
  await ask(); // the server's first request, so that its own start is not measured
  console.log(`run-out list, ${args.tanks} tanks, ${args.callers} callers at once, no profile kept for the hour`);
  for (let round = 1; round <= Number(args.rounds); round++) {
    await sql.query('delete from forecast_profiles');
    const cpu = cpuWindow(server.child.pid!, TARGET);
    const answers = await Promise.all(Array.from({ length: Number(args.callers) }, () => ask()));
    const used = cpu();
    const walls = answers.map((a) => Math.round(a.ms)).sort((a, b) => a - b);
    console.log(`round ${round}: callers' wall ms ${walls.join(', ')}; CPU server ${Math.round(used.serverMs)} ms + PostgreSQL ${Math.round(used.pgDbMs)} ms; ${answers[0]!.total} rows; load ${used.load.toFixed(1)}`);
  }
  const [{ id: stationId }] = (await sql.query<{ id: number }>(`select id from stations where code = 'FL-00001'`)).rows as [{ id: number }];
  for (let round = 1; round <= Number(args.rounds); round++) {
    await sql.query('delete from forecast_profiles');
    const fleet = ask();
    await new Promise((resolve) => setTimeout(resolve, 200));
    const station = await ask(`${PATH}&stationId=${stationId}`);
    console.log(`round ${round}: one station's monitor (${station.total} tanks) while the fleet's are computed: ${Math.round(station.ms)} ms; the fleet's call ${Math.round((await fleet).ms)} ms`);
  }
  // Warm, for comparison: every profile kept.
  const warm = await ask();
  console.log(`warm (profiles kept), one caller: ${Math.round(warm.ms)} ms`);
} finally {
  await sql.end();
  await server.stop();
}
