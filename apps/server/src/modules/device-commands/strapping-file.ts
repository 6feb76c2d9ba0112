import ExcelJS from 'exceljs';
import type { DeviceTank } from '@ullage/contracts/device-commands';
import { LANGUAGES } from '@ullage/domain/languages';
import { STRAPPING_MAX_POINTS, type Cell, type StrappingColumn } from '@ullage/domain/strapping-import';
import type { Translate } from '../../i18n/translate';
import { CATALOGUES } from '../../i18n/translate';
import { ValidationError } from '../../plugins/errors';

/**
 * The height-volume import template (issue 7): an xlsx with the two columns the import reads,
 * headed in the user's language, filled with the tank's current table; and the reading of a
 * filled one, xlsx or csv, into a grid of cells for domain/strapping-import.ts.
 */
export const IMPORT_TYPES = ['xlsx', 'csv'] as const;
/** A template of 2000 points is about 30 KB; anything much larger is not one. */
export const IMPORT_MAX_BYTES = 2 * 1024 * 1024;

const HEADER_KEYS = { heightMm: 'deviceParams.template.height', volumeL: 'deviceParams.template.volume' } as const;

/** Every header text a column is known by: its label in each interface language. */
export function templateHeaders(): Record<StrappingColumn, string[]> {
  return {
    heightMm: LANGUAGES.map((l) => CATALOGUES[l][HEADER_KEYS.heightMm]),
    volumeL: LANGUAGES.map((l) => CATALOGUES[l][HEADER_KEYS.volumeL]),
  };
}

export async function templateOf(t: Translate, tank: DeviceTank): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  workbook.creator = 'Ullage';
  const sheet = workbook.addWorksheet(t('deviceParams.template.sheet').slice(0, 31));
  sheet.columns = [
    { header: t(HEADER_KEYS.heightMm), key: 'heightMm', width: 18 },
    { header: t(HEADER_KEYS.volumeL), key: 'volumeL', width: 18 },
  ];
  sheet.getRow(1).font = { bold: true };
  sheet.views = [{ state: 'frozen', ySplit: 1 }];
  for (const point of tank.strapping) sheet.addRow({ heightMm: point.heightMm, volumeL: point.volumeL });
  const notes = workbook.addWorksheet(t('deviceParams.template.notesSheet').slice(0, 31));
  notes.getColumn(1).width = 100;
  for (const line of [
    t('deviceParams.template.noteTank', { code: tank.code, height: tank.heightMm, volume: tank.volumeL }),
    t('deviceParams.template.noteRows', { max: STRAPPING_MAX_POINTS }),
    t('deviceParams.template.noteRules'),
  ]) {
    notes.addRow([line]);
  }
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

/** The import's file type from its name; 91011 on the file name for anything else. */
export function importTypeOf(fileName: string): (typeof IMPORT_TYPES)[number] {
  const extension = /\.([A-Za-z]+)$/.exec(fileName.trim())?.[1]?.toLowerCase();
  if (extension === 'xlsx' || extension === 'csv') return extension;
  throw new ValidationError([{ field: 'fileName', rule: 'rule.importFileType' }]);
}

/** The first sheet of an xlsx, or a csv, as rows of cells. */
export async function gridOf(bytes: Buffer, type: (typeof IMPORT_TYPES)[number]): Promise<Cell[][]> {
  if (bytes.length === 0) throw new ValidationError([{ field: 'importFile', rule: 'rule.required' }]);
  return type === 'csv' ? csvGrid(bytes.toString('utf8')) : xlsxGrid(bytes);
}

async function xlsxGrid(bytes: Buffer): Promise<Cell[][]> {
  const workbook = new ExcelJS.Workbook();
  try {
    await workbook.xlsx.load(bytes as unknown as ArrayBuffer);
  } catch {
    throw new ValidationError([{ field: 'importFile', rule: 'rule.unreadable' }]);
  }
  const sheet = workbook.worksheets[0];
  if (!sheet) throw new ValidationError([{ field: 'importFile', rule: 'rule.unreadable' }]);
  const grid: Cell[][] = [];
  // Row numbers are the sheet's own, so a problem names the row the user sees.
  sheet.eachRow({ includeEmpty: true }, (row, number) => {
    const cells: Cell[] = [];
    row.eachCell({ includeEmpty: true }, (cell, column) => {
      cells[column - 1] = cellValue(cell.value);
    });
    grid[number - 1] = cells;
  });
  for (let i = 0; i < grid.length; i++) grid[i] ??= [];
  return grid;
}

function cellValue(value: ExcelJS.CellValue): Cell {
  if (value === null || value === undefined) return null;
  if (typeof value === 'number' || typeof value === 'string') return value;
  if (typeof value === 'boolean' || value instanceof Date) return String(value);
  if ('result' in value) return cellValue(value.result as ExcelJS.CellValue);
  if ('richText' in value) return value.richText.map((part) => part.text).join('');
  if ('text' in value) return String(value.text);
  return null;
}

/**
 * CSV as spreadsheets write it: comma, semicolon or tab separated (whichever the header line
 * uses), fields optionally quoted. With semicolons, a decimal comma is read as a point
 * (spreadsheets in Spanish and many other locales write `1234,5;…`).
 */
export function csvGrid(text: string): Cell[][] {
  const body = text.replace(/^\uFEFF/, '');
  const firstLine = body.split(/\r?\n/, 1)[0] ?? '';
  const separator = [';', '\t', ','].find((s) => firstLine.includes(s)) ?? ',';
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < body.length; i++) {
    const c = body[i]!;
    if (quoted) {
      if (c === '"' && body[i + 1] === '"') {
        field += '"';
        i++;
      } else if (c === '"') quoted = false;
      else field += c;
    } else if (c === '"' && field === '') quoted = true;
    else if (c === separator) {
      row.push(field);
      field = '';
    } else if (c === '\n' || c === '\r') {
      if (c === '\r' && body[i + 1] === '\n') i++;
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
    } else field += c;
  }
  if (field !== '' || row.length > 0) {
    row.push(field);
    rows.push(row);
  }
  const decimalComma = separator === ';';
  return rows.map((r) => r.map((cell) => (decimalComma && /^\s*-?\d+,\d+\s*$/.test(cell) ? cell.replace(',', '.') : cell)));
}
