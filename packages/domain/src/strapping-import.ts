import type { StrappingPoint } from './strapping';
import { strappingProblems } from './tank-rules';

/**
 * Reading a filled height-volume import template (spec §5: "must follow the template; numbers
 * allow one decimal place"; issue 7: every row checked, every error reported with its row).
 * The sheet arrives as a grid of cells (xlsx or csv, read by the server); this finds the
 * template's two columns by their header, reads one point per row, and reports each problem
 * with its row number as the user sees it in the sheet (1-based, header included).
 * The table rules themselves — heights and volumes strictly increasing, within the tank —
 * are tank-rules.ts's.
 */
export const STRAPPING_COLUMNS = ['heightMm', 'volumeL'] as const;
export type StrappingColumn = (typeof STRAPPING_COLUMNS)[number];

/** A table has at least two points (one segment to interpolate on) and at most 2000. */
export const STRAPPING_MIN_POINTS = 2;
export const STRAPPING_MAX_POINTS = 2000;

export type ImportRule = 'missingColumn' | 'number' | 'oneDecimal' | 'negative' | 'strappingIncreasing' | 'strappingWithin' | 'tooFew' | 'tooMany';

export interface ImportProblem {
  /** The sheet row (1-based); null for a problem of the whole table (too few points). */
  row: number | null;
  /** The column concerned, when one is. */
  column: StrappingColumn | null;
  rule: ImportRule;
}

export interface ImportResult {
  points: StrappingPoint[];
  problems: ImportProblem[];
}

export type Cell = string | number | null | undefined;

/** Header text compared without letter case, spaces or width differences ("Height (mm)" = "height(mm)"). */
const normalise = (text: string) => text.normalize('NFKC').toLowerCase().replace(/\s+/g, '');

const isBlank = (cell: Cell) => cell === null || cell === undefined || (typeof cell === 'string' && cell.trim() === '');

/** True when the value has at most one decimal (12.5 yes, 12.50 yes, 12.05 no). */
export function hasOneDecimalAtMost(value: number): boolean {
  const scaled = value * 10;
  return Math.abs(Math.round(scaled) - scaled) < 1e-6;
}

/** A cell's number: spreadsheet numbers as they are, text in plain decimal notation; null otherwise. */
function numberOf(cell: Cell): number | null {
  if (typeof cell === 'number') return Number.isFinite(cell) ? cell : null;
  if (typeof cell !== 'string') return null;
  const text = cell.trim();
  return /^[-+]?(\d+(\.\d*)?|\.\d+)$/.test(text) ? Number(text) : null;
}

/**
 * Reads the template. `headers` lists, per column, every header text it is known by (its
 * label in each interface language, and the column's key itself), so a template filled in by
 * someone using another language is read the same. The first non-empty row is the header.
 */
export function readStrappingGrid(grid: readonly (readonly Cell[])[], tank: { heightMm: number; volumeL: number }, headers: Readonly<Record<StrappingColumn, readonly string[]>>): ImportResult {
  const headerIndex = grid.findIndex((row) => row.some((cell) => !isBlank(cell)));
  if (headerIndex < 0) return { points: [], problems: STRAPPING_COLUMNS.map((column) => ({ row: 1, column, rule: 'missingColumn' as const })) };
  const headerRow = grid[headerIndex]!;
  const columnIndex = {} as Record<StrappingColumn, number>;
  const problems: ImportProblem[] = [];
  for (const column of STRAPPING_COLUMNS) {
    const names = new Set([column, ...headers[column]].map(normalise));
    columnIndex[column] = headerRow.findIndex((cell) => typeof cell === 'string' && names.has(normalise(cell)));
    if (columnIndex[column] < 0) problems.push({ row: headerIndex + 1, column, rule: 'missingColumn' });
  }
  if (problems.length > 0) return { points: [], problems };

  const points: StrappingPoint[] = [];
  const rowOfPoint: number[] = [];
  let dataRows = 0;
  for (let i = headerIndex + 1; i < grid.length; i++) {
    const row = grid[i]!;
    const cells = STRAPPING_COLUMNS.map((column) => row[columnIndex[column]]);
    if (cells.every(isBlank)) continue; // blank lines between or after the points
    dataRows++;
    const values: number[] = [];
    STRAPPING_COLUMNS.forEach((column, c) => {
      const value = numberOf(cells[c]);
      let rule: ImportRule | null = null;
      if (value === null) rule = 'number';
      else if (value < 0) rule = 'negative';
      else if (!hasOneDecimalAtMost(value)) rule = 'oneDecimal';
      if (rule) problems.push({ row: i + 1, column, rule });
      else values.push(value!);
    });
    if (values.length === 2) {
      points.push({ heightMm: values[0]!, volumeL: values[1]! });
      rowOfPoint.push(i + 1);
    }
  }
  // Order and limits are the table's rules, checked over the points that could be read.
  for (const p of strappingProblems(points, tank.heightMm, tank.volumeL)) {
    const [index, column] = p.field.split('.') as [string, StrappingColumn];
    problems.push({ row: rowOfPoint[Number(index)]!, column, rule: p.rule as ImportRule });
  }
  if (dataRows > STRAPPING_MAX_POINTS) problems.push({ row: null, column: null, rule: 'tooMany' });
  else if (points.length < STRAPPING_MIN_POINTS && problems.length === 0) problems.push({ row: null, column: null, rule: 'tooFew' });
  problems.sort((a, b) => (a.row ?? Infinity) - (b.row ?? Infinity) || STRAPPING_COLUMNS.indexOf(a.column ?? 'heightMm') - STRAPPING_COLUMNS.indexOf(b.column ?? 'heightMm'));
  return { points: problems.length > 0 ? [] : points, problems };
}

/**
 * The same checks for a table typed into the editor (the points in the user's order): the
 * problems of each point by its index, so the web form and the server agree.
 */
export function strappingTableProblems(points: readonly StrappingPoint[], tank: { heightMm: number; volumeL: number }): { index: number | null; column: StrappingColumn | null; rule: ImportRule }[] {
  const grid: Cell[][] = [[...STRAPPING_COLUMNS], ...points.map((p) => [p.heightMm, p.volumeL])];
  return readStrappingGrid(grid, tank, { heightMm: [], volumeL: [] }).problems.map((p) => ({ index: p.row === null ? null : p.row - 2, column: p.column, rule: p.rule }));
}
