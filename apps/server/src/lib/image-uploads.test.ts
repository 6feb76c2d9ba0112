import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { rawRows } from './raw-sql';
import { ADMIN_PASSWORD, DEMO_PASSWORD, signIn, startTestApp, type TestContext } from '../test/harness';

/**
 * Issue 32 item 5: every image upload (a user's photo, a distributor's logo) reads the pixel
 * size from the image's header and refuses more than 4096 × 4096 with 91011 naming the field —
 * a 1 KB PNG declaring 60,000 × 60,000 was taken, and shown to every user of the distributor.
 */
let ctx: TestContext;
let admin: string;
let station: string;
beforeAll(async () => {
  ctx = await startTestApp({ config: { logLevel: 'error' } });
  admin = await signIn(ctx.app, 'admin', ADMIN_PASSWORD);
  station = await signIn(ctx.app, 'demo-station', DEMO_PASSWORD);
});
afterAll(() => ctx.close());

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
const crc32 = (data: Buffer) => {
  let c = 0xffffffff;
  for (const byte of data) c = CRC_TABLE[(c ^ byte) & 0xff]! ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
};
const chunk = (type: string, data: Buffer) => {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, 'latin1');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])));
  return Buffer.concat([head, data, crc]);
};
/**
 * A well-formed black PNG (1-bit grey, every chunk's CRC right) of `rows` rows — all of them for
 * a real image, a few for a bomb: its header declares the size, a decoder finds out the rest
 * only after allocating it.
 */
function png(width: number, height: number, rows = height): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 1; // bit depth
  header[9] = 0; // grey
  const raw = Buffer.alloc((1 + Math.ceil(width / 8)) * rows);
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), chunk('IHDR', header), chunk('IDAT', zlib.deflateSync(raw)), chunk('IEND', Buffer.alloc(0))]);
}
const be16 = (n: number) => [(n >> 8) & 0xff, n & 0xff];
const le16 = (n: number) => [n & 0xff, (n >> 8) & 0xff];
/** A baseline JPEG's headers: SOI, JFIF, a frame of this size, EOI. */
const jpeg = (width: number, height: number) =>
  Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 16, 0x4a, 0x46, 0x49, 0x46, 0, 1, 1, 0, 0, 1, 0, 1, 0, 0, 0xff, 0xc0, 0, 11, 8, ...be16(height), ...be16(width), 1, 1, 0x11, 0, 0xff, 0xd9]);
/** A GIF with a 1 × 1 screen and one frame of this size. */
const gif = (width: number, height: number) =>
  Buffer.from([...Buffer.from('GIF89a'), ...le16(1), ...le16(1), 0, 0, 0, 0x2c, 0, 0, 0, 0, ...le16(width), ...le16(height), 0, 2, 2, 0x4c, 0x01, 0, 0x3b]);
const dataUrl = (type: string, bytes: Buffer) => `data:${type};base64,${bytes.toString('base64')}`;

const BOMB = png(60_000, 60_000, 8);

