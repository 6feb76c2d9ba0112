import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { toCelsius, toLitres, toMillimetres } from '@ullage/domain/atg/units';
import { rawRows } from '../../lib/raw-sql';
import { ADMIN_PASSWORD, DEMO_PASSWORD, signIn, startTestApp, type TestContext } from '../../test/harness';
import { startFakeAtgConsole, type FakeAtgConsole } from '../../test/fake-atg-console';
import { demoFakeTanks } from '../../test/fake-atg-console-tanks';
import { addSecondOrganisation, type SecondOrganisation } from '../../test/second-organisation';
import { AtgPoller } from './poller';

/**
 * The Veeder-Root poller against a fake console on a real TCP socket (issue 9): what it reads
 * arrives through the one ingest path, in SI; a console that misbehaves is survived.
 */
let ctx: TestContext;
let other: SecondOrganisation;
let poller: AtgPoller;
const consoles: FakeAtgConsole[] = [];
const station: Record<string, number> = {};
const cookie: Record<string, string> = {};

beforeAll(async () => {
  ctx = await startTestApp();
  other = await addSecondOrganisation(ctx.db);
  for (const r of await rawRows<{ id: number; code: string }>(ctx.db, sql`select id, code from stations`)) station[r.code] = r.id;
  cookie.admin = await signIn(ctx.app, 'admin', ADMIN_PASSWORD);
  cookie['demo-station'] = await signIn(ctx.app, 'demo-station', DEMO_PASSWORD);
  poller = new AtgPoller({ db: ctx.db, bus: ctx.app.bus, ingest: ctx.app.ingest, logger: ctx.app.log, clock: () => new Date(), timeouts: { connectMs: 1000, firstByteMs: 700, idleMs: 700, capMs: 5000 }, autoPoll: false });
});
afterAll(async () => {
  await poller?.stop();
  for (const c of consoles) await c.close();
  await ctx?.close();
});

async function consoleFor(code: string, options: Parameters<typeof startFakeAtgConsole>[0] = {}, securityCode: string | null = null): Promise<FakeAtgConsole> {
  const fake = await startFakeAtgConsole(options);
  consoles.push(fake);
  await ctx.db.execute(
    sql`update stations set device_type = 'veeder-root-tls', device_ip = '127.0.0.1', device_port = ${fake.port}, atg_security_code = ${securityCode} where id = ${station[code]!}`,
  );
  await poller.reload();
  return fake;
}
const pollOf = (code: string) => poller.poller(station[code]!)!;
const latest = (code: string) =>
  rawRows<{ code: string; product_height_mm: number; water_height_mm: number; temperature_c: number; volume_l: number; tc_volume_l: number; ts: string }>(
    ctx.db,
    sql`select t.code, l.product_height_mm, l.water_height_mm, l.temperature_c, l.volume_l, l.tc_volume_l, l.ts from tank_latest l join tanks t on t.id = l.tank_id where l.station_id = ${station[code]!} order by t.code`,
  );
const activeAlarms = (code: string) =>
  rawRows<{ kind: string; code: number; tank: string | null; sensor_no: string | null }>(
    ctx.db,
    sql`select a.kind, a.code, t.code as tank, a.sensor_no from alarms a left join tanks t on t.id = a.tank_id where a.station_id = ${station[code]!} and a.ended_at is null order by a.kind, a.code`,
  );

