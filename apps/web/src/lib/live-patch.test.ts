import { describe, expect, it } from 'vitest';
import type { ActiveAlarm, MonitorOverview, StationMonitor, StationSummary, TankLive, TankReadingLive } from '@ullage/contracts/monitor';
import { TODAY_ALARMS_KEPT, patchOverview, patchStationMonitor } from './live-patch';

function tank(tankId: number, over: Partial<TankLive> = {}): TankLive {
  return {
    tankId,
    code: String(tankId),
    productId: 1,
    productName: '92# Gasoline',
    productColor: '#e8453c',
    heightMm: 2600,
    capacityL: 40000,
    ts: '2026-03-01T10:00:00Z',
    type: 'interval',
    productHeightMm: 1000,
    waterHeightMm: 10,
    temperatureC: 20,
    volumeL: 10000,
    tcVolumeL: 9990,
    waterVolumeL: 20,
    ullageL: 30000,
    fillPct: 25,
    highOilWarnMm: null,
    highOilAlarmMm: null,
    lowOilWarnMm: null,
    lowOilAlarmMm: null,
    highWaterAlarmMm: null,
    ...over,
  };
}

/** The reading fields of a tank, as an inventory event carries them. */
function reading(tankId: number, over: Partial<TankReadingLive> = {}): TankReadingLive {
  const { tankId: _id, ts, type, productHeightMm, waterHeightMm, temperatureC, volumeL, tcVolumeL, waterVolumeL, ullageL, fillPct } = tank(tankId);
  return { tankId, ts, type, productHeightMm, waterHeightMm, temperatureC, volumeL, tcVolumeL, waterVolumeL, ullageL, fillPct, ...over };
}

function summary(id: number, over: Partial<StationSummary> = {}): StationSummary {
  return {
    id,
    name: `Station ${id}`,
    code: `S${id}`,
    companyId: 1,
    companyName: 'Northwind',
    areaName: null,
    timezone: 'Asia/Shanghai',
    longitude: 121,
    latitude: 31,
    tempUnit: 1,
    volumeUnit: 1,
    status: 'online',
    lastDataAt: '2026-03-01T10:00:00Z',
    clockFlagged: false,
    tankCount: 2,
    activeAlarmCount: 0,
    volumeL: 20000,
    capacityL: 80000,
    ...over,
  };
}

function alarm(id: number, over: Partial<ActiveAlarm> = {}): ActiveAlarm {
  return {
    id,
    stationId: 7,
    stationName: 'Station 7',
    timezone: 'Asia/Shanghai',
    kind: 'level',
    code: 10,
    tankCode: '1',
    sensorNo: null,
    startedAt: `2026-03-01T10:0${id % 10}:00Z`,
    endedAt: null,
    ...over,
  };
}

const monitor: StationMonitor = {
  serverTime: '2026-03-01T10:00:00Z',
  station: { ...summary(7), address: null, phone: null },
  tanks: [tank(1), tank(2)],
  sensors: [{ sensorNo: '1', type: 'leak', state: 'normal', code: null, ts: '2026-03-01T10:00:00Z' }],
  alarms: [],
};

describe('patchStationMonitor', () => {
  it('replaces the tanks an inventory event carries and keeps the others', () => {
    const next = patchStationMonitor(monitor, {
      type: 'inventory',
      stationId: 7,
      tanks: [reading(1, { ts: '2026-03-01T10:01:00Z', productHeightMm: 1234.5, volumeL: 12500 })],
    });
    expect(next.tanks.map((t) => t.productHeightMm)).toEqual([1234.5, 1000]);
    expect(next.tanks[1]).toBe(monitor.tanks[1]);
    expect(next.station.lastDataAt).toBe('2026-03-01T10:01:00Z');
    expect(next.station.volumeL).toBe(22500);
    // The cached object itself is left alone (react-query compares references).
    expect(monitor.tanks[0]!.productHeightMm).toBe(1000);
  });

  it('does not roll a tank back to an older reading', () => {
    const next = patchStationMonitor(monitor, { type: 'inventory', stationId: 7, tanks: [reading(1, { ts: '2026-03-01T09:00:00Z', productHeightMm: 5 })] });
    expect(next.tanks[0]!.productHeightMm).toBe(1000);
    expect(next.station.lastDataAt).toBe('2026-03-01T10:00:00Z');
  });

  it('keeps the tank settings and changes only the reading fields', () => {
    const next = patchStationMonitor(monitor, { type: 'inventory', stationId: 7, tanks: [reading(2, { ts: '2026-03-01T10:01:00Z', waterHeightMm: 55 })] });
    expect(next.tanks[1]).toMatchObject({ code: '2', productName: '92# Gasoline', heightMm: 2600, waterHeightMm: 55, productHeightMm: 1000 });
  });

  it('ignores a reading for a tank it does not know (the next refetch brings the tank)', () => {
    expect(patchStationMonitor(monitor, { type: 'inventory', stationId: 7, tanks: [reading(3)] })).toBe(monitor);
  });

  it('ignores events of another station', () => {
    expect(patchStationMonitor(monitor, { type: 'inventory', stationId: 8, tanks: [reading(1, { productHeightMm: 5 })] })).toBe(monitor);
    expect(patchStationMonitor(monitor, { type: 'status', stationId: 8, status: 'offline', lastDataAt: null })).toBe(monitor);
  });

  it('updates and adds sensors by number', () => {
    const next = patchStationMonitor(monitor, {
      type: 'sensors',
      stationId: 7,
      sensors: [
        { sensorNo: '1', type: 'leak', state: 'alarm', code: 8, ts: '2026-03-01T10:02:00Z' },
        { sensorNo: '2', type: 'gas', state: 'normal', code: null, ts: '2026-03-01T10:02:00Z' },
      ],
    });
    expect(next.sensors.map((s) => [s.sensorNo, s.state])).toEqual([
      ['1', 'alarm'],
      ['2', 'normal'],
    ]);
  });

  it('takes a new status, and returns the same object when nothing changes', () => {
    const next = patchStationMonitor(monitor, { type: 'status', stationId: 7, status: 'alarm', lastDataAt: '2026-03-01T10:05:00Z' });
    expect(next.station.status).toBe('alarm');
    expect(next.station.lastDataAt).toBe('2026-03-01T10:05:00Z');
    expect(patchStationMonitor(monitor, { type: 'status', stationId: 7, status: 'online', lastDataAt: '2026-03-01T10:00:00Z' })).toBe(monitor);
  });

  it('lists a new alarm first and drops it when it ends', () => {
    const withOld = patchStationMonitor(monitor, { type: 'alarm', stationId: 7, alarm: alarm(1) });
    const withNew = patchStationMonitor(withOld, { type: 'alarm', stationId: 7, alarm: alarm(2, { code: 13 }) });
    expect(withNew.alarms.map((a) => a.id)).toEqual([2, 1]);
    expect(withNew.station.activeAlarmCount).toBe(2);
    const ended = patchStationMonitor(withNew, { type: 'alarm', stationId: 7, alarm: alarm(1, { endedAt: '2026-03-01T10:09:00Z' }) });
    expect(ended.alarms.map((a) => a.id)).toEqual([2]);
    expect(ended.station.activeAlarmCount).toBe(1);
  });

  it('ignores the end of an alarm it never listed', () => {
    expect(patchStationMonitor(monitor, { type: 'alarm', stationId: 7, alarm: alarm(5, { endedAt: '2026-03-01T10:09:00Z' }) })).toBe(monitor);
  });
});

