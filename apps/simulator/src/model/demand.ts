import type { Rng } from './random';
import type { OpeningHours } from './types';

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

/** Whether the station sells at a local hour; always without opening hours. */
export function isOpen(hours: OpeningHours | undefined, localHour: number): boolean {
  if (!hours) return true;
  const { opensHour, closesHour } = hours;
  return opensHour <= closesHour ? localHour >= opensHour && localHour < closesHour : localHour >= opensHour || localHour < closesHour;
}

/** Litres per second sold from a tank that sells `dailyL` on an average day; none while closed. */
export function salesRateLps(dailyL: number, localHour: number, hours?: OpeningHours): number {
  return isOpen(hours, localHour) ? (dailyL / 86_400) * demandWeight(localHour) : 0;
}

/**
 * A customer's fill, litres [min, max). Sales come as whole fills, not a trickle: at night
 * a 24-hour station then has real pauses between cars, as a quiet-period leak test needs.
 */
export const FILL_L = [15, 60] as const;
const MEAN_FILL_L = (FILL_L[0] + FILL_L[1]) / 2;

const NO_FILLS: readonly number[] = [];

/**
 * The customers' fills in a short step that sells `expectedL` on average: a Poisson number of
 * them, litres each (at 15 °C), in the order drawn. Each fill is one metered sale.
 */
export function drawFills(expectedL: number, rng: Rng): readonly number[] {
  if (!(expectedL > 0)) return NO_FILLS;
  // Knuth's method: fine for the few fills a step of a minute or so holds.
  const limit = Math.exp(-expectedL / MEAN_FILL_L);
  let fills: number[] | null = null;
  for (let p = rng.next(); p > limit; p *= rng.next()) (fills ??= []).push(rng.range(FILL_L[0], FILL_L[1]));
  return fills ?? NO_FILLS;
}

/** Their sum, added in the order drawn. */
export function litresOf(fills: readonly number[]): number {
  let litres = 0;
  for (const f of fills) litres += f;
  return litres;
}
