import type ExcelJS from 'exceljs';
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

const isExcelDate = (v: CellValue): v is ExcelDate => typeof v === 'object' && v !== null && !(v instanceof Date) && 'excel' in v;

export interface Sheet<T> {
  name: string;
  columns: SheetColumn<T>[];
  rows: T[];
}

/**
 * A workbook of sheets, each a bold, frozen header row (already localised by the caller) and
 * one line per row. Days and times go in as date cells with a date format; an Arabic workbook
 * reads right to left, as the page does.
 */
export async function workbookOf(sheets: Sheet<never>[], language: Language | undefined): Promise<Buffer> {
  const workbook = new (await loadExcelJs()).Workbook();
  workbook.creator = 'Ullage';
  const rightToLeft = language !== undefined && isRightToLeft(language);
  for (const s of sheets) {
    const sheet = workbook.addWorksheet(s.name.slice(0, 31));
    sheet.columns = s.columns.map((c, i) => ({ header: c.header, key: String(i), width: c.width ?? Math.max(12, c.header.length + 2) }));
    sheet.getRow(1).font = { bold: true };
    sheet.views = [{ state: 'frozen', ySplit: 1, rightToLeft }];
    for (const row of s.rows) {
      const values = s.columns.map((c) => c.value(row) ?? '');
      const line = sheet.addRow(values.map((v) => (isExcelDate(v) ? v.wall : v)));
      values.forEach((v, i) => {
        if (isExcelDate(v)) line.getCell(i + 1).numFmt = DATE_FORMATS[v.excel];
      });
    }
  }
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

export const sheetOf = <T>(name: string, columns: SheetColumn<T>[], rows: T[]) => ({ name, columns, rows }) as unknown as Sheet<never>;

/** One worksheet (workbookOf); `language` is the caller's, for the sheet's direction. */
export async function xlsxOf<T>(sheetName: string, columns: SheetColumn<T>[], rows: T[], language: Language | undefined): Promise<Buffer> {
  return workbookOf([sheetOf(sheetName, columns, rows)], language);
}

export function sendXlsx(reply: FastifyReply, fileName: string, body: Buffer) {
  // HTTP headers are Latin-1: a Chinese or Arabic name goes in filename*, with an ASCII stand-in.
  const ascii = fileName.replace(/[^\x20-\x7e]/g, '_').replace(/"/g, '') || 'export';
  return reply
    .type('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
    .header('content-disposition', `attachment; filename="${ascii}.xlsx"; filename*=UTF-8''${encodeURIComponent(fileName)}.xlsx`)
    .header('cache-control', 'no-store')
    .send(body);
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
