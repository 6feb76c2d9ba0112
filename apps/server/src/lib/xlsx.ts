import type ExcelJS from 'exceljs';
import { PassThrough, type Writable } from 'node:stream';
import { finished } from 'node:stream/promises';
import type { FastifyReply } from 'fastify';
import { isRightToLeft, type Language } from '@ullage/domain/languages';
import { knownZoneOr, VIEWER_ZONE_HEADER, zoneOffsetMs } from '@ullage/domain/zoned-time';

/** A day or a time of day for a date cell: made by excelDay and excelTime. */
export interface ExcelDate {
  excel: 'day' | 'time';
  /** The wall-clock day or time, read in UTC (see excelTime). */
  wall: Date;
}

export type CellValue = string | number | boolean | Date | ExcelDate | null | undefined;

export interface SheetColumn<T> {
  header: string;
  width?: number;
  value: (row: T) => CellValue;
}

/** How the date cells show: ISO order, as the pages write days and times. */
const DATE_FORMATS: Record<ExcelDate['excel'], string> = { day: 'yyyy-mm-dd', time: 'yyyy-mm-dd hh:mm:ss' };

/**
 * A station time for a date cell, so that a spreadsheet sorts and filters it as a date. Excel
 * has no time zones: a date cell holds a wall-clock time. It must hold the station's own wall
 * clock, the time the page shows for that station; ExcelJS writes a Date by its UTC reading, so
 * the time goes in as the Date whose UTC reading is that wall-clock time (whole seconds, as shown).
 */
export function excelTime(iso: string | null | undefined, timezone: string): ExcelDate | null {
  if (!iso) return null;
  const instant = Math.floor(Date.parse(iso) / 1000) * 1000;
  return { excel: 'time', wall: new Date(instant + zoneOffsetMs(instant, timezone)) };
}

/** A station day, YYYY-MM-DD, for a date cell (its 00:00, read in UTC as excelTime's are). */
export function excelDay(day: string | null | undefined): ExcelDate | null {
  return day ? { excel: 'day', wall: new Date(`${day}T00:00:00Z`) } : null;
}

/** The zone an export request names for times of no station (web: the viewer's), else UTC. */
export function viewerZoneOf(headers: Record<string, string | string[] | undefined>): string {
  const value = headers[VIEWER_ZONE_HEADER];
  return knownZoneOr(typeof value === 'string' ? value : undefined);
}

/**
 * A settings list's "created at" (or "modified at") column: a date cell in the viewer's clock,
 * as the page shows it, the zone named in the header since the sheet may travel.
 */
export function viewerTimeColumn<T>(header: string, zone: string, value: (row: T) => string | null | undefined): SheetColumn<T> {
  return { header: `${header} (${zone})`, width: 22, value: (row) => excelTime(value(row), zone) };
}

/**
 * Columns over the rows as a report keeps them (`source`), each made into the row the columns
 * read only as it is written (columns are read in order, row by row: the last made row is
 * reused). An export of 40,000 figured periods then sends its first bytes before making any
 * row, and holds one made row at a time rather than all of them.
 */
export function columnsOver<S, T>(columns: readonly SheetColumn<T>[], make: (source: S) => T): SheetColumn<S>[] {
  let last: S | undefined;
  let made: T | undefined;
  const rowOf = (source: S): T => {
    if (source !== last || made === undefined) {
      last = source;
      made = make(source);
    }
    return made;
  };
  return columns.map((c) => ({ ...c, value: (source: S) => c.value(rowOf(source)) }));
}

const isExcelDate = (v: CellValue): v is ExcelDate => typeof v === 'object' && v !== null && !(v instanceof Date) && 'excel' in v;

/**
 * Rows finished a batch at a time as the file is written: what a page does for its few rows (the
 * sales during each drop, a month's reconciliation) an export does for each batch in turn rather
 * than for all of them before its first byte. `count` is known ahead, for x-export-rows.
 */
export interface RowBatches<T> {
  count: number;
  batches: () => AsyncIterable<T[]>;
}

