import { describe, expect, it } from 'vitest';
import { expiredPartitions, monthKey, monthOfPartition, monthsOf, monthStart, partitionName, retentionCutoff } from './reading-months';

const at = (iso: string) => Date.parse(iso);

describe('months of readings', () => {
  it('names the UTC month, not the local one', () => {
    expect(monthKey(at('2026-01-31T23:59:59.999Z'))).toBe('202601');
    expect(monthKey(at('2026-02-01T00:00:00Z'))).toBe('202602');
    // 08:00 on 1 March in Shanghai is still February in UTC.
    expect(partitionName('tank_readings', at('2026-03-01T07:59:00+08:00'))).toBe('tank_readings_p202602');
  });

  it('moves across years', () => {
    expect(new Date(monthStart(at('2026-11-27T14:00:00Z'), 2)).toISOString()).toBe('2027-01-01T00:00:00.000Z');
    expect(new Date(monthStart(at('2026-01-15T00:00:00Z'), -13)).toISOString()).toBe('2024-12-01T00:00:00.000Z');
  });

  it('lists each month a batch needs once, oldest first', () => {
    const months = monthsOf([at('2026-03-02T00:00:00Z'), at('2025-12-31T23:00:00Z'), at('2026-03-30T00:00:00Z')]);
    expect(months.map((m) => new Date(m).toISOString())).toEqual(['2025-12-01T00:00:00.000Z', '2026-03-01T00:00:00.000Z']);
  });

  it('reads a partition name back, and refuses names that are not ours', () => {
    expect(monthOfPartition('tank_readings', 'tank_readings_p202602')).toBe(at('2026-02-01T00:00:00Z'));
    expect(monthOfPartition('tank_readings', 'tank_readings_p202613')).toBeNull();
    expect(monthOfPartition('tank_readings', 'tank_hourly_p202602')).toBeNull();
    expect(monthOfPartition('tank_readings', 'tank_readings_p202602_old')).toBeNull();
  });
});

describe('retention', () => {
  const names = ['tank_readings_p202509', 'tank_readings_p202510', 'tank_readings_p202511', 'tank_readings_p202611', 'tank_readings_p202612', 'tank_readings_legacy'];

  it('keeps everything when off', () => {
    expect(retentionCutoff(at('2026-11-27T00:00:00Z'), null)).toBeNull();
    expect(expiredPartitions('tank_readings', names, null)).toEqual([]);
  });

  it('keeps the current month and the twelve before it, dropping only whole older months', () => {
    const cutoff = retentionCutoff(at('2026-11-27T14:00:00Z'), 12)!;
    expect(new Date(cutoff).toISOString()).toBe('2025-11-01T00:00:00.000Z');
    expect(expiredPartitions('tank_readings', names, cutoff)).toEqual(['tank_readings_p202509', 'tank_readings_p202510']);
  });

  it('on the first of a month the same months stay as on its last day', () => {
    expect(retentionCutoff(at('2026-12-01T00:00:00Z'), 1)).toBe(at('2026-11-01T00:00:00Z'));
    expect(retentionCutoff(at('2026-11-30T23:59:59Z'), 1)).toBe(at('2026-10-01T00:00:00Z'));
  });
});
