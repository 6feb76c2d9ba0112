import { describe, expect, it } from 'vitest';
import type { TankThresholds } from '@ullage/domain/threshold-alarms';
import { LIVE_REPORT_READINGS, onAlarmLane } from './alarm-lane';
import type { PreparedBatch } from './batch-writer';
import type { IngestStation, IngestTank } from './device-stations';
import type { PreparedParts } from './prepare';
import { layOut, type ReadingRow } from './reading-columns';

const THRESHOLDS: TankThresholds = { heightMm: 2000, highOilAlarmMm: 1900, highOilWarnMm: 1800, lowOilWarnMm: 300, lowOilAlarmMm: 200, highWaterAlarmMm: 100 };
// The lane reads a tank's id and thresholds only.
const tank = (id: number, thresholds: TankThresholds = THRESHOLDS) => ({ id, code: String(id), productId: null, productCode: null, thresholds }) as unknown as IngestTank;
const station = (tanks: IngestTank[]): IngestStation => ({ id: 1, code: 'S1', name: 'S1', distributorId: 1, companyId: 1, timezone: 'UTC', keyHash: null, tanks: new Map(tanks.map((t) => [t.code, t])) });
const NO_PARTS: PreparedParts = { sensors: [], alarms: [], events: [], deliveries: [], sales: [], meterTotals: [], tickets: [] };
const row = (tankId: number, i: number, productHeightMm: number, waterHeightMm: number): ReadingRow => ({
  tankId,
  stationId: 1,
  ts: new Date(Date.UTC(2026, 10, 1) + i * 60_000).toISOString(),
  tsMs: Date.UTC(2026, 10, 1) + i * 60_000,
  type: 0,
  productHeightMm,
  waterHeightMm,
  temperatureC: 15,
  volumeL: 10_000,
  tcVolumeL: 10_000,
  waterVolumeL: null,
  ullageL: 20_000,
  fillPct: 33,
  densityKgM3: null,
});
const batch = (rows: ReadingRow[], parts: Partial<PreparedParts> = {}, tanks = [tank(7), tank(8)]): PreparedBatch => ({
  station: station(tanks),
  readings: layOut(rows),
  parts: { ...NO_PARTS, ...parts },
  clock: null,
  receivedAt: new Date(),
});

describe('the alarm lane of the batch writer', () => {
  it('takes a live report with a reading at one of its tank’s thresholds: high alarm, high water, low warning', () => {
    expect(onAlarmLane(batch([row(7, 0, 1000, 10), row(8, 0, 1950, 10)]))).toBe(true);
    expect(onAlarmLane(batch([row(8, 0, 1000, 150)]))).toBe(true);
    expect(onAlarmLane(batch([row(7, 0, 300, 10)]))).toBe(true);
  });

  it('leaves a live report with every reading between the thresholds in the bulk groups', () => {
    expect(onAlarmLane(batch([row(7, 0, 1000, 10), row(8, 0, 1799, 99)]))).toBe(false);
  });

  it('judges a reading by its own tank’s thresholds, and a tank with none set never', () => {
    const lowAlarmOnly: TankThresholds = { ...THRESHOLDS, highOilAlarmMm: null, highOilWarnMm: null, highWaterAlarmMm: null };
    expect(onAlarmLane(batch([row(8, 0, 1950, 150)], {}, [tank(7), tank(8, lowAlarmOnly)]))).toBe(false);
    expect(onAlarmLane(batch([row(8, 0, 150, 10)], {}, [tank(7), tank(8, lowAlarmOnly)]))).toBe(true);
    const none: TankThresholds = { heightMm: 2000, highOilAlarmMm: null, highOilWarnMm: null, lowOilWarnMm: null, lowOilAlarmMm: null, highWaterAlarmMm: null };
    expect(onAlarmLane(batch([row(8, 0, 1999, 1999)], {}, [tank(8, none)]))).toBe(false);
  });

  it(`leaves a backlog over ${LIVE_REPORT_READINGS} readings in the bulk groups, even one touching a threshold`, () => {
    const backlog = Array.from({ length: LIVE_REPORT_READINGS + 1 }, (_, i) => row(7, i, i === 50 ? 1950 : 1000, 10));
    expect(onAlarmLane(batch(backlog))).toBe(false);
    expect(onAlarmLane(batch(backlog.slice(0, LIVE_REPORT_READINGS)))).toBe(true);
  });

  it('takes any report carrying a device alarm or a sensor in alarm, whatever its size', () => {
    const backlog = Array.from({ length: 500 }, (_, i) => row(7, i, 1000, 10));
    const alarm = { alarm: { kind: 'level', tank: '7', code: 3, ts: '2026-11-01T00:00:00Z' }, tankId: 7, tankCode: '7' } as PreparedParts['alarms'][number];
    expect(onAlarmLane(batch(backlog, { alarms: [alarm] }))).toBe(true);
    const sensor = { sensorNo: '1', state: 'alarm' } as PreparedParts['sensors'][number];
    expect(onAlarmLane(batch([], { sensors: [sensor] }))).toBe(true);
    expect(onAlarmLane(batch([], { sensors: [{ ...sensor, state: 'normal' } as PreparedParts['sensors'][number]] }))).toBe(false);
  });
});
