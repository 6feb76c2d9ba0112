import fs from 'node:fs';
import zlib from 'node:zlib';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FIRMWARE_MAX_BYTES } from '@ullage/domain/firmware';
import type { DeviceOverview } from '@ullage/contracts/device-commands';
import { ADMIN_PASSWORD, DEMO_PASSWORD, signIn, startTestApp, type TestContext } from '../../test/harness';
import { unzipWithin, ZipLimitError } from '../../lib/zip-limits';
import { asUser } from './test-device';

/**
 * Hostile uploads (issue 20 #18): every file a user can upload is refused with a clear error
 * naming the limit once it passes one, and reading it never holds the other requests — the
 * server's health answers quickly all the while. The files are built here, not committed.
 */
let ctx: TestContext;
let admin: ReturnType<typeof asUser>;
/** A company account: a role that may import a height-volume table (docs/roles.md: device:command), not the administrator. */
let company: ReturnType<typeof asUser>;
let tankId: number;

const body = (res: { json(): unknown }) => res.json() as { code: number; msg: string; data: { fields?: { field: string; rule: string; message: string }[] } };
const fieldsOf = (res: { json(): unknown }) => (body(res).data?.fields ?? []).map((f) => `${f.field}:${f.rule}`);

beforeAll(async () => {
  ctx = await startTestApp();
  admin = asUser(ctx.app, await signIn(ctx.app, 'admin', ADMIN_PASSWORD));
  company = asUser(ctx.app, await signIn(ctx.app, 'demo-company', DEMO_PASSWORD));
  const list = (await admin.get('/api/station/list?q=NWP-SH01')).json().data.list as { id: number; code: string }[];
  const overview = (await admin.get(`/api/device-params/station/${list.find((s) => s.code === 'NWP-SH01')!.id}`)).json().data as DeviceOverview;
  tankId = overview.tanks[0]!.id;
  // The reader thread starts once (seconds on a busy machine); start it before timing anything.
  await admin.upload(`/api/device-params/strapping-import?tankId=${tankId}&fileName=warm.csv`, Buffer.from('Height (mm),Volume (L)\n0,0\n100,900\n'));
}, 120_000);
afterAll(async () => {
  await ctx.close();
  fs.rmSync(ctx.config.dataDir, { recursive: true, force: true });
});

/**
 * A zip record (APPNOTE.TXT 4.3): `size` bytes starting with its signature, each field written
 * little-endian as [offset, bytes (2 or 4), value], the rest zero.
 */
function zipRecord(size: number, signature: number, fields: [offset: number, bytes: 2 | 4, value: number][]): Buffer {
  const record = Buffer.alloc(size);
  record.writeUInt32LE(signature, 0);
  for (const [offset, bytes, value] of fields) {
    if (bytes === 4) record.writeUInt32LE(value, offset);
    else record.writeUInt16LE(value, offset);
  }
  return record;
}

/** A zip of the given parts, deflated; `declare` overrides a part's declared unpacked size (a lying header). */
function zipOf(parts: { name: string; data: Buffer; declare?: number }[]): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const part of parts) {
    const name = Buffer.from(part.name);
    // Fast for the huge parts, tight for the rest (a 200,000-row sheet packs under 2 MB, as a spreadsheet program packs it).
    const packed = zlib.deflateRawSync(part.data, { level: part.data.length > 32 * 1024 * 1024 ? 1 : 9 });
    const size = part.declare ?? part.data.length;
    // Version 2.0 needed (and made by, in the directory), deflated, the packed and unpacked sizes, the name's length; the directory's entry also says where its part starts.
    const local = zipRecord(30, 0x04034b50, [[4, 2, 20], [8, 2, 8], [18, 4, packed.length], [22, 4, size], [26, 2, name.length]]);
    const central = zipRecord(46, 0x02014b50, [[4, 2, 20], [6, 2, 20], [10, 2, 8], [20, 4, packed.length], [24, 4, size], [28, 2, name.length], [42, 4, offset]]);
    locals.push(local, name, packed);
    centrals.push(central, name);
    offset += 30 + name.length + packed.length;
  }
  const directory = Buffer.concat(centrals);
  // The end of the directory: its entries (on this disk and in all), its length and where it starts.
  const end = zipRecord(22, 0x06054b50, [[8, 2, parts.length], [10, 2, parts.length], [12, 4, directory.length], [16, 4, offset]]);
  return Buffer.concat([...locals, directory, end]);
}

