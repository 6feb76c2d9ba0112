import { describe, expect, it } from 'vitest';
import { duplicateCodeRows } from '../../lib/settings-validators';
import { sortedPoints, strappingProblems, thresholdProblems, TANKS_MAX } from './tank-rules';

describe('tank codes', () => {
  it('finds repeated codes, ignoring case, spaces and empty rows', () => {
    expect(duplicateCodeRows([{ code: 'T1' }, { code: ' t1' }, { code: 'T2' }, { code: '' }, { code: '' }, null, { code: 'T2' }])).toEqual([1, 6]);
    expect(duplicateCodeRows([])).toEqual([]);
  });

  it('allows at most 100 tanks per station', () => {
    expect(TANKS_MAX).toBe(100);
  });
});

describe('thresholdProblems', () => {
  const tank = { heightMm: 2000 };

  it('accepts ordered thresholds and empty ones', () => {
    expect(thresholdProblems({ ...tank, lowOilAlarmMm: 100, lowOilWarnMm: 200, highOilWarnMm: 1800, highOilAlarmMm: 2000, highWaterAlarmMm: 150 })).toEqual({});
    expect(thresholdProblems({ ...tank })).toEqual({});
    expect(thresholdProblems({ ...tank, lowOilAlarmMm: 100, highOilAlarmMm: 1900 })).toEqual({});
  });

  it('names the threshold a value must exceed, skipping empty ones', () => {
    expect(thresholdProblems({ ...tank, lowOilAlarmMm: 300, lowOilWarnMm: 200 })).toEqual({
      lowOilWarnMm: { key: 'settingsMore.threshold.mustExceed', than: 'lowOilAlarmMm' },
    });
    expect(thresholdProblems({ ...tank, lowOilAlarmMm: 300, highOilWarnMm: 300 })).toEqual({
      highOilWarnMm: { key: 'settingsMore.threshold.mustExceed', than: 'lowOilAlarmMm' },
    });
    expect(thresholdProblems({ ...tank, highOilWarnMm: 1900, highOilAlarmMm: 1900 }).highOilAlarmMm?.than).toBe('highOilWarnMm');
  });

  it('keeps oil thresholds within the height and the water alarm below it', () => {
    expect(thresholdProblems({ ...tank, highOilAlarmMm: 2001 })).toEqual({ highOilAlarmMm: { key: 'settingsMore.threshold.atMostHeight' } });
    expect(thresholdProblems({ ...tank, highOilAlarmMm: 2000 })).toEqual({});
    expect(thresholdProblems({ ...tank, highWaterAlarmMm: 2000 })).toEqual({ highWaterAlarmMm: { key: 'settingsMore.threshold.belowHeight' } });
    expect(thresholdProblems({ heightMm: null, highOilAlarmMm: 99999, highWaterAlarmMm: 99999 })).toEqual({});
  });
});

describe('strappingProblems', () => {
  it('accepts a rising table within the tank', () => {
    expect(strappingProblems([{ heightMm: 0, volumeL: 0 }, { heightMm: 500, volumeL: 4000.5 }, { heightMm: 2000, volumeL: 30000 }], 2000, 30000)).toEqual([]);
    expect(strappingProblems([], 2000, 30000)).toEqual([]);
  });

  it('wants heights and volumes strictly increasing', () => {
    expect(strappingProblems([{ heightMm: 0, volumeL: 0 }, { heightMm: 500, volumeL: 100 }, { heightMm: 500, volumeL: 100 }], 2000, 30000)).toEqual([
      { index: 2, field: 'heightMm', key: 'settingsMore.strapping.heightIncreasing' },
      { index: 2, field: 'volumeL', key: 'settingsMore.strapping.volumeIncreasing' },
    ]);
  });

  it('refuses points beyond the tank, negative, empty or with two decimals', () => {
    expect(strappingProblems([{ heightMm: 2100, volumeL: 31000 }], 2000, 30000)).toEqual([
      { index: 0, field: 'heightMm', key: 'settingsMore.strapping.heightOverTank' },
      { index: 0, field: 'volumeL', key: 'settingsMore.strapping.volumeOverTank' },
    ]);
    expect(strappingProblems([{ heightMm: -1, volumeL: null }, { heightMm: 10.25, volumeL: 5 }], 2000, 30000)).toEqual([
      { index: 0, field: 'heightMm', key: 'settingsMore.strapping.negative' },
      { index: 0, field: 'volumeL', key: 'settingsMore.strapping.required' },
      { index: 1, field: 'heightMm', key: 'settingsMore.strapping.oneDecimal' },
    ]);
  });

  it('sorts a table by height for saving and drops unfinished points', () => {
    expect(sortedPoints([{ heightMm: 10, volumeL: 2 }, { heightMm: 0, volumeL: 0 }, { heightMm: 5, volumeL: null }])).toEqual([
      { heightMm: 0, volumeL: 0 },
      { heightMm: 10, volumeL: 2 },
    ]);
  });
});
