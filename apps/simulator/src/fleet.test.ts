import { afterEach, describe, expect, it, vi } from 'vitest';
import type { DeviceReading, DeviceReport, DeviceReportResult, DeviceSale, DeviceTicket } from '@ullage/contracts/device';
import { startFleet, type Fleet } from './fleet';
import { testStation } from './model/test-station';
import { SendError, type Sender } from './transport/types';

const ok = (report: DeviceReport): DeviceReportResult => ({
  accepted: report.readings?.length ?? 0,
  duplicates: 0,
  refused: [],
  serverTime: new Date().toISOString(),
  clockSkewSeconds: 0,
  clockFlagged: false,
});

let fleet: Fleet | null = null;
afterEach(async () => {
  await fleet?.stop();
  fleet = null;
});

describe('startFleet', () => {
  it('reports from every station, staggered, until stopped', async () => {
    vi.useFakeTimers({ now: Date.parse('2025-06-01T10:00:00Z') });
    try {
      const sent: { code: string; at: number; report: DeviceReport }[] = [];
      const sender: Sender = async (station, report) => {
        sent.push({ code: station.code, at: Date.now(), report });
        return ok(report);
      };
      const logs: string[] = [];
      const stations = ['A', 'B', 'C'].map((c) => testStation(c));
      fleet = startFleet({ transport: 'http', sender, stations, intervalMs: 3000, events: false, logger: (m) => logs.push(m) });
      await vi.advanceTimersByTimeAsync(10);
      expect(sent.map((s) => s.code)).toEqual(['A']);
      await vi.advanceTimersByTimeAsync(8990); // to 9 s: three intervals
      // Spread over the interval (0, 1, 2 s in), then each every 3 s.
      expect(sent.map((s) => `${s.code}+${s.at - Date.parse('2025-06-01T10:00:00Z')}`)).toEqual(['A+0', 'B+1000', 'C+2000', 'A+3000', 'B+4000', 'C+5000', 'A+6000', 'B+7000', 'C+8000', 'A+9000']);
      const first = sent[0]!.report;
      expect(first.sentAt).toBe('2025-06-01T10:00:00.000Z');
      expect((first.readings as DeviceReading[]).map((r) => `${r.tank}@${r.ts}`)).toEqual(['1', '2', '3'].map((t) => `${t}@2025-06-01T10:00:00.000Z`));
      const later = sent[3]!.report.readings as DeviceReading[];
      expect(later.map((r) => `${r.ts}/${r.type}`)).toEqual(new Array(3).fill('2025-06-01T10:00:03.000Z/interval'));
      expect(new Set(sent.map((s) => s.report.batchId)).size).toBe(sent.length); // each batch named once, for MQTT answers
      await fleet.stop();
      const stats = fleet.stats();
      expect(stats.batchesSent).toBe(10);
      expect(stats.readingsSent).toBe(30);
      expect(stats.accepted).toBe(30);
      await vi.advanceTimersByTimeAsync(10_000);
      expect(sent).toHaveLength(10);
      expect(logs).toEqual([]);
    } finally {
      vi.useRealTimers();
    }
  });

  it('keeps batches while sending fails and delivers the backlog in order', async () => {
    let down = true;
    const delivered: DeviceReport[] = [];
    const sender: Sender = async (_station, report) => {
      if (down) throw new SendError('connect ECONNREFUSED', true);
      delivered.push(report);
      return ok(report);
    };
    const logs: string[] = [];
    fleet = startFleet({ transport: 'http', sender, stations: [testStation('A')], intervalMs: 20, events: false, logger: (m) => logs.push(m) });
    await vi.waitFor(() => expect(fleet!.stats().queuedBatches).toBeGreaterThanOrEqual(5), { timeout: 2000 });
    expect(delivered).toEqual([]);
    expect(logs.filter((l) => l.includes('ECONNREFUSED'))).toHaveLength(1); // once per outage, not per try
    down = false;
    await vi.waitFor(() => expect(delivered.length).toBeGreaterThanOrEqual(7), { timeout: 2000 });
    const ts = delivered.flatMap((b) => (b.readings as DeviceReading[]).filter((r) => r.tank === '1').map((r) => r.ts));
    expect(ts).toEqual([...ts].sort());
    expect(new Set(ts).size).toBe(ts.length);
    expect(fleet.stats().sendFailures).toBeGreaterThanOrEqual(5);
    expect(logs.some((l) => l.includes('sending again'))).toBe(true);
  });

  it('drops a batch the server refuses outright, and goes on', async () => {
    let calls = 0;
    const sender: Sender = async (_station, report) => {
      if (++calls === 1) throw new SendError('HTTP 400 bad batch', false);
      return ok(report);
    };
    const logs: string[] = [];
    fleet = startFleet({ transport: 'http', sender, stations: [testStation('A')], intervalMs: 20, events: false, logger: (m) => logs.push(m) });
    await vi.waitFor(() => expect(fleet!.stats().batchesSent).toBeGreaterThanOrEqual(2), { timeout: 2000 });
    expect(fleet.stats().batchesDropped).toBe(1);
    expect(logs.some((l) => l.includes('batch dropped'))).toBe(true);
  });

  it('replays from a past start at speed but never reports from the future', async () => {
    const latest: number[] = [];
    const sender: Sender = async (_station, report) => {
      for (const r of report.readings as DeviceReading[]) latest.push(Date.parse(r.ts));
      return ok(report);
    };
    const startMs = Date.now() - 6 * 3_600_000;
    fleet = startFleet({ transport: 'http', sender, stations: [testStation('A')], intervalMs: 20, timeScale: 3_600_000, startMs, events: false, logger: () => {} });
    await vi.waitFor(() => expect(latest.length).toBeGreaterThan(3 * 6), { timeout: 2000 }); // hourly records on the way
    expect(Math.max(...latest)).toBeLessThanOrEqual(Date.now());
    expect(Math.min(...latest)).toBeLessThan(startMs + 3_600_000);
  });

  it('needs the address of the transport it is told to use', () => {
    expect(() => startFleet({ transport: 'http', stations: [] })).toThrow(/baseUrl/);
    expect(() => startFleet({ transport: 'mqtt', stations: [] })).toThrow(/mqttUrl/);
  });
});

