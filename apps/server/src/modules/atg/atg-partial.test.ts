import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { toCelsius, toLitres, toMillimetres } from '@ullage/domain/atg/units';
import { rawRows } from '../../lib/raw-sql';
import { ADMIN_PASSWORD, signIn, startTestApp, type TestContext } from '../../test/harness';
import { startFakeAtgConsole, type FakeAtgConsole } from '../../test/fake-atg-console';
import { fakeConsoleAt } from '../../test/fake-atg-console-station';
import { demoFakeTanks } from '../../test/fake-atg-console-tanks';
import { AtgPoller } from './poller';
import { retryDelayMs } from './station-poller';

/**
 * Issue 20 #6 and #7: a console missing a command, one command failing in a poll, units the
 * console declares, values implausible for their units, a localised status, commands the
 * console does not know, the console's ullage, and the retry after a console comes back.
 */
let ctx: TestContext;
let poller: AtgPoller;
let admin: string;
const consoles: FakeAtgConsole[] = [];
const station: Record<string, number> = {};

beforeAll(async () => {
  ctx = await startTestApp();
  for (const r of await rawRows<{ id: number; code: string }>(ctx.db, sql`select id, code from stations`)) station[r.code] = r.id;
  admin = await signIn(ctx.app, 'admin', ADMIN_PASSWORD);
  poller = new AtgPoller({ db: ctx.db, bus: ctx.app.bus, ingest: ctx.app.ingest, logger: ctx.app.log, clock: () => new Date(), timeouts: { connectMs: 1000, firstByteMs: 700, idleMs: 700, capMs: 5000 }, autoPoll: false });
});
afterAll(async () => {
  await poller?.stop();
  for (const c of consoles) await c.close();
  await ctx?.close();
});

async function consoleFor(code: string, options: Parameters<typeof startFakeAtgConsole>[0] = {}): Promise<FakeAtgConsole> {
  const fake = await fakeConsoleAt(ctx.db, station[code]!, options);
  consoles.push(fake);
  await poller.reload();
  return fake;
}
const pollOf = (code: string) => poller.poller(station[code]!)!;
const latest = (code: string) =>
  rawRows<{ code: string; product_height_mm: number; temperature_c: number; volume_l: number; ullage_l: number; ts: string }>(
    ctx.db,
    sql`select t.code, l.product_height_mm, l.temperature_c, l.volume_l, l.ullage_l, l.ts from tank_latest l join tanks t on t.id = l.tank_id where l.station_id = ${station[code]!} order by t.code`,
  );
const activeLevelAlarms = (code: string) =>
  rawRows<{ code: number; tank: string }>(ctx.db, sql`select a.code, t.code as tank from alarms a join tanks t on t.id = a.tank_id where a.station_id = ${station[code]!} and a.kind = 'level' and a.ended_at is null order by a.code`);
const deviceDeliveries = (code: string) => rawRows<{ tank: string }>(ctx.db, sql`select t.code as tank from deliveries d join tanks t on t.id = d.tank_id where d.station_id = ${station[code]!} and d.source = 'device'`);

function recentDelivery(tank: number) {
  const end = new Date(Math.floor(Date.now() / 60_000) * 60_000 - 2 * 3_600_000);
  const start = new Date(end.getTime() - 20 * 60_000);
  return { tank, start, end, startVolume: 5_000, startTcVolume: 4_990, startWater: 0, startTemperature: 15, endVolume: 12_000, endTcVolume: 11_950, endWater: 0, endTemperature: 15, startHeight: 600, endHeight: 1_200 };
}

describe('a computer-format console without i10100 (issue 20 #6)', () => {
  it('is asked i20500 for its tank alarms instead, and every poll keeps its readings and deliveries', async () => {
    const fake = await consoleFor('NWP-SZ02', { faults: { unsupported: ['i10100'] }, activeAlarms: [{ category: 2, type: 4, device: 1 }], deliveries: [recentDelivery(1)] });
    const p = pollOf('NWP-SZ02');
    const before = Date.now();
    expect(await p.pollOnce({ everything: true })).toBe(true);
    expect(p.status()).toMatchObject({ connected: true, lastError: null, format: 'computer' });
    expect(fake.received).toEqual(expect.arrayContaining(['i20100', 'i10100', 'i20500', 'i20200']));
    expect(await activeLevelAlarms('NWP-SZ02')).toEqual([{ code: 21, tank: '1' }]);
    expect(await deviceDeliveries('NWP-SZ02')).toEqual([{ tank: '1' }]);
    const rows = await latest('NWP-SZ02');
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.every((r) => new Date(r.ts).getTime() >= before - 1000)).toBe(true);
    // The unknown command is not asked again on the next poll.
    expect(await p.pollOnce({ everything: true })).toBe(true);
    expect(fake.received.filter((c) => c === 'i10100')).toHaveLength(1);
  });

  it('one command failing (a damaged delivery report) loses nothing the others read', async () => {
    await ctx.db.execute(sql`delete from alarms where station_id = ${station['NWP-SZ02']!}`);
    const fake = await consoleFor('NWP-SZ02', { activeAlarms: [{ category: 2, type: 5, device: 1 }], deliveries: [recentDelivery(1)], faults: { badChecksum: ['i20200'] } });
    const p = pollOf('NWP-SZ02');
    const before = Date.now();
    expect(await p.pollOnce({ everything: true })).toBe(false);
    expect(fake.received).toEqual(expect.arrayContaining(['i20100', 'i20200', 'i30100', 'i10100']));
    expect(p.status().lastError).toMatch(/^The console's answer was damaged \(checksum\).*i20200/);
    // Readings and the alarm were stored all the same.
    const rows = await latest('NWP-SZ02');
    expect(rows.every((r) => new Date(r.ts).getTime() >= before - 1000)).toBe(true);
    expect(await activeLevelAlarms('NWP-SZ02')).toEqual([{ code: 13, tank: '1' }]);
    // The console answered: it is polled at its interval, not retried as silent.
    expect(p.nextDelayMs()).toBe(60_000);
  });
});