/** A real xlsx (exceljs) whose first sheet's XML is replaced by `sheetXml`. */
async function xlsxWithSheet(sheetXml: Buffer, declare?: number): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  workbook.addWorksheet('Sheet1').addRow(['Height (mm)', 'Volume (L)']);
  const parts = await unzipWithin(Buffer.from(await workbook.xlsx.writeBuffer()), { maxEntries: 100, maxUnzippedBytes: 1 << 24 });
  return zipOf([...parts].map(([name, data]) => (name === 'xl/worksheets/sheet1.xml' ? { name, data: sheetXml, declare } : { name, data })));
}

const sheetXml = (rows: string) =>
  Buffer.from(`<?xml version="1.0" encoding="UTF-8" standalone="yes"?><worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>${rows}</sheetData></worksheet>`);
const numberRows = (count: number) => {
  const rows = ['<row r="1"><c r="A1" t="inlineStr"><is><t>Height (mm)</t></is></c><c r="B1" t="inlineStr"><is><t>Volume (L)</t></is></c></row>'];
  for (let r = 2; r <= count + 1; r++) rows.push(`<row r="${r}"><c r="A${r}"><v>${r}</v></c><c r="B${r}"><v>${r * 10}</v></c></row>`);
  return rows.join('');
};

/**
 * Sends the upload and, while the server reads it, asks for its health every 20 ms: the
 * slowest answer shows whether reading the file held the event loop.
 */
