import { numberIn, splitTankOption } from './tank-option';

/**
 * The CLI's `--meter-error S/T=PCT`: station S's (from 1) tank T's pumps meter PCT per cent more
 * than leaves the tank (negative: less). Answers the option, or why the text is not one.
 */
export interface MeterErrorOption {
  station: number;
  tankCode: string;
  pct: number;
}

/** Beyond this a dispenser is broken, not miscalibrated (weights and measures allow about 0.5 %). */
export const MAX_METER_ERROR_PCT = 10;

export function parseMeterErrorOption(text: string): MeterErrorOption | string {
  const parts = splitTankOption(text);
  if (!parts || parts.at !== undefined) return `--meter-error ${text}: expected STATION/TANK=PERCENT, e.g. 2/3=0.6`;
  const pct = numberIn(parts.value);
  if (parts.station < 1) return `--meter-error ${text}: stations are numbered from 1`;
  if (!Number.isFinite(pct) || pct === 0 || Math.abs(pct) > MAX_METER_ERROR_PCT) return `--meter-error ${text}: the error must be a per cent other than 0, from -${MAX_METER_ERROR_PCT} to ${MAX_METER_ERROR_PCT}`;
  return { station: parts.station, tankCode: parts.tankCode, pct };
}
