/**
 * The daily report across a station day's turn (issue 35): the hours when a report's days are
 * read otherwise than from books. In the first hour after local midnight the day just ended is
 * read from its kept head (tank-days/day-heads.ts) and the readings after it; an hour after
 * midnight it is final, and read whole until the book job has written its books; in the first
 * two hours the running day has no head and is read from its start.
 *
 * Make a fleet whose stations share one zone, so every day turns at once (a distributor's worst
 * hour), e.g. `node --import tsx bench/fleet.ts --tanks 1000 --days 8 --minute-days 1 --zones Australia/Sydney`;
 * then, before that zone's 01:00:
 *
 *   node --import tsx bench/day-turn.ts [--tanks 1000 --until 2026-12-01T14:05:00Z --every 2]
 *
 * The fleet is copied afresh and a server started on the copy, its jobs at their production
 * intervals. The administrator asks the daily report of the zone's last 7 days (the page's
 * default, first page) every `--every` seconds until `--until`; each call prints the instant, the
 * zone's time, its time and CPU (server and PostgreSQL), and how many of the ended day's books
 * are written. The summary gives p50 / p95 of each phase: ended day read from its head, ended day
 * final without its books, books written.
 */
import { parseArgs } from 'node:util';
import pg from 'pg';
import { BOOK_SETTLE_MS, previousDay } from '@ullage/domain/tank-day-books';
import { dayOf, dayWindow } from '@ullage/domain/station-day';
import { E2E_ADMIN_PASSWORD, startServer } from '../e2e/server';
import { cpuWindow } from './ingest-cpu';
import { databaseUrl, restoreFleet } from './fleet';
import { fmt, signIn } from './setup';

const { values: args } = parseArgs({
  options: {
    tanks: { type: 'string', default: '1000' },
    until: { type: 'string' },
    every: { type: 'string', default: '2' },
  },
});
const TARGET = 'ullage_day_turn_bench';
const untilMs = args.until ? Date.parse(args.until) : NaN;
if (Number.isNaN(untilMs) || untilMs <= Date.now()) throw new Error('--until: an instant still to come, e.g. 2026-12-01T14:05:00Z');

const copyS = await restoreFleet(Number(args.tanks), TARGET);
console.log(`fleet of ${fmt(Number(args.tanks))} tanks copied in ${copyS.toFixed(1)} s`);
const db = new pg.Client({ connectionString: databaseUrl(TARGET) });
await db.connect();
const zones = (await db.query<{ timezone: string; n: number }>(`select timezone, count(*)::int as n from stations group by timezone order by n desc`)).rows;
const zone = zones[0]!.timezone;
console.log(`stations by zone: ${zones.map((z) => `${z.timezone} ${z.n}`).join(', ')}; watching ${zone}`);

const server = await startServer({ DATABASE_URL: databaseUrl(TARGET), MQTT_PORT: '0', LOG_LEVEL: 'warn', READINGS_RETENTION_MONTHS: '', BOOKS_INTERVAL_MS: '60000' }, { requireWeb: false });
const cookie = await signIn(server.baseUrl, 'admin', E2E_ADMIN_PASSWORD);
const local = (ms: number) => new Date(ms).toLocaleTimeString('en-GB', { timeZone: zone, hour12: false });

type Phase = 'ended day from its head' | 'ended day final, books missing' | 'ended day booked';
const byPhase = new Map<Phase, { ms: number[]; cpu: number[] }>();
try {
  console.log('instant (UTC) | zone time | ms | CPU ms: server + PostgreSQL | rows | ended day | its books written | phase');
  while (Date.now() < untilMs) {
    const started = Date.now();
    const today = dayOf(started, zone);
    const ended = dayWindow(previousDay(today), zone);
    // The page's default: the zone's last 7 days, its first page.
    let fromDay = today;
    for (let i = 0; i < 6; i++) fromDay = previousDay(fromDay);
    const end = cpuWindow(server.child.pid!, TARGET);
    const t0 = performance.now();
    const res = await fetch(`${server.baseUrl}/api/report/inventory/daily/list?page=1&pageSize=10&fromDay=${fromDay}&toDay=${today}`, { headers: { cookie } });
    const body = (await res.json()) as { code: number; msg: string; data: { total: number } };
    const ms = performance.now() - t0;
    const cpu = end();
    if (body.code !== 1000) throw new Error(`daily report: ${body.code} ${body.msg}`);
    const books = (await db.query<{ n: number }>(`select count(*)::int as n from tank_day_books where day = $1 and not stale`, [ended.day])).rows[0]!.n;
    const final = started >= ended.endMs + BOOK_SETTLE_MS;
    const phase: Phase = !final ? 'ended day from its head' : books < Number(args.tanks) ? 'ended day final, books missing' : 'ended day booked';
    const figures = byPhase.get(phase) ?? { ms: [], cpu: [] };
    figures.ms.push(ms);
    figures.cpu.push(cpu.serverMs + cpu.pgDbMs);
    byPhase.set(phase, figures);
    console.log(`${new Date(started).toISOString().slice(11, 19)} | ${local(started)} | ${ms.toFixed(0)} | ${cpu.serverMs.toFixed(0)} + ${cpu.pgDbMs.toFixed(0)} | ${fmt(body.data.total)} | ${ended.day} | ${fmt(books)} | ${phase}`);
    await new Promise((r) => setTimeout(r, Math.max(0, started + Number(args.every) * 1000 - Date.now())));
  }
} finally {
  await server.stop();
  await db.end();
}
const pct = (xs: number[], p: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.ceil(xs.length * p) - 1)]!;
console.log('\nphase | calls | p50 ms | p95 ms | max ms | CPU ms a call (median)');
for (const [phase, f] of byPhase) console.log(`${phase} | ${f.ms.length} | ${pct(f.ms, 0.5).toFixed(0)} | ${pct(f.ms, 0.95).toFixed(0)} | ${Math.max(...f.ms).toFixed(0)} | ${pct(f.cpu, 0.5).toFixed(0)}`);
