import { describe, expect, it } from 'vitest';
import { fitsScreen, IMAGE_MAX_SIDE_PX, imageSize, type ImageSize } from './image-header';

// Tiny hand-built headers: only the bytes a header reader looks at, nothing a decoder would need.
const bytes = (...parts: (number[] | string)[]) => Uint8Array.from(parts.flatMap((p) => (typeof p === 'string' ? [...p].map((c) => c.charCodeAt(0)) : p)));
const be16 = (n: number) => [(n >> 8) & 0xff, n & 0xff];
const be32 = (n: number) => [(n >>> 24) & 0xff, (n >> 16) & 0xff, (n >> 8) & 0xff, n & 0xff];
const le16 = (n: number) => [n & 0xff, (n >> 8) & 0xff];

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const png = (width: number, height: number, chunk = 'IHDR') => bytes(PNG_SIGNATURE, be32(13), chunk, be32(width), be32(height), [8, 6, 0, 0, 0], [0, 0, 0, 0]);

const segment = (marker: number, payload: number[]) => [0xff, marker, ...be16(payload.length + 2), ...payload];
const frame = (marker: number, width: number, height: number) => segment(marker, [8, ...be16(height), ...be16(width), 1, 1, 0x11, 0]);
const JFIF = segment(0xe0, [...bytes('JFIF'), 0, 1, 1, 0, 0, 1, 0, 1, 0, 0]);
const SOS = segment(0xda, [1, 1, 0, 0, 0x3f, 0]);
const jpeg = (...segments: number[][]) => bytes([0xff, 0xd8], ...segments, [0xff, 0xd9]);

const gifFrame = (left: number, top: number, width: number, height: number) => [0x2c, ...le16(left), ...le16(top), ...le16(width), ...le16(height), 0, 2, 1, 0, 0];
const GRAPHIC_CONTROL = [0x21, 0xf9, 4, 0, 0, 0, 0, 0];
const gif = (width: number, height: number, blocks: number[][] = [], version = 'GIF89a', globalTable = false) =>
  bytes(version, le16(width), le16(height), [globalTable ? 0x80 : 0, 0, 0], globalTable ? [0, 0, 0, 255, 255, 255] : [], ...blocks, [0x3b]);

const size = (format: ImageSize['format'], width: number, height: number): ImageSize => ({ format, width, height });