/** A sheet's rows: all made, or made in batches as they are written (inBatches). */
export type SheetRows<T> = T[] | RowBatches<T>;

/** Rows in the first batch an export finishes: they reach the client after that batch's work only. */
export const EXPORT_FIRST_BATCH_ROWS = 200;
/**
 * Each batch is twice the one before, up to this: a batch's statements cost the same whatever
 * its size, and 9,316 deliveries finished 200 at a time doubled the export's PostgreSQL time
 * (263 → 549 ms at 1,000 tanks). Doubling keeps the first byte early and the batches few.
 */
const EXPORT_MAX_BATCH_ROWS = 6_400;

/** `sources` finished by `finish` a batch at a time (`first` rows, then twice as many each time), in order, as the file is written. */
export function inBatches<S, T>(sources: readonly S[], finish: (batch: S[]) => Promise<T[]>, first = EXPORT_FIRST_BATCH_ROWS): RowBatches<T> {
  return {
    count: sources.length,
    batches: async function* () {
      for (let at = 0, size = first; at < sources.length; at += size, size = Math.min(size * 2, EXPORT_MAX_BATCH_ROWS)) yield await finish(sources.slice(at, at + size));
    },
  };
}

const countOf = (rows: SheetRows<unknown>) => (Array.isArray(rows) ? rows.length : rows.count);
const batchesOf = <T>(rows: SheetRows<T>): Iterable<T[]> | AsyncIterable<T[]> => (Array.isArray(rows) ? [rows] : rows.batches());

export interface Sheet<T> {
  name: string;
  columns: SheetColumn<T>[];
  rows: SheetRows<T>;
}

/**
 * A workbook to write: its sheets and the language that sets their direction. It is only a
 * description; sendXlsx writes it into the response a row at a time (writeWorkbook), so what an
 * export holds beyond its rows is a row, the zip's window and its distinct texts, not the file.
 */
export interface Workbook {
  sheets: Sheet<never>[];
  language: Language | undefined;
}

/**
 * A workbook of sheets, each a bold, frozen header row (already localised by the caller) and
 * one line per row. Days and times go in as date cells with a date format; an Arabic workbook
 * reads right to left, as the page does.
 */
export async function workbookOf(sheets: Sheet<never>[], language: Language | undefined): Promise<Workbook> {
  // Loaded now, while a failure can still be an error answer rather than a broken file.
  await loadExcelJs();
  return { sheets, language };
}

export const sheetOf = <T>(name: string, columns: SheetColumn<T>[], rows: SheetRows<T>) => ({ name, columns, rows }) as unknown as Sheet<never>;

/** One worksheet (workbookOf); `language` is the caller's, for the sheet's direction. */
export async function xlsxOf<T>(sheetName: string, columns: SheetColumn<T>[], rows: SheetRows<T>, language: Language | undefined): Promise<Workbook> {
  return workbookOf([sheetOf(sheetName, columns, rows)], language);
}

/** The data rows of a workbook, all sheets: the x-export-rows header, for the page's progress. */
export const rowCountOf = (book: Workbook) => book.sheets.reduce((n, s) => n + countOf(s.rows), 0);

/**
 * Names Excel accepts for the sheets, in order: at most 31 characters, none of : \ / ? * [ ],
 * no quote at either end, not its reserved "History", no two alike. (exceljs's in-memory
 * workbook refused other names; its streaming writer writes whatever it is given.)
 */
function sheetNamesOf(names: string[]): string[] {
  const used = new Set<string>();
  return names.map((name) => {
    let base = name.replace(/[:\\/?*[\]]/g, '_').replace(/^'+|'+$/g, '').slice(0, 31) || 'Sheet';
    if (base.toLowerCase() === 'history') base = `${base} 1`;
    let unique = base;
    for (let n = 2; used.has(unique.toLowerCase()); n++) unique = `${base.slice(0, 31 - ` (${n})`.length)} (${n})`;
    used.add(unique.toLowerCase());
    return unique;
  });
}

