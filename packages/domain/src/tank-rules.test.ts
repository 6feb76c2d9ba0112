import { describe, expect, it } from 'vitest';
import { duplicateIndexes, strappingProblems, thresholdProblems } from './tank-rules';

const tank = { heightMm: 2000, volumeL: 20000 };

describe('thresholdProblems (issue 3: thresholds ordered sensibly, within the tank)', () => {
  const cases: [string, object, string[]][] = [
    ['all in order', { lowOilAlarmMm: 200, lowOilWarnMm: 300, highOilWarnMm: 1800, highOilAlarmMm: 1900, highWaterAlarmMm: 100 }, []],
    ['none set', {}, []],
    ['only some set, in order', { lowOilAlarmMm: 200, highOilAlarmMm: 1900 }, []],
    ['low warning below low alarm', { lowOilAlarmMm: 300, lowOilWarnMm: 200 }, ['lowOilWarnMm:thresholdOrder']],
    ['equal warning and alarm', { highOilWarnMm: 1900, highOilAlarmMm: 1900 }, ['highOilAlarmMm:thresholdOrder']],
    ['high alarm above the tank', { highOilAlarmMm: 2100 }, ['highOilAlarmMm:withinHeight']],
    ['water alarm above the tank', { highWaterAlarmMm: 2500 }, ['highWaterAlarmMm:withinHeight']],
    ['high warning under a low warning, skipping an unset one', { lowOilWarnMm: 500, highOilWarnMm: 400 }, ['highOilWarnMm:thresholdOrder']],
  ];
  for (const [name, thresholds, expected] of cases) {
    it(name, () => {
      expect(thresholdProblems({ ...tank, ...thresholds }).map((p) => `${p.field}:${p.rule}`)).toEqual(expected);
    });
  }
});

describe('strappingProblems (height-volume table rises strictly, inside the tank)', () => {
  it('accepts a rising table inside the tank', () => {
    expect(strappingProblems([{ heightMm: 0, volumeL: 0 }, { heightMm: 1000, volumeL: 9000 }, { heightMm: 2000, volumeL: 20000 }], 2000, 20000)).toEqual([]);
  });
  it('names the point and the column that breaks the rule', () => {
    const problems = strappingProblems(
      [{ heightMm: 0, volumeL: 0 }, { heightMm: 1000, volumeL: 9000 }, { heightMm: 1000, volumeL: 8000 }, { heightMm: 2100, volumeL: 25000 }],
      2000,
      20000,
    );
    expect(problems.map((p) => `${p.field}:${p.rule}`)).toEqual(['2.heightMm:strappingIncreasing', '2.volumeL:strappingIncreasing', '3.heightMm:strappingWithin', '3.volumeL:strappingWithin']);
  });
});

describe('duplicateIndexes', () => {
  it('finds repeats without letter case', () => {
    expect(duplicateIndexes(['1', '2', 'T3', 't3', '2'])).toEqual([3, 4]);
    expect(duplicateIndexes([])).toEqual([]);
  });
});
