/**
 * Every screen's calls at a distributor's size (issue 35): the fleet `bench/fleet.ts` made is
 * copied afresh, a server started on the copy (its own jobs running, as in operation), and every
 * call a page makes on load and every export (bench/screen-calls.ts) asked `--calls` times in a
 * row, as the administrator and as the company account: the first call after the copy (cold)
 * beside the warm ones' p50 / p95 / p99, the CPU per call of the server process and of the
 * database's PostgreSQL backends (from /proc), the machine's load beside each, and the budget
 * (p95 < 300 ms at 1,000 tanks and < 1 s at 5,000; the history chart's series < 50 ms; an export's
 * first byte within the same, since it streams and the page shows its progress) with ✓ or ✗.
 *
 *   node --import tsx bench/screens.ts [--tanks 1000 --calls 200 --export-calls 20 --only forecast --reuse --out FILE]
 *
 * `--month YYYY-MM` asks the month-long calls (monthly report, reconciliation from the 1st) for
 * that whole month, as on its last day: early in a month "this month so far" is a day or two, which
 * measures nothing. The fleet must hold the month (made within it, or `--days` reaching back to it).
 * `--prof DIR` writes the server's CPU profile there (when it stops). `--reuse` keeps the copy a previous run made (no cold figures);
 * `--in-place` runs on the kept fleet itself, not a copy, for a fleet too large to copy beside
 * itself (13 months of 1,000 tanks is ~56 GB): the server's jobs then change it, so make it again
 * for a run that must start from the fleet as made. `--only` takes the calls whose
 * page or name matches; `--out` also writes the table as Markdown. Exports stream whole files, so
 * they are asked `--export-calls` times.
 */
import fs from 'node:fs';
import os from 'node:os';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { BOOK_SETTLE_MS } from '@ullage/domain/tank-day-books';
import { E2E_ADMIN_PASSWORD, startServer } from '../e2e/server';
import { cpuWindow } from './ingest-cpu';
import { FLEET_COMPANY_PASSWORD, FLEET_COMPANY_USER, FLEET_PREFIX, databaseUrl, fleetDatabase, restoreFleet } from './fleet';
import { SCREEN_CALLS, type ScreenCall } from './screen-calls';
import { fmt, signIn } from './setup';

const { values: args } = parseArgs({
  options: {
    tanks: { type: 'string', default: '1000' },
    calls: { type: 'string', default: '200' },
    'export-calls': { type: 'string', default: '20' },
    only: { type: 'string' },
    as: { type: 'string', default: 'admin,company' },
    reuse: { type: 'boolean', default: false },
    'in-place': { type: 'boolean', default: false },
    out: { type: 'string' },
    prof: { type: 'string' },
    month: { type: 'string' },
  },
});
const TANKS = Number(args.tanks);
const TARGET = args['in-place'] ? fleetDatabase(TANKS) : 'ullage_screens_bench';
const DAY_MS = 86_400_000;
const load = () => os.loadavg()[0]!;

/** The budget of a call's p95 in ms at this fleet's size (issue 35 "The budgets"). */
export function budgetOf(call: ScreenCall, tanks: number): number {
  if (/series/i.test(call.name)) return 50;
  return tanks <= 1_000 ? 300 : 1_000;
}

const pct = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil(sorted.length * p) - 1)]!;

/**
 * The placeholders' values (bench/screen-calls.ts names them): a fleet station the company
 * account sees (FL-00001, metered, with shifts if the fleet gave it any), its first tank, the
 * pages' default days and ranges on the bench's UTC calendar.
 */
async function placeholders(baseUrl: string, cookie: string): Promise<Record<string, string>> {
  const get = async (path: string) => ((await (await fetch(`${baseUrl}${path}`, { headers: { cookie } })).json()) as { data: unknown }).data;
  const stations = (await get(`/api/station/list?q=${FLEET_PREFIX}00001&pageSize=5`)) as { list: { id: number; code: string; companyId: number }[] };
  const station = stations.list.find((s) => s.code === `${FLEET_PREFIX}00001`);
  if (!station) throw new Error('station FL-00001 not found: is this a fleet made by bench/fleet.ts?');
  const tanks = (await get(`/api/station/${station.id}/tanks`)) as { id: number }[];
  const now = Date.now();
  const today = Date.UTC(new Date(now).getUTCFullYear(), new Date(now).getUTCMonth(), new Date(now).getUTCDate());
  const day = (ms: number) => new Date(ms).toISOString().slice(0, 10);
  const iso = (ms: number) => new Date(ms).toISOString();
  const histTo = Math.ceil(now / 60_000) * 60_000;
  const thisMonth = new Date(today).toISOString().slice(0, 7);
  const lastMonth = new Date(Date.UTC(new Date(now).getUTCFullYear(), new Date(now).getUTCMonth() - 1, 1)).toISOString().slice(0, 7);
  const month = args.month ?? thisMonth;
  if (!/^\d{4}-\d{2}$/.test(month) || month > thisMonth) throw new Error(`--month ${month}: a month YYYY-MM, not after this one`);
  // The month's last day, or today within this month.
  const monthEnd = month === thisMonth ? day(today) : day(Date.UTC(Number(month.slice(0, 4)), Number(month.slice(5, 7)), 0));
  return {
    stationId: String(station.id),
    tankId: String(tanks[0]!.id),
    companyId: String(station.companyId),
    shift: '00:00',
    tz: 'UTC',
    toDay: day(today),
    fromDay: day(today - 6 * DAY_MS),
    monthStart: `${month}-01`,
    monthEnd,
    day: day(today - DAY_MS),
    month,
    lastMonth,
    toIso: iso(today + DAY_MS),
    fromIso: iso(today + DAY_MS - 30 * DAY_MS),
    histToIso: iso(histTo),
    histFromIso: iso(histTo - DAY_MS),
    hist11FromIso: iso(histTo - 11 * DAY_MS),
    trend90FromIso: iso(histTo - 90 * DAY_MS),
    trend730FromIso: iso(histTo - 730 * DAY_MS),
    recentIso: iso(now - 60_000),
  };
}