/**
 * One style object per kind of cell, shared by every cell of that kind. exceljs finds a cell's
 * style id through a WeakMap keyed by the style object, and gives each new cell a fresh `{}`:
 * every cell was a miss, its style rendered to XML and looked up again — most of an export's
 * time. A shared object is looked up once. By kind, not one for all: exceljs files the first
 * style it sees under the id of that cell's type (a number's "General" format, a text's none).
 */
const CELL_STYLES = {
  day: { numFmt: DATE_FORMATS.day },
  time: { numFmt: DATE_FORMATS.time },
  string: {},
  number: {},
  boolean: {},
  date: {},
} as const satisfies Record<string, Partial<ExcelJS.Style>>;

function styleOf(v: CellValue): Partial<ExcelJS.Style> {
  if (isExcelDate(v)) return CELL_STYLES[v.excel];
  if (v instanceof Date) return CELL_STYLES.date;
  return typeof v === 'number' ? CELL_STYLES.number : typeof v === 'boolean' ? CELL_STYLES.boolean : CELL_STYLES.string;
}

/** Rows written between two looks at the zip's backlog (and two turns of the event loop). */
const ROWS_PER_TURN = 100;
/** The sheet bytes the zip may hold back before the writer waits for it: its memory bound. */
const MAX_BACKLOG_BYTES = 1 << 20;

/**
 * The zip's buffers and compression. Archiver's default buffers, a megabyte on each side of each
 * of its two streams, would hold back about 4 MB of compressed sheet (some 25,000 rows) from a
 * slow client. Its default zlib level, the fastest, made files a quarter larger than the
 * in-memory writer's (4.1 MB against 3.3 for 50,000 history rows); level 6 makes them the same
 * size in the same time, deflate running beside the writer on libuv's threads.
 */
const ZIP_OPTIONS = { highWaterMark: 64 * 1024, zlib: { level: 6 } };

/**
 * The bytes of a sheet's XML the zip has not compressed yet. exceljs hands a sheet's XML on to
 * the zip (archiver) without waiting (its StreamBuf ignores write()'s answer), so a slow client
 * or a busy deflate would otherwise let the whole sheet pile up in memory. The zip reads it through
 * a stream that does keep the usual backpressure: its buffered length is what waits.
 */
function backlogOf(sheet: ExcelJS.Worksheet): number {
  interface Buffered {
    _writableState?: { length: number };
    _readableState?: { length: number };
  }
  const pipes = (sheet as unknown as { stream?: { pipes?: Buffered[] } }).stream?.pipes ?? [];
  return pipes.reduce((n, pipe) => n + (pipe._writableState?.length ?? 0) + (pipe._readableState?.length ?? 0), 0);
}

class ExportClosedError extends Error {
  constructor() {
    super('The export’s response closed before the workbook was written');
  }
}

