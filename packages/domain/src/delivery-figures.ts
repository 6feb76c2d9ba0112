import { deliveredWithSales, type SalesDuring, type SalesDuringSource } from './delivery-sales';

/**
 * The figures of a delivery record (issue 6, delivery): what the tanker brought, measured and
 * temperature-compensated. Inputs are the tank's state at the delivery's start and end (from
 * the device's own report, or from the readings the detector found the start and end at), and
 * what the station sold during the drop (issue 34, delivery-sales.ts).
 */
export interface DeliveryEnds {
  startVolumeL: number;
  endVolumeL: number;
  startTcVolumeL: number | null;
  endTcVolumeL: number | null;
  /** Null while the level still rises. */
  endedAt: string | null;
  /** Sold during the drop; null or absent when nothing tells (the delivery is then its rise). */
  salesDuring?: SalesDuring | null;
}

export interface DeliveryFigures {
  /** End volume − start volume: the tank's gain over the drop. */
  riseL: number;
  /** The same at 15 °C; null when either end lacks a compensated volume. */
  riseTcL: number | null;
  salesDuringL: number | null;
  salesDuringSource: SalesDuringSource | null;
  /** What the tanker delivered: the rise plus the sales during the drop. */
  deliveredL: number;
  /**
   * The same at 15 °C: the compensated rise plus the sales during, compensated by the rise's own
   * factor (the fuel at the nozzle is the tank's). Null without a compensated rise.
   */
  deliveredTcL: number | null;
  /** Measured − compensated: how much of the delivery is the fuel's warmth (positive when warmer than 15 °C). */
  temperatureEffectL: number | null;
  inProgress: boolean;
}

const round3 = (v: number) => Math.round(v * 1000) / 1000;

export function deliveryFigures(d: DeliveryEnds): DeliveryFigures {
  const riseL = d.endVolumeL - d.startVolumeL;
  const riseTcL = d.startTcVolumeL === null || d.endTcVolumeL === null ? null : d.endTcVolumeL - d.startTcVolumeL;
  const sold = d.salesDuring ?? null;
  const deliveredL = sold === null ? riseL : deliveredWithSales(riseL, sold);
  const soldTcL = sold === null ? 0 : riseL > 0 && riseTcL !== null ? (sold.salesL * riseTcL) / riseL : sold.salesL;
  const deliveredTcL = riseTcL === null ? null : sold === null ? riseTcL : round3(riseTcL + soldTcL);
  return {
    riseL,
    riseTcL,
    salesDuringL: sold?.salesL ?? null,
    salesDuringSource: sold?.source ?? null,
    deliveredL,
    deliveredTcL,
    temperatureEffectL: deliveredTcL === null ? null : round3(deliveredL - deliveredTcL),
    inProgress: d.endedAt === null,
  };
}

/** A delivery query covers at most this many days (a year of deliveries is a few thousand rows). */
export const DELIVERY_RANGE_MAX_DAYS = 366;

/** The rule a delivery query's range breaks, if any: start before end, at most a year. */
export function deliveryRangeProblem(fromMs: number | undefined, toMs: number | undefined): 'startBeforeEnd' | 'maxDays' | null {
  if (fromMs === undefined || toMs === undefined) return null;
  if (fromMs >= toMs) return 'startBeforeEnd';
  if (toMs - fromMs > DELIVERY_RANGE_MAX_DAYS * 86_400_000) return 'maxDays';
  return null;
}
