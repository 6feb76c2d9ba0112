/**
 * The figures of a delivery record (issue 6, delivery): what the tanker brought, measured and
 * temperature-compensated. Inputs are the tank's state at the delivery's start and end (from
 * the device's own report, or from the readings the detector found the start and end at).
 */
export interface DeliveryEnds {
  startVolumeL: number;
  endVolumeL: number;
  startTcVolumeL: number | null;
  endTcVolumeL: number | null;
  /** Null while the level still rises. */
  endedAt: string | null;
}

export interface DeliveryFigures {
  /** End volume − start volume: the tank's gain over the drop. */
  deliveredL: number;
  /** The same at 15 °C; null when either end lacks a compensated volume. */
  deliveredTcL: number | null;
  /** Measured − compensated: how much of the gain is the fuel's warmth (positive when warmer than 15 °C). */
  temperatureEffectL: number | null;
  inProgress: boolean;
}

export function deliveryFigures(d: DeliveryEnds): DeliveryFigures {
  const deliveredL = d.endVolumeL - d.startVolumeL;
  const deliveredTcL = d.startTcVolumeL === null || d.endTcVolumeL === null ? null : d.endTcVolumeL - d.startTcVolumeL;
  return {
    deliveredL,
    deliveredTcL,
    temperatureEffectL: deliveredTcL === null ? null : deliveredL - deliveredTcL,
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
