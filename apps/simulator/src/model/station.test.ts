import { beforeAll, describe, expect, it } from 'vitest';
import { deviceAlarm, deviceEvent, deviceReading, deviceReport, deviceSensorState, type DeviceAlarm, type DeviceEvent, type DeviceReading, type DeviceReport, type DeviceSensorState } from '@ullage/contracts/device';
import { HOUR, MINUTE, localHour } from './clock';
import { RARE_EVENT_KINDS, type EventsOption } from './rare-events';
import { createStationSim, type Happening, type StationSim } from './station';
import { testStation } from './test-station';

const START = Date.parse('2025-03-03T00:00:00Z');
const DAY = 24 * HOUR;

interface Run {
  sim: StationSim;
  /** Each advance's batches, with the simulated time it was called at. */
  sends: { at: number; batches: DeviceReport[] }[];
  happenings: Happening[];
}

function run(opts: { days: number; stepMs?: number; seed?: number; events?: EventsOption; timezone?: string; each?: (sim: StationSim, at: number) => void }): Run {
  const happenings: Happening[] = [];
  const sim = createStationSim(testStation('T-1', opts.timezone), { startMs: START, seed: opts.seed ?? 42, events: opts.events, onHappening: (h) => happenings.push(h) });
  const step = opts.stepMs ?? MINUTE;
  const sends: Run['sends'] = [];
  for (let at = START + step; at <= START + opts.days * DAY; at += step) {
    const batches = sim.advance(at);
    if (batches.length > 0) sends.push({ at, batches });
    opts.each?.(sim, at);
  }
  return { sim, sends, happenings };
}

const all = (r: Run) => r.sends.flatMap((s) => s.batches);
const readings = (r: Run) => all(r).flatMap((b) => b.readings as DeviceReading[]);
const alarms = (r: Run) => all(r).flatMap((b) => b.alarms as DeviceAlarm[]);
const sensors = (r: Run) => all(r).flatMap((b) => b.sensors as DeviceSensorState[]);
const events = (r: Run) => all(r).flatMap((b) => b.events as DeviceEvent[]);

// Every kind about twice a day, so a week surely shows each one.
const OFTEN = Object.fromEntries(RARE_EVENT_KINDS.map((k) => [k, 2])) as EventsOption;