describe('Veeder-Root TLS poller', () => {
  it('reads a metric console in computer format: inventory in SI through ingest, units from i51700', async () => {
    const fake = await consoleFor('NWP-SH01', { units: 'metric' });
    const p = pollOf('NWP-SH01');
    expect(await p.pollOnce({ everything: true })).toBe(true);
    expect(p.status()).toMatchObject({ enabled: true, connected: true, lastError: null, format: 'computer', units: 'metric', pollSeconds: 60 });
    const tanks = demoFakeTanks(3, 'metric');
    const rows = await latest('NWP-SH01');
    expect(rows.map((r) => r.code)).toEqual(['1', '2', '3']);
    rows.forEach((row, i) => {
      expect(row.product_height_mm).toBeCloseTo(tanks[i]!.height, 1);
      expect(row.water_height_mm).toBeCloseTo(tanks[i]!.water, 1);
      expect(row.temperature_c).toBeCloseTo(tanks[i]!.temperature, 2);
      expect(row.volume_l).toBeCloseTo(tanks[i]!.volume, 0);
      expect(row.tc_volume_l).toBeCloseTo(tanks[i]!.tcVolume, 0);
    });
    // One command at a time, computer format first, units asked once.
    expect(fake.received.slice(0, 2)).toEqual(['i20100', 'i51700']);
  });

  it('converts a US console (gallons, inches, °F) to litres, millimetres and °C', async () => {
    await consoleFor('NWP-SH01', { units: 'us', tanks: demoFakeTanks(3, 'us') });
    expect(await pollOf('NWP-SH01').pollOnce()).toBe(true);
    const us = demoFakeTanks(3, 'us')[0]!;
    const [row] = await latest('NWP-SH01');
    expect(row!.product_height_mm).toBeCloseTo(toMillimetres(us.height, 'us'), 1);
    expect(row!.temperature_c).toBeCloseTo(toCelsius(us.temperature, 'us'), 1);
    expect(row!.volume_l).toBeCloseTo(toLitres(us.volume, 'us'), 0);
    expect(pollOf('NWP-SH01').status().units).toBe('us');
  });

  it('raises the console’s tank and sensor alarms as Ullage alarms, and clears them when the console does', async () => {
    const fake = await consoleFor('NWP-SH01');
    fake.setAlarms([{ category: 2, type: 4, device: 1 }]); // tank 1 overfill → level 21
    fake.setSensors([{ sensor: 1, status: 2 }, { sensor: 2, status: 0 }]); // sensor 1 fuel alarm → leak 2
    expect(await pollOf('NWP-SH01').pollOnce({ everything: true })).toBe(true);
    expect(await activeAlarms('NWP-SH01')).toEqual([
      { kind: 'leak', code: 2, tank: null, sensor_no: '1' },
      { kind: 'level', code: 21, tank: '1', sensor_no: null },
    ]);
    fake.setAlarms([]);
    fake.setSensors([{ sensor: 1, status: 0 }, { sensor: 2, status: 0 }]);
    expect(await pollOf('NWP-SH01').pollOnce({ everything: true })).toBe(true);
    expect(await activeAlarms('NWP-SH01')).toEqual([]);
  });

  it('stores the console’s delivery report (i20200) as delivery records in SI, in the station’s time, once', async () => {
    // Console time is the station's wall time (Shanghai); minutes only.
    const end = new Date(Math.floor(Date.now() / 60_000) * 60_000 - 60 * 60_000);
    const start = new Date(end.getTime() - 25 * 60_000);
    const us = { tank: 2, start, end, startVolume: 1_200, startTcVolume: 1_190, startWater: 0.5, startTemperature: 60, endVolume: 4_200, endTcVolume: 4_170, endWater: -0.01, endTemperature: 59, startHeight: 20, endHeight: 55.5 };
    const aborted = { ...us, start: new Date(start.getTime() - 5 * 3_600_000), end: new Date(end.getTime() - 5 * 3_600_000), endVolume: 1_200 };
    const fake = await consoleFor('NWP-SH01', { units: 'us', tanks: demoFakeTanks(3, 'us'), timeZone: 'Asia/Shanghai', deliveries: [us, aborted] });
    const deliveries = () =>
      rawRows<{ tank: string; source: string; started_at: Date; ended_at: Date; start_volume_l: number; end_volume_l: number; end_tc_volume_l: number; start_height_mm: number; end_height_mm: number; start_water_height_mm: number; end_water_height_mm: number; start_temperature_c: number }>(
        ctx.db,
        sql`select t.code as tank, d.* from deliveries d join tanks t on t.id = d.tank_id where d.station_id = ${station['NWP-SH01']!} and d.source = 'device' order by d.started_at`,
      );
    expect(await pollOf('NWP-SH01').pollOnce({ everything: true })).toBe(true);
    expect(fake.received).toContain('i20200');
    let rows = await deliveries();
    // The aborted drop (the volume did not rise) is not a delivery.
    expect(rows).toHaveLength(1);
    const row = rows[0]!;
    expect(row).toMatchObject({ tank: '2', source: 'device' });
    expect([new Date(row.started_at).toISOString(), new Date(row.ended_at).toISOString()]).toEqual([start.toISOString(), end.toISOString()]);
    expect(row.start_volume_l).toBeCloseTo(toLitres(1_200, 'us')!, 3);
    expect(row.end_volume_l).toBeCloseTo(toLitres(4_200, 'us')!, 3);
    expect(row.end_tc_volume_l).toBeCloseTo(toLitres(4_170, 'us')!, 3);
    expect(row.start_height_mm).toBeCloseTo(20 * 25.4, 3);
    expect(row.end_height_mm).toBeCloseTo(55.5 * 25.4, 3);
    expect(row.start_water_height_mm).toBeCloseTo(0.5 * 25.4, 3);
    // A dry tank's slightly negative water is stored as none.
    expect(row.end_water_height_mm).toBe(0);
    expect(row.start_temperature_c).toBeCloseTo(toCelsius(60, 'us')!, 3);
    expect(toMillimetres(1, 'us')).toBeCloseTo(25.4, 6);

    // The console repeats its report on the next rounds: still one record.
    expect(await pollOf('NWP-SH01').pollOnce({ everything: true })).toBe(true);
    rows = await deliveries();
    expect(rows).toHaveLength(1);
  });

  it('reads the delivery report in display format too (I20200)', async () => {
    const end = new Date(Math.floor(Date.now() / 60_000) * 60_000 - 3 * 3_600_000);
    const start = new Date(end.getTime() - 20 * 60_000);
    await ctx.db.execute(sql`delete from deliveries where station_id = ${station['NWP-SH01']!}`);
    const fake = await consoleFor('NWP-SH01', {
      displayOnly: true,
      timeZone: 'Asia/Shanghai',
      deliveries: [{ tank: 1, start, end, startVolume: 10_000, startTcVolume: 9_950, startWater: 0, startTemperature: 15, endVolume: 18_000, endTcVolume: 17_900, endWater: 0, endTemperature: 14.5, startHeight: 900, endHeight: 1_500 }],
    });
    expect(await pollOf('NWP-SH01').pollOnce({ everything: true })).toBe(true);
    expect(fake.received).toContain('I20200');
    const rows = await rawRows<{ started_at: Date; start_volume_l: number; end_volume_l: number; end_height_mm: number }>(
      ctx.db,
      sql`select started_at, start_volume_l, end_volume_l, end_height_mm from deliveries where station_id = ${station['NWP-SH01']!} and source = 'device'`,
    );
    expect(rows).toHaveLength(1);
    expect(new Date(rows[0]!.started_at).toISOString()).toBe(start.toISOString());
    expect(rows[0]).toMatchObject({ start_volume_l: 10_000, end_volume_l: 18_000, end_height_mm: 1_500 });
  });

  it('falls back to display format when the console answers i20100 with 9999FF1B', async () => {
    const fake = await consoleFor('NWP-SH01', { displayOnly: true });
    const p = pollOf('NWP-SH01');
    expect(await p.pollOnce({ everything: true })).toBe(true);
    expect(p.status().format).toBe('display');
    expect(fake.received).toContain('I20100');
    const tanks = demoFakeTanks(3, 'metric');
    const rows = await latest('NWP-SH01');
    expect(rows[1]!.product_height_mm).toBeCloseTo(tanks[1]!.height, 0);
  });

  it('survives a bad checksum, a reply in three packets, telnet junk and an unknown command', async () => {
    const fake = await consoleFor('NWP-SH01');
    const p = pollOf('NWP-SH01');
    fake.setFaults({ badChecksum: true });
    expect(await p.pollOnce()).toBe(false);
    expect(p.status().lastError).toMatch(/checksum/);
    fake.setFaults({ splitInto: 3, junkBeforeSoh: true, unsupported: ['i30100', 'i11100'] });
    expect(await p.pollOnce({ everything: true })).toBe(true);
    expect(p.status()).toMatchObject({ connected: true, lastError: null });
  });

  it('a dead or silent console fails its station only; the others are polled on', async () => {
    const dead = await consoleFor('NWP-SZ02');
    await consoleFor('NWP-SH01');
    await dead.close();
    expect(await pollOf('NWP-SZ02').pollOnce()).toBe(false);
    expect(pollOf('NWP-SZ02').status()).toMatchObject({ connected: false });
    expect(pollOf('NWP-SZ02').status().lastError).toMatch(/ECONNREFUSED/);
    expect(await pollOf('NWP-SH01').pollOnce()).toBe(true);

    const silent = await consoleFor('NWP-SZ02');
    silent.setFaults({ silent: true });
    const started = Date.now();
    expect(await pollOf('NWP-SZ02').pollOnce()).toBe(false);
    expect(Date.now() - started).toBeLessThan(3000);
    expect(pollOf('NWP-SZ02').status().lastError).toMatch(/no reply/);
  });

  it('a wrong security code gets silence (a timeout); the right one an answer', async () => {
    await consoleFor('NWP-SH01', { securityCode: 'ABC123' }, 'XYZ789');
    expect(await pollOf('NWP-SH01').pollOnce()).toBe(false);
    await consoleFor('NWP-SH01', { securityCode: 'ABC123' }, 'ABC123');
    expect(await pollOf('NWP-SH01').pollOnce()).toBe(true);
  });

  it('99 tanks on the console (two-digit tank numbers): the station’s three are stored, the rest ignored', async () => {
    await consoleFor('NWP-SH01', { tanks: demoFakeTanks(99, 'metric') });
    const before = Date.now();
    expect(await pollOf('NWP-SH01').pollOnce()).toBe(true);
    const rows = await latest('NWP-SH01');
    expect(rows).toHaveLength(3);
    expect(rows.every((r) => new Date(r.ts).getTime() >= before - 1000)).toBe(true);
  });
});