describe('startFleet: metered sales', () => {
  it('sends sales and tickets with the history, and a batch resent after a failure carries the same items', async () => {
    const attempts = new Map<string, DeviceReport[]>(); // batchId → each attempt
    let failures = 0;
    const sender: Sender = async (_station, report) => {
      const tries = [...(attempts.get(report.batchId!) ?? []), report];
      attempts.set(report.batchId!, tries);
      // The first few batches with sales fail once, as on a server busy starting.
      if ((report.sales?.length ?? 0) > 0 && tries.length === 1 && failures < 3) {
        failures++;
        throw new SendError('HTTP 503', true);
      }
      return ok(report);
    };
    const days = 4;
    fleet = startFleet({
      transport: 'http',
      sender,
      stations: [{ ...testStation('A'), metering: { kind: 'transactions' } }],
      intervalMs: 20,
      events: false,
      logger: () => {},
      backfill: { from: () => Date.now() - days * 86_400_000 },
    });
    await fleet.live;
    await fleet.stop();
    const retried = [...attempts.values()].filter((tries) => tries.length > 1);
    expect(retried).toHaveLength(3);
    for (const [first, again] of retried) {
      expect(again!.sales).toEqual(first!.sales);
      expect(again!.tickets).toEqual(first!.tickets);
    }
    const delivered = [...attempts.values()].map((tries) => tries.at(-1)!);
    const sales = delivered.flatMap((b) => b.sales as DeviceSale[]);
    expect(new Set(sales.map((s) => s.id)).size).toBe(sales.length);
    // Every day of the history has its sales; a delivery on the way has its ticket.
    expect(new Set(sales.map((s) => s.ts.slice(0, 10))).size).toBeGreaterThanOrEqual(days);
    expect(sales.length).toBeGreaterThan(days * 3 * 80);
    expect(delivered.flatMap((b) => b.tickets as DeviceTicket[]).length).toBeGreaterThan(0);
  });
});

