import { hexToFloat } from './frame';
import { parseConsoleTime, type ConsoleTime } from './time';

/** A computer-format field that is not what its layout says; offsets count from the start of the data, after the echoed code. */
export class AtgParseError extends Error {
  override readonly name = 'AtgParseError';
  constructor(
    readonly fn: string,
    readonly field: string,
    readonly offset: number,
    readonly value: string,
    problem: string,
  ) {
    super(`${fn}: ${field} at offset ${offset} ${JSON.stringify(value)}: ${problem}`);
  }
}

/**
 * Reads the fixed-width fields of a computer-format reply in order. A field holding any `?`
 * (an inactive device addressed explicitly, §2) reads as null, never as 0; any other bad
 * field throws an AtgParseError naming it.
 */
export class FieldReader {
  offset = 0;
  constructor(
    readonly fn: string,
    readonly data: string,
  ) {}

  get remaining(): number {
    return this.data.length - this.offset;
  }

  fail(field: string, value: string, problem: string, offset = this.offset): never {
    throw new AtgParseError(this.fn, field, offset, value, problem);
  }

  raw(length: number, field: string): string {
    if (this.remaining < length) this.fail(field, this.data.slice(this.offset), `needs ${length} characters, ${this.remaining} left`);
    const value = this.data.slice(this.offset, this.offset + length);
    this.offset += length;
    return value;
  }

  /** Decimal digits; null when `?`-filled. */
  decimal(length: number, field: string): number | null {
    return this.number(length, field, /^\d+$/, 10, 'not decimal');
  }

  /** Hex digits (the manual's "(Hex)" counts); null when `?`-filled. */
  hex(length: number, field: string): number | null {
    return this.number(length, field, /^[0-9A-F]+$/i, 16, 'not hex');
  }

  /** A field the record cannot do without (a tank number, a count that sizes what follows). */
  required(value: number | null, field: string, at: number): number {
    if (value === null) this.fail(field, this.data.slice(at, this.offset), 'is unknown (?) but the layout needs it', at);
    return value;
  }

  float(field: string): number | null {
    const at = this.offset;
    const value = this.raw(8, field);
    if (value.includes('?')) return null;
    if (!/^[0-9A-F]{8}$/i.test(value)) this.fail(field, value, 'not an 8-digit hex float', at);
    return hexToFloat(value);
  }

  time(field: string): ConsoleTime | null {
    const at = this.offset;
    const value = this.raw(10, field);
    if (value.includes('?')) return null;
    return parseConsoleTime(value) ?? this.fail(field, value, 'not a YYMMDDHHmm time', at);
  }

  private number(length: number, field: string, pattern: RegExp, radix: number, problem: string): number | null {
    const at = this.offset;
    const value = this.raw(length, field);
    if (value.includes('?')) return null;
    if (!pattern.test(value)) this.fail(field, value, problem, at);
    return Number.parseInt(value, radix);
  }
}
