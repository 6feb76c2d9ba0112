import { describe, expect, it } from 'vitest';
import type { StationSummary } from '@ullage/contracts/monitor';
import { NO_AREA } from '../../lib/drill-place';
import { areaKey, companyKey, groupBy, inventoryFigures, sumDeliveries, type StationPlace } from './groups';

const place = (id: number, companyId: number, areaId: number | null, areaName: string | null = areaId === null ? null : `Area ${areaId}`): StationPlace => ({
  id,
  name: `Station ${id}`,
  code: `S${id}`,
  companyId,
  companyName: companyId === 1 ? 'Northwind' : 'Lone Star',
  areaId,
  areaName,
});

type Figures = Pick<StationSummary, 'tankCount' | 'volumeL' | 'capacityL' | 'status' | 'activeAlarmCount' | 'volumeUnit'>;
const station = (extra: Partial<Figures>): Figures => ({ tankCount: 3, volumeL: 1000, capacityL: 4000, status: 'online', activeAlarmCount: 0, volumeUnit: 1, ...extra });

describe('drill-down groups (spec §2 mobile routes: inventory and deliveries by company, area, station)', () => {
  it('groups stations by company, in name order', () => {
    const groups = groupBy([place(1, 2, 5), place(2, 1, 3), place(3, 2, 6)], companyKey);
    expect(groups.map((g) => [g.id, g.name, g.members.map((m) => m.id)])).toEqual([
      [2, 'Lone Star', [1, 3]],
      [1, 'Northwind', [2]],
    ]);
  });

  it('groups by area, the stations without an area last, under NO_AREA', () => {
    const groups = groupBy([place(1, 1, null), place(2, 1, 4, 'Gulf'), place(3, 1, 3, 'East Asia'), place(4, 1, 4, 'Gulf')], areaKey);
    expect(groups.map((g) => [g.id, g.name, g.members.map((m) => m.id)])).toEqual([
      [3, 'East Asia', [3]],
      [4, 'Gulf', [2, 4]],
      [NO_AREA, null, [1]],
    ]);
  });

  it('sorts names by the interface language’s collation, accents included', () => {
    const names = ['Zaragoza', 'Ávila', 'Bogotá'].map((name, i) => ({ id: i + 1, name }));
    expect(groupBy(names, (n) => n, 'es').map((g) => g.name)).toEqual(['Ávila', 'Bogotá', 'Zaragoza']);
    // A language code that is not a BCP 47 tag still sorts, in the default collation.
    expect(groupBy(names, (n) => n, 'zh_CN').map((g) => g.name)).toEqual(['Ávila', 'Bogotá', 'Zaragoza']);
  });

  it('adds up a group’s inventory: tanks, volume, capacity, fill, stations in alarm or offline', () => {
    const figures = inventoryFigures([
      station({ volumeL: 1500, capacityL: 5000, status: 'alarm', activeAlarmCount: 2 }),
      station({ tankCount: 2, volumeL: 500, capacityL: 5000, status: 'offline' }),
      station({}),
    ]);
    expect(figures).toEqual({ stations: 3, tanks: 8, volumeL: 3000, capacityL: 14000, fillPct: 21.4, alarmStations: 1, offlineStations: 1, activeAlarms: 2, volumeUnit: 1 });
  });

  it('shows a group in its stations’ unit, litres when they differ, and no fill without capacity', () => {
    expect(inventoryFigures([station({ volumeUnit: 2 }), station({ volumeUnit: 2 })]).volumeUnit).toBe(2);
    expect(inventoryFigures([station({ volumeUnit: 2 }), station({ volumeUnit: 1 })]).volumeUnit).toBe(1);
    expect(inventoryFigures([station({ capacityL: 0, volumeL: 0 })]).fillPct).toBeNull();
    expect(inventoryFigures([]).stations).toBe(0);
  });

  it('adds up deliveries of an area from its stations, saying how many are still loading', () => {
    const totals = new Map([
      [1, { count: 2, deliveredL: 30_000, volumeUnit: 2 }],
      [2, { count: 0, deliveredL: 0, volumeUnit: null }],
      [4, { count: 1, deliveredL: 12_500.5, volumeUnit: 2 }],
    ]);
    expect(sumDeliveries([1, 2, 4], totals)).toEqual({ count: 3, deliveredL: 42_500.5, pending: 0, volumeUnit: 2 });
    expect(sumDeliveries([1, 3], totals)).toEqual({ count: 2, deliveredL: 30_000, pending: 1, volumeUnit: 2 });
  });

  it('adds up companies of different units in litres, and knows no unit before any delivery', () => {
    const totals = new Map([
      [1, { count: 2, deliveredL: 30_000, volumeUnit: 1 }],
      [2, { count: 1, deliveredL: 9_000, volumeUnit: 2 }],
      [3, { count: 0, deliveredL: 0, volumeUnit: null }],
    ]);
    expect(sumDeliveries([1, 2], totals).volumeUnit).toBe(1);
    expect(sumDeliveries([3], totals).volumeUnit).toBeNull();
  });
});
