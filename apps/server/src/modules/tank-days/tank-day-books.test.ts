import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rawRows } from '../../lib/raw-sql';
import { ADMIN_PASSWORD, deviceReport, signIn, startTestApp, type TestContext } from '../../test/harness';
import { withRowsAside } from '../../test/rows-aside';
import { tankReading, wallMs } from '../../test/tank-readings';
import { TankDayBookJob } from './book-job';

/**
 * Issue 21: the daily and monthly reports read tank-day books for days that are over, and the
 * readings only for the rest. NWP-SH01 (Asia/Shanghai), tank 1, read every 5 minutes from
 * 2026-10-20 00:00 to 2026-10-22 23:55, falling 1 L a minute, silent 10:00–10:40 on the 20th
 * (one gap). Every comparison is against the same report figured with no books at all.
 */
const NOW = Date.parse('2026-11-23T04:00:00Z');
const SH = 'Asia/Shanghai';
const [A, B, C] = ['2026-10-20', '2026-10-21', '2026-10-22'] as const;
let ctx: TestContext;
let cookie = '';
let tankId = 0;

const local = (day: string, minute: number) => wallMs(day, minute, SH);
const iso = (ms: number) => new Date(ms).toISOString();
const reading = tankReading;
const volumeAt = (tsMs: number) => 20_000 - Math.round((tsMs - local(A, 0)) / 60_000);
const send = async (payload: object) => {
  const res = await deviceReport(ctx.app, 'NWP-SH01', payload);
  expect(res.json().data.refused).toEqual([]);
};
const data = async <T>(url: string) => {
  const json = (await ctx.app.inject({ method: 'GET', url, headers: { cookie, language: 'en' } })).json() as { code: number; data: T };
  expect(json.code).toBe(1000);
  return json.data;
};

interface DailyRow {
  day: string;
  tankId: number;
  start: { volumeL: number } | null;
  gapCount: number;
  deliveredL: number;
  salesL: number | null;
}
const daily = () => data<{ list: DailyRow[]; total: number; abnormalCount: number }>(`/api/report/inventory/daily/list?fromDay=${A}&toDay=${C}&q=NWP-SH01&pageSize=100`);
const monthly = () => data<{ list: object[] }>('/api/report/inventory/monthly/list?fromMonth=2026-10&q=NWP-SH01');
const both = async () => ({ daily: await daily(), monthly: await monthly() });
const dayOf = async (day: string) => (await daily()).list.find((r) => r.day === day && r.tankId === tankId)!;

/** The same call with no books at all (set aside and put back): what the reports answered before books. */
async function withoutBooks<T>(fn: () => Promise<T>): Promise<T> {
  return withRowsAside(ctx.db, 'tank_day_books', fn);
}

/** A gauge's delivery report of tank 1, 5,000 → 13,000 L. */
const drop = (startedMs: number, endedMs: number) => ({
  tank: '1',
  startedAt: iso(startedMs),
  endedAt: iso(endedMs),
  startVolumeL: 5_000,
  endVolumeL: 13_000,
  startTcVolumeL: 4_990,
  endTcVolumeL: 12_980,
  startHeightMm: 500,
  endHeightMm: 1_300,
  startWaterHeightMm: 0,
  endWaterHeightMm: 0,
  startTemperatureC: 18,
  endTemperatureC: 18,
});

const books = async () => {
  const rows = await rawRows<{ day: string; stale: boolean }>(ctx.db, sql`select day::text as day, stale from tank_day_books where tank_id = ${tankId} order by day`);
  return Object.fromEntries(rows.map((r) => [r.day, r.stale ? 'stale' : 'fresh']));
};

async function fillBooks() {
  const round = await new TankDayBookJob({ db: ctx.db, clock: () => new Date(NOW) }, { roundMs: 60_000, batch: 7 }).runOnce();
  expect(round.pending).toBe(false);
  return round.written;
}

beforeAll(async () => {
  ctx = await startTestApp({ clock: () => new Date(NOW) });
  cookie = await signIn(ctx.app, 'admin', ADMIN_PASSWORD);
  const readings: object[] = [];
  for (const day of [A, B, C]) {
    for (let m = 0; m < 1440; m += 5) {
      if (day === A && m > 600 && m < 640) continue;
      readings.push(reading(local(day, m), volumeAt(local(day, m))));
    }
  }
  await send({ readings });
  tankId = (await daily()).list[0]!.tankId;
});
afterAll(() => ctx.close());

