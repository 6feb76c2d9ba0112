import { describe, expect, it } from 'vitest';
import { bucketNote } from './bucket-note';

describe('the chart note’s bucket width', () => {
  it('is named in the largest whole unit', () => {
    expect(bucketNote(0)).toBeNull();
    expect(bucketNote(30)).toEqual({ key: 'history.chart.bucketSeconds', size: 30 });
    expect(bucketNote(600)).toEqual({ key: 'history.chart.bucketMinutes', size: 10 });
    expect(bucketNote(5400)).toEqual({ key: 'history.chart.bucketMinutes', size: 90 });
    expect(bucketNote(10_800)).toEqual({ key: 'history.chart.bucketHours', size: 3 });
    expect(bucketNote(86_400)).toEqual({ key: 'history.chart.bucketDays', size: 1 });
  });
});
