import { describe, expect, it } from 'vitest';
import { asciiBytes, asciiText, atgChecksum, buildCommand, decodeFrame, encodeComputerReply, encodeDisplayReply, encodeUnsupportedReply, ETX, findFrame, floatToHex, FrameScanner, hexToFloat, SOH } from './frame';
import { REFERENCE_CAPTURES, referenceFrame } from './reference-captures';

const bytes = (...parts: (string | number[])[]) => {
  const all: number[] = [];
  for (const part of parts) all.push(...(typeof part === 'string' ? asciiBytes(part) : part));
  return Uint8Array.from(all);
};
const withEtx = (frame: Uint8Array, etx: number) => Uint8Array.from([...frame.subarray(0, -1), etx]);

describe('checksum (atg-protocol §1 Checksum)', () => {
  it('the worked example: the bytes through && add up to 1221 = 0x04C5, so FB3B', () => {
    const head = bytes([SOH], 'i101002312301342020402&&');
    expect(head.reduce((s, b) => s + b, 0)).toBe(1221);
    expect(atgChecksum(head)).toBe('FB3B');
  });

  it('the error frame: 0x01 + 4×0x39 = 0xE5, so FF1B', () => {
    expect(atgChecksum(bytes([SOH], '9999'))).toBe('FF1B');
  });

  it('ignores a parity bit: each byte is masked with 0x7F', () => {
    const head = bytes([SOH], 'i101002312301342020402&&');
    expect(atgChecksum(head.map((b) => b | 0x80))).toBe('FB3B');
  });

  it.each(Object.entries(REFERENCE_CAPTURES))('%s: sum + CCCC ≡ 0 (mod 0x10000)', (_code, printed) => {
    const frame = referenceFrame(printed);
    const text = asciiText(frame);
    expect(atgChecksum(frame.subarray(0, -5))).toBe(text.slice(-5, -1));
  });
});

describe('floats (atg-protocol §2)', () => {
  it.each([
    ['45C9B800', 6455],
    ['BC578D00', -0.013156],
    ['3F800000', 1],
    ['B8D1B717', -0.0001],
    ['C2C7FAE1', -99.99],
    ['461C4000', 10000],
    ['00000000', 0],
    ['3f800000', 1],
  ])('%s → %s', (hex, value) => {
    expect(hexToFloat(hex)).toBeCloseTo(value, 5);
  });

  it.each([
    ['????????', '?-filled'],
    ['7FC00000', 'NaN'],
    ['7F800000', '+Inf'],
    ['FF800000', '−Inf'],
    ['45C9B8', 'too short'],
    ['45C9B8000', 'too long'],
    ['45C9B8Z0', 'not hex'],
  ])('%s (%s) → null', (hex) => {
    expect(hexToFloat(hex)).toBeNull();
  });

  it.each([
    [6455, '45C9B800'],
    [1, '3F800000'],
    [-0.0001, 'B8D1B717'],
    [-99.99, 'C2C7FAE1'],
    [10000, '461C4000'],
    [0, '00000000'],
    [9728, '46180000'],
    [96, '42C00000'],
  ])('floatToHex(%s) = %s', (value, hex) => {
    expect(floatToHex(value)).toBe(hex);
    expect(hexToFloat(floatToHex(value))).toBeCloseTo(value, 4);
  });
});

describe('commands (atg-protocol §1 Command format)', () => {
  it.each([
    ['i20100', {}, '\x01i20100'],
    ['i20100', { securityCode: '123456' }, '\x01123456i20100'],
    ['I20100', { terminator: '\r\n' }, '\x01I20100\r\n'],
    ['s501002311221030', { securityCode: 'ABCDEF', terminator: '\n' }, '\x01ABCDEFs501002311221030\n'],
  ])('%s %j', (code, options, expected) => {
    expect(asciiText(buildCommand(code, options))).toBe(expected);
  });

  it('refuses control characters in the code (an SOH or ETX would break framing)', () => {
    expect(() => buildCommand('i201\x0300')).toThrow(RangeError);
  });
});

const capture = referenceFrame(REFERENCE_CAPTURES.i10100);

