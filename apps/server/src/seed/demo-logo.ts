import zlib from 'node:zlib';

/**
 * The demo distributor's logo: a 96×96 PNG (a fuel drop on a teal disc) drawn here so the
 * repository holds no binary and the logo obeys the upload rule (png, under 1 MB).
 */
export function demoLogoDataUrl(): string {
  const size = 96;
  const raw = Buffer.alloc((size * 4 + 1) * size);
  for (let y = 0; y < size; y++) {
    raw[y * (size * 4 + 1)] = 0; // filter: none
    for (let x = 0; x < size; x++) {
      const dx = x - size / 2 + 0.5;
      const dy = y - size / 2 + 0.5;
      const inDisc = dx * dx + dy * dy <= (size / 2 - 2) ** 2;
      // A drop: a circle below with a point on top.
      const cy = size * 0.6;
      const r = size * 0.2;
      const inBulb = dx * dx + (y - cy) ** 2 <= r * r;
      const inTip = y >= size * 0.2 && y < cy && Math.abs(dx) <= ((y - size * 0.2) / (cy - size * 0.2)) * r;
      const o = y * (size * 4 + 1) + 1 + x * 4;
      const [red, green, blue, alpha] = inBulb || inTip ? [255, 255, 255, 255] : inDisc ? [0, 128, 128, 255] : [0, 0, 0, 0];
      raw[o] = red;
      raw[o + 1] = green;
      raw[o + 2] = blue;
      raw[o + 3] = alpha;
    }
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header[8] = 8; // bit depth
  header[9] = 6; // RGBA
  const png = Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', zlib.deflateSync(raw)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
  return `data:image/png;base64,${png.toString('base64')}`;
}

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(zlib.crc32(body));
  return Buffer.concat([length, body, crc]);
}