describe('startFleet: a history coarse long ago and fine lately', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  // Now, and an instant whose coarse step across the switch to fine holds a local hour: its
  // reading came 2–5 minutes before the step's end, a gap the test once took for a missed minute.
  it.each([['now', undefined], ['a local hour inside the step across the switch', '2026-11-28T05:50:37.123Z']])(
    'reads every tank at the step the time asks for: 15 minutes, then every minute for the last hours (%s)',
    async (_case, at) => {
      if (at) vi.useFakeTimers({ now: Date.parse(at), shouldAdvanceTime: true, toFake: ['Date'] });
      const readings: DeviceReading[] = [];
      const sender: Sender = async (_station, report) => {
        readings.push(...((report.readings ?? []) as DeviceReading[]));
        return ok(report);
      };
      const fineFromMs = Date.now() - 2 * 3_600_000;
      fleet = startFleet({
        transport: 'http',
        sender,
        stations: [testStation('A')],
        intervalMs: 60_000,
        events: false,
        logger: () => {},
        backfill: { from: () => Date.now() - 86_400_000, stepMs: (simMs) => (simMs >= fineFromMs ? 60_000 : 900_000) },
      });
      await fleet.live;
      await fleet.stop();
      // One tank's readings: the gaps before and after fineFromMs. A tanker's unloading is read every 30 s in
      // either, and a step is cut short where a batch of history ends, so no gap is longer than the step.
      const times = readings.filter((r) => r.tank === '1').map((r) => Date.parse(r.ts)).sort((a, b) => a - b);
      const gaps = (from: number, to: number) => times.slice(1).flatMap((t, i) => (times[i]! >= from && t <= to ? [t - times[i]!] : []));
      const coarse = gaps(Date.now() - 86_400_000, fineFromMs - 900_000);
      expect(Math.max(...coarse)).toBe(900_000);
      expect(coarse.filter((g) => g === 900_000).length).toBeGreaterThan(20);
      // A step is the one asked for at its start: the coarse step across fineFromMs ends up to 15
      // minutes after it, so every minute is asked from one coarse step later on.
      const fineFrom = fineFromMs + 900_000;
      const fineTo = Date.now() - 120_000;
      expect(Math.max(...gaps(fineFrom, fineTo))).toBeLessThanOrEqual(60_000);
      // At least a reading a minute (30 s apart while a tanker unloads, one more on each local hour).
      expect(times.filter((t) => t >= fineFrom && t <= fineTo).length).toBeGreaterThanOrEqual(Math.floor((fineTo - fineFrom) / 60_000));
    },
  );
});

describe('startFleet: commands', () => {
  it('answers the commands in a report’s answer, once each, and stamps its reports with the clock it was set to', async () => {
    const acks: { code: string; id: number; status: string }[] = [];
    const sentAts: number[] = [];
    let handedOver = false;
    const sender: Sender = async (_station, report) => {
      sentAts.push(Date.parse(report.sentAt!) - Date.now());
      // The same command comes with every answer until the device answers it.
      const time = new Date(Date.now() + 3_600_000).toISOString();
      const commands = handedOver && acks.length > 0 ? [] : [{ id: 41, kind: 'clock' as const, issuedAt: time, expiresAt: time, params: { mode: 'set' as const, time } }];
      handedOver = true;
      return { ...ok(report), commands };
    };
    fleet = startFleet({
      transport: 'http',
      sender,
      acknowledge: async (station, ack) => void acks.push({ code: station.code, id: ack.id, status: ack.status }),
      stations: [testStation('A')],
      intervalMs: 20,
      events: false,
      commands: { refuseRate: 0, silentRate: 0 },
      logger: () => {},
    });
    await vi.waitFor(() => expect(fleet!.stats().batchesSent).toBeGreaterThanOrEqual(4), { timeout: 2000 });
    expect(acks).toEqual([{ code: 'A', id: 41, status: 'success' }]);
    expect(fleet.stats().commands).toEqual({ received: 1, succeeded: 1, refused: 0, ignored: 0 });
    expect(sentAts[0]).toBeLessThan(1000);
    expect(sentAts.at(-1)).toBeGreaterThan(3_500_000);
  });
});
