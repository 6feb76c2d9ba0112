import ExcelJS from 'exceljs';
import type { FastifyReply } from 'fastify';

export interface SheetColumn<T> {
  header: string;
  width?: number;
  value: (row: T) => string | number | boolean | Date | null | undefined;
}

/** One worksheet, a bold header row (already localised by the caller), one line per row. */
export async function xlsxOf<T>(sheetName: string, columns: SheetColumn<T>[], rows: T[]): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  workbook.creator = 'Ullage';
  const sheet = workbook.addWorksheet(sheetName.slice(0, 31));
  sheet.columns = columns.map((c, i) => ({ header: c.header, key: String(i), width: c.width ?? Math.max(12, c.header.length + 2) }));
  sheet.getRow(1).font = { bold: true };
  sheet.views = [{ state: 'frozen', ySplit: 1 }];
  for (const row of rows) sheet.addRow(columns.map((c) => c.value(row) ?? ''));
  return Buffer.from(await workbook.xlsx.writeBuffer());
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
