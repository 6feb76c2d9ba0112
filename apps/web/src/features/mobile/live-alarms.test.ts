import { describe, expect, it } from 'vitest';
import type { AlarmRow } from '@ullage/contracts/alarms';
import type { LiveAlarm } from '../../lib/alarm-feed';
import { arrivedIds, liveKey, mergeAlarmRows, pendingLive, rowKey } from './live-alarms';

function row(id: number, startedAt: string, extra: Partial<AlarmRow> = {}): AlarmRow {
  return {
    id,
    kind: 'level',
    code: 3,
    source: 'device',
    stationId: 1,
    stationName: 'Bogotá Calle 80',
    stationCode: 'LSF-BG06',
    companyName: 'Lone Star Fuel Co.',
    timezone: 'America/Bogota',
    tankId: 10,
    tankCode: '1',
    productName: '92# Gasoline',
    sensorNo: null,
    sensorType: null,
    startedAt,
    endedAt: null,
    processed: false,
    processedByName: null,
    processedAt: null,
    note: null,
    ...extra,
  };
}

const live = (startTime: string, extra: Partial<LiveAlarm> = {}): LiveAlarm => ({
  stationName: 'Bogotá Calle 80',
  classifyName: 'Level alarm',
  tankCode: '1',
  sensorNo: null,
  sensorTypeDesc: null,
  alarmTypeDesc: 'Check fault',
  startTime,
  ...extra,
});

describe('live alarms on /realAlarm (spec §2 mobile routes, §7 live feed)', () => {
  it('knows a feed message and a list row of the same alarm by station, tank and start on the station clock', () => {
    // 15:30:05 UTC is 10:30:05 in Bogotá, which is how the feed writes the start.
    expect(rowKey(row(1, '2026-05-20T15:30:05.000Z'))).toBe(liveKey(live('2026-05-20 10:30:05')));
    expect(rowKey(row(1, '2026-05-20T15:30:06.000Z'))).not.toBe(liveKey(live('2026-05-20 10:30:05')));
  });

  it('a leak alarm is known by its sensor', () => {
    const leak = row(2, '2026-05-20T15:30:05.000Z', { kind: 'leak', tankId: null, tankCode: null, sensorNo: 'S9' });
    expect(rowKey(leak)).toBe(liveKey(live('2026-05-20 10:30:05', { tankCode: null, sensorNo: 'S9' })));
  });

  it('merges level, leak and recent lists once each, newest first', () => {
    const a = row(1, '2026-05-20T10:00:00.000Z');
    const b = row(2, '2026-05-20T12:00:00.000Z', { kind: 'leak' });
    const c = row(3, '2026-05-20T12:00:00.000Z');
    expect(mergeAlarmRows([[a, c], [b], [c], undefined]).map((r) => r.id)).toEqual([3, 2, 1]);
  });

  it('keeps a feed alarm until the list shows it, newest arrival first', () => {
    const entries = [
      { seq: 1, alarm: live('2026-05-20 10:30:05') },
      { seq: 2, alarm: live('2026-05-20 10:31:00', { tankCode: '2' }) },
    ];
    expect(pendingLive(entries, []).map((e) => e.seq)).toEqual([2, 1]);
    expect(pendingLive(entries, [row(7, '2026-05-20T15:30:05.000Z')]).map((e) => e.seq)).toEqual([2]);
  });

  it('marks the rows that arrived after the first load', () => {
    const rows = [row(1, '2026-05-20T10:00:00.000Z'), row(2, '2026-05-20T11:00:00.000Z')];
    expect([...arrivedIds(rows, new Set([1]))]).toEqual([2]);
    expect(arrivedIds(rows, null).size).toBe(0);
  });
});