async function whileHealthy(send: () => Promise<{ json(): unknown; statusCode: number }>) {
  let done = false;
  let slowest = 0;
  let answers = 0;
  const probe = (async () => {
    while (!done) {
      const start = performance.now();
      const res = await ctx.app.inject({ method: 'GET', url: '/api/health' });
      expect(res.statusCode).toBe(200);
      slowest = Math.max(slowest, performance.now() - start);
      answers++;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  })();
  const res = await send();
  done = true;
  await probe;
  return { res, slowest, answers };
}

const importAs = (who: ReturnType<typeof asUser>, name: string, bytes: Buffer) => who.upload(`/api/device-params/strapping-import?tankId=${tankId}&fileName=${name}`, bytes);
/** Health must answer within this while an upload is read (a file parsed on the event loop took seconds). */
const HEALTHY_MS = 400;

describe('height-volume import: hostile files are refused by their limits, the server answering meanwhile', () => {
  it('an xlsx of a few hundred KB holding one cell of 300 MB: refused by its unpacked size before it is inflated', async () => {
    const cell = Buffer.alloc(300 * 1024 * 1024, 'A');
    const xml = Buffer.concat([sheetXml('<row r="1"><c r="A1" t="inlineStr"><is><t>').subarray(0, -('</sheetData></worksheet>'.length)), cell, Buffer.from('</t></is></c></row></sheetData></worksheet>')]);
    const file = await xlsxWithSheet(xml);
    expect(file.length).toBeLessThan(2 * 1024 * 1024);
    for (const who of [admin, company]) {
      const { res, slowest } = await whileHealthy(() => importAs(who, 'bomb.xlsx', file));
      expect(res.statusCode).toBe(400);
      expect(body(res).code).toBe(91011);
      expect(fieldsOf(res)).toEqual(['importFile:importUnzippedSize']);
      expect(body(res).msg).toBe('File: unpacks to more than 8 MB (the limit for a height-volume table file)');
      expect(slowest).toBeLessThan(HEALTHY_MS);
    }
  }, 120_000);

  it('the same cell behind a lying header (declared 1 KB) is stopped while inflating', async () => {
    const cell = Buffer.alloc(64 * 1024 * 1024, 'A');
    const file = await xlsxWithSheet(Buffer.concat([Buffer.from('<worksheet><sheetData><row r="1"><c r="A1" t="inlineStr"><is><t>'), cell]), 1024);
    const { res, slowest } = await whileHealthy(() => importAs(admin, 'liar.xlsx', file));
    expect(fieldsOf(res)).toEqual(['importFile:importUnzippedSize']);
    expect(slowest).toBeLessThan(HEALTHY_MS);
  }, 120_000);

  it('an xlsx of 200,000 rows (under 2 MB packed) is refused; so is one of 5,000 rows, by the row limit', async () => {
    const big = await xlsxWithSheet(sheetXml(numberRows(200_000)));
    expect(big.length).toBeLessThan(2 * 1024 * 1024);
    const first = await whileHealthy(() => importAs(admin, 'rows.xlsx', big));
    expect(fieldsOf(first.res)).toEqual(['importFile:importUnzippedSize']);
    expect(first.slowest).toBeLessThan(HEALTHY_MS);

    const tall = await xlsxWithSheet(sheetXml(numberRows(5_000)));
    const second = await whileHealthy(() => importAs(company, 'tall.xlsx', tall));
    expect(fieldsOf(second.res)).toEqual(['importFile:importRows']);
    expect(body(second.res).msg).toBe('File: has more than 4000 rows (the limit for a height-volume table file)');
    expect(second.slowest).toBeLessThan(HEALTHY_MS);
  }, 120_000);

  it('a csv of 400,000 lines (1.6 MB) is refused by the row limit; a cell of 1,000 characters by the cell limit', async () => {
    const lines = Buffer.from(`Height (mm),Volume (L)\n${'1,2\n'.repeat(400_000)}`);
    expect(lines.length).toBeGreaterThan(1.5 * 1024 * 1024);
    const { res, slowest } = await whileHealthy(() => importAs(company, 'lines.csv', lines));
    expect(fieldsOf(res)).toEqual(['importFile:importRows']);
    expect(slowest).toBeLessThan(HEALTHY_MS);

    const long = await importAs(admin, 'long.csv', Buffer.from(`Height (mm),Volume (L)\n0,0\n100,${'9'.repeat(1000)}\n`));
    expect(fieldsOf(long)).toEqual(['importFile:importCellLength']);
    expect(body(long).msg).toBe('File: has a cell longer than 256 characters in row 3 (the limit for one cell)');
  }, 120_000);

  it('a file over the upload limit (2 MB) is refused before it is read, naming the limit', async () => {
    const res = await importAs(admin, 'huge.csv', Buffer.alloc(3 * 1024 * 1024, 'A'));
    expect(res.statusCode).toBe(400);
    expect(fieldsOf(res)).toEqual(['request:bodyTooLarge']);
    expect(body(res).msg).toContain('is larger than 2 MB (the limit for this upload)');
  });

  it('a template within the limits still imports', async () => {
    const res = await importAs(admin, 'ok.xlsx', await xlsxWithSheet(sheetXml(numberRows(2_000))));
    expect(body(res).code).toBe(1000);
  });
});

describe('unzipWithin', () => {
  it('refuses too many parts, and a zip that is not one', async () => {
    const many = zipOf(Array.from({ length: 5 }, (_, i) => ({ name: `p${i}`, data: Buffer.from('x') })));
    await expect(unzipWithin(many, { maxEntries: 4, maxUnzippedBytes: 100 })).rejects.toEqual(new ZipLimitError('zipEntries', 4));
    await expect(unzipWithin(Buffer.from('not a zip at all, really not'), { maxEntries: 4, maxUnzippedBytes: 100 })).rejects.toEqual(new ZipLimitError('unreadable'));
    expect((await unzipWithin(many, { maxEntries: 5, maxUnzippedBytes: 5 })).get('p4')?.toString()).toBe('x');
  });

  it('refuses a zip whose directory is whole but whose entry is damaged, as unreadable', async () => {
    const damaged = Buffer.from(zipOf([{ name: 'a.xml', data: Buffer.from('<a/>') }]));
    damaged.writeUInt32LE(0, 0); // the first entry's local header signature
    await expect(unzipWithin(damaged, { maxEntries: 4, maxUnzippedBytes: 100 })).rejects.toEqual(new ZipLimitError('unreadable'));
  });
});

describe('firmware and images: the upload limits', () => {
  it('firmware over 64 MB is refused naming the limit, the server answering meanwhile', async () => {
    const file = Buffer.alloc(FIRMWARE_MAX_BYTES + 1024 * 1024, 1);
    const { res, slowest } = await whileHealthy(() => admin.upload('/api/device-firmware?fileName=fw.bin&version=20261122&deviceType=ullage-collector', file));
    expect(res.statusCode).toBe(400);
    expect(fieldsOf(res)).toEqual(['request:bodyTooLarge']);
    expect(body(res).msg).toContain('is larger than 64 MB (the limit for this upload)');
    expect(slowest).toBeLessThan(HEALTHY_MS);
  }, 60_000);

  it('a photo over 250 KB, and a request over the photo upload limit, are refused naming the limit', async () => {
    const png = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(260 * 1024)]);
    const res = await admin.post('/api/user/photo', { fileName: 'me.png', dataUrl: `data:image/png;base64,${png.toString('base64')}` });
    expect(fieldsOf(res)).toEqual(['dataUrl:imageSize']);
    const huge = await admin.post('/api/user/photo', { fileName: 'me.png', dataUrl: `data:image/png;base64,${Buffer.alloc(600 * 1024).toString('base64')}` });
    expect(fieldsOf(huge)).toEqual(['request:bodyTooLarge']);
    expect(body(huge).msg).toContain('is larger than 512 KB');
  });
});
