import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { pino } from 'pino';
import { rawRows } from '../../lib/raw-sql';
import { startTestApp, type TestContext } from '../../test/harness';
import type { startFakeAtgConsole} from '../../test/fake-atg-console';
import { type FakeAtgConsole } from '../../test/fake-atg-console';
import { fakeConsoleAt } from '../../test/fake-atg-console-station';
import { AtgPoller } from './poller';

/**
 * Issue 34 #12 and #13: a console whose alarms only its display-format in-tank status report
 * (I20500) lists, and a command the console does not know, logged once rather than every
 * second poll.
 */
let ctx: TestContext;
let poller: AtgPoller;
const consoles: FakeAtgConsole[] = [];
const station: Record<string, number> = {};
/** Everything the poller logs, as pino writes it. */
const logged: { msg: string; station?: string; err?: string }[] = [];

beforeAll(async () => {
  ctx = await startTestApp();
  for (const r of await rawRows<{ id: number; code: string }>(ctx.db, sql`select id, code from stations`)) station[r.code] = r.id;
  const logger = pino({ level: 'info' }, { write: (line: string) => void logged.push(JSON.parse(line) as (typeof logged)[number]) }) as unknown as FastifyBaseLogger;
  poller = new AtgPoller({ db: ctx.db, bus: ctx.app.bus, ingest: ctx.app.ingest, logger, clock: () => new Date(), timeouts: { connectMs: 1000, firstByteMs: 700, idleMs: 700, capMs: 5000 }, autoPoll: false });
});
afterAll(async () => {
  await poller?.stop();
  for (const c of consoles) await c.close();
  await ctx?.close();
});

async function consoleFor(code: string, options: Parameters<typeof startFakeAtgConsole>[0]): Promise<FakeAtgConsole> {
  const fake = await fakeConsoleAt(ctx.db, station[code]!, options);
  consoles.push(fake);
  await poller.reload();
  return fake;
}
const pollOf = (code: string) => poller.poller(station[code]!)!;
const activeLevelAlarms = (code: string) =>
  rawRows<{ code: number; tank: string }>(ctx.db, sql`select a.code, t.code as tank from alarms a join tanks t on t.id = a.tank_id where a.station_id = ${station[code]!} and a.kind = 'level' and a.ended_at is null order by a.code, t.code`);

// Tank 1 overfill (04 → 21); tank 2 low product (05 → 13) and high water warning (10 → 50).
const TANK_ALARMS = [
  { category: 2, type: 4, device: 1 },
  { category: 2, type: 5, device: 2 },
  { category: 2, type: 10, device: 2 },
];
const EXPECTED = [
  { code: 13, tank: '2' },
  { code: 21, tank: '1' },
  { code: 50, tank: '2' },
];

describe('alarms listed only in the display-format I20500 (issue 34 #12)', () => {
  it('a display-format console whose I10100 lists none (the emulator’s system report) is asked I20500: its tank alarms open, and end when it clears them', async () => {
    const fake = await consoleFor('NWP-SH01', { displayOnly: true, displaySystemStatus: 'emulator', activeAlarms: TANK_ALARMS });
    const p = pollOf('NWP-SH01');
    expect(await p.pollOnce({ everything: true })).toBe(true);
    expect(p.status()).toMatchObject({ format: 'display', lastError: null });
    expect(fake.received).toEqual(expect.arrayContaining(['I10100', 'I20500']));
    expect(await activeLevelAlarms('NWP-SH01')).toEqual(EXPECTED);

    fake.setAlarms([]);
    expect(await p.pollOnce({ everything: true })).toBe(true);
    expect(await activeLevelAlarms('NWP-SH01')).toEqual([]);
  });

  it('a computer-format console that knows none of i10100, i20500 and I10100 is asked I20500, its alarms mapped as i20500’s', async () => {
    const fake = await consoleFor('NWP-SZ02', { faults: { unsupported: ['i101', 'i205', 'I101'] }, activeAlarms: TANK_ALARMS });
    const p = pollOf('NWP-SZ02');
    expect(await p.pollOnce({ everything: true })).toBe(true);
    expect(p.status()).toMatchObject({ format: 'computer', lastError: null });
    expect(fake.received.filter((c) => /^[iI](101|205)/.test(c))).toEqual(['i10100', 'i20500', 'I10100', 'I20500']);
    expect(await activeLevelAlarms('NWP-SZ02')).toEqual(EXPECTED);
  });
});

describe('a command the console does not know (issue 34 #13)', () => {
  it('is logged once over many polls and a reconnection; again only after the console answered it in between', async () => {
    // Neither alarm report: the display path reports I10100 as unknown on every alarm round.
    const fake = await consoleFor('NWP-SH01', { displayOnly: true, faults: { unsupported: ['I101', 'I205'] } });
    const p = pollOf('NWP-SH01');
    const warnings = () => logged.filter((l) => l.msg === 'ATG console command failed' && l.station === 'NWP-SH01' && l.err?.startsWith('I10100')).length;

    // Alarms every second poll: three alarm rounds, between rounds without them.
    for (let i = 0; i < 6; i++) await p.pollOnce();
    expect(fake.received.filter((c) => c === 'I10100')).toHaveLength(1);
    expect(warnings()).toBe(1);

    // Connected afresh, the console is asked again and still does not know it: nothing new to say.
    p.connection.disconnect();
    for (let i = 0; i < 2; i++) await p.pollOnce({ everything: true });
    expect(fake.received.filter((c) => c === 'I10100')).toHaveLength(2);
    expect(warnings()).toBe(1);

    // It answers I10100 for a while, then no longer knows it: that is said again, once.
    fake.setFaults({ unsupported: ['I205'] });
    p.connection.disconnect();
    expect(await p.pollOnce({ everything: true })).toBe(true);
    fake.setFaults({ unsupported: ['I101', 'I205'] });
    p.connection.disconnect();
    for (let i = 0; i < 3; i++) await p.pollOnce({ everything: true });
    expect(warnings()).toBe(2);
  });
});
