/**
 * The shape the CLI's per-tank options share, `S/T=VALUE[@ISO]`: station S (from 1), tank T,
 * a value, and optionally a time. Answers the parts, or null when the text is not of that shape.
 */
export interface TankOptionParts {
  station: number;
  tankCode: string;
  value: string;
  at: string | undefined;
}

export function splitTankOption(text: string): TankOptionParts | null {
  const m = /^(\d+)\/([^=]+)=([^@]+)(?:@(.+))?$/.exec(text.trim());
  return m ? { station: Number(m[1]), tankCode: m[2]!, value: m[3]!, at: m[4] } : null;
}

/** A number written as one (Number('') is 0, Number(' 1') is 1: neither is what the user meant). */
export const numberIn = (text: string) => (/^-?\d+(?:\.\d+)?$/.test(text) ? Number(text) : NaN);
