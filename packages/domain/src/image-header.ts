/**
 * The pixel size an image declares in its header, read before the image is accepted (issue 32
 * item 5: a 1 KB PNG declaring 60,000 × 60,000 pixels was taken as a photo and a logo, and every
 * browser showing it would try to decode 14 GB). Pure: bytes in, numbers out; nothing is
 * decoded. Three formats, the ones uploads take: a dependency (image-size) would read thirty.
 */
export type ImageFormat = 'image/png' | 'image/jpeg' | 'image/gif';

export interface ImageSize {
  format: ImageFormat;
  width: number;
  height: number;
}

/** The largest side an uploaded picture may have: a 4K screen's width; no avatar or logo needs more. */
export const IMAGE_MAX_SIDE_PX = 4096;

/** Whether an image of this size is one the product takes (both sides within IMAGE_MAX_SIDE_PX). */
export function fitsScreen(size: ImageSize, maxSide = IMAGE_MAX_SIDE_PX): boolean {
  return size.width <= maxSide && size.height <= maxSide;
}

/**
 * The size the header declares, or null when there is no readable header of a PNG, a JPEG or a
 * GIF (truncated, another format, a JPEG whose scan starts before any frame header, a side of 0).
 */
export function imageSize(bytes: Uint8Array): ImageSize | null {
  if (isPng(bytes)) return pngSize(bytes);
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return jpegSize(bytes);
  if (bytes.length >= 6 && /^GIF8[79]a$/.test(ascii(bytes, 0, 6))) return gifSize(bytes);
  return null;
}

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const isPng = (b: Uint8Array) => b.length >= 8 && PNG_SIGNATURE.every((v, i) => b[i] === v);
const u16be = (b: Uint8Array, i: number) => (b[i]! << 8) | b[i + 1]!;
const u16le = (b: Uint8Array, i: number) => b[i]! | (b[i + 1]! << 8);
const u32be = (b: Uint8Array, i: number) => ((b[i]! << 24) >>> 0) + ((b[i + 1]! << 16) | (b[i + 2]! << 8) | b[i + 3]!);
const ascii = (b: Uint8Array, from: number, to: number) => String.fromCharCode(...b.subarray(from, to));
const sized = (format: ImageFormat, width: number, height: number): ImageSize | null => (width > 0 && height > 0 ? { format, width, height } : null);

/** PNG: the first chunk is IHDR (length 13), width and height as 32-bit big-endian. */
function pngSize(b: Uint8Array): ImageSize | null {
  if (b.length < 24 || ascii(b, 12, 16) !== 'IHDR') return null;
  return sized('image/png', u32be(b, 16), u32be(b, 20));
}

/**
 * JPEG: segments from SOI, each `FF marker` with a 16-bit length, until a frame header (SOF0–15
 * but DHT C4, JPG C8 and DAC CC; or DHP DE, which sizes a hierarchical image): precision, height,
 * width. APPn segments (an EXIF thumbnail's own SOF among them) are skipped whole by their length.
 */
function jpegSize(b: Uint8Array): ImageSize | null {
  let i = 2;
  while (i < b.length) {
    if (b[i] !== 0xff) return null;
    while (b[i] === 0xff) i++; // fill bytes
    const marker = b[i++];
    if (marker === undefined) return null;
    // Markers without a length: TEM, RST0–7, SOI.
    if (marker === 0x01 || (marker >= 0xd0 && marker <= 0xd8)) continue;
    // The image data (SOS) or its end came before any frame header.
    if (marker === 0xd9 || marker === 0xda) return null;
    if (i + 2 > b.length) return null;
    const length = u16be(b, i);
    if (length < 2) return null;
    const isFrame = (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc) || marker === 0xde;
    if (isFrame) {
      if (length < 7 || i + 7 > b.length) return null;
      // A height of 0 is given later (DNL): unknown here, so not taken.
      return sized('image/jpeg', u16be(b, i + 5), u16be(b, i + 3));
    }
    i += length;
  }
  return null;
}

/**
 * GIF: the logical screen (16-bit little-endian) — and every frame in the file, since a decoder
 * allocates a frame at its own size, and one placed beyond a 1 × 1 screen is as large as any: the
 * size is the screen grown to hold every frame. Blocks are walked by their lengths; a file cut
 * short keeps the frames read so far.
 */
function gifSize(b: Uint8Array): ImageSize | null {
  if (b.length < 10) return null;
  let width = u16le(b, 6);
  let height = u16le(b, 8);
  const colourTable = (flags: number) => (flags & 0x80 ? 3 * 2 ** ((flags & 0x07) + 1) : 0);
  /** Past a run of sub-blocks (each a length byte and its data; a 0 length ends the run). */
  const skipSubBlocks = (from: number) => {
    let at = from;
    while (at < b.length && b[at] !== 0) at += b[at]! + 1;
    return at + 1;
  };
  let i = 13 + (b.length > 10 ? colourTable(b[10]!) : 0);
  while (i < b.length) {
    const block = b[i]!;
    if (block === 0x3b) break; // trailer
    if (block === 0x21) {
      i = skipSubBlocks(i + 2); // extension: introducer, label, sub-blocks
    } else if (block === 0x2c) {
      if (i + 10 > b.length) break;
      width = Math.max(width, u16le(b, i + 1) + u16le(b, i + 5));
      height = Math.max(height, u16le(b, i + 3) + u16le(b, i + 7));
      i += 10 + colourTable(b[i + 9]!);
      i = skipSubBlocks(i + 1); // LZW minimum code size, then the image data
    } else break; // not a block of a GIF: what was read stands
  }
  return sized('image/gif', width, height);
}
