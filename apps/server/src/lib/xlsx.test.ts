import { PassThrough } from 'node:stream';
import ExcelJS from 'exceljs';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { columnsOver, EXPORT_ROWS_HEADER, excelDay, excelTime, inBatches, rowCountOf, sendXlsx, sheetOf, workbookBuffer, workbookOf, writeWorkbook, xlsxOf, type SheetColumn } from './xlsx';
import { readBook } from '../test/xlsx-cells';

/** Issue 20 item 13: days and times are date cells that sort and filter as dates; Arabic sheets read right to left. */
interface Row {
  day: string;
  at: string | null;
  note: string;
}
const columns: SheetColumn<Row>[] = [
  { header: 'Day', value: (r) => excelDay(r.day) },
  { header: 'Time', value: (r) => excelTime(r.at, 'Asia/Shanghai') },
  { header: 'Note', value: (r) => r.note },
];
const rows: Row[] = [
  { day: '2026-10-31', at: '2026-10-30T16:05:09.750Z', note: 'a' },
  { day: '2026-11-01', at: null, note: 'b' },
];

async function read(language: 'en' | 'ar') {
  return (await readBook(await workbookBuffer(await xlsxOf('Sheet', columns, rows, language)))).worksheets[0]!;
}

describe('the xlsx writer (lib/xlsx.ts)', () => {
  it('writes days and station times as date cells holding the station’s wall clock, with a date format', async () => {
    const sheet = await read('en');
    const day = sheet.getRow(2).getCell(1);
    const time = sheet.getRow(2).getCell(2);
    expect(day.type).toBe(ExcelJS.ValueType.Date);
    expect(time.type).toBe(ExcelJS.ValueType.Date);
    // Excel has no zones: 16:05:09 UTC is 00:05:09 in Shanghai, the time the page shows, in whole seconds.
    expect((time.value as Date).toISOString()).toBe('2026-10-31T00:05:09.000Z');
    expect((day.value as Date).toISOString()).toBe('2026-10-31T00:00:00.000Z');
    expect([day.numFmt, time.numFmt]).toEqual(['yyyy-mm-dd', 'yyyy-mm-dd hh:mm:ss']);
    // A missing time stays an empty cell; text stays text.
    expect(sheet.getRow(3).getCell(2).value).toBe('');
    expect(sheet.getRow(2).getCell(3).type).toBe(ExcelJS.ValueType.String);
  });

  it('turns an Arabic sheet right to left, and no other', async () => {
    expect((await read('ar')).views[0]).toMatchObject({ rightToLeft: true, state: 'frozen', ySplit: 1 });
    expect((await read('en')).views[0]?.rightToLeft ?? false).toBe(false);
  });
});

describe('columns over the rows as a report keeps them', () => {
  it('makes each row once, as it is written, and the sheet reads as if made before', async () => {
    const made: number[] = [];
    const columns: SheetColumn<{ n: number; square: number }>[] = [
      { header: 'n', value: (r) => r.n },
      { header: 'square', value: (r) => r.square },
    ];
    const sources = [1, 2, 2, 3];
    const book = await workbookOf([sheetOf('S', columnsOver(columns, (n: number) => (made.push(n), { n, square: n * n })), sources)], 'en');
    expect(made).toEqual([]);
    const sheet = (await readBook(await workbookBuffer(book))).worksheets[0]!;
    expect([2, 3, 4, 5].map((r) => [sheet.getRow(r).getCell(1).value, sheet.getRow(r).getCell(2).value])).toEqual([
      [1, 1],
      [2, 4],
      [2, 4],
      [3, 9],
    ]);
    // One make a row: the two cells of a row share it (the two 2s are one value, made again only as a new row's).
    expect(made).toEqual([1, 2, 3]);
  });
});

