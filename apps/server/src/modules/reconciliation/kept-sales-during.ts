import { sql } from 'drizzle-orm';
import { SALES_RATE_WINDOW_MS, type SalesDuring } from '@ullage/domain/delivery-sales';
import { BOOK_SETTLE_MS } from '@ullage/domain/tank-day-books';
import type { Db } from '../../db/client';
import { partitionsOf } from '../../db/partitions';
import { numericArray, pgArray, rawRows } from '../../lib/raw-sql';
import { salesDuringDrops, type DropAsk } from './sales-during';

/*
 * What was sold during drops (sales-during.ts), kept by each instance for the drops long over
 * (issue 35): the deliveries' totals ask it of every matching delivery on every call, 11,000 of
 * them for a month of 1,000 tanks. An answer is figured from the tank's metered sales over the
 * drop, or from its readings in the hour either side, and whether the station meters the tank
 * from before the drop's end. It is kept with what could change it:
 *
 * - a late reading or late sale in a day that is over raises that tank day's book version
 *   (tank-days markBooksStale, in the transaction that stores it); the sum of the versions of
 *   the books over the drop and its hour either side is read with the answer, and again on each
 *   use (versions only grow, and a book the job writes keeps the version it read);
 * - when the station began sending the tank's own sales (metered_targets.first_ts) is read too,
 *   and which month partitions of the readings there are (retention drops whole months of them);
 * - everything else it depends on is the drop as asked, which is the kept answer's key.
 *
 * Readings of the day that is running mark nothing, so only a drop whose last day surely ended
 * before any reading still to be stored in it was received is kept: the end of its window plus a
 * day of 25 hours (a zone's longest) plus the books' settling hour.
 */
const KEPT_AFTER_MS = SALES_RATE_WINDOW_MS + 25 * 60 * 60_000 + BOOK_SETTLE_MS;

interface Kept {
  /** What it was figured from (stampsOf), and the readings' months then. */
  stamp: string;
  sold: SalesDuring | null;
}

/** At most this many answers per database (a year of 5,000 tanks' deliveries is ~670,000); past it the first kept go. */
const LIMIT = 200_000;
const caches = new WeakMap<Db, Map<string, Kept>>();
const cacheOf = (db: Db) => {
  let cache = caches.get(db);
  if (!cache) caches.set(db, (cache = new Map()));
  return cache;
};

const keyOf = (a: DropAsk) => `${a.tankId}:${a.stationId}:${a.startedAtMs}:${a.endMs}:${a.startVolumeL}:${a.endVolumeL}:${a.fromMs ?? ''}:${a.toMs ?? ''}`;

/** salesDuringDrops, the same answers in the same order, from what this instance kept where it still holds. */
export async function salesDuringKept(db: Db, asks: readonly DropAsk[], nowMs: number): Promise<(SalesDuring | null)[]> {
  const old = asks.flatMap((a, i) => (Math.max(a.endMs, a.toMs ?? a.endMs) + KEPT_AFTER_MS <= nowMs ? [i] : []));
  if (old.length === 0) return salesDuringDrops(db, asks);
  const cache = cacheOf(db);
  // Read before figuring: a change landing after this read leaves the answer kept under a stamp no later read will match.
  const [stamps, months] = await Promise.all([stampsOf(db, old.map((i) => asks[i]!)), partitionsOf(db, 'tank_readings')]);
  const stampOf = new Map(old.map((i, k) => [i, `${stamps[k]}|${months.join(',')}`]));
  const out: (SalesDuring | null)[] = asks.map(() => null);
  const figure: number[] = [];
  asks.forEach((a, i) => {
    const stamp = stampOf.get(i);
    const kept = stamp === undefined ? undefined : cache.get(keyOf(a));
    if (kept && kept.stamp === stamp) out[i] = kept.sold;
    else figure.push(i);
  });
  const figured = await salesDuringDrops(db, figure.map((i) => asks[i]!));
  figure.forEach((i, n) => {
    const sold = figured[n] ?? null;
    out[i] = sold;
    const stamp = stampOf.get(i);
    if (stamp === undefined) return;
    const key = keyOf(asks[i]!);
    // Set anew, so the map's order is the order kept in and the oldest go first.
    cache.delete(key);
    cache.set(key, { stamp, sold });
  });
  if (cache.size > LIMIT) {
    for (const key of cache.keys()) {
      if (cache.size <= LIMIT * 0.9) break;
      cache.delete(key);
    }
  }
  return out;
}

/**
 * Each drop's stamp: the sum of the versions of its tank's books over the drop and the hour
 * either side, and when its station began metering the tank. One range of the books' (tank, day)
 * key a drop (the days asked a day wider than the window: its station's zone is not known here).
 */
async function stampsOf(db: Db, asks: readonly DropAsk[]): Promise<string[]> {
  const rows = await rawRows<{ k: number; versions: string; first_ms: number | null }>(
    db,
    sql`select w.k::int as k,
          (select coalesce(sum(b.version), 0) from tank_day_books b
            where b.tank_id = w.tank_id and b.day >= (w.from_ts::date - 1) and b.day <= (w.to_ts::date + 1)
              and b.ends_at > w.from_ts and b.starts_at < w.to_ts)::text as versions,
          (select extract(epoch from m.first_ts) * 1000 from metered_targets m
            where m.station_id = w.station_id and m.target = 't' || w.tank_id)::float8 as first_ms
        from (select u.tank_id, u.station_id, to_timestamp(u.from_ms / 1000) as from_ts, to_timestamp(u.to_ms / 1000) as to_ts, u.k
              from unnest(${pgArray(asks.map((a) => a.tankId))}::int[], ${pgArray(asks.map((a) => a.stationId))}::int[],
                ${numericArray(db, 'float8', asks.map((a) => Math.min(a.startedAtMs, a.fromMs ?? a.startedAtMs) - SALES_RATE_WINDOW_MS))}::float8[],
                ${numericArray(db, 'float8', asks.map((a) => Math.max(a.endMs, a.toMs ?? a.endMs) + SALES_RATE_WINDOW_MS))}::float8[])
                with ordinality as u(tank_id, station_id, from_ms, to_ms, k)) w`,
  );
  const out = asks.map(() => '');
  for (const r of rows) out[r.k - 1] = `${r.versions}:${r.first_ms ?? ''}`;
  return out;
}
