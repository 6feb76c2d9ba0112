import { sql } from 'drizzle-orm';
import type { DayDeliveryPart } from '@ullage/domain/daily-inventory';
import { salesDuring, salesRateAroundLph, SALES_RATE_WINDOW_MS, type SalesDuring } from '@ullage/domain/delivery-sales';
import type { Db } from '../../db/client';
import { pgArray, rawRows } from '../../lib/raw-sql';
import { readingsBetween } from '../../lib/readings-between';
import { salesOfWindows } from './metered-sales';

/** A drop, or a period's part of one, whose sales during are asked for. */
export interface DropAsk {
  tankId: number;
  stationId: number;
  startedAtMs: number;
  /** Its end so far: its end, or while it still drops, its last rise. */
  endMs: number;
  startVolumeL: number;
  endVolumeL: number;
  /** The part asked about; the whole drop when absent. */
  fromMs?: number;
  toMs?: number;
}

/** A tank's delivery part of a period, asked as a drop: the part's span, the whole drop's end and volumes. */
export function dropAskOf(tank: { tankId: number; stationId: number }, part: DayDeliveryPart): DropAsk {
  return { tankId: tank.tankId, stationId: tank.stationId, startedAtMs: part.startedAtMs, endMs: part.endedAtMs, startVolumeL: part.startVolumeL, endVolumeL: part.endVolumeL, fromMs: part.fromMs, toMs: part.toMs };
}

const iso = (v: number) => new Date(v).toISOString();
const ms = (v: Date | string) => new Date(v).getTime();

/**
 * What was sold during each drop (issue 34; the rule is delivery-sales.ts), in the order given:
 * the tank's own metered sales ('t<id>') over the drop where the station sends them for the
 * tank from before the drop's end; else estimated from the readings in the hour before and
 * after it. A few queries whatever the number of drops: the tanks' metered targets, their sales
 * (one range of the sales' key each), and two readings each (one range of the readings' key).
 *
 * A tank of a manifolded group sold by product has no sales of its own: its drops are estimated
 * from its own level, since the product's sales came from all the group's tanks.
 */
export async function salesDuringDrops(db: Db, asks: readonly DropAsk[]): Promise<(SalesDuring | null)[]> {
  if (asks.length === 0) return [];
  const spans = asks.map((a) => ({ fromMs: a.fromMs ?? a.startedAtMs, toMs: a.toMs ?? a.endMs }));
  const targets = await rawRows<{ station_id: number; target: string; first_ts: Date | string }>(
    db,
    sql`select station_id, target, first_ts from metered_targets
        where station_id = any(${pgArray([...new Set(asks.map((a) => a.stationId))])}::int[])
          and target = any(${pgArray([...new Set(asks.map((a) => `t${a.tankId}`))])}::text[])`,
  );
  const firstOf = new Map(targets.map((t) => [`${t.station_id}:${t.target}`, ms(t.first_ts)]));
  const metered = asks.map((a, i) => {
    const first = firstOf.get(`${a.stationId}:t${a.tankId}`);
    return first !== undefined && first < spans[i]!.toMs;
  });

  const meteredAsks = asks.map((a, i) => ({ a, i })).filter(({ i }) => metered[i]);
  const estimatedAsks = asks.map((a, i) => ({ a, i })).filter(({ i }) => !metered[i]);
  const [sums, around] = await Promise.all([
    salesOfWindows(db, meteredAsks.map(({ a, i }) => ({ stationId: a.stationId, target: `t${a.tankId}`, fromMs: spans[i]!.fromMs, toMs: spans[i]!.toMs }))),
    readingsAround(db, estimatedAsks.map(({ a }) => a)),
  ]);

  const out: (SalesDuring | null)[] = asks.map(() => null);
  meteredAsks.forEach(({ i }, k) => {
    out[i] = salesDuring({ ...spans[i]!, meteredL: sums[k]!.volumeL, rateLph: null });
  });
  estimatedAsks.forEach(({ a, i }, k) => {
    const { before, after } = around[k]!;
    const rateLph = salesRateAroundLph({ startedAtMs: a.startedAtMs, startVolumeL: a.startVolumeL, endedAtMs: a.endMs, endVolumeL: a.endVolumeL }, before, after);
    out[i] = salesDuring({ ...spans[i]!, meteredL: null, rateLph });
  });
  return out;
}

type Point = { tsMs: number; volumeL: number } | null;

/** Each drop's earliest reading in the window before its start and latest in the window after its end. */
async function readingsAround(db: Db, drops: readonly DropAsk[]): Promise<{ before: Point; after: Point }[]> {
  if (drops.length === 0) return [];
  const window = `${SALES_RATE_WINDOW_MS / 1000} seconds`;
  const within = readingsBetween('r', drops.map((d) => ({ fromMs: d.startedAtMs - SALES_RATE_WINDOW_MS, toMs: d.endMs + SALES_RATE_WINDOW_MS })));
  const rows = await rawRows<{ k: number; before_ts: Date | string | null; before_l: number | null; after_ts: Date | string | null; after_l: number | null }>(
    db,
    sql`select w.k::int as k, b.ts as before_ts, b.volume_l as before_l, a.ts as after_ts, a.volume_l as after_l
        from unnest(${pgArray(drops.map((d) => d.tankId))}::int[], ${pgArray(drops.map((d) => iso(d.startedAtMs)))}::timestamptz[],
                    ${pgArray(drops.map((d) => iso(d.endMs)))}::timestamptz[]) with ordinality as w(tank_id, started_at, ended_at, k)
        left join lateral (
          select r.ts, r.volume_l from tank_readings r
          where r.tank_id = w.tank_id and r.ts >= w.started_at - ${window}::interval and r.ts < w.started_at and ${within}
          order by r.ts asc limit 1
        ) b on true
        left join lateral (
          select r.ts, r.volume_l from tank_readings r
          where r.tank_id = w.tank_id and r.ts > w.ended_at and r.ts <= w.ended_at + ${window}::interval and ${within}
          order by r.ts desc limit 1
        ) a on true`,
  );
  const out = drops.map((): { before: Point; after: Point } => ({ before: null, after: null }));
  for (const r of rows) {
    out[r.k - 1] = {
      before: r.before_ts === null ? null : { tsMs: ms(r.before_ts), volumeL: Number(r.before_l) },
      after: r.after_ts === null ? null : { tsMs: ms(r.after_ts), volumeL: Number(r.after_l) },
    };
  }
  return out;
}