const overview: MonitorOverview = {
  serverTime: '2026-03-01T10:00:00Z',
  counts: { total: 3, online: 2, offline: 1, alarm: 0 },
  products: [],
  todayAlarms: [],
  todayAlarmCount: 0,
  todayDeliveryCount: 0,
  todayDeliveredL: 0,
  stations: [summary(7), summary(8), summary(9, { status: 'offline', lastDataAt: null })],
  mapTiles: null,
};

describe('patchOverview', () => {
  it('moves a station between the status counts', () => {
    const next = patchOverview(overview, { type: 'status', stationId: 7, status: 'alarm', lastDataAt: '2026-03-01T10:05:00Z' });
    expect(next.counts).toEqual({ total: 3, online: 1, offline: 1, alarm: 1 });
    expect(next.stations[0]!.status).toBe('alarm');
    expect(next.stations[1]).toBe(overview.stations[1]);
    const back = patchOverview(next, { type: 'status', stationId: 7, status: 'online', lastDataAt: '2026-03-01T10:06:00Z' });
    expect(back.counts).toEqual(overview.counts);
  });

  it('changes nothing for an unknown station or a repeated status', () => {
    expect(patchOverview(overview, { type: 'status', stationId: 99, status: 'alarm', lastDataAt: null })).toBe(overview);
    expect(patchOverview(overview, { type: 'status', stationId: 9, status: 'offline', lastDataAt: null })).toBe(overview);
  });

  it('moves the last data time forward on inventory', () => {
    const next = patchOverview(overview, { type: 'inventory', stationId: 9, tanks: [reading(1, { ts: '2026-03-01T10:03:00Z' })] });
    expect(next.stations[2]!.lastDataAt).toBe('2026-03-01T10:03:00Z');
    expect(patchOverview(overview, { type: 'sensors', stationId: 9, sensors: [] })).toBe(overview);
  });

  it('puts a new alarm at the top of today’s list and counts it once', () => {
    const one = patchOverview(overview, { type: 'alarm', stationId: 7, alarm: alarm(1) });
    const two = patchOverview(one, { type: 'alarm', stationId: 7, alarm: alarm(2) });
    const again = patchOverview(two, { type: 'alarm', stationId: 7, alarm: alarm(2, { endedAt: '2026-03-01T10:09:00Z' }) });
    expect(again.todayAlarms.map((a) => a.id)).toEqual([2, 1]);
    expect(again.todayAlarms[0]!.endedAt).toBe('2026-03-01T10:09:00Z');
    expect(again.todayAlarmCount).toBe(2);
  });

  it('keeps at most the server’s number of alarms and skips alarms that ended on another day', () => {
    let next = overview;
    for (let id = 1; id <= TODAY_ALARMS_KEPT + 5; id++) next = patchOverview(next, { type: 'alarm', stationId: 7, alarm: alarm(id) });
    expect(next.todayAlarms).toHaveLength(TODAY_ALARMS_KEPT);
    expect(next.todayAlarmCount).toBe(TODAY_ALARMS_KEPT + 5);
    expect(patchOverview(overview, { type: 'alarm', stationId: 7, alarm: alarm(3, { endedAt: '2026-03-01T10:09:00Z' }) })).toBe(overview);
  });
});