describe('tank-day books (issue 21)', () => {
  it('the job books every final day of the tank (no book for the running day), and the reports answer exactly as from the readings', async () => {
    const live = await both();
    expect(live.daily.list.filter((r) => r.tankId === tankId).map((r) => [r.day, r.gapCount, r.salesL])).toEqual([
      [C, 0, 1435],
      [B, 0, 1435],
      [A, 1, 1435],
    ]);
    // 20 Oct to 22 Nov (the last day over an hour ago in Shanghai): 34 days, in batches of 7.
    expect(await fillBooks()).toBe(34);
    const held = await books();
    expect(Object.keys(held)).toHaveLength(34);
    expect(held[A]).toBe('fresh');
    expect(held['2026-11-22']).toBe('fresh');
    expect(held['2026-11-23']).toBeUndefined();
    expect(await both()).toEqual(live);
    // A second round finds nothing to do.
    expect(await fillBooks()).toBe(0);
  });

  // Changed as every writer changes a book: at a new version (lib/day-cache.ts).
  it('the reports do read the books: a book changed by hand shows, and figuring without books does not', async () => {
    const before = await dayOf(B);
    await ctx.db.execute(sql`update tank_day_books set first_volume_l = first_volume_l + 1, version = version + 1 where tank_id = ${tankId} and day = ${B}::date`);
    try {
      expect((await dayOf(B)).start!.volumeL).toBe(before.start!.volumeL + 1);
      expect((await withoutBooks(() => dayOf(B))).start!.volumeL).toBe(before.start!.volumeL);
    } finally {
      await ctx.db.execute(sql`update tank_day_books set first_volume_l = first_volume_l - 1, version = version + 1 where tank_id = ${tankId} and day = ${B}::date`);
    }
    expect(await dayOf(B)).toEqual(before);
  });

  it('a book is read whole again only when its version changes: a book read before is kept by its version', async () => {
    const before = await dayOf(B);
    // The same version with other content: no writer does this, so the kept book stands.
    await ctx.db.execute(sql`update tank_day_books set first_volume_l = first_volume_l + 5 where tank_id = ${tankId} and day = ${B}::date`);
    try {
      expect((await dayOf(B)).start!.volumeL).toBe(before.start!.volumeL);
      // Another day of the tank at a new version: the tank's books are read again, this one's change with them.
      await ctx.db.execute(sql`update tank_day_books set version = version + 1 where tank_id = ${tankId} and day = ${A}::date`);
      expect((await dayOf(B)).start!.volumeL).toBe(before.start!.volumeL + 5);
    } finally {
      await ctx.db.execute(sql`update tank_day_books set first_volume_l = first_volume_l - 5, version = version + 1 where tank_id = ${tankId} and day = ${B}::date`);
    }
    expect(await dayOf(B)).toEqual(before);
  });

  it('a late reading marks only the days it lands in; their figures are the readings’ at once, and again once booked', async () => {
    // Into the gap of the 20th (splitting it in two), into the 22nd, and one of the running day.
    await send({ readings: [reading(local(A, 620), volumeAt(local(A, 620))), reading(local(C, 602), volumeAt(local(C, 602))), reading(NOW - 60_000, 10_000)] });
    const held = await books();
    expect([held[A], held[B], held[C]]).toEqual(['stale', 'fresh', 'stale']);
    expect(held['2026-11-23']).toBeUndefined();
    const served = await both();
    expect(served).toEqual(await withoutBooks(both));
    expect((await dayOf(A)).gapCount).toBe(2);

    expect(await fillBooks()).toBe(2);
    expect([(await books())[A], (await books())[C]]).toEqual(['fresh', 'fresh']);
    expect(await both()).toEqual(served);
    expect(await withoutBooks(both)).toEqual(served);
  });

  it('a delivery into a booked day counts at once: books hold no deliveries', async () => {
    await send({ deliveries: [drop(local(B, 720), local(B, 740))] });
    expect((await books())[B]).toBe('fresh');
    const served = await both();
    expect(served).toEqual(await withoutBooks(both));
    const b = await dayOf(B);
    expect([b.deliveredL, b.salesL]).toEqual([8_000, 1435 + 8_000]);
  });

  // Issue 35 item 4: a figure kept ahead (the book) stays right when deliveries come late or
  // change — a booked day's deliveries are read at each call, by any writer's change.
  it('a booked day’s figures follow its deliveries: one changed, one begun the day before, one gone', async () => {
    const before = await dayOf(B);
    expect([before.deliveredL, before.salesL]).toEqual([8_000, 1435 + 8_000]);
    // Another writer raises the drop's end volume (its row, not the book).
    await ctx.db.execute(sql`update deliveries set end_volume_l = 14000 where tank_id = ${tankId} and started_at = ${iso(local(B, 720))}::timestamptz`);
    expect([(await dayOf(B)).deliveredL, (await dayOf(B)).salesL]).toEqual([9_000, 1435 + 9_000]);
    // A gauge's drop from 23:00 on the day before to 00:30 of B, 17,000 → 20,000 L: B counts its
    // rise from its first reading (00:00, 18,560 L) to the drop's end, 1,440 L.
    await send({ deliveries: [{ ...drop(local(A, 1380), local(B, 30)), startVolumeL: 17_000, endVolumeL: 20_000 }] });
    expect((await dayOf(B)).deliveredL).toBe(9_000 + 1_440);
    expect(await both()).toEqual(await withoutBooks(both));
    await ctx.db.execute(sql`delete from deliveries where tank_id = ${tankId} and started_at in (${iso(local(A, 1380))}::timestamptz, ${iso(local(B, 720))}::timestamptz)`);
    expect([(await dayOf(B)).deliveredL, (await dayOf(B)).salesL]).toEqual([0, 1435]);
    expect(await both()).toEqual(await withoutBooks(both));
  });

  it('a book figured for other day bounds (the station’s zone changed) is not served', async () => {
    await ctx.db.execute(sql`update stations set timezone = 'Europe/Madrid' where code = 'NWP-SH01'`);
    try {
      expect(await both()).toEqual(await withoutBooks(both));
    } finally {
      await ctx.db.execute(sql`update stations set timezone = ${SH} where code = 'NWP-SH01'`);
    }
  });
});
