import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { rawRows } from '../../lib/raw-sql';
import { backend } from '../../test/databases';
import { startTestApp, type TestContext } from '../../test/harness';
import { salesOfWindows, type SalesWindow } from './metered-sales';

/**
 * Totaliser rises against a plain reference: a reading's rise is its total less the meter's
 * reading before it, when that one came after two days before the earliest window; it is booked
 * to the later reading's target. The readings are irregular on purpose: meters silent for more
 * than two days, a meter that changes target, compensated totals that come and go. Written to
 * the table directly: what is checked is the query, not the ingest.
 */
let ctx: TestContext;
let stationId = 0;
const HOUR = 3_600_000;
const T0 = Date.parse('2026-03-01T00:00:00Z');
const TARGETS = ['tz1', 'tz2', 'pz9'];

interface Total {
  meter: string;
  tsMs: number;
  target: string;
  totalL: number;
  tcTotalL: number | null;
}

/** A small deterministic generator (mulberry32): the same readings every run. */
function random(seed: number) {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

function readings(): Total[] {
  const next = random(35);
  const out: Total[] = [];
  for (const meter of ['M1', 'M2', 'M3']) {
    let ts = T0 - 4 * 24 * HOUR;
    let total = 10_000 * (1 + next());
    let target = TARGETS[Math.floor(next() * 3)]!;
    while (ts < T0 + 8 * 24 * HOUR) {
      // Mostly an hour or so apart; now and then silent for two to four days.
      ts += next() < 0.03 ? (48 + next() * 48) * HOUR : Math.ceil(next() * 3) * 1_800_000;
      total += next() * 120;
      if (next() < 0.05) target = TARGETS[Math.floor(next() * 3)]!;
      out.push({ meter, tsMs: ts, target, totalL: Math.round(total * 100) / 100, tcTotalL: next() < 0.2 ? null : Math.round(total * 99) / 100 });
    }
  }
  return out;
}

/** The rule written out: each window's rises, booked at the later reading. */
function expected(all: readonly Total[], windows: readonly SalesWindow[]) {
  const sinceMs = Math.min(...windows.map((w) => w.fromMs)) - 2 * 24 * HOUR;
  return windows.map((w) => {
    let volumeL = 0;
    let tcVolumeL = 0;
    let grossWithoutTcL = 0;
    for (const meter of ['M1', 'M2', 'M3']) {
      const own = all.filter((r) => r.meter === meter && r.tsMs > sinceMs).sort((a, b) => a.tsMs - b.tsMs);
      own.forEach((r, i) => {
        const prev = own[i - 1];
        if (!prev || r.target !== w.target || r.tsMs <= w.fromMs || r.tsMs > w.toMs) return;
        volumeL += r.totalL - prev.totalL;
        if (r.tcTotalL !== null && prev.tcTotalL !== null) tcVolumeL += r.tcTotalL - prev.tcTotalL;
        else grossWithoutTcL += r.totalL - prev.totalL;
      });
    }
    return { volumeL, tcVolumeL, grossWithoutTcL };
  });
}

beforeAll(async () => {
  ctx = await startTestApp();
  const [station] = await rawRows<{ id: number }>(ctx.db, sql`select id from stations where code = 'NWP-SZ02'`);
  stationId = station!.id;
  const all = readings();
  for (const r of all) {
    await ctx.db.execute(
      sql`insert into meter_totals (station_id, meter, ts, target, total_l, tc_total_l)
          values (${stationId}, ${r.meter}, ${new Date(r.tsMs).toISOString()}::timestamptz, ${r.target}, ${r.totalL}, ${r.tcTotalL})`,
    );
  }
}, 60_000);
afterAll(async () => {
  await ctx?.db.execute(sql`delete from meter_totals where station_id = ${stationId} and target in ('tz1', 'tz2', 'pz9')`);
  await ctx?.close();
});

describe('salesOfWindows: totaliser rises', () => {
  it('sums each window’s rises as the rule does, over silences, target changes and missing compensated totals', async () => {
    const next = random(7);
    const windows: SalesWindow[] = Array.from({ length: 60 }, () => {
      const fromMs = T0 + Math.floor(next() * 7 * 24) * HOUR;
      return { stationId, target: TARGETS[Math.floor(next() * 3)]!, fromMs, toMs: fromMs + Math.ceil(next() * 30) * HOUR };
    });
    const got = await salesOfWindows(ctx.db, windows);
    const want = expected(readings(), windows);
    expect(got).toHaveLength(60);
    // Some windows must see rises over a silence and a previous reading before them, or the check proves little.
    expect(want.filter((w) => w.volumeL > 0).length).toBeGreaterThan(25);
    expect(want.some((w) => w.grossWithoutTcL > 0)).toBe(true);
    got.forEach((g, i) => {
      expect(g.volumeL).toBeCloseTo(want[i]!.volumeL, 6);
      expect(g.tcVolumeL).toBeCloseTo(want[i]!.tcVolumeL, 6);
      expect(g.grossWithoutTcL).toBeCloseTo(want[i]!.grossWithoutTcL, 6);
    });
  });

  it('counts no rise from a reading more than two days before the earliest window', async () => {
    const all = readings().filter((r) => r.meter === 'M1').sort((a, b) => a.tsMs - b.tsMs);
    // The first of M1's readings after a silence of more than two days, and the window just around it.
    const i = all.findIndex((r, k) => k > 0 && r.tsMs - all[k - 1]!.tsMs > 2 * 24 * HOUR && r.tsMs > T0);
    expect(i).toBeGreaterThan(0);
    const r = all[i]!;
    const [got] = await salesOfWindows(ctx.db, [{ stationId, target: r.target, fromMs: r.tsMs - 1, toMs: r.tsMs }]);
    // Other meters may rise in that millisecond only by chance; M1's rise over the silence must not count.
    const others = expected(readings().filter((x) => x.meter !== 'M1'), [{ stationId, target: r.target, fromMs: r.tsMs - 1, toMs: r.tsMs }])[0]!;
    expect(got!.volumeL).toBeCloseTo(others.volumeL, 6);
    // Asked with an earlier window beside it, the same reading's rise counts.
    const both: SalesWindow[] = [
      { stationId, target: r.target, fromMs: all[i - 1]!.tsMs - HOUR, toMs: all[i - 1]!.tsMs },
      { stationId, target: r.target, fromMs: r.tsMs - 1, toMs: r.tsMs },
    ];
    const [, wide] = await salesOfWindows(ctx.db, both);
    const othersWide = expected(readings().filter((x) => x.meter !== 'M1'), both)[1]!;
    expect(wide!.volumeL).toBeCloseTo(othersWide.volumeL + r.totalL - all[i - 1]!.totalL, 6);
  });
});

describe('salesOfWindows: windows of stations with sales, with totals and with neither, asked together', () => {
  it('answers each window what it answers alone, in the order asked', async () => {
    const [other] = await rawRows<{ id: number }>(ctx.db, sql`select id from stations where code = 'NWP-SH01'`);
    const [quiet] = await rawRows<{ id: number }>(ctx.db, sql`select id from stations where id not in (${stationId}, ${other!.id}) order by id limit 1`);
    const sold = [3, 7, 11].map((h, i) => ({ key: `sw-${i}`, tsMs: T0 + h * HOUR, volumeL: 10 + i }));
    for (const x of sold) {
      await ctx.db.execute(sql`insert into metered_sales (station_id, target, sale_key, ts, volume_l) values (${other!.id}, 'sw1', ${x.key}, ${new Date(x.tsMs).toISOString()}::timestamptz, ${x.volumeL})`);
    }
    try {
      const windows: SalesWindow[] = [
        { stationId: quiet!.id, target: 'sw1', fromMs: T0, toMs: T0 + 24 * HOUR },
        { stationId: other!.id, target: 'sw1', fromMs: T0, toMs: T0 + 8 * HOUR },
        { stationId, target: 'tz1', fromMs: T0, toMs: T0 + 30 * HOUR },
        { stationId: other!.id, target: 'sw1', fromMs: T0 + 5 * HOUR, toMs: T0 + 24 * HOUR },
        { stationId, target: 'tz2', fromMs: T0 + 24 * HOUR, toMs: T0 + 72 * HOUR },
      ];
      const together = await salesOfWindows(ctx.db, windows);
      const alone = await Promise.all(windows.map(async (w) => (await salesOfWindows(ctx.db, [w]))[0]!));
      expect(together.map((x) => x.volumeL)).toEqual(alone.map((x) => x.volumeL));
      expect(together[0]!.volumeL).toBe(0);
      expect(together[1]!.volumeL).toBe(10 + 11);
      expect(together[3]!.volumeL).toBe(11 + 12);
      const want = expected(readings(), [windows[2]!, windows[4]!]);
      expect(together[2]!.volumeL).toBeCloseTo(want[0]!.volumeL, 6);
      expect(together[4]!.volumeL).toBeCloseTo(want[1]!.volumeL, 6);
      expect(want[0]!.volumeL).toBeGreaterThan(0);
    } finally {
      await ctx.db.execute(sql`delete from metered_sales where station_id = ${other!.id} and target = 'sw1'`);
    }
  });
});

describe('the server’s connections', () => {
  // The windows above are one statement of thousands of look-ups: with JIT on, PostgreSQL compiled it first (issue 35).
  it.skipIf(backend() !== 'postgres')('ask PostgreSQL for no JIT compilation', async () => {
    const [row] = await rawRows<{ jit: string }>(ctx.db, sql`select current_setting('jit') as jit`);
    expect(row!.jit).toBe('off');
  });
});
