/**
 * Framing of the Veeder-Root TLS console protocol (atg-protocol.md §1–2): commands, the
 * SOH … ETX reply frame, its checksum and the hex-encoded floats inside. Pure and byte-based
 * (Uint8Array, no Buffer) so the poller, the fake console and the browser can share it.
 */
export const SOH = 0x01;
export const ETX = 0x03;

/** The whole reply to an unknown function: `SOH 9999FF1B ETX`, where FF1B is the checksum of `SOH 9999`. */
export const UNSUPPORTED_REPLY = '9999FF1B';

/** Where the 7-bit character sits when the link adds a parity bit (§1 Checksum step 1). */
const SEVEN_BITS = 0x7f;

/** Telnet's IAC and its WILL/WONT/DO/DONT verbs: a network card may open with `FF FD 03` (§1). */
const IAC = 0xff;
const TELNET_VERB_MIN = 0xfb;

export function asciiBytes(text: string): Uint8Array {
  const bytes = new Uint8Array(text.length);
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c > 0x7f) throw new RangeError(`not ASCII: ${JSON.stringify(text[i])} at ${i}`);
    bytes[i] = c;
  }
  return bytes;
}

/** Bytes to text, the parity bit dropped. */
export function asciiText(bytes: Uint8Array): string {
  let text = '';
  for (const b of bytes) text += String.fromCharCode(b & SEVEN_BITS);
  return text;
}

/** 4 uppercase hex digits such that the bytes' sum plus it is 0 modulo 0x10000 (§1 Checksum). */
export function atgChecksum(bytes: Uint8Array): string {
  let sum = 0;
  for (const b of bytes) sum = (sum + (b & SEVEN_BITS)) & 0xffff;
  return ((0x10000 - sum) & 0xffff).toString(16).toUpperCase().padStart(4, '0');
}

/** An IEEE-754 single written as 8 hex digits, most significant first (§2). `?`-filled, NaN and Inf are null. */
export function hexToFloat(hex: string): number | null {
  if (!/^[0-9A-F]{8}$/i.test(hex)) return null;
  const view = new DataView(new ArrayBuffer(4));
  view.setUint32(0, Number.parseInt(hex, 16));
  const value = view.getFloat32(0);
  return Number.isFinite(value) ? value : null;
}

/** The inverse of hexToFloat, rounded to single precision as the console holds it. */
export function floatToHex(value: number): string {
  const view = new DataView(new ArrayBuffer(4));
  view.setFloat32(0, value);
  return view.getUint32(0).toString(16).toUpperCase().padStart(8, '0');
}

export interface CommandOptions {
  /** 6 characters, sent before the function code when the console's security is on. */
  securityCode?: string;
  /** None by default: the manuals define none; some gateways want `\r\n` or `\n` (§1). */
  terminator?: string;
}

/** `SOH [security code] code [terminator]`; `code` is the function code plus any set data (`s50100YYMMDDHHmm`). */
export function buildCommand(code: string, options: CommandOptions = {}): Uint8Array {
  const { securityCode = '', terminator = '' } = options;
  if (!/^[\x20-\x7e]+$/.test(code)) throw new RangeError(`command code must be printable ASCII, got ${JSON.stringify(code)}`);
  if (!/^[\x20-\x7e]*$/.test(securityCode)) throw new RangeError('security code must be printable ASCII');
  const text = securityCode + code + terminator;
  const bytes = new Uint8Array(1 + text.length);
  bytes[0] = SOH;
  bytes.set(asciiBytes(text), 1);
  return bytes;
}

/**
 * The first complete frame in `buffer`: SOH … ETX inclusive, and the index just past ETX
 * (where the caller's next read starts). Null while no complete frame has arrived yet.
 *
 * Bytes before SOH are skipped, and so are telnet negotiations (`FF FB 01` carries a byte
 * equal to SOH, `FF FD 03` one equal to ETX). A second SOH before ETX restarts the frame: the
 * first was abandoned (ESC aborts a reply, §1), and frame text is printable, so it cannot hold
 * an SOH. Bytes compare without their parity bit, as the checksum does.
 */