describe('finding a frame in what the socket delivered (atg-protocol §1, §5)', () => {
  it('a complete frame, ending just past ETX', () => {
    expect(findFrame(capture)).toEqual({ frame: capture, end: capture.length });
  });

  it.each([
    ['nothing yet', new Uint8Array()],
    ['only junk', bytes([0xff, 0xfd, 0x03])],
    ['SOH without ETX', capture.subarray(0, -1)],
  ])('%s → null', (_name, buffer) => {
    expect(findFrame(buffer)).toBeNull();
  });

  it.each([
    ['telnet DO SGA (FF FD 03: its last byte equals ETX)', [0xff, 0xfd, 0x03]],
    ['telnet WILL ECHO (FF FB 01: its last byte equals SOH)', [0xff, 0xfb, 0x01]],
    ['both, then noise', [0xff, 0xfb, 0x01, 0xff, 0xfd, 0x03, 0x0d, 0x0a, 0x41]],
  ])('skips junk before SOH: %s', (_name, junk) => {
    const found = findFrame(bytes(junk, [...capture]));
    expect(found?.frame).toEqual(capture);
    expect(found?.end).toBe(junk.length + capture.length);
  });

  it('leaves bytes after ETX for the next read', () => {
    const buffer = bytes([...capture], [SOH], 'i2');
    expect(findFrame(buffer)).toEqual({ frame: capture, end: capture.length });
    expect(findFrame(buffer.subarray(capture.length))).toBeNull();
  });

  it('restarts at a second SOH: the first reply was abandoned', () => {
    const found = findFrame(bytes([SOH], 'i20100230', [...capture]));
    expect(found?.frame).toEqual(capture);
  });

  it('takes a configured ETX (function 531), and then 0x03 is not the end', () => {
    const eot = withEtx(capture, 0x04);
    expect(findFrame(eot)).toBeNull();
    expect(findFrame(eot, 0x04)).toEqual({ frame: eot, end: eot.length });
    expect(decodeFrame(eot, 'i10100')).toEqual({ kind: 'computer', code: 'i10100', data: '2312301342020402' });
  });

  // Partial reads: one byte at a time, and cut inside '&&', before CCCC and just before ETX.
  const text = asciiText(capture);
  it.each([
    ['one byte at a time', Array.from({ length: capture.length - 1 }, (_, i) => i + 1)],
    ["inside '&&'", [text.indexOf('&&') + 1]],
    ['before CCCC', [text.indexOf('&&') + 2]],
    ['just before ETX', [capture.length - 1]],
    ['after SOH, after the echo', [1, 7]],
  ])('reassembles a reply split %s', (_name, cuts) => {
    const chunks: Uint8Array[] = [];
    let from = 0;
    for (const cut of [...cuts, capture.length]) {
      chunks.push(capture.subarray(from, cut));
      from = cut;
    }
    let buffer = new Uint8Array();
    let found: ReturnType<typeof findFrame> = null;
    for (const chunk of chunks) {
      expect(found).toBeNull();
      buffer = Uint8Array.from([...buffer, ...chunk]);
      found = findFrame(buffer);
    }
    expect(found && decodeFrame(found.frame, 'i10100')).toEqual({ kind: 'computer', code: 'i10100', data: '2312301342020402' });
  });
});

describe('finding frames incrementally (issue 20 #5)', () => {
  const split = (all: Uint8Array, cuts: number[]) => [...cuts, all.length].map((cut, i, list) => all.subarray(i === 0 ? 0 : list[i - 1]!, cut));
  const telnet = [0xff, 0xfb, 0x01, 0xff, 0xfd, 0x03];
  const text = asciiText(capture);

  it.each([
    ['whole', bytes([...capture]), []],
    ['one byte at a time', bytes([...capture]), Array.from({ length: capture.length - 1 }, (_, i) => i + 1)],
    ["cut inside '&&' and before ETX", bytes([...capture]), [text.indexOf('&&') + 1, capture.length - 1]],
    ['telnet junk first, cut inside the negotiation', bytes(telnet, [...capture]), [1, 2, 4]],
    ['an abandoned frame first (a second SOH restarts)', bytes([SOH], 'i20100230', [...capture]), [5, 12]],
  ])('%s: the same frame findFrame finds', (_name, all, cuts) => {
    const scanner = new FrameScanner();
    const frames = split(all, cuts).flatMap((chunk) => scanner.push(chunk));
    expect(frames).toEqual([capture]);
    expect(scanner.pending).toBe(0);
  });

  it('two frames in one packet, and the start of a third kept for the next', () => {
    const scanner = new FrameScanner();
    expect(scanner.push(bytes([...capture], [...capture], [SOH], 'i2'))).toEqual([capture, capture]);
    expect(scanner.pending).toBe(3);
    expect(scanner.push(bytes('0100', [ETX]))).toEqual([bytes([SOH], 'i20100', [ETX])]);
  });

  it('keeps nothing of junk without SOH, and takes a configured ETX', () => {
    const scanner = new FrameScanner(0x04);
    expect(scanner.push(bytes('junk junk', [ETX]))).toEqual([]);
    expect(scanner.pending).toBe(0);
    const eot = withEtx(capture, 0x04);
    expect(scanner.push(eot)).toEqual([eot]);
  });

  it('looks at each byte once: 4 MB in 4 KB packets takes well under a second', () => {
    const scanner = new FrameScanner();
    const packet = new Uint8Array(4096).fill(0x41);
    scanner.push(bytes([SOH]));
    const started = Date.now();
    for (let i = 0; i < 1024; i++) scanner.push(packet);
    expect(Date.now() - started).toBeLessThan(1000);
    expect(scanner.pending).toBe(1 + 4096 * 1024);
  });
});

