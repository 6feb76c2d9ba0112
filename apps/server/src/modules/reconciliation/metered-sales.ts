import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { numericArray, pgArray, rawRows } from '../../lib/raw-sql';

/*
 * The metered sales of time windows, for the periods and the sales during drops here, and for
 * the tank-day book job (tank-days/book-job.ts), which keeps each final day's sum. Other modules
 * import it from this file, not service.ts: service.ts reads the tank days' figures, whose
 * module holds the book job, and importing it there would close a circle.
 */

const iso = (v: number) => new Date(v).toISOString();

/** One target's sales window: sales with from < ts ≤ to. */
export interface SalesWindow {
  stationId: number;
  target: string;
  fromMs: number;
  toMs: number;
}

export interface SalesSum {
  /** Gross litres sold. */
  volumeL: number;
  /** The compensated litres the meters sent, and the gross litres of the sales sent without them. */
  tcVolumeL: number;
  grossWithoutTcL: number;
}

/**
 * The metered sales of each window, in the order given: transactions by their time, and the
 * rises of each totaliser booked at the later reading. A range of the (station, ts) index per
 * window, asked only of the windows whose station has sent that kind of record (one probe of
 * each table's key a station): most stations send one kind or none, and a window that can find
 * nothing cost its look-up all the same (at 1,000 tanks the deliveries' totals asked 9,000
 * windows of each kind, 0.15 s of the database's time a call; issue 35).
 */
export async function salesOfWindows(db: Db, windows: readonly SalesWindow[]): Promise<SalesSum[]> {
  const out: SalesSum[] = windows.map(() => ({ volumeL: 0, tcVolumeL: 0, grossWithoutTcL: 0 }));
  if (windows.length === 0) return out;
  const kinds = await rawRows<{ station_id: number; sales: boolean; totals: boolean }>(
    db,
    // Each a probe of the (station, ts) key: in that key's order, with a limit, so the planner takes
    // it. As EXISTS it scanned the whole of meter_totals for each station without totals (2 s a call).
    sql`select s.id as station_id,
          (select m.ts from metered_sales m where m.station_id = s.id order by m.station_id, m.ts limit 1) is not null as sales,
          (select t.ts from meter_totals t where t.station_id = s.id order by t.station_id, t.ts limit 1) is not null as totals
        from unnest(${pgArray([...new Set(windows.map((x) => x.stationId))])}::int[]) as s(id)`,
  );
  const withSales = new Set(kinds.filter((k) => k.sales).map((k) => k.station_id));
  const withTotals = new Set(kinds.filter((k) => k.totals).map((k) => k.station_id));
  const sales = windows.flatMap((x, i) => (withSales.has(x.stationId) ? [i] : []));
  const totals = windows.flatMap((x, i) => (withTotals.has(x.stationId) ? [i] : []));
  // Bounds as epoch milliseconds (float8, binary on node-postgres), made timestamps in the
  // database: a fleet's month is tens of thousands of windows, and toISOString was a tenth of
  // the reconciliation's CPU. to_timestamp gives the exact millisecond (it rounds to microseconds).
  // `k` numbers the windows asked, in the order of `asked` (indexes into `windows`).
  const w = (asked: readonly number[]) => sql`(select u.station_id, u.target, to_timestamp(u.from_ms / 1000) as from_ts, to_timestamp(u.to_ms / 1000) as to_ts, u.k
      from unnest(${pgArray(asked.map((i) => windows[i]!.stationId))}::int[], ${pgArray(asked.map((i) => windows[i]!.target))}::text[],
        ${numericArray(db, 'float8', asked.map((i) => windows[i]!.fromMs))}::float8[], ${numericArray(db, 'float8', asked.map((i) => windows[i]!.toMs))}::float8[]) with ordinality as u(station_id, target, from_ms, to_ms, k)) w`;
  // Asked beside each other, on two connections: neither waits for the other.
  const [sold, rose] = await Promise.all([soldIn(db, w(sales), sales.length), roseIn(db, w(totals), totals.map((i) => windows[i]!.fromMs))]);
  const add = (asked: readonly number[]) => (r: WindowSum) => {
    const o = out[asked[r.k - 1]!]!;
    o.volumeL += Number(r.volume_l ?? 0);
    o.tcVolumeL += Number(r.tc_volume_l ?? 0);
    o.grossWithoutTcL += Number(r.gross_without_tc_l ?? 0);
  };
  sold.forEach(add(sales));
  rose.forEach(add(totals));
  return out;
}

/** One asked window's sum, by its number `k` among the windows asked. */
type WindowSum = { k: number; volume_l: number | null; tc_volume_l: number | null; gross_without_tc_l: number | null };

/** The transactions of each window `w` (`count` of them): one range of the (station, target, ts) key each, its own sales only, read from the index. */
async function soldIn(db: Db, w: SQL, count: number): Promise<WindowSum[]> {
  if (count === 0) return [];
  return rawRows<WindowSum>(
    db,
    sql`select w.k::int as k, s.volume_l, s.tc_volume_l, s.gross_without_tc_l
        from ${w}
        cross join lateral (
          select sum(m.volume_l) as volume_l, sum(m.tc_volume_l) as tc_volume_l, sum(m.volume_l) filter (where m.tc_volume_l is null) as gross_without_tc_l
          from metered_sales m where m.station_id = w.station_id and m.target = w.target and m.ts > w.from_ts and m.ts <= w.to_ts
        ) s
        where s.volume_l is not null`,
  );
}

/**
 * Totaliser rises in each window `w` (starting at `fromMs`), booked at the later reading: a
 * reading's rise is its total less the meter's reading before it, when that one came after
 * `since` (two days before the earliest window). Each window reads only its own readings, a range
 * of the (station, ts) key: the meter's reading before each one is the one before it in the
 * window, or for the window's first, one probe of the (station, meter, ts) key. Not a month of a
 * fleet's readings sorted per call.
 */
async function roseIn(db: Db, w: SQL, fromMs: readonly number[]): Promise<WindowSum[]> {
  if (fromMs.length === 0) return [];
  // A loop, not Math.min(...): a fleet's month is more windows than a call takes arguments.
  let from = Infinity;
  for (const x of fromMs) if (x < from) from = x;
  const since = sql`${iso(from)}::timestamptz - interval '2 days'`;
  const before = (column: string) =>
    sql`(select ${sql.raw(`p.${column}`)} from meter_totals p where p.station_id = y.station_id and p.meter = y.meter and p.ts < y.ts and p.ts > ${since} order by p.ts desc limit 1)`;
  return rawRows<WindowSum>(
    db,
    sql`select w.k::int as k, sum(x.volume_l) as volume_l, sum(x.tc_volume_l) as tc_volume_l, sum(x.volume_l) filter (where x.tc_volume_l is null) as gross_without_tc_l
        from ${w}
        cross join lateral (
          select y.total_l - (case when y.prev_ts is null then ${before('total_l')} else y.prev_total_l end) as volume_l,
            y.tc_total_l - (case when y.prev_ts is null then ${before('tc_total_l')} else y.prev_tc_total_l end) as tc_volume_l
          from (
            select r.station_id, r.meter, r.target, r.ts, r.total_l, r.tc_total_l,
              lag(r.ts) over m as prev_ts, lag(r.total_l) over m as prev_total_l, lag(r.tc_total_l) over m as prev_tc_total_l
            from meter_totals r
            where r.station_id = w.station_id and r.ts > w.from_ts and r.ts <= w.to_ts
            window m as (partition by r.meter order by r.ts)
          ) y
          where y.target = w.target
        ) x
        where x.volume_l is not null
        group by w.k`,
  );
}