describe('smaller poller points (issue 20 #7)', () => {
  it('a display-format console in U.S. units under a metric company is read in the units its report declares', async () => {
    const fake = await consoleFor('NWP-SH01', { displayOnly: true, units: 'us', tanks: demoFakeTanks(3, 'us') });
    const p = pollOf('NWP-SH01');
    expect(await p.pollOnce()).toBe(true);
    expect(p.status()).toMatchObject({ format: 'display', units: 'us', warning: null });
    // I20100 names no units; the delivery report's headers (GALLONS, DEG F) do.
    expect(fake.received).toContain('I20200');
    const us = demoFakeTanks(3, 'us')[0]!;
    const [row] = await latest('NWP-SH01');
    expect(row!.product_height_mm).toBeCloseTo(toMillimetres(us.height, 'us'), 0);
    expect(row!.temperature_c).toBeCloseTo(toCelsius(us.temperature, 'us'), 1);
    expect(row!.volume_l).toBeCloseTo(toLitres(us.volume, 'us'), -1);
  });

  it('values implausible for the units they were read in are warned about in the status', async () => {
    // A U.S. console that declares nothing (no i51700, no delivery report) under a metric company.
    await consoleFor('NWP-SH01', { units: 'us', tanks: demoFakeTanks(3, 'us'), faults: { unsupported: ['i517', 'I202'] } });
    const p = pollOf('NWP-SH01');
    expect(await p.pollOnce()).toBe(true);
    const us = demoFakeTanks(3, 'us')[0]!;
    expect(p.status().units).toBeNull();
    expect(p.status().warning).toBe(`Tank 1: temperature (°C) ${us.temperature} does not fit the tank when read in metric units (litres, mm, °C): check the console's unit setting, or the company's volume unit if the console does not say its units`);
  });

  it('a command the console does not know is not asked again until it is connected afresh', async () => {
    // Neither its units (i51700; no delivery report to read them from either) nor its alarms (i10100).
    const fake = await consoleFor('NWP-SH01', { faults: { unsupported: ['i517', 'I202', 'i101'] } });
    const p = pollOf('NWP-SH01');
    const asked = (code: string) => fake.received.filter((c) => c === code).length;
    for (let i = 0; i < 3; i++) expect(await p.pollOnce({ everything: true })).toBe(true);
    expect([asked('i51700'), asked('i10100'), asked('i20100')]).toEqual([1, 1, 3]);
    p.connection.disconnect();
    expect(await p.pollOnce({ everything: true })).toBe(true);
    expect([asked('i51700'), asked('i10100'), asked('i20100')]).toEqual([2, 2, 4]);
  });

  it('keeps the console’s own ullage', async () => {
    const tanks = demoFakeTanks(3, 'metric').map((t) => ({ ...t, ullage: 1_234.5 }));
    await consoleFor('NWP-SH01', { tanks });
    expect(await pollOf('NWP-SH01').pollOnce()).toBe(true);
    expect((await latest('NWP-SH01')).map((r) => r.ullage_l)).toEqual([1_234.5, 1_234.5, 1_234.5]);
  });

  it('the status’s last error is in the reader’s language', async () => {
    const fake = await startFakeAtgConsole();
    await fake.close();
    const id = station['NWP-MD06']!;
    await ctx.db.execute(sql`update stations set device_type = 'veeder-root-tls', device_ip = '127.0.0.1', device_port = ${fake.port}, atg_security_code = null where id = ${id}`);
    await ctx.app.atg.reload();
    await ctx.app.atg.poller(id)!.pollOnce();
    const status = async (language: string) => (await ctx.app.inject({ method: 'GET', url: `/api/station/${id}/atg`, headers: { cookie: admin, language } })).json().data.lastError as string;
    expect(await status('es')).toMatch(/^La consola rechazó la conexión.*ECONNREFUSED/);
    expect(await status('en')).toMatch(/^The console refused the connection.*ECONNREFUSED/);
    await ctx.app.atg.stop();
  });

  it.each([
    // failures, poll interval (ms), wait (ms)
    [1, 60_000, 5_000],
    [2, 60_000, 10_000],
    [4, 60_000, 40_000],
    [5, 60_000, 60_000],
    [20, 60_000, 60_000],
    [3, 10_000, 10_000],
    [9, 3_600_000, 1_280_000],
    [1, 1_000, 5_000],
  ])('after %i failures at a %i ms interval the next try waits %i ms: a console that returns is polled within one interval', (failures, pollMs, waitMs) => {
    expect(retryDelayMs(failures, pollMs)).toBe(waitMs);
  });
});