describe('decoding a frame (atg-protocol §1 Reply formats)', () => {
  it('a computer reply: the echo, then the data between it and &&', () => {
    expect(decodeFrame(capture, 'i10100')).toEqual({ kind: 'computer', code: 'i10100', data: '2312301342020402' });
  });

  it.each([
    ['computer-format command', 'i20100'],
    ['display-format command', 'I20100'],
    ['set command', 's50100'],
  ])('SOH 9999FF1B ETX is unsupported, not a checksum failure (%s)', (_name, sent) => {
    expect(decodeFrame(encodeUnsupportedReply(), sent)).toEqual({ kind: 'unsupported' });
  });

  it('encodeUnsupportedReply is SOH 9999FF1B ETX', () => {
    expect(asciiText(encodeUnsupportedReply())).toBe('\x019999FF1B\x03');
  });

  it('a flipped data byte fails the checksum', () => {
    const flipped = capture.slice();
    flipped[10] = flipped[10]! ^ 0x01; // '2' → '3': one more in the sum, one less in CCCC
    expect(decodeFrame(flipped, 'i10100')).toEqual({ kind: 'checksum', expected: 'FB3A', got: 'FB3B' });
  });

  it('a late reply to an earlier command is a mismatch, even with a good checksum', () => {
    expect(decodeFrame(capture, 'i20100')).toEqual({ kind: 'mismatch', code: 'i10100' });
  });

  it('the echo is compared without the security code or set data', () => {
    expect(decodeFrame(referenceFrame(REFERENCE_CAPTURES.s50100), 's501002311221030').kind).toBe('computer');
  });

  it.each([
    ["no '&&CCCC' before ETX", bytes([SOH], 'i101002312301342', [ETX])],
    ['not starting with SOH', bytes('i10100&&FB3B', [ETX])],
    ['too short', bytes([SOH], '&&FB3B', [ETX])],
  ])('malformed: %s', (_name, frame) => {
    expect(decodeFrame(frame, 'i10100').kind).toBe('malformed');
  });

  it("'&' and even '&&' in a label: the checksum is the last 6 characters, not the first '&&'", () => {
    const frame = encodeComputerReply('i60200', '231122101501R&D && SONS          ');
    expect(asciiText(frame)).toContain('R&D && SONS');
    expect(decodeFrame(frame, 'i60200')).toEqual({ kind: 'computer', code: 'i60200', data: '231122101501R&D && SONS          ' });
  });

  it.each(Object.entries(REFERENCE_CAPTURES))('encodeComputerReply reproduces the %s capture byte for byte', (code, printed) => {
    const frame = referenceFrame(printed);
    const data = asciiText(frame).slice(7, -7);
    expect(encodeComputerReply(code, data)).toEqual(frame);
  });

  it('encodeComputerReply takes a configured ETX', () => {
    expect(encodeComputerReply('i10100', '2312301342020402', 0x04).at(-1)).toBe(0x04);
  });
});

describe('display replies (atg-protocol §1 Display line endings, §4)', () => {
  const emulator = bytes([SOH], '\nI20100\n11/22/2026 01:51\n\n    OBERT 24h\n\n\nIN-TANK INVENTORY\n', [ETX]);

  it('the emulator: LF only; the code is the first non-blank line, the report follows it', () => {
    expect(decodeFrame(emulator, 'I20100')).toEqual({ kind: 'display', code: 'I20100', lines: ['11/22/2026 01:51', '', '    OBERT 24h', '', '', 'IN-TANK INVENTORY', ''] });
  });

  it('the manual: CR LF + 6 NULs, starting and ending with a blank line', () => {
    const frame = encodeDisplayReply('I10100', ['NOV 22, 2026  1:51 AM', '', 'ALL FUNCTIONS NORMAL', ''], { manualLineEndings: true });
    expect(asciiText(frame)).toContain('\r\n\0\0\0\0\0\0ALL FUNCTIONS NORMAL\r\n\0\0\0\0\0\0');
    expect(decodeFrame(frame, 'I10100')).toEqual({ kind: 'display', code: 'I10100', lines: ['NOV 22, 2026  1:51 AM', '', 'ALL FUNCTIONS NORMAL', '', ''] });
  });

  it('a display set may answer under its inquiry header (S50100 → I50100)', () => {
    const frame = encodeDisplayReply('I50100', ['SYSTEM DATE AND TIME']);
    expect(decodeFrame(frame, 'S501002311221030')).toMatchObject({ kind: 'display', code: 'I50100' });
  });

  it('another report is a mismatch', () => {
    expect(decodeFrame(emulator, 'I10100')).toEqual({ kind: 'mismatch', code: 'I20100' });
  });

  it('an empty report is malformed', () => {
    expect(decodeFrame(bytes([SOH], '\r\n\0\0\n', [ETX]), 'I20100').kind).toBe('malformed');
  });
});
