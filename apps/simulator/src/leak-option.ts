/**
 * The CLI's `--leak S/T=RATE[@ISO]`: station S's (from 1) tank T loses RATE litres an hour of
 * product at 15 °C from the time ISO (default: the simulation's start). Answers the leak, or
 * why the text is not one.
 */
export interface LeakOption {
  station: number;
  tankCode: string;
  rateLph: number;
  fromMs: number | null;
}

export function parseLeakOption(text: string): LeakOption | string {
  const m = /^(\d+)\/([^=]+)=([0-9.]+)(?:@(.+))?$/.exec(text.trim());
  if (!m) return `--leak ${text}: expected STATION/TANK=RATE[@ISO-TIME], e.g. 1/2=0.76@2026-11-01T00:00:00Z`;
  const station = Number(m[1]);
  const rateLph = Number(m[3]);
  const fromMs = m[4] === undefined ? null : Date.parse(m[4]);
  if (station < 1) return `--leak ${text}: stations are numbered from 1`;
  if (!Number.isFinite(rateLph) || rateLph <= 0 || rateLph > 1000) return `--leak ${text}: the rate must be a number of litres an hour above 0 and at most 1000`;
  if (fromMs !== null && Number.isNaN(fromMs)) return `--leak ${text}: ${m[4]} is not an ISO time`;
  return { station, tankCode: m[2]!, rateLph, fromMs };
}
