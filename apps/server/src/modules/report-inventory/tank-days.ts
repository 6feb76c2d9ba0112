import type { DailyInventoryRow, InventoryReading } from '@ullage/contracts/inventory-report';
import { dailyInventory, DAY_GAP_MS, type DailyInventory, type Gap } from '@ullage/domain/daily-inventory';
import { dayOf, dayWindow, type DayWindow } from '@ullage/domain/station-day';
import type { Db } from '../../db/client';
import { dayEdges, deliveriesOf, readingGaps, type DeliveryRaw, type EdgeReading, type ReportTank, type TankSpan } from './repo';

/** One tank and one of its station days. */
export interface TankDay {
  tank: ReportTank;
  window: DayWindow;
}

/**
 * The report days of each tank among `days`: those that have begun by `nowMs` and do not end
 * before the tank's first day (its creation or first reading, whichever came first).
 */
export function tankDaysOf(tanks: readonly ReportTank[], days: readonly string[], nowMs: number): TankDay[] {
  const windows = new Map<string, DayWindow[]>();
  const out: TankDay[] = [];
  for (const tank of tanks) {
    let ofZone = windows.get(tank.timezone);
    if (!ofZone) {
      ofZone = days.map((d) => dayWindow(d, tank.timezone));
      windows.set(tank.timezone, ofZone);
    }
    const firstDay = dayOf(tank.sinceMs, tank.timezone);
    for (const window of ofZone) if (window.day >= firstDay && window.startMs <= nowMs) out.push({ tank, window });
  }
  return out;
}

export type TankDayFigures = TankDay & { figures: DailyInventory<EdgeReading>; first: EdgeReading | null; last: EdgeReading | null };

/**
 * The daily figures of every tank day: first and last readings by key probes, gaps by one
 * range scan per tank over its days back to back, deliveries by the deliveries' key; the
 * domain decides starts, ends, sales and flags (daily-inventory.ts).
 */
export async function figureTankDays(db: Db, tankDays: readonly TankDay[], nowMs: number): Promise<TankDayFigures[]> {
  const spans = new Map<number, TankSpan>();
  for (const { tank, window } of tankDays) {
    const span = spans.get(tank.tankId);
    if (!span) spans.set(tank.tankId, { tankId: tank.tankId, fromMs: window.startMs, toMs: window.endMs });
    else {
      span.fromMs = Math.min(span.fromMs, window.startMs);
      span.toMs = Math.max(span.toMs, window.endMs);
    }
  }
  const spanList = [...spans.values()];
  const [edges, gaps, deliveries] = await Promise.all([
    dayEdges(db, tankDays.map((d) => ({ tankId: d.tank.tankId, startMs: d.window.startMs, endMs: d.window.endMs }))),
    readingGaps(db, spanList, DAY_GAP_MS),
    deliveriesOf(db, spanList),
  ]);
  const gapsOf = groupBy(gaps, (g) => g.tankId);
  const deliveriesByTank = groupBy(deliveries, (d) => d.tankId);
  return tankDays.map((tankDay, i) => {
    const { first, last } = edges[i]!;
    const figures = dailyInventory<EdgeReading>({
      window: tankDay.window,
      first,
      last,
      gaps: gapsOf.get(tankDay.tank.tankId) ?? NONE,
      deliveries: deliveriesByTank.get(tankDay.tank.tankId) ?? NO_DELIVERIES,
      nowMs,
    });
    return { ...tankDay, figures, first, last };
  });
}

const NONE: Gap[] = [];
const NO_DELIVERIES: DeliveryRaw[] = [];

function groupBy<T>(items: readonly T[], key: (item: T) => number): Map<number, T[]> {
  const map = new Map<number, T[]>();
  for (const item of items) {
    const k = key(item);
    const list = map.get(k);
    if (list) list.push(item);
    else map.set(k, [item]);
  }
  return map;
}

const isoOf = (ms: number) => new Date(ms).toISOString();
const readingOf = (r: EdgeReading | null): InventoryReading | null =>
  r === null ? null : { at: isoOf(r.tsMs), volumeL: r.volumeL, heightMm: r.heightMm, waterHeightMm: r.waterHeightMm, temperatureC: r.temperatureC };

/** Whole days since 1970 of a YYYY-MM-DD day: with the tank id, a row key that is unique and stable. */
const epochDay = (day: string) => Math.round(Date.UTC(Number(day.slice(0, 4)), Number(day.slice(5, 7)) - 1, Number(day.slice(8, 10))) / 86_400_000);

export function tankOfRow(tank: ReportTank) {
  return {
    stationId: tank.stationId,
    stationName: tank.stationName,
    stationCode: tank.stationCode,
    companyName: tank.companyName,
    timezone: tank.timezone,
    volumeUnit: tank.volumeUnit,
    tempUnit: tank.tempUnit,
    tankId: tank.tankId,
    tankCode: tank.tankCode,
    productName: tank.productName,
    productColor: tank.productColor,
  };
}

export function dailyRowOf(d: TankDayFigures): DailyInventoryRow {
  const f = d.figures;
  return {
    id: d.tank.tankId * 100_000 + epochDay(d.window.day),
    day: d.window.day,
    ...tankOfRow(d.tank),
    start: readingOf(f.start),
    end: readingOf(f.end),
    firstReadingAt: d.first ? isoOf(d.first.tsMs) : null,
    lastReadingAt: d.last ? isoOf(d.last.tsMs) : null,
    deliveredL: f.deliveredL,
    deliveryCount: f.deliveryCount,
    salesL: f.salesL,
    missingStart: f.missingStart,
    missingEnd: f.missingEnd,
    inProgress: f.inProgress,
    gapCount: f.gapCount,
    gaps: f.gaps.map((g) => ({ from: isoOf(g.fromMs), to: isoOf(g.toMs) })),
    abnormal: f.abnormal,
  };
}
