/**
 * How sales spread over the day, station-local: quiet at night, a morning commute peak
 * around 08:00, a steady day, an evening peak around 18:00. Weights are per whole hour and
 * average to 1, so `dailyL * weight / 24` is the litres sold in that hour.
 */
const RAW = [0.15, 0.1, 0.08, 0.08, 0.12, 0.35, 0.9, 1.6, 1.9, 1.5, 1.15, 1.1, 1.15, 1.1, 1.05, 1.15, 1.45, 1.8, 1.85, 1.4, 1.0, 0.7, 0.45, 0.25];
const MEAN = RAW.reduce((s, w) => s + w, 0) / RAW.length;
export const HOURLY_WEIGHTS: readonly number[] = RAW.map((w) => w / MEAN);

/** Relative demand at a local hour (0–24), interpolated between hour midpoints so it has no steps. */
export function demandWeight(localHour: number): number {
  const x = (((localHour - 0.5) % 24) + 24) % 24;
  const i = Math.floor(x);
  const f = x - i;
  return HOURLY_WEIGHTS[i]! * (1 - f) + HOURLY_WEIGHTS[(i + 1) % 24]! * f;
}

/** Litres per second sold from a tank that sells `dailyL` on an average day. */
export function salesRateLps(dailyL: number, localHour: number): number {
  return (dailyL / 86_400) * demandWeight(localHour);
}
