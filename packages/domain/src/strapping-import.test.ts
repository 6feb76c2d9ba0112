import { describe, expect, it } from 'vitest';
import { hasOneDecimalAtMost, readStrappingGrid, strappingTableProblems, type Cell } from './strapping-import';

const tank = { heightMm: 2000, volumeL: 20_000 };
const headers = { heightMm: ['Height (mm)', '高度 (mm)'], volumeL: ['Volume (L)', '体积 (L)'] };
const read = (grid: Cell[][]) => readStrappingGrid(grid, tank, headers);
const problems = (grid: Cell[][]) => read(grid).problems.map((p) => `${p.row ?? '-'}:${p.column ?? '-'}:${p.rule}`);

describe('readStrappingGrid (spec §5: the import must follow the template; one decimal at most)', () => {
  it('reads a filled template: header row, then one point per row', () => {
    expect(read([['Height (mm)', 'Volume (L)'], [0, 0], [1000, 9000.5], ['2000', '20000']])).toEqual({
      points: [
        { heightMm: 0, volumeL: 0 },
        { heightMm: 1000, volumeL: 9000.5 },
        { heightMm: 2000, volumeL: 20000 },
      ],
      problems: [],
    });
  });

  it('finds the columns by their header in any interface language, in any order, after a blank line', () => {
    const result = read([[], [null, '体积 (L)', ' height(MM) '], [null, 0, 0], [null, 500.5, 100]]);
    expect(result.points).toEqual([
      { heightMm: 0, volumeL: 0 },
      { heightMm: 100, volumeL: 500.5 },
    ]);
  });

  it('refuses a template with a missing column, naming the column, and reads no rows', () => {
    expect(problems([['Height (mm)', 'Litres'], [0, 0], [1000, 9000]])).toEqual(['1:volumeL:missingColumn']);
    expect(problems([])).toEqual(['1:heightMm:missingColumn', '1:volumeL:missingColumn']);
  });

  it('reports every row with more than one decimal, each with its sheet row', () => {
    expect(problems([['Height (mm)', 'Volume (L)'], [0, 0], [100.25, 900], [200, 1800.05], [300, 2700]])).toEqual(['3:heightMm:oneDecimal', '4:volumeL:oneDecimal']);
  });

  it('reports unsorted rows: heights and volumes must rise strictly (tank-rules.ts)', () => {
    expect(problems([['Height (mm)', 'Volume (L)'], [0, 0], [500, 4000], [400, 3000], [600, 3000], [700, 6000]])).toEqual([
      '4:heightMm:strappingIncreasing',
      '4:volumeL:strappingIncreasing',
      '5:volumeL:strappingIncreasing',
    ]);
  });

  it('reports points beyond the tank height or volume', () => {
    expect(problems([['Height (mm)', 'Volume (L)'], [0, 0], [2100, 19000], [2200, 21000]])).toEqual(['3:heightMm:strappingWithin', '4:heightMm:strappingWithin', '4:volumeL:strappingWithin']);
  });

  it('reports text, negative numbers and a half-empty row', () => {
    expect(problems([['Height (mm)', 'Volume (L)'], [0, 0], ['1,000', 900], [-5, 1000], [1500, null]])).toEqual(['3:heightMm:number', '4:heightMm:negative', '5:volumeL:number']);
  });

  it('needs at least two points, and at most 2000', () => {
    expect(problems([['Height (mm)', 'Volume (L)'], [0, 0]])).toEqual(['-:-:tooFew']);
    const many: Cell[][] = [['Height (mm)', 'Volume (L)'], ...Array.from({ length: 2001 }, (_, i) => [i, i * 2])];
    expect(problems(many)).toEqual(['-:-:tooMany']);
  });

  it('answers no points when any row is wrong: a table is imported whole or not at all', () => {
    expect(read([['Height (mm)', 'Volume (L)'], [0, 0], [10.55, 5]]).points).toEqual([]);
  });
});

describe('hasOneDecimalAtMost', () => {
  it.each([
    [12, true],
    [12.5, true],
    [0.1 + 0.2, true],
    [12.05, false],
    [3785.411784, false],
  ])('%s → %s', (value, expected) => {
    expect(hasOneDecimalAtMost(value)).toBe(expected);
  });
});

describe('strappingTableProblems (the editor: the same rules by point index)', () => {
  it('names the point index and column', () => {
    expect(strappingTableProblems([{ heightMm: 0, volumeL: 0 }, { heightMm: 10.25, volumeL: 5 }, { heightMm: 5, volumeL: 0 }], tank)).toEqual([
      { index: 1, column: 'heightMm', rule: 'oneDecimal' },
      { index: 2, column: 'volumeL', rule: 'strappingIncreasing' },
    ]);
  });
});