describe('station simulation', () => {
  it('is deterministic for a seed, and the seed matters', () => {
    const a = run({ days: 1, stepMs: 5 * MINUTE, seed: 9, events: OFTEN });
    const b = run({ days: 1, stepMs: 5 * MINUTE, seed: 9, events: OFTEN });
    const c = run({ days: 1, stepMs: 5 * MINUTE, seed: 10, events: OFTEN });
    expect(readings(a).length).toBeGreaterThan(500);
    expect(JSON.stringify(a.sends)).toBe(JSON.stringify(b.sends));
    expect(a.happenings).toEqual(b.happenings);
    expect(JSON.stringify(a.sends)).not.toBe(JSON.stringify(c.sends));
  });

  it('sells less at 03:00 than at 08:00 station time', () => {
    const timezone = 'America/Chicago';
    const soldByHour = new Array<number>(24).fill(0);
    let last: number[] | null = null;
    // Ten days (over Chicago's change to summer time), looked at each quarter hour: Chicago's
    // offsets are whole hours, so a quarter's sales all fall in one local hour. The tanks still
    // move minute by minute; only the probe reads less often.
    const stepMs = 15 * MINUTE;
    run({
      days: 10,
      stepMs,
      events: false,
      timezone,
      each: (sim, at) => {
        const tanks = sim.tanks();
        const hour = Math.floor(localHour(timezone, at - stepMs));
        tanks.forEach((t, i) => {
          const before = last?.[i];
          if (before !== undefined && !t.delivering && t.productL < before) soldByHour[hour]! += before - t.productL;
        });
        last = tanks.map((t) => t.productL);
      },
    });
    expect(soldByHour[8]!).toBeGreaterThan(1000);
    expect(soldByHour[3]!).toBeLessThan(soldByHour[8]! * 0.15);
    expect(soldByHour[18]!).toBeGreaterThan(soldByHour[13]!);
  });

  it('refills a low tank by tanker over 20–40 minutes to 85–95 %', () => {
    const spans: { minutes: number; fillBefore: number; fillAfter: number }[] = [];
    const open = new Map<string, { start: number; fillBefore: number }>();
    const prevFill = new Map<string, number>();
    // Five days: each tank is refilled at least once, six deliveries in all for this seed.
    const r = run({
      days: 5,
      events: false,
      each: (sim, at) => {
        for (const t of sim.tanks()) {
          const o = open.get(t.code);
          if (t.delivering && !o) open.set(t.code, { start: at - MINUTE, fillBefore: prevFill.get(t.code)! });
          if (!t.delivering && o) {
            spans.push({ minutes: (at - o.start) / MINUTE, fillBefore: o.fillBefore, fillAfter: t.fill });
            open.delete(t.code);
          }
          prevFill.set(t.code, t.fill);
        }
      },
    });
    expect(spans.length).toBeGreaterThanOrEqual(3);
    for (const s of spans) {
      expect(s.minutes).toBeGreaterThanOrEqual(20);
      expect(s.minutes).toBeLessThanOrEqual(41);
      expect(s.fillBefore).toBeLessThan(0.3);
      expect(s.fillAfter).toBeGreaterThan(0.84);
      expect(s.fillAfter).toBeLessThan(0.96);
    }
    // The probe saw it: some tank's reported height rose by a metre within 40 minutes.
    const byTank = new Map<string, DeviceReading[]>();
    for (const x of readings(r)) {
      const list = byTank.get(x.tank) ?? [];
      list.push(x);
      byTank.set(x.tank, list);
    }
    const rises = [...byTank.values()].map((rs) => Math.max(...rs.map((x, i) => (i >= 40 ? x.productHeightMm - rs[i - 40]!.productHeightMm : 0))));
    expect(Math.max(...rises)).toBeGreaterThan(1000);
  });

  describe('over a week with every rare event about twice a day', () => {
    // One simulated week shared by the two tests that read it, run once before them.
    let week: Run;
    beforeAll(() => {
      week = run({ days: 7, stepMs: 2 * MINUTE, seed: 3, events: OFTEN });
    });

    it('produces only reports that the protocol schemas accept as they are', () => {
      expect(week.happenings.length).toBeGreaterThan(20);
      // Every batch and every item in it, one expect a kind (tens of thousands of expects cost seconds).
      const empty = all(week).filter((batch) => {
        const parsed = deviceReport.parse(batch);
        return parsed.readings.length + parsed.sensors.length + parsed.alarms.length + parsed.events.length === 0;
      });
      expect(empty).toEqual([]);
      // parse() drops unknown keys and fills defaults: equality means nothing was off-protocol.
      const [rs, ss, as, es] = [readings(week), sensors(week), alarms(week), events(week)];
      const eventReadings = es.flatMap((e) => e.readings as DeviceReading[]);
      expect(rs.map((x) => deviceReading.parse(x))).toEqual(rs);
      expect(ss.map((x) => deviceSensorState.parse(x))).toEqual(ss);
      expect(as.map((x) => deviceAlarm.parse(x))).toEqual(as);
      expect(es.map((x) => deviceEvent.parse(x))).toEqual(es);
      expect(eventReadings.map((y) => deviceReading.parse(y))).toEqual(eventReadings);
    });

    it('reports one record per tank and time, interval readings normally and hourly ones on the hour', () => {
      const rs = readings(week);
      // One record per (tank, ts), events' readings included: the server's key cannot collide.
      const keys = [...rs, ...events(week).flatMap((e) => e.readings as DeviceReading[])].map((x) => `${x.tank}@${x.ts}`);
      expect(new Set(keys).size).toBe(keys.length);
      const hourly = rs.filter((x) => x.type === 'hourly');
      expect(hourly.length).toBeGreaterThan(3 * 24 * 6);
      expect(hourly.every((x) => x.ts.endsWith(':00:00.000Z'))).toBe(true);
      expect(rs.filter((x) => x.type === 'interval').length).toBeGreaterThan(hourly.length * 10);
    });
  });

  it('shows every rare event over a simulated week when they are on', () => {
    const r = run({ days: 7, seed: 5, events: OFTEN });
    const kinds = new Set(r.happenings.map((h) => h.kind));
    for (const kind of RARE_EVENT_KINDS) expect(kinds).toContain(kind);

    // Probe fault: level alarm "data fault" (2), raised then cleared on the same tank.
    const faults = alarms(r).filter((a) => a.kind === 'level' && a.code === 2);
    expect(faults.some((a) => a.state === 'active')).toBe(true);
    const firstActive = faults.find((a) => a.state === 'active')!;
    expect(faults.some((a) => a.state === 'cleared' && a.tank === firstActive.tank && a.ts > firstActive.ts)).toBe(true);

    // Leak: the leak sensor goes to alarm with code 8, then back to normal.
    const leak = sensors(r).filter((s) => s.sensorNo === '1');
    const alarmAt = leak.findIndex((s) => s.state === 'alarm');
    expect(leak[alarmAt]?.code).toBe(8);
    expect(leak.slice(alarmAt + 1).some((s) => s.state === 'normal')).toBe(true);

    // Power: power-off with the last readings, silence, then power-on with the first.
    const offs = events(r).filter((e) => e.type === 'power-off');
    const ons = events(r).filter((e) => e.type === 'power-on');
    expect(offs.length).toBeGreaterThan(0);
    expect(ons.length).toBeGreaterThan(0);
    expect(offs[0]!.readings).toHaveLength(3);
    const off = Date.parse(offs[0]!.ts);
    const on = Date.parse(ons.find((e) => e.ts > offs[0]!.ts)!.ts);
    expect(on - off).toBeGreaterThanOrEqual(5 * MINUTE);
    expect(readings(r).filter((x) => Date.parse(x.ts) > off && Date.parse(x.ts) < on)).toEqual([]);
    // The power-off itself goes out at once (a last gasp), not only after power returns.
    const sentOff = r.sends.find((s) => s.batches.some((b) => (b.events as DeviceEvent[]).some((e) => e.ts === offs[0]!.ts)))!;
    expect(sentOff.at).toBeLessThan(on);

    // Network gap: nothing sent for 20+ minutes, then the backlog in one batch.
    const gaps = r.sends.slice(1).map((s, i) => ({ silentMs: s.at - r.sends[i]!.at, readings: s.batches.reduce((n, b) => n + (b.readings?.length ?? 0), 0) }));
    const backlog = gaps.find((g) => g.silentMs >= 20 * MINUTE && g.readings >= 3 * 20);
    expect(backlog).toBeDefined();

    // Data jump: one reading 15 cm or 5 °C off its neighbours, the next back in line.
    const jumps = ['1', '2', '3'].flatMap((tank) => {
      const rs = readings(r).filter((x) => x.tank === tank && x.type === 'interval');
      return rs.slice(1, -1).filter((x, i) => {
        const [prev, next] = [rs[i]!, rs[i + 2]!];
        const up = (k: 'productHeightMm' | 'temperatureC', d: number) => x[k] - prev[k] > d && x[k] - next[k] > d;
        return up('productHeightMm', 140) || up('temperatureC', 4.5);
      });
    });
    expect(jumps.length).toBeGreaterThan(0);
  });

  it('has rare events at the default rates and none when they are off', () => {
    // Events roll every simulated minute whatever the report interval: five minutes is enough here.
    const on = run({ days: 7, stepMs: 5 * MINUTE, seed: 5 });
    expect(on.happenings.filter((h) => h.kind !== 'delivery').length).toBeGreaterThan(2);

    const off = run({ days: 7, seed: 5, events: false });
    expect(off.happenings.filter((h) => h.kind !== 'delivery')).toEqual([]);
    expect(off.happenings.filter((h) => h.kind === 'delivery').length).toBeGreaterThan(0);
    expect(alarms(off)).toEqual([]);
    expect(events(off)).toEqual([]);
    expect(sensors(off).every((s) => s.state === 'normal')).toBe(true);
    // A report every simulated minute, none skipped, none late.
    expect(off.sends).toHaveLength(7 * 24 * 60);
    for (const tank of ['1', '2', '3']) {
      const rs = readings(off).filter((x) => x.tank === tank);
      const steps = rs.slice(1).map((x, i) => Math.abs(x.productHeightMm - rs[i]!.productHeightMm));
      const temps = rs.slice(1).map((x, i) => Math.abs(x.temperatureC - rs[i]!.temperatureC));
      expect(Math.max(...temps)).toBeLessThan(1);
      // Deliveries raise about 2–4 cm a minute at most; nothing near a 15 cm jump.
      expect(Math.max(...steps)).toBeLessThan(100);
    }
  });
});