describe('the station form’s console panel', () => {
  it('two server instances: one polls a console, the other stands by and takes over when it stops', async () => {
    const fake = await consoleFor('NWP-SZ02');
    const second = new AtgPoller({ db: ctx.db, bus: ctx.app.bus, ingest: ctx.app.ingest, logger: ctx.app.log, clock: () => new Date(), timeouts: { connectMs: 1000, firstByteMs: 700, idleMs: 700, capMs: 5000 }, autoPoll: false });
    try {
      await second.reload();
      const first = await pollOf('NWP-SZ02').pollOnce();
      expect(pollOf('NWP-SZ02').status().lastError).toBeNull();
      expect(first).toBe(true);
      const asked = fake.received.length;
      expect(asked).toBeGreaterThan(0);
      // The other instance does not talk to the console while the lease is held.
      expect(await second.poller(station['NWP-SZ02']!)!.pollOnce()).toBe(true);
      expect(fake.received.length).toBe(asked);
      expect(second.status(station['NWP-SZ02']!, null)).toMatchObject({ enabled: true, standby: true });
      expect(pollOf('NWP-SZ02').status().standby).toBe(false);
      // The first instance goes away: its lease is released and the second polls.
      await poller.stop();
      expect(await second.poller(station['NWP-SZ02']!)!.pollOnce()).toBe(true);
      expect(fake.received.length).toBeGreaterThan(asked);
      expect(second.status(station['NWP-SZ02']!, null)).toMatchObject({ standby: false, connected: true });
      // A lease that is not renewed expires: the first instance, back, takes over from a silent holder.
      await ctx.db.execute(sql`update atg_leases set expires_at = now() - interval '1 second' where station_id = ${station['NWP-SZ02']!}`);
      await poller.reload();
      expect(await pollOf('NWP-SZ02').pollOnce()).toBe(true);
      expect(pollOf('NWP-SZ02').status().standby).toBe(false);
      expect(await second.poller(station['NWP-SZ02']!)!.pollOnce()).toBe(true);
      expect(second.status(station['NWP-SZ02']!, null).standby).toBe(true);
    } finally {
      await second.stop();
    }
  });

  it('status and a test query, answered in SI with the tanks matched; out of scope refused', async () => {
    const fake = await startFakeAtgConsole({ units: 'metric' });
    consoles.push(fake);
    await ctx.db.execute(sql`update stations set device_type = 'veeder-root-tls', device_ip = '127.0.0.1', device_port = ${fake.port}, atg_security_code = null where id = ${station['NWP-MD06']!}`);
    const id = station['NWP-MD06']!;
    const status = (await ctx.app.inject({ method: 'GET', url: `/api/station/${id}/atg`, headers: { cookie: cookie.admin! } })).json();
    expect(status).toMatchObject({ code: 1000, data: { enabled: false, connected: false, pollSeconds: 60 } });
    const test = (await ctx.app.inject({ method: 'POST', url: `/api/station/${id}/atg/test`, headers: { cookie: cookie.admin! } })).json();
    expect(test.code).toBe(1000);
    expect(test.data).toMatchObject({ ok: true, error: null, format: 'computer', units: 'metric' });
    expect(test.data.tanks).toHaveLength(3);
    expect(test.data.tanks[0]).toMatchObject({ tank: '1', matched: true });
    expect(test.data.tanks[0].productHeightMm).toBeCloseTo(demoFakeTanks(3, 'metric')[0]!.height, 1);

    await fake.close();
    const down = (await ctx.app.inject({ method: 'POST', url: `/api/station/${id}/atg/test`, headers: { cookie: cookie.admin!, language: 'es' } })).json();
    expect(down.data.ok).toBe(false);
    expect(down.data.error).toMatch(/^La consola rechazó la conexión/);

    // A station that is not polled (another device type) says so instead of trying.
    const unpolled = (await ctx.app.inject({ method: 'POST', url: `/api/station/${station['NWP-CA05']!}/atg/test`, headers: { cookie: cookie.admin! } })).json();
    expect(unpolled).toMatchObject({ code: 1000, data: { ok: false, tanks: [] } });
    expect(unpolled.data.error).toMatch(/^This station is not polled/);
    expect((await ctx.app.inject({ method: 'POST', url: '/api/station/abc/atg/test', headers: { cookie: cookie.admin! } })).json().code).toBe(91011);

    // Another organisation's station does not exist for this user; a station account may look, not test.
    expect((await ctx.app.inject({ method: 'GET', url: `/api/station/${other.stationId}/atg`, headers: { cookie: cookie['demo-station']! } })).json().code).toBe(80001);
    expect((await ctx.app.inject({ method: 'POST', url: `/api/station/${station['NWP-SH01']!}/atg/test`, headers: { cookie: cookie['demo-station']! } })).json().code).toBe(80003);
    // Testing takes station:manage, which a station account lacks wherever the station is (roles.ts).
    expect((await ctx.app.inject({ method: 'POST', url: `/api/station/${station['NWP-MD06']!}/atg/test`, headers: { cookie: cookie['demo-station']! } })).json().code).toBe(80003);
  });
});