/** Issue 35 item 3: an export streams its file, a row at a time, within a bounded memory. */
describe('the streaming xlsx writer', () => {
  it('keeps the header row, widths, sheets and the reply’s headers, and counts the rows of every sheet', async () => {
    const app = Fastify();
    app.get('/export', async (_request, reply) =>
      sendXlsx(
        reply,
        'Ventas 销售',
        await workbookOf([sheetOf('Shift sales by tank, product and day: long', columns, rows), sheetOf('Notes', [{ header: 'Line', width: 40, value: (n: string) => n }], ['x'])], 'ar'),
      ),
    );
    try {
      const res = await app.inject({ method: 'GET', url: '/export' });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-disposition']).toBe(`attachment; filename="Ventas __.xlsx"; filename*=UTF-8''Ventas%20%E9%94%80%E5%94%AE.xlsx`);
      expect(res.headers['cache-control']).toBe('no-store');
      expect(res.headers[EXPORT_ROWS_HEADER]).toBe('3');
      const book = await readBook(res.rawPayload);
      expect(book.creator).toBe('Ullage');
      // Excel's 31 characters, and none of : \ / ? * [ ].
      expect(book.worksheets.map((s) => s.name)).toEqual(['Shift sales by tank, product an', 'Notes']);
      const [first, notes] = book.worksheets;
      expect(first!.getRow(1).values).toEqual([undefined, 'Day', 'Time', 'Note']);
      expect(first!.getRow(1).getCell(3).font?.bold).toBe(true);
      expect(first!.views[0]).toMatchObject({ state: 'frozen', ySplit: 1, rightToLeft: true });
      expect(first!.columns.map((c) => c.width)).toEqual([12, 12, 12]);
      expect(first!.getRow(2).getCell(1).numFmt).toBe('yyyy-mm-dd');
      expect(notes!.getColumn(1).width).toBe(40);
      expect(notes!.getRow(2).getCell(1).value).toBe('x');
    } finally {
      await app.close();
    }
  });

  it('finishes rows a batch at a time as it writes them, each twice the one before, in order, counted ahead; a batch that fails cuts the file', async () => {
    const finished: number[][] = [];
    const finish = async (batch: number[]) => {
      finished.push(batch);
      if (batch.includes(5)) throw new Error('the second batch cannot be finished');
      return batch.map((n) => `row ${n}`);
    };
    const sheet = (count: number) => xlsxOf('Rows', [{ header: 'Row', value: (r: string) => r }], inBatches(Array.from({ length: count }, (_, i) => i), finish, 2), 'en');
    const five = await sheet(5);
    // Nothing is finished until the file is written.
    expect(finished).toEqual([]);
    expect(rowCountOf(five)).toBe(5);
    const book = await readBook(await workbookBuffer(five));
    expect(finished).toEqual([[0, 1], [2, 3, 4]]);
    expect(book.worksheets[0]!.getColumn(1).values.slice(1)).toEqual(['Row', 'row 0', 'row 1', 'row 2', 'row 3', 'row 4']);

    finished.length = 0;
    await expect(writeWorkbook(await sheet(12), new PassThrough())).rejects.toThrow('the second batch cannot be finished');
    // The batches after the failing one are not asked for.
    expect(finished).toEqual([[0, 1], [2, 3, 4, 5]]);
  });

  // A history export's shape: 12 columns, text, numbers and a time, one text distinct per row.
  const ROWS = 50_000;
  function wideSheet(written: { rows: number }, count = ROWS, failAt = Infinity) {
    const at = Date.parse('2026-10-30T00:00:00Z');
    const cols: SheetColumn<number>[] = [
      { header: 'Station', value: () => 'Estación Norte' },
      { header: 'Tank', value: (i) => `T${i % 8}` },
      {
        header: 'Time',
        value: (i) => {
          if (i === failAt) throw new Error('a value that cannot be written');
          written.rows = i + 1;
          return excelTime(new Date(at + i * 60_000).toISOString(), 'Asia/Shanghai');
        },
      },
      { header: 'Note', value: (i) => `reading ${i}` },
      ...Array.from({ length: 8 }, (_, c) => ({ header: `Figure ${c}`, value: (i: number) => Math.round((i * (c + 1) * 7.31) % 100_000) / 10 })),
    ];
    return xlsxOf('History', cols, Array.from({ length: count }, (_, i) => i), 'en');
  }

  it('sends its first bytes long before the last row, its heap growth bounded (50,000 rows)', async () => {
    const written = { rows: 0 };
    const book = await wideSheet(written);
    const out = new PassThrough();
    let rowsAtFirstByte = -1;
    let bytes = 0;
    let peak = 0;
    const memory = () => process.memoryUsage().heapUsed + process.memoryUsage().arrayBuffers;
    const baseline = memory();
    out.on('data', (chunk: Buffer) => {
      if (rowsAtFirstByte < 0) rowsAtFirstByte = written.rows;
      bytes += chunk.length;
      peak = Math.max(peak, memory());
    });
    await writeWorkbook(book, out);
    expect(written.rows).toBe(ROWS);
    expect(rowsAtFirstByte).toBeGreaterThanOrEqual(0);
    expect(rowsAtFirstByte).toBeLessThan(ROWS / 10);
    expect(bytes).toBeGreaterThan(1_000_000);
    // The in-memory writer grew the heap by about 670 MB for these rows; the stream, by about 45.
    expect((peak - baseline) / 2 ** 20).toBeLessThan(150);
  });

  it('waits for a reader that does not read, and goes on when it does', async () => {
    const written = { rows: 0 };
    const out = new PassThrough();
    const done = writeWorkbook(await wideSheet(written, 20_000), out);
    // The writer runs on until the zip's window and a megabyte of sheet wait (some 6,500 rows
    // here), then stops.
    let whileStalled = -1;
    for (let tries = 0; tries < 50 && whileStalled !== written.rows; tries++) {
      whileStalled = written.rows;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    expect(written.rows).toBe(whileStalled);
    expect(whileStalled).toBeLessThan(10_000);
    let bytes = Buffer.alloc(0);
    out.on('data', (chunk: Buffer) => (bytes = Buffer.concat([bytes.subarray(-22), chunk])));
    await done;
    expect(written.rows).toBe(20_000);
    // The zip's end of central directory record closes the file.
    expect(bytes.subarray(-22).readUInt32LE(0)).toBe(0x06054b50);
  });

  it('cuts the response short on an error after the first bytes, and stops when the client goes', async () => {
    const written = { rows: 0 };
    const failing = await wideSheet(written, 20_000, 10_000);
    // The aborted fetch's socket would keep close() waiting (undici's, whatever the payload).
    const app = Fastify({ forceCloseConnections: true });
    app.get('/fails', async (_request, reply) => sendXlsx(reply, 'x', failing));
    const abandoned = { rows: 0 };
    app.get('/abandoned', async (_request, reply) => sendXlsx(reply, 'x', await wideSheet(abandoned)));
    try {
      const base = await app.listen({ port: 0, host: '127.0.0.1' });
      const res = await fetch(`${base}/fails`);
      expect(res.status).toBe(200);
      expect(res.headers.get(EXPORT_ROWS_HEADER)).toBe('20000');
      await expect(res.arrayBuffer()).rejects.toThrow();
      expect(written.rows).toBe(10_000);

      const controller = new AbortController();
      const reading = await fetch(`${base}/abandoned`, { signal: controller.signal });
      const reader = reading.body!.getReader();
      await reader.read();
      controller.abort();
      await new Promise((resolve) => setTimeout(resolve, 300));
      const stoppedAt = abandoned.rows;
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(abandoned.rows).toBe(stoppedAt);
      expect(stoppedAt).toBeLessThan(ROWS);
    } finally {
      await app.close();
    }
  });
});