export function findFrame(buffer: Uint8Array, etx: number = ETX): { frame: Uint8Array; end: number } | null {
  const end7 = etx & SEVEN_BITS;
  let start = -1;
  for (let i = 0; i < buffer.length; i++) {
    const b = buffer[i]!;
    if (start < 0 && b === IAC) {
      // IAC verb option (3 bytes) or IAC command (2 bytes); never inside a frame, which is ASCII.
      const verb = buffer[i + 1] ?? 0;
      i += verb >= TELNET_VERB_MIN && verb < IAC ? 2 : 1;
      continue;
    }
    const c = b & SEVEN_BITS;
    if (c === SOH) start = i;
    else if (c === end7 && start >= 0) return { frame: buffer.slice(start, i + 1), end: i + 1 };
  }
  return null;
}

/**
 * The most a reply may hold, in bytes, counted from the command's sending (bytes before SOH
 * included). The longest real replies are delivery reports: 99 tanks of 10 deliveries are
 * about 100 KB in computer format and under 400 KB in display format. A console that sends
 * more is refused as soon as it passes this, rather than buffered without end.
 */
export const MAX_REPLY_BYTES = 1024 * 1024;

/**
 * findFrame for a stream: bytes are pushed as they arrive and each is looked at once, so a
 * long reply costs time in proportion to its length, not to its length squared (issue 20 #5:
 * rescanning from the start on every packet stalled the server). Same rules as findFrame:
 * junk and telnet negotiation before SOH skipped, a second SOH restarts the frame, bytes
 * compared without their parity bit. Only the frame being assembled is kept.
 */
export class FrameScanner {
  private buf = new Uint8Array(256);
  private len = 0;
  /** Where the next look starts: bytes before it were seen already. */
  private scanned = 0;
  /** The current frame's SOH, or -1 while none has come. */
  private start = -1;
  private readonly end7: number;

  constructor(etx: number = ETX) {
    this.end7 = etx & SEVEN_BITS;
  }

  /** Bytes held: the frame being assembled, and what came after a finished one. */
  get pending(): number {
    return this.len;
  }

  /** Adds `chunk` and returns the frames it completed, oldest first. */
  push(chunk: Uint8Array): Uint8Array[] {
    this.append(chunk);
    const frames: Uint8Array[] = [];
    let i = this.scanned;
    for (; i < this.len; i++) {
      const b = this.buf[i]!;
      if (this.start < 0 && b === IAC) {
        // IAC verb option (3 bytes) or IAC command (2 bytes): wait until all of it is here.
        if (i + 1 >= this.len) break;
        const verb = this.buf[i + 1]!;
        const size = verb >= TELNET_VERB_MIN && verb < IAC ? 3 : 2;
        if (i + size > this.len) break;
        i += size - 1;
        continue;
      }
      const c = b & SEVEN_BITS;
      if (c === SOH) this.start = i;
      else if (c === this.end7 && this.start >= 0) {
        frames.push(this.buf.slice(this.start, i + 1));
        this.drop(i + 1);
        i = -1;
      }
    }
    this.scanned = i;
    // Nothing of a frame yet: what was looked at is junk and need not be kept; nor is junk
    // before the frame's SOH.
    if (this.start < 0 && this.scanned > 0) this.drop(this.scanned);
    else if (this.start > 0) this.drop(this.start);
    return frames;
  }

  private append(chunk: Uint8Array): void {
    if (this.len + chunk.length > this.buf.length) {
      let size = this.buf.length * 2;
      while (size < this.len + chunk.length) size *= 2;
      const grown = new Uint8Array(size);
      grown.set(this.buf.subarray(0, this.len));
      this.buf = grown;
    }
    this.buf.set(chunk, this.len);
    this.len += chunk.length;
  }

  /** Forgets the first `n` bytes. */
  private drop(n: number): void {
    this.buf.copyWithin(0, n, this.len);
    this.len -= n;
    this.scanned = Math.max(0, this.scanned - n);
    if (this.start >= 0) this.start = this.start >= n ? this.start - n : -1;
  }
}

export type FrameOutcome =
  | { kind: 'computer'; code: string; data: string }
  | { kind: 'display'; code: string; lines: string[] }
  | { kind: 'unsupported' }
  | { kind: 'checksum'; expected: string; got: string }
  | { kind: 'mismatch'; code: string }
  | { kind: 'malformed'; reason: string };