const fill = (path: string, values: Record<string, string>) =>
  path.replace(/\{(\w+)\}/g, (_, key: string) => {
    if (!(key in values)) throw new Error(`no value for {${key}} in ${path}`);
    return encodeURIComponent(values[key]!);
  });

/**
 * Waits until the server's book job has written every stale book of a day that is final: a
 * migration that marks books (a new kept figure) would otherwise be measured while the reports
 * figure those days live, which is the cost only of the first minutes after an upgrade.
 */
async function booksSettled(url: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const started = performance.now();
    for (;;) {
      const { rows } = await client.query<{ n: number }>(`select count(*)::int as n from tank_day_books where stale and ends_at <= now() - make_interval(secs => $1)`, [BOOK_SETTLE_MS / 1000]);
      if (rows[0]!.n === 0) break;
      console.log(`waiting for the book job: ${fmt(rows[0]!.n)} stale books (${((performance.now() - started) / 1000).toFixed(0)} s)`);
      await new Promise((r) => setTimeout(r, 10_000));
    }
  } finally {
    await client.end();
  }
}

/** The account may not make this call (a settings list of the administrator's): noted, not measured. */
class Refused extends Error {
  constructor(
    message: string,
    readonly code: number,
  ) {
    super(message);
  }
}

/** One call: its time in ms and what it answered (rows, or bytes of a file). */
async function once(baseUrl: string, path: string, kind: ScreenCall['kind'], cookie: string): Promise<{ ms: number; size: string; firstByteMs?: number }> {
  const started = performance.now();
  const res = await fetch(`${baseUrl}${path}`, { headers: { cookie } });
  if (kind === 'file') {
    let bytes = 0;
    let firstByteMs: number | undefined;
    for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
      firstByteMs ??= performance.now() - started;
      bytes += chunk.length;
    }
    if (res.status === 403) throw new Refused(`${path}: HTTP 403`, 403);
    if (res.status !== 200) throw new Error(`${path}: HTTP ${res.status}`);
    return { ms: performance.now() - started, size: `${fmt(Math.round(bytes / 1024))} KB`, firstByteMs };
  }
  const json = (await res.json()) as { code: number; msg: string; data: unknown };
  const ms = performance.now() - started;
  if (json.code !== 1000) throw new Refused(`${path}: ${json.code} ${json.msg}`, json.code);
  const data = json.data as { total?: number; list?: unknown[] } | unknown[] | null;
  const size = Array.isArray(data) ? fmt(data.length) : data && typeof data === 'object' ? fmt(data.total ?? data.list?.length ?? 1) : '1';
  return { ms, size };
}

interface Row {
  call: ScreenCall;
  account: string;
  size: string;
  coldMs: number | null;
  p50: number;
  p95: number;
  p99: number;
  serverCpuMs: number;
  pgCpuMs: number;
  load: number;
  budget: number;
  /** Exports: p95 of the time to the file's first byte, which the budget applies to (the page shows the rest's progress). */
  firstByteP95: number | null;
}

