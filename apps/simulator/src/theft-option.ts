import { HOUR } from './model/clock';
import { numberIn, splitTankOption } from './tank-option';

/**
 * The CLI's `--theft S/T=LITRES@ISO`: from the time ISO, LITRES (at 15 °C) are drawn off station
 * S's (from 1) tank T over an hour, past the pumps — a loss the level shows and no meter does.
 * Answers the theft, or why the text is not one.
 */
export interface TheftOption {
  station: number;
  tankCode: string;
  litres: number;
  fromMs: number;
  durationMs: number;
}

/** How long a theft takes: a night's hour with a pump or a hose. */
export const THEFT_DURATION_MS = HOUR;
/** More than a road tanker holds is not a theft the model should be asked for. */
export const MAX_THEFT_L = 40_000;

export function parseTheftOption(text: string): TheftOption | string {
  const parts = splitTankOption(text);
  if (!parts || parts.at === undefined) return `--theft ${text}: expected STATION/TANK=LITRES@ISO-TIME, e.g. 4/1=300@2026-11-12T01:30:00Z`;
  const litres = numberIn(parts.value);
  const fromMs = Date.parse(parts.at);
  if (parts.station < 1) return `--theft ${text}: stations are numbered from 1`;
  if (!Number.isFinite(litres) || litres <= 0 || litres > MAX_THEFT_L) return `--theft ${text}: the volume must be a number of litres above 0 and at most ${MAX_THEFT_L}`;
  if (Number.isNaN(fromMs)) return `--theft ${text}: ${parts.at} is not an ISO time`;
  return { station: parts.station, tankCode: parts.tankCode, litres, fromMs, durationMs: THEFT_DURATION_MS };
}
