import type ExcelJS from 'exceljs';
import type { DeviceTank } from '@ullage/contracts/device-commands';
import { LANGUAGES } from '@ullage/domain/languages';
import { STRAPPING_MAX_POINTS, type Cell, type StrappingColumn } from '@ullage/domain/strapping-import';
import type { Translate } from '../../i18n/translate';
import { CATALOGUES } from '../../i18n/translate';
import { ValidationError } from '../../plugins/errors';
import { unzipWithin, ZipLimitError } from '../../lib/zip-limits';
import { loadExcelJs } from '../../lib/xlsx';

/**
 * The height-volume import template (issue 7): an xlsx with the two columns the import reads,
 * headed in the user's language, filled with the tank's current table; and the reading of a
 * filled one, xlsx or csv, into a grid of cells for domain/strapping-import.ts.
 */
export const IMPORT_TYPES = ['xlsx', 'csv'] as const;
/** A template of 2000 points is about 30 KB; anything much larger is not one. */
export const IMPORT_MAX_BYTES = 2 * 1024 * 1024;
/** All parts of an xlsx together, unpacked: a 2000-point template unpacks to about 200 KB. */
export const IMPORT_MAX_UNZIPPED_BYTES = 8 * 1024 * 1024;
/** Parts of an xlsx: a spreadsheet program writes a dozen or two. */
export const IMPORT_MAX_ZIP_ENTRIES = 200;
/** Sheet rows or CSV lines: twice the points a table may hold, room for blank lines and notes. */
export const IMPORT_MAX_ROWS = 2 * STRAPPING_MAX_POINTS;
/** One cell holds a number or a column header; this is far past either. */
export const IMPORT_MAX_CELL_CHARS = 256;

const HEADER_KEYS = { heightMm: 'deviceParams.template.height', volumeL: 'deviceParams.template.volume' } as const;

/** Every header text a column is known by: its label in each interface language. */
export function templateHeaders(): Record<StrappingColumn, string[]> {
  return {
    heightMm: LANGUAGES.map((l) => CATALOGUES[l][HEADER_KEYS.heightMm]),
    volumeL: LANGUAGES.map((l) => CATALOGUES[l][HEADER_KEYS.volumeL]),
  };
}

export async function templateOf(t: Translate, tank: DeviceTank): Promise<Buffer> {
  const workbook = new (await loadExcelJs()).Workbook();
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

const tooLarge = (rule: 'rule.importUnzippedSize' | 'rule.importZipEntries' | 'rule.importRows', max: number) => new ValidationError([{ field: 'importFile', rule, params: { max } }]);

/**
 * The first sheet of an xlsx, or a csv, as rows of cells, within the limits above: what passes
 * one is refused before (or while) it is parsed, naming the limit. Runs in a worker thread
 * (import-reader.ts), so even a file within the limits never holds the server's event loop.
 */
export async function gridOf(bytes: Buffer, type: (typeof IMPORT_TYPES)[number]): Promise<Cell[][]> {
  if (bytes.length === 0) throw new ValidationError([{ field: 'importFile', rule: 'rule.required' }]);
  const grid = type === 'csv' ? csvWithin(bytes) : await xlsxGrid(bytes);
  assertCellsWithin(grid);
  return grid;
}

function csvWithin(bytes: Buffer): Cell[][] {
  // Lines are counted on the bytes before any is parsed.
  let lines = 1;
  for (let at = bytes.indexOf(10); at >= 0; at = bytes.indexOf(10, at + 1)) {
    if (++lines > IMPORT_MAX_ROWS + 1) throw tooLarge('rule.importRows', IMPORT_MAX_ROWS);
  }
  const grid = csvGrid(bytes.toString('utf8'));
  if (grid.length > IMPORT_MAX_ROWS) throw tooLarge('rule.importRows', IMPORT_MAX_ROWS);
  return grid;
}

function assertCellsWithin(grid: Cell[][]): void {
  for (let r = 0; r < grid.length; r++) {
    for (const cell of grid[r]!) {
      if (typeof cell === 'string' && cell.length > IMPORT_MAX_CELL_CHARS) {
        throw new ValidationError([{ field: 'importFile', rule: 'rule.importCellLength', params: { max: IMPORT_MAX_CELL_CHARS, row: r + 1 } }]);
      }
    }
  }
}

/** `<row ` or `<row>` (with or without a namespace prefix) in a worksheet's XML. */
const ROW_TAG = /<(?:[A-Za-z]\w*:)?row[\s>/]/g;

async function xlsxGrid(bytes: Buffer): Promise<Cell[][]> {
  let parts: Map<string, Buffer>;
  try {
    parts = await unzipWithin(bytes, { maxEntries: IMPORT_MAX_ZIP_ENTRIES, maxUnzippedBytes: IMPORT_MAX_UNZIPPED_BYTES });
  } catch (error) {
    if (!(error instanceof ZipLimitError) || error.refusal === 'unreadable') throw new ValidationError([{ field: 'importFile', rule: 'rule.unreadable' }]);
    if (error.refusal === 'zipEntries') throw tooLarge('rule.importZipEntries', IMPORT_MAX_ZIP_ENTRIES);
    throw tooLarge('rule.importUnzippedSize', IMPORT_MAX_UNZIPPED_BYTES / 1024 / 1024);
  }
  // Rows are counted on the unpacked XML before exceljs builds a model of any.
  for (const [name, xml] of parts) {
    if (!/^xl\/worksheets\/[^/]+\.xml$/.test(name)) continue;
    const rows = xml.toString('utf8').match(ROW_TAG)?.length ?? 0;
    if (rows > IMPORT_MAX_ROWS) throw tooLarge('rule.importRows', IMPORT_MAX_ROWS);
  }
  parts.clear();
  const workbook = new (await loadExcelJs()).Workbook();
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
  // A row number far down (`<row r="1000000">`) would make the grid that long.
  if (grid.length > IMPORT_MAX_ROWS) throw tooLarge('rule.importRows', IMPORT_MAX_ROWS);
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