const CODE_LENGTH = 6;

/**
 * A frame from findFrame, read as the reply to `sentCode` (the function code as sent, without
 * the security code; set data after its 6 characters is ignored). Lower-case codes (`i`, `s`)
 * expect a computer-format reply, upper-case ones a display report. A reply whose echo is not
 * the sent code is a 'mismatch': typically a late reply to a command that already timed out.
 */
export function decodeFrame(frame: Uint8Array, sentCode: string): FrameOutcome {
  if (frame.length < 2 || (frame[0]! & SEVEN_BITS) !== SOH) return { kind: 'malformed', reason: 'frame does not start with SOH' };
  const text = asciiText(frame.subarray(1, frame.length - 1));
  // The unknown-function reply has no '&&', so it must not reach the checksum test (§1).
  if (text.replace(/[\r\n\0]/g, '') === UNSUPPORTED_REPLY) return { kind: 'unsupported' };
  const sent = sentCode.slice(0, CODE_LENGTH);
  return /^[is]/.test(sent) ? decodeComputer(frame, text, sent) : decodeDisplay(text, sent);
}

function decodeComputer(frame: Uint8Array, text: string, sent: string): FrameOutcome {
  // '&&CCCC' is the last 6 characters: labels and product codes may themselves hold '&' (§1).
  if (text.length < CODE_LENGTH + 6 || text.slice(-6, -4) !== '&&') return { kind: 'malformed', reason: "no '&&CCCC' before ETX" };
  const got = text.slice(-4).toUpperCase();
  // SOH through the second '&': the frame without CCCC and ETX.
  const expected = atgChecksum(frame.subarray(0, frame.length - 5));
  if (got !== expected) return { kind: 'checksum', expected, got };
  const code = text.slice(0, CODE_LENGTH);
  if (code !== sent) return { kind: 'mismatch', code };
  return { kind: 'computer', code, data: text.slice(CODE_LENGTH, -6) };
}

function decodeDisplay(text: string, sent: string): FrameOutcome {
  // The manual ends lines with CR LF + 6 NULs, the emulator with LF only (§1).
  const all = text.replace(/[\r\0]/g, '').split('\n');
  const at = all.findIndex((line) => line.trim() !== '');
  if (at < 0) return { kind: 'malformed', reason: 'empty display report' };
  const code = all[at]!.trim();
  // A display set (S50100…) may answer under its inquiry's header, I50100 (§3 i50100).
  const accepted = code === sent || (sent.startsWith('S') && code === `I${sent.slice(1)}`);
  if (!accepted) return { kind: 'mismatch', code };
  return { kind: 'display', code, lines: all.slice(at + 1) };
}

/** A computer-format reply, `SOH code body && CCCC ETX`: for fakes and tests. */
export function encodeComputerReply(code: string, body: string, etx: number = ETX): Uint8Array {
  const head = asciiBytes(`\x01${code}${body}&&`);
  const tail = asciiBytes(atgChecksum(head));
  const frame = new Uint8Array(head.length + tail.length + 1);
  frame.set(head, 0);
  frame.set(tail, head.length);
  frame[frame.length - 1] = etx;
  return frame;
}

/**
 * A display report: `SOH`, a blank line, the code, the lines, a blank line, `ETX`. Lines end
 * with LF as the emulator sends them, or with CR LF + 6 NULs as the manual describes.
 */
export function encodeDisplayReply(code: string, lines: readonly string[], options: { manualLineEndings?: boolean; etx?: number } = {}): Uint8Array {
  const eol = options.manualLineEndings ? '\r\n\0\0\0\0\0\0' : '\n';
  const text = `\x01${eol}${[code, ...lines].map((line) => line + eol).join('')}`;
  const head = asciiBytes(text);
  const frame = new Uint8Array(head.length + 1);
  frame.set(head, 0);
  frame[head.length] = options.etx ?? ETX;
  return frame;
}

/** `SOH 9999FF1B ETX`. */
export function encodeUnsupportedReply(etx: number = ETX): Uint8Array {
  const frame = new Uint8Array(10);
  frame.set(asciiBytes(`\x01${UNSUPPORTED_REPLY}`), 0);
  frame[9] = etx;
  return frame;
}
