// Draws the Ullage mark (apps/web/src/components/ullage-logo.tsx) into the PNG icons the web
// app manifest needs, with Node's own zlib: no image library. Run from the repository root:
//   node scripts/make-app-icons.mjs
// The mark is drawn from its 32×32 geometry with signed distances, 4×4 samples a pixel.
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

const OUT = 'apps/web/public/icons';
const BLUE = [0x0f, 0x4c, 0x81];
const FUEL = [0xf5, 0xa6, 0x23];
const WHITE = [0xff, 0xff, 0xff];

const sdRoundRect = (x, y, cx, cy, hw, hh, r) => {
  const qx = Math.abs(x - cx) - (hw - r);
  const qy = Math.abs(y - cy) - (hh - r);
  return Math.hypot(Math.max(qx, 0), Math.max(qy, 0)) + Math.min(Math.max(qx, qy), 0) - r;
};
const sdSegment = (x, y, ax, ay, bx, by) => {
  const px = x - ax, py = y - ay, dx = bx - ax, dy = by - ay;
  const h = Math.max(0, Math.min(1, (px * dx + py * dy) / (dx * dx + dy * dy)));
  return Math.hypot(px - dx * h, py - dy * h);
};

/** The colour (rgba) of one point of the mark in logo units; `fullBleed` fills the square. */
function sample(u, v, fullBleed) {
  const inBg = fullBleed ? u >= 0 && u <= 32 && v >= 0 && v <= 32 : sdRoundRect(u, v, 16, 16, 16, 16, 7) <= 0;
  if (!inBg) return null;
  let color = BLUE;
  const capsule = sdRoundRect(u, v, 16, 16.5, 11, 7.5, 7.5);
  if (capsule <= 0 && v >= 16) color = FUEL;
  if (Math.abs(capsule) <= 1) color = WHITE;
  if (sdSegment(u, v, 16, 5, 16, 19) <= 1) color = WHITE;
  return color;
}

/** `size` pixels square; the mark scaled to `scale` of the square (maskable icons keep it in the safe zone). */
function draw(size, { fullBleed, scale }) {
  const n = 4;
  const pixels = Buffer.alloc(size * size * 4);
  const unit = 32 / (size * scale);
  const offset = (32 - 32 / scale) / 2;
  for (let y = 0; y < size; y++) {
    for (let x = 0; x < size; x++) {
      let r = 0, g = 0, b = 0, a = 0;
      for (let sy = 0; sy < n; sy++) {
        for (let sx = 0; sx < n; sx++) {
          const u = (x + (sx + 0.5) / n) * unit + offset;
          const v = (y + (sy + 0.5) / n) * unit + offset;
          // Outside the mark's own square a full-bleed icon is plain background.
          const c = fullBleed && (u < 0 || u > 32 || v < 0 || v > 32) ? BLUE : sample(u, v, fullBleed);
          if (!c) continue;
          r += c[0]; g += c[1]; b += c[2]; a += 1;
        }
      }
      const i = (y * size + x) * 4;
      if (a > 0) {
        pixels[i] = Math.round(r / a);
        pixels[i + 1] = Math.round(g / a);
        pixels[i + 2] = Math.round(b / a);
      }
      pixels[i + 3] = Math.round((a / (n * n)) * 255);
    }
  }
  return png(size, size, pixels);
}

const crcTable = Array.from({ length: 256 }, (_, k) => {
  let c = k;
  for (let i = 0; i < 8; i++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
const crc32 = (buf) => {
  let c = 0xffffffff;
  for (const byte of buf) c = crcTable[(c ^ byte) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
};
function chunk(type, data) {
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([len, body, crc]);
}
function png(width, height, rgba) {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bit depth
  header[9] = 6; // RGBA
  const rows = Buffer.alloc((width * 4 + 1) * height);
  for (let y = 0; y < height; y++) rgba.copy(rows, y * (width * 4 + 1) + 1, y * width * 4, (y + 1) * width * 4);
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), chunk('IHDR', header), chunk('IDAT', zlib.deflateSync(rows, { level: 9 })), chunk('IEND', Buffer.alloc(0))]);
}

fs.mkdirSync(OUT, { recursive: true });
const icons = [
  ['icon-192.png', 192, { fullBleed: false, scale: 1 }],
  ['icon-512.png', 512, { fullBleed: false, scale: 1 }],
  // Maskable: the platform cuts its own shape; the mark stays inside the central 80 %.
  ['icon-maskable-192.png', 192, { fullBleed: true, scale: 0.72 }],
  ['icon-maskable-512.png', 512, { fullBleed: true, scale: 0.72 }],
  // iOS rounds the corners itself and shows transparency as black.
  ['apple-touch-icon.png', 180, { fullBleed: true, scale: 0.86 }],
];
for (const [name, size, options] of icons) {
  fs.writeFileSync(path.join(OUT, name), draw(size, options));
  console.log(name, fs.statSync(path.join(OUT, name)).size, 'bytes');
}
