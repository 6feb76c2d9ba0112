import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { excelDay, excelTime, xlsxOf, type SheetColumn } from './xlsx';

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
  const book = new ExcelJS.Workbook();
  await book.xlsx.load((await xlsxOf('Sheet', columns, rows, language)) as unknown as ArrayBuffer);
  return book.worksheets[0]!;
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