async function main() {
  const restoreS = args.reuse || args['in-place'] ? null : await restoreFleet(TANKS, TARGET);
  if (restoreS !== null) console.log(`fleet of ${fmt(TANKS)} tanks copied to ${TARGET} in ${restoreS.toFixed(1)} s`);
  // The jobs at their production intervals (the e2e server runs the books every 2 s).
  const server = await startServer(
    { DATABASE_URL: databaseUrl(TARGET), MQTT_PORT: '0', LOG_LEVEL: 'warn', READINGS_RETENTION_MONTHS: '', BOOKS_INTERVAL_MS: '60000' },
    { requireWeb: false, nodeArgs: args.prof ? ['--cpu-prof', '--cpu-prof-dir', args.prof] : [] },
  );
  await booksSettled(databaseUrl(TARGET));
  const rows: Row[] = [];
  let values: Record<string, string> | undefined;
  try {
    const accounts = args.as.split(',').map((who) => (who === 'admin' ? { who, username: 'admin', password: E2E_ADMIN_PASSWORD } : { who, username: FLEET_COMPANY_USER, password: FLEET_COMPANY_PASSWORD }));
    const cookies = new Map<string, string>();
    for (const a of accounts) cookies.set(a.who, await signIn(server.baseUrl, a.username, a.password));
    values = await placeholders(server.baseUrl, cookies.get(accounts[0]!.who)!);
    const only = args.only ? new RegExp(args.only, 'i') : null;
    const calls = SCREEN_CALLS.filter((c) => !only || only.test(c.page) || only.test(c.name));
    console.log(`${calls.length} calls × ${accounts.length} accounts at ${fmt(TANKS)} tanks; load ${load().toFixed(1)}\n`);
    console.log('page | call | account | rows | cold ms | p50 | p95 | p99 | CPU ms a call: server + PostgreSQL | load | budget');
    const cold = new Set<string>();
    const asked = new Set<string>();
    for (const call of calls) {
      const path = fill(call.path, values);
      // Several pages make one call (the overview): it is measured once, under its first page.
      if (asked.has(path)) continue;
      asked.add(path);
      for (const a of accounts) {
        const cookie = cookies.get(a.who)!;
        const runs = call.kind === 'file' ? Number(args['export-calls']) : Number(args.calls);
        // The first call, outside the warm ones: it tells a refusal, and after a fresh copy it is the
        // cold one (the database's pages and the server's caches not yet read).
        let first: { ms: number; size: string };
        try {
          first = await once(server.baseUrl, path, call.kind, cookie);
        } catch (err) {
          if (!(err instanceof Refused)) throw err;
          console.log(`${call.page} | ${call.name} | ${a.who} | refused ${err.code}`);
          continue;
        }
        const coldMs = !args.reuse && !cold.has(path) ? first.ms : null;
        cold.add(path);
        const end = cpuWindow(server.child.pid!, TARGET);
        const times: number[] = [];
        const firstBytes: number[] = [];
        let size = first.size;
        for (let i = 0; i < runs; i++) {
          const r = await once(server.baseUrl, path, call.kind, cookie);
          times.push(r.ms);
          if (r.firstByteMs !== undefined) firstBytes.push(r.firstByteMs);
          size = r.size;
        }
        firstBytes.sort((x, y) => x - y);
        const cpu = end();
        times.sort((x, y) => x - y);
        const row: Row = { call, account: a.who, size, coldMs, p50: pct(times, 0.5), p95: pct(times, 0.95), p99: pct(times, 0.99), serverCpuMs: cpu.serverMs / runs, pgCpuMs: cpu.pgDbMs / runs, load: cpu.load, budget: budgetOf(call, TANKS), firstByteP95: firstBytes.length > 0 ? pct(firstBytes, 0.95) : null };
        rows.push(row);
        console.log(line(row));
      }
    }
  } finally {
    await server.stop();
  }
  const over = rows.filter((r) => !withinBudget(r));
  const slowest = [...rows].sort((a, b) => b.serverCpuMs + b.pgCpuMs - (a.serverCpuMs + a.pgCpuMs)).slice(0, 5);
  const summary = [
    '',
    `${rows.length - over.length} of ${rows.length} within budget; over: ${over.map((r) => `${r.call.name} (${r.account}) ${(r.firstByteP95 ?? r.p95).toFixed(0)} ms${r.firstByteP95 === null ? '' : ' to the first byte'}`).join(', ') || 'none'}`,
    `most CPU a call: ${slowest.map((r) => `${r.call.name} (${r.account}) ${(r.serverCpuMs + r.pgCpuMs).toFixed(0)} ms`).join(', ')}`,
  ];
  console.log(summary.join('\n'));
  if (args.out) {
    const header = `Fleet of ${fmt(TANKS)} tanks (bench/fleet.ts), ${args.calls} calls each (exports ${args['export-calls']}), month-long calls over ${values?.month ?? '?'} to ${values?.monthEnd ?? '?'}, ${new Date().toISOString()}\n\n| page | call | account | rows | cold ms | p50 | p95 | p99 | CPU ms a call (server + PostgreSQL) | load | budget |\n|---|---|---|---|---|---|---|---|---|---|---|\n`;
    fs.writeFileSync(args.out, header + rows.map((r) => `| ${line(r)} |`).join('\n') + '\n' + summary.join('\n') + '\n');
  }
}

/** A page's call within its budget by its p95; an export by its first byte's (it streams, and the page shows the rest's progress). */
const withinBudget = (r: Row) => (r.firstByteP95 ?? r.p95) < r.budget;

function line(r: Row): string {
  const ok = withinBudget(r) ? '✓' : '✗';
  const budget = r.firstByteP95 === null ? `${r.budget} ${ok}` : `first byte ${r.firstByteP95.toFixed(0)} < ${r.budget} ${ok}`;
  return [r.call.page, r.call.name, r.account, r.size, r.coldMs === null ? '—' : r.coldMs.toFixed(0), r.p50.toFixed(0), r.p95.toFixed(0), r.p99.toFixed(0), `${r.serverCpuMs.toFixed(1)} + ${r.pgCpuMs.toFixed(1)}`, r.load.toFixed(1), budget].join(' | ');
}

await main();
