import type { DailyInventoryRow, InventoryReading } from '@ullage/contracts/inventory-report';
import { tankOfRow, type EdgeReading, type TankDayFigures } from '../tank-days/service';

const isoOf = (ms: number) => new Date(ms).toISOString();
const readingOf = (r: EdgeReading | null): InventoryReading | null =>
  r === null ? null : { at: isoOf(r.tsMs), volumeL: r.volumeL, heightMm: r.heightMm, waterHeightMm: r.waterHeightMm, temperatureC: r.temperatureC };

/** Whole days since 1970 of a YYYY-MM-DD day: with the tank id, a row key that is unique and stable. */
const epochDay = (day: string) => Math.round(Date.UTC(Number(day.slice(0, 4)), Number(day.slice(5, 7)) - 1, Number(day.slice(8, 10))) / 86_400_000);

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