describe('imageSize', () => {
  const cases: Array<[string, Uint8Array, ImageSize | null]> = [
    // PNG: IHDR's width and height
    ['PNG 1 × 1', png(1, 1), size('image/png', 1, 1)],
    ['PNG bomb 60,000 × 60,000 in 33 bytes', png(60_000, 60_000), size('image/png', 60_000, 60_000)],
    ['PNG at the 32-bit limit', png(0xffffffff, 2), size('image/png', 4_294_967_295, 2)],
    ['PNG width 0', png(0, 10), null],
    ['PNG whose first chunk is not IHDR', png(10, 10, 'IDAT'), null],
    ['PNG cut inside IHDR', png(10, 10).subarray(0, 20), null],
    // JPEG: the first frame header, whatever comes before it
    ['JPEG baseline 640 × 480', jpeg(JFIF, frame(0xc0, 640, 480), SOS), size('image/jpeg', 640, 480)],
    ['JPEG progressive bomb', jpeg(JFIF, frame(0xc2, 60_000, 60_000), SOS), size('image/jpeg', 60_000, 60_000)],
    ['JPEG tables (DQT, DHT) before the frame', jpeg(JFIF, segment(0xdb, new Array<number>(65).fill(1)), segment(0xc4, new Array<number>(20).fill(0)), frame(0xc0, 300, 200)), size('image/jpeg', 300, 200)],
    ['JPEG: an EXIF thumbnail’s frame inside APP1 is not the image’s', jpeg(segment(0xe1, [...bytes('Exif'), 0, 0, ...frame(0xc0, 60_000, 60_000)]), frame(0xc0, 100, 50)), size('image/jpeg', 100, 50)],
    ['JPEG with fill bytes before a marker', jpeg(JFIF, [0xff, 0xff], frame(0xc1, 33, 44)), size('image/jpeg', 33, 44)],
    ['JPEG arithmetic-coded (SOF9)', jpeg(frame(0xc9, 12, 34)), size('image/jpeg', 12, 34)],
    ['JPEG hierarchical: DHP sizes the image', jpeg(frame(0xde, 7_000, 9_000)), size('image/jpeg', 7_000, 9_000)],
    ['JPEG: DAC (CC) is no frame', jpeg(segment(0xcc, [0, 0x11]), frame(0xc0, 8, 8)), size('image/jpeg', 8, 8)],
    ['JPEG: RST markers carry no length', jpeg([0xff, 0xd0], frame(0xc0, 9, 9)), size('image/jpeg', 9, 9)],
    ['JPEG whose scan starts before any frame', jpeg(JFIF, SOS, frame(0xc0, 60_000, 60_000)), null],
    ['JPEG with no frame at all', jpeg(JFIF), null],
    ['JPEG height 0 (given later by DNL)', jpeg(frame(0xc0, 100, 0)), null],
    ['JPEG cut inside its frame header', bytes([0xff, 0xd8], frame(0xc0, 100, 100).slice(0, 6)), null],
    ['JPEG with garbage where a marker should be', bytes([0xff, 0xd8, 0xff, 0xe0, 0, 4, 0, 0, 0x12, 0x34]), null],
    ['JPEG with a segment length below 2', bytes([0xff, 0xd8, 0xff, 0xe0, 0, 1]), null],
    // GIF: the logical screen, grown to hold every frame
    ['GIF 1 × 1 without frames', gif(1, 1), size('image/gif', 1, 1)],
    ['GIF87a', gif(16, 8, [gifFrame(0, 0, 16, 8)], 'GIF87a'), size('image/gif', 16, 8)],
    ['GIF frames within the screen', gif(100, 80, [GRAPHIC_CONTROL, gifFrame(0, 0, 100, 80), GRAPHIC_CONTROL, gifFrame(10, 10, 5, 5)]), size('image/gif', 100, 80)],
    ['GIF bomb: a 1 × 1 screen holding a 60,000 × 60,000 frame', gif(1, 1, [gifFrame(0, 0, 60_000, 60_000)]), size('image/gif', 60_000, 60_000)],
    ['GIF: the second frame placed far out', gif(100, 100, [gifFrame(0, 0, 100, 100), GRAPHIC_CONTROL, gifFrame(60_000, 0, 10, 10)]), size('image/gif', 60_010, 100)],
    ['GIF with a global colour table', gif(20, 10, [gifFrame(0, 0, 20, 5000)], 'GIF89a', true), size('image/gif', 20, 5_000)],
    ['GIF cut inside a frame descriptor: the screen stands', gif(30, 20, [gifFrame(0, 0, 60_000, 60_000)]).subarray(0, 13 + 5), size('image/gif', 30, 20)],
    ['GIF screen 0 × 0 without frames', gif(0, 0), null],
    ['GIF screen 0 × 0 sized by its frame', gif(0, 0, [gifFrame(0, 0, 50, 40)]), size('image/gif', 50, 40)],
    ['GIF cut inside its screen descriptor', bytes('GIF89a', [1, 0, 1]), null],
    // Not one of the three
    ['nothing', new Uint8Array(0), null],
    ['BMP', bytes('BM', new Array<number>(30).fill(0)), null],
    ['text posing as an image', bytes('<script>alert(1)</script>'), null],
    ['GIF90a is no GIF', bytes('GIF90a', le16(1), le16(1), [0, 0, 0]), null],
  ];
  it.each(cases)('%s', (_name, input, expected) => {
    expect(imageSize(input)).toEqual(expected);
  });
});

describe('fitsScreen', () => {
  const cases: Array<[number, number, boolean]> = [
    [1, 1, true],
    [IMAGE_MAX_SIDE_PX, IMAGE_MAX_SIDE_PX, true],
    [IMAGE_MAX_SIDE_PX + 1, 1, false],
    [1, IMAGE_MAX_SIDE_PX + 1, false],
    [60_000, 60_000, false],
  ];
  it.each(cases)('%i × %i fits: %s', (width, height, expected) => {
    expect(fitsScreen({ format: 'image/png', width, height })).toBe(expected);
  });

  it('the limit is 4096 pixels a side (documented in docs/api.md)', () => {
    expect(IMAGE_MAX_SIDE_PX).toBe(4096);
  });
});
