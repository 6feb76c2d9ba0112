import ExcelJS from 'exceljs';
import { expect } from 'vitest';
import { stationTime } from '../modules/alarm-feed/message';

/**
 * What a date cell of an export holds for a station time: the station's wall clock (as the page
 * shows it), read back by ExcelJS as the Date whose UTC reading is that wall time.
 */
export const wallDate = (iso: string, timezone: string) => new Date(`${stationTime(iso, timezone).replace(' ', 'T')}Z`);

/** An xlsx file's bytes (an export's reply payload, a written buffer) read back as a workbook. */
export async function readBook(bytes: Buffer | Uint8Array): Promise<ExcelJS.Workbook> {
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(bytes as unknown as ArrayBuffer);
  return book;
}

/**
 * One sheet of an exported workbook (the first unless told), read as the tests read an export:
 * by row number and header name, so that a test does not depend on the order of the columns.
 * `col` fails the test when the header lacks the name, rather than reading another column.
 */
export async function readSheet(res: { rawPayload: Buffer }, index = 0) {
  const book = await readBook(res.rawPayload);
  const sheet = book.worksheets[index]!;
  /** The header row's names; header[i] heads column i + 1. */
  const header = (sheet.getRow(1).values as unknown[]).slice(1);
  const col = (name: string) => {
    expect(header).toContain(name);
    return header.indexOf(name) + 1;
  };
  return {
    book,
    sheet,
    header,
    col,
    cell: (row: number, name: string) => sheet.getRow(row).getCell(col(name)).value,
    /** A row's values from its first column on. */
    values: (row: number) => (sheet.getRow(row).values as unknown[]).slice(1),
  };
}
