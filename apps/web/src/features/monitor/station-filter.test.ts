import { describe, expect, it } from 'vitest';
import type { StationSummary } from '@ullage/contracts/monitor';
import { filterStations, parseStationId, sortStations } from './station-filter';

const station = (id: number, name: string, code: string, status: StationSummary['status'], over: Partial<StationSummary> = {}) =>
  ({ id, name, code, status, companyName: 'Northwind', lastDataAt: null, volumeL: 0, capacityL: 100, activeAlarmCount: 0, ...over }) as StationSummary;
const stations = [
  station(1, 'Shanghai Pudong', 'NWP-SH01', 'online'),
  station(2, 'Shenzhen Nanshan', 'NWP-SZ02', 'alarm'),
  station(3, 'Bogotá Calle 80', 'LSF-BG06', 'offline'),
  station(4, 'Dubai Sheikh Zayed Rd', 'NWP-DX03', 'online'),
];

describe('filterStations', () => {
  it('matches name or code in any case', () => {
    expect(filterStations(stations, 'sh', 'all').map((s) => s.id)).toEqual([2, 4, 1]);
    expect(filterStations(stations, 'lsf-bg', 'all').map((s) => s.id)).toEqual([3]);
    expect(filterStations(stations, '  BOGOTÁ ', 'all').map((s) => s.id)).toEqual([3]);
  });

  it('lists the worst state first, then by name', () => {
    expect(filterStations(stations, '', 'all').map((s) => s.id)).toEqual([2, 3, 4, 1]);
  });

  it('filters by state', () => {
    expect(filterStations(stations, '', 'online').map((s) => s.id)).toEqual([4, 1]);
    expect(filterStations(stations, 'zz', 'online')).toEqual([]);
  });
});

describe('parseStationId', () => {
  it('accepts positive integers only', () => {
    expect(parseStationId('12')).toBe(12);
    expect(parseStationId(null)).toBeNull();
    expect(parseStationId('')).toBeNull();
    expect(parseStationId('0')).toBeNull();
    expect(parseStationId('-3')).toBeNull();
    expect(parseStationId('1e3')).toBeNull();
    expect(parseStationId('4.5')).toBeNull();
  });
});

describe('sortStations', () => {
  const rows = [
    station(1, 'B', 'B1', 'online', { volumeL: 90, lastDataAt: '2026-03-01T10:00:00Z' }),
    station(2, 'A', 'A1', 'online', { volumeL: 10, lastDataAt: null, activeAlarmCount: 2 }),
    station(3, 'C', 'C1', 'alarm', { volumeL: 50, lastDataAt: '2026-03-01T11:00:00Z' }),
  ];

  it('sorts by the column, ties by name', () => {
    expect(sortStations(rows, { key: 'status', direction: 1 }).map((s) => s.id)).toEqual([3, 2, 1]);
    expect(sortStations(rows, { key: 'fill', direction: -1 }).map((s) => s.id)).toEqual([1, 3, 2]);
    expect(sortStations(rows, { key: 'lastData', direction: 1 }).map((s) => s.id)).toEqual([2, 1, 3]);
    expect(sortStations(rows, { key: 'alarms', direction: -1 }).map((s) => s.id)).toEqual([2, 1, 3]);
  });

  it('leaves the input alone', () => {
    sortStations(rows, { key: 'name', direction: 1 });
    expect(rows.map((s) => s.id)).toEqual([1, 2, 3]);
  });
});
