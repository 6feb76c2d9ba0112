/**
 * Power-off inventory records (issue 6 item 7, open_close_report): the inventory a station's
 * gauge reported when its power went and when it came back, tank by tank, and whether the
 * change is more than the user's tolerance. A tank's volume should not move while the
 * station is dark (nothing is sold, nothing delivered): a change beyond the tolerance is
 * fuel unaccounted for, or a gauge that came back wrong.
 */

/** The tolerance a user starts with, and the range they may set it in (litres). */
export const POWER_TOLERANCE_DEFAULT_L = 50;
export const POWER_TOLERANCE_MAX_L = 100_000;
/** A power-off query covers at most a year, like the other record pages. */
export const POWER_RANGE_MAX_DAYS = 366;

/** One tank's state in a power event (device_events.inventory; SI units). */
export interface PowerTankInventory {
  tankId: number;
  /** The tank's code at its station. */
  tank: string;
  productHeightMm: number;
  waterHeightMm: number;
  volumeL: number;
  tcVolumeL?: number | null | undefined;
  temperatureC: number;
}

/**
 * What became of a power-off: `paired` with the station's next power-on; `pending`, nothing
 * reported since ("not powered on yet"); `missing`, the station went off again before any
 * power-on was reported (the power-on was lost: the next power-on belongs to the later
 * power-off, not to this one).
 */
export type PowerOffState = 'paired' | 'pending' | 'missing';

/** The state of a power-off from the times of the station's next power-on and next power-off after it. */
export function powerOffState(nextOnMs: number | null, nextOffMs: number | null): PowerOffState {
  if (nextOnMs !== null && (nextOffMs === null || nextOnMs < nextOffMs)) return 'paired';
  return nextOffMs === null ? 'pending' : 'missing';
}

export interface PowerEvent<I = PowerTankInventory> {
  type: 'power-off' | 'power-on';
  /** Epoch milliseconds. */
  tsMs: number;
  inventory: I[];
}

export interface PowerPair<I = PowerTankInventory> {
  off: PowerEvent<I>;
  /** Null unless paired. */
  on: PowerEvent<I> | null;
  state: PowerOffState;
}

/** Each power-off of one station's events (any order) with the power-on that ended it, oldest first. */
export function pairPowerEvents<I>(events: readonly PowerEvent<I>[]): PowerPair<I>[] {
  const sorted = [...events].sort((a, b) => a.tsMs - b.tsMs);
  return sorted.flatMap((off, i) => {
    if (off.type !== 'power-off') return [];
    const later = sorted.slice(i + 1).filter((e) => e.tsMs > off.tsMs);
    const on = later.find((e) => e.type === 'power-on') ?? null;
    const nextOff = later.find((e) => e.type === 'power-off') ?? null;
    const state = powerOffState(on?.tsMs ?? null, nextOff?.tsMs ?? null);
    return [{ off, on: state === 'paired' ? on : null, state }];
  });
}

/**
 * Over the tolerance: the change's size is strictly more than the tolerance (a change of
 * exactly the tolerance is within it). Volumes are kept to 0.1 L, so the difference is
 * compared at 0.1 L: 64.4 − 14.4 is 50, not 50.00000000000001.
 */
export function exceedsTolerance(differenceL: number | null, toleranceL: number): boolean {
  return differenceL !== null && Math.abs(roundTenth(differenceL)) > toleranceL;
}

export interface TankPowerChange {
  tankId: number;
  tank: string;
  /** Null for a tank only the power-on reported. */
  off: PowerTankInventory | null;
  /** Null while not powered on, or for a tank the power-on did not report. */
  on: PowerTankInventory | null;
  /** on − off, null unless both are known: positive when the tank gained. */
  volumeDifferenceL: number | null;
  heightDifferenceMm: number | null;
  flagged: boolean;
}

/** Tank by tank (in tank-code order): the state at shutdown and at power-on, the change, the flag. */
export function tankPowerChanges(off: readonly PowerTankInventory[], on: readonly PowerTankInventory[] | null, toleranceL: number): TankPowerChange[] {
  const ids = [...new Set([...off.map((t) => t.tankId), ...(on ?? []).map((t) => t.tankId)])];
  return ids
    .map((tankId) => {
      const before = off.find((t) => t.tankId === tankId) ?? null;
      const after = on?.find((t) => t.tankId === tankId) ?? null;
      const volumeDifferenceL = before && after ? roundTenth(after.volumeL - before.volumeL) : null;
      const heightDifferenceMm = before && after ? roundTenth(after.productHeightMm - before.productHeightMm) : null;
      return { tankId, tank: (before ?? after)!.tank, off: before, on: after, volumeDifferenceL, heightDifferenceMm, flagged: exceedsTolerance(volumeDifferenceL, toleranceL) };
    })
    .sort((a, b) => a.tank.localeCompare(b.tank, 'en', { numeric: true }));
}

/** The rule a power-off query's range breaks, if any: start before end, at most a year. */
export function powerRangeProblem(fromMs: number | undefined, toMs: number | undefined): 'startBeforeEnd' | 'maxDays' | null {
  if (fromMs === undefined || toMs === undefined) return null;
  if (fromMs >= toMs) return 'startBeforeEnd';
  if (toMs - fromMs > POWER_RANGE_MAX_DAYS * 86_400_000) return 'maxDays';
  return null;
}

/**
 * The tank inventory of a stored event, read defensively: device_events.inventory is jsonb
 * written by ingest (prepare.ts), but a row is data, not a contract; an entry without its
 * tank id, volume, heights or temperature is skipped rather than shown as zero.
 */
export function powerInventoryOf(json: unknown): PowerTankInventory[] {
  if (!Array.isArray(json)) return [];
  return json.flatMap((raw): PowerTankInventory[] => {
    if (typeof raw !== 'object' || raw === null) return [];
    const r = raw as Record<string, unknown>;
    const num = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) ? v : null);
    const [tankId, volumeL, productHeightMm, waterHeightMm, temperatureC] = [r.tankId, r.volumeL, r.productHeightMm, r.waterHeightMm, r.temperatureC].map(num);
    if (tankId == null || volumeL == null || productHeightMm == null || waterHeightMm == null || temperatureC == null) return [];
    return [{ tankId, tank: typeof r.tank === 'string' ? r.tank : String(tankId), productHeightMm, waterHeightMm, volumeL, tcVolumeL: num(r.tcVolumeL), temperatureC }];
  });
}

function roundTenth(n: number): number {
  return Math.round(n * 10) / 10;
}