describe('a user photo', () => {
  const upload = (fileName: string, url: string, language = 'en') =>
    ctx.app.inject({ method: 'POST', url: '/api/user/photo', headers: { cookie: station, language }, payload: { fileName, dataUrl: url } });
  const photos = () => {
    const dir = path.join(ctx.config.dataDir, 'files', 'photos');
    return fs.existsSync(dir) ? fs.readdirSync(dir).length : 0;
  };
  const photoOf = async () => (await ctx.app.inject({ method: 'GET', url: '/api/login/getInfo', headers: { cookie: station } })).json().data.photo as string | null;

  it('a 1 KB PNG declaring 60,000 × 60,000 pixels is refused with 91011 naming the image and both sizes; nothing is stored', async () => {
    expect(BOMB.length).toBeLessThan(1024);
    const before = { files: photos(), photo: await photoOf() };
    const res = await upload('bomb.png', dataUrl('image/png', BOMB));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 91011, msg: 'Image: must be at most 4096 × 4096 pixels (this one is 60000 × 60000)', data: { fields: [{ field: 'dataUrl', rule: 'imageDimensions' }] } });
    expect({ files: photos(), photo: await photoOf() }).toEqual(before);
  });

  it.each([
    ['zh_CN', '图片：不能超过 4096 × 4096 像素（此图片为 60000 × 60000）'],
    ['es', 'Imagen: debe medir como máximo 4096 × 4096 píxeles (esta mide 60000 × 60000)'],
    ['ar', 'الصورة: يجب ألا تتجاوز 4096 × 4096 بكسل (هذه الصورة 60000 × 60000)'],
  ])('the refusal is in the request’s language (%s)', async (language, msg) => {
    expect((await upload('bomb.png', dataUrl('image/png', BOMB), language)).json()).toMatchObject({ code: 91011, msg });
  });

  it.each([
    ['a JPEG of 60,000 × 100', 'image/jpeg', 'bomb.jpg', jpeg(60_000, 100), '60000 × 100'],
    ['a JPEG of 100 × 4097', 'image/jpeg', 'tall.jpeg', jpeg(100, 4097), '100 × 4097'],
    ['a GIF whose 1 × 1 screen holds a 60,000 × 60,000 frame', 'image/gif', 'bomb.gif', gif(60_000, 60_000), '60000 × 60000'],
    ['a PNG of 4097 × 1', 'image/png', 'wide.png', png(4097, 1), '4097 × 1'],
  ])('refuses %s', async (_name, type, fileName, bytes, dimensions) => {
    expect((await upload(fileName, dataUrl(type, bytes))).json()).toMatchObject({ code: 91011, msg: `Image: must be at most 4096 × 4096 pixels (this one is ${dimensions})` });
  });

  it('a PNG whose header has no size (no IHDR first) is no PNG', async () => {
    const headless = Buffer.concat([BOMB.subarray(0, 8), Buffer.from('\0\0\0\0IEND')]);
    expect((await upload('odd.png', dataUrl('image/png', headless))).json()).toMatchObject({ code: 91011, msg: 'Image: must be a JPEG, PNG or GIF image' });
  });

  it.each([
    ['a PNG of 4096 × 4096', 'image/png', 'full.png', png(4096, 4096)],
    ['a JPEG of 4032 × 3024 (a phone’s photo)', 'image/jpeg', 'phone.jpg', jpeg(4032, 3024)],
    ['a GIF of 64 × 64', 'image/gif', 'small.gif', gif(64, 64)],
  ])('takes %s', async (_name, type, fileName, bytes) => {
    const res = await upload(fileName, dataUrl(type, bytes));
    expect(res.json()).toMatchObject({ code: 1000 });
    expect(await photoOf()).toBe(res.json().data.photo);
  });
});

describe('a distributor logo', () => {
  const body = (logo: string | null) => ({ name: 'Bomb Fuels', contactName: 'Ana', phone: '0755-1234', logo, tankTypes: [] });
  const distributors = async () => (await rawRows<{ n: number }>(ctx.db, sql`select count(*)::int as n from distributors`))[0]!.n;

  it('a PNG declaring 60,000 × 60,000 is refused on create with 91011 naming the logo; no distributor is made', async () => {
    const before = await distributors();
    const res = await ctx.app.inject({ method: 'POST', url: '/api/distributor', headers: { cookie: admin }, payload: body(dataUrl('image/png', BOMB)) });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 91011, msg: 'Logo: must be at most 4096 × 4096 pixels (this one is 60000 × 60000)', data: { fields: [{ field: 'logo', rule: 'imageDimensions' }] } });
    expect(await distributors()).toBe(before);
  });

  it('…and on edit: the logo every user of the distributor sees stays as it was', async () => {
    const [demo] = await rawRows<{ id: number; logo: string | null }>(ctx.db, sql`select id, logo from distributors order by id limit 1`);
    const current = (await ctx.app.inject({ method: 'GET', url: `/api/distributor/${demo!.id}`, headers: { cookie: admin } })).json().data;
    const res = await ctx.app.inject({ method: 'PUT', url: `/api/distributor/${demo!.id}`, headers: { cookie: admin }, payload: { ...current, logo: dataUrl('image/jpeg', jpeg(60_000, 60_000)) } });
    expect(res.json()).toMatchObject({ code: 91011, msg: 'Logo: must be at most 4096 × 4096 pixels (this one is 60000 × 60000)' });
    const [after] = await rawRows<{ logo: string | null }>(ctx.db, sql`select logo from distributors where id = ${demo!.id}`);
    expect(after!.logo).toBe(demo!.logo);
  });

  it('a logo of 4096 × 4096 is taken', async () => {
    const res = await ctx.app.inject({ method: 'POST', url: '/api/distributor', headers: { cookie: admin }, payload: body(dataUrl('image/png', png(4096, 4096))) });
    expect(res.json()).toMatchObject({ code: 1000, data: { name: 'Bomb Fuels' } });
  });
});