/** Lets the zip and the response move, and waits while the zip is more than its bound behind. */
async function makeRoom(sheet: ExcelJS.Worksheet, out: Writable): Promise<void> {
  await new Promise((resolve) => setImmediate(resolve));
  while (backlogOf(sheet) > MAX_BACKLOG_BYTES) {
    if (out.destroyed) throw new ExportClosedError();
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
  if (out.destroyed) throw new ExportClosedError();
}

/**
 * Writes `book` as xlsx into `out` with exceljs's streaming writer: each row is committed (turned
 * into XML and handed to the zip) as it is added, and the zip's output flows into `out` as it
 * comes, so the first bytes leave long before the last row is written. Resolves once `out` has
 * taken the whole file (and ended); rejects if `out` closes or fails first.
 */
export async function writeWorkbook(book: Workbook, out: Writable): Promise<void> {
  const excel = await loadExcelJs();
  // Shared strings, as the in-memory writer had: an empty text cell reads back as '' (an inline
  // one reads as no cell), and the file is smaller. They cost memory by distinct text, not by row.
  const workbook = new excel.stream.xlsx.WorkbookWriter({ stream: out, useStyles: true, useSharedStrings: true, zip: ZIP_OPTIONS });
  workbook.creator = 'Ullage';
  // The zip's own errors (none expected) fail the response rather than the process.
  (workbook as unknown as { zip?: NodeJS.EventEmitter }).zip?.on('error', (error: Error) => out.destroy(error));
  const rightToLeft = book.language !== undefined && isRightToLeft(book.language);
  const names = sheetNamesOf(book.sheets.map((s) => s.name));
  for (const [index, s] of book.sheets.entries()) {
    // The streaming writer writes a sheet's views when the sheet is opened: they go in here.
    const sheet = workbook.addWorksheet(names[index], { views: [{ state: 'frozen', ySplit: 1, rightToLeft }] });
    sheet.columns = s.columns.map((c, i) => ({ header: c.header, key: String(i), width: c.width ?? Math.max(12, c.header.length + 2) }));
    const header = sheet.getRow(1);
    header.font = { bold: true };
    header.commit();
    let written = 0;
    for await (const batch of batchesOf(s.rows)) {
      for (const row of batch) {
        const values = s.columns.map((c) => c.value(row) ?? '');
        const line = sheet.addRow(values.map((v) => (isExcelDate(v) ? v.wall : v)));
        values.forEach((v, i) => {
          line.getCell(i + 1).style = styleOf(v);
        });
        line.commit();
        if (++written % ROWS_PER_TURN === 0) await makeRoom(sheet, out);
      }
      // A client gone while the next batch was being finished stops the export there.
      if (out.destroyed) throw new ExportClosedError();
    }
    sheet.commit();
  }
  // commit() waits for `out` to finish: a response its client closed never would.
  const closed = finished(out, { readable: false });
  closed.catch(() => undefined);
  await Promise.race([workbook.commit(), closed]);
}

/** The whole file at once, for what needs bytes rather than a stream (a test, an attachment). */
export async function workbookBuffer(book: Workbook): Promise<Buffer> {
  const out = new PassThrough();
  const chunks: Buffer[] = [];
  out.on('data', (chunk: Buffer) => chunks.push(chunk));
  await writeWorkbook(book, out);
  return Buffer.concat(chunks);
}

/** The response header that counts an export's data rows (all sheets). */
export const EXPORT_ROWS_HEADER = 'x-export-rows';

/**
 * Sends an xlsx: a workbook is streamed (writeWorkbook) with its row count in x-export-rows;
 * a Buffer (a file made another way) goes as it is. An error once the file has begun can no
 * longer be an error answer: the response is cut short (fastify destroys it), which the page
 * reports as a failed download rather than saving a broken file.
 */
export function sendXlsx(reply: FastifyReply, fileName: string, body: Buffer | Workbook) {
  // HTTP headers are Latin-1: a Chinese or Arabic name goes in filename*, with an ASCII stand-in.
  const ascii = fileName.replace(/[^\x20-\x7e]/g, '_').replace(/"/g, '') || 'export';
  reply
    .type('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
    .header('content-disposition', `attachment; filename="${ascii}.xlsx"; filename*=UTF-8''${encodeURIComponent(fileName)}.xlsx`)
    .header('cache-control', 'no-store');
  if (Buffer.isBuffer(body)) return reply.send(body);
  const out = new PassThrough();
  reply.header(EXPORT_ROWS_HEADER, String(rowCountOf(body)));
  writeWorkbook(body, out).catch((error: unknown) => out.destroy(error instanceof Error ? error : new Error(String(error))));
  return reply.send(out);
}

/** Exports are capped so one request cannot build an unbounded workbook in memory. */
export const EXPORT_MAX_ROWS = 50_000;

/**
 * exceljs, loaded at the first export rather than with the app: it is large (about 1.7 s to
 * import on a busy machine), and most processes (and test files) never write a workbook.
 */
export async function loadExcelJs(): Promise<typeof ExcelJS> {
  const module = await import('exceljs');
  // A CommonJS module: its namespace holds the classes under `default`.
  return module.default;
}
