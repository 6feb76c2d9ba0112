import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LITRES_PER_US_GALLON } from '@ullage/domain/units';
import { deviceReport, startTestApp, type TestContext } from '../../test/harness';
import { requestsAs, signInAll } from '../../test/signed-in';
import { readSheet, wallDate } from '../../test/xlsx-cells';
import { addSecondOrganisation, type SecondOrganisation } from '../../test/second-organisation';

/**
 * Delivery records (issue 6 item 6) over deliveries made the real way: one detected by ingest
 * from the level rising (NWP-DX03, litres), one reported by a gauge (LSF-HO01, a company that
 * reads gallons and °F).
 */
let ctx: TestContext;
let other: SecondOrganisation;
const cookie: Record<string, string> = {};
const T0 = Math.floor((Date.now() - 6 * 3_600_000) / 60_000) * 60_000;
const at = (minute: number) => new Date(T0 + minute * 60_000).toISOString();
const since = `from=${encodeURIComponent(at(-60))}`;

const report = (code: string, body: object) => deviceReport(ctx.app, code, body);
const { get } = requestsAs(() => ctx.app, cookie);
type Row = Record<string, unknown>;
const list = async (who: string, query: string, language = 'en') =>
  (await get(who, `/api/report/delivery/list?${query}`, language)).json() as { code: number; msg: string; data: { list: Row[]; total: number; totals: { count: number; deliveredL: number; deliveredTcL: number | null; salesDuringL: number } } };

beforeAll(async () => {
  ctx = await startTestApp();
  other = await addSecondOrganisation(ctx.db);
  Object.assign(cookie, await signInAll(ctx.app, ['admin', 'demo-company', 'pampa-company']));
  // NWP-DX03 tank 1: steady, then +5,000 L over three minutes, then steady: a detected delivery
  // from the reading at minute 2 (8,000 L) to the last rise at minute 5 (13,000 L), closed once
  // the level has settled for 10 minutes.
  const volumes = [8_010, 8_005, 8_000, 9_500, 11_000, 13_000, ...Array.from({ length: 12 }, (_, i) => 13_000 - 2 * i)];
  const res = await report('NWP-DX03', {
    readings: volumes.map((volumeL, i) => ({ tank: '1', ts: at(i), productHeightMm: volumeL / 10, waterHeightMm: i === 2 ? 12 : 0, temperatureC: i === 2 ? 12.5 : 14, volumeL, tcVolumeL: volumeL - 20 })),
  });
  expect(res.json().code).toBe(1000);
  const gauge = await report('LSF-HO01', {
    deliveries: [
      { tank: '1', startedAt: at(30), endedAt: at(55), startVolumeL: 4_000, endVolumeL: 4_000 + 2_000 * LITRES_PER_US_GALLON, startTcVolumeL: 3_990, endTcVolumeL: 3_990 + 1_990 * LITRES_PER_US_GALLON, startHeightMm: 500, endHeightMm: 1_400, startTemperatureC: 20, endTemperatureC: 25 },
    ],
  });
  expect(gauge.json().data.refused).toEqual([]);
});
afterAll(() => ctx.close());

describe('delivery records (delivery)', () => {
  it('lists a detected delivery with its start and end readings, and a gauge’s own, newest first', async () => {
    const { code, data } = await list('admin', since);
    expect(code).toBe(1000);
    expect(data.list.map((r) => [r.stationCode, r.tankCode, r.source])).toEqual([
      ['LSF-HO01', '1', 'device'],
      ['NWP-DX03', '1', 'detected'],
    ]);
    const detected = data.list[1]!;
    expect(detected).toMatchObject({
      startedAt: at(2),
      endedAt: at(5),
      startVolumeL: 8_000,
      endVolumeL: 13_000,
      riseL: 5_000,
      // The tank sold meanwhile (issue 34): 10 L in the 2 minutes before the drop and 22 L in the
      // 12 after it, 32 L in 14 minutes — about 6.857 L in the drop's 3 minutes, estimated.
      salesDuringL: 6.857,
      salesDuringSource: 'estimated',
      deliveredL: 5_006.857,
      // From the readings at the start and end: TC volumes, heights, water and temperatures.
      startTcVolumeL: 7_980,
      endTcVolumeL: 12_980,
      riseTcL: 5_000,
      deliveredTcL: 5_006.857,
      startHeightMm: 800,
      endHeightMm: 1_300,
      startWaterHeightMm: 12,
      endWaterHeightMm: 0,
      startTemperatureC: 12.5,
      endTemperatureC: 14,
      timezone: 'Asia/Dubai',
      volumeUnit: 1,
    });
    const gauge = data.list[0]!;
    // No reading of that tank around the gauge's report: nothing tells what was sold meanwhile.
    expect(gauge).toMatchObject({ salesDuringL: null, salesDuringSource: null });
    expect(gauge.deliveredL).toBeCloseTo(2_000 * LITRES_PER_US_GALLON, 6);
    expect(gauge.deliveredTcL).toBeCloseTo(1_990 * LITRES_PER_US_GALLON, 6);
    expect(gauge).toMatchObject({ startHeightMm: 500, endHeightMm: 1_400, startWaterHeightMm: null, volumeUnit: 2, tempUnit: 2 });
    expect(data.totals.count).toBe(2);
    expect(data.totals.deliveredL).toBeCloseTo(5_006.857 + 2_000 * LITRES_PER_US_GALLON, 3);
    expect(data.totals.deliveredTcL).toBeCloseTo(5_006.857 + 1_990 * LITRES_PER_US_GALLON, 3);
  });

  it('filters by source, station, tank, state and time; sorts by delivered volume', async () => {
    const count = async (q: string) => (await list('admin', `${since}&${q}`)).data.total;
    expect(await count('source=device')).toBe(1);
    expect(await count('source=detected')).toBe(1);
    expect(await count('state=open')).toBe(0);
    expect(await count('state=ended')).toBe(2);
    expect(await count('q=DX03')).toBe(1);
    const first = (await list('admin', since)).data.list[1]!;
    expect(await count(`stationId=${first.stationId}`)).toBe(1);
    expect(await count(`tankId=${first.tankId}`)).toBe(1);
    expect(await count(`to=${encodeURIComponent(at(10))}`)).toBe(1);
    const sorted = (await list('admin', `${since}&sortField=deliveredL&sortOrder=ascend`)).data.list.map((r) => r.stationCode);
    expect(sorted).toEqual(['NWP-DX03', 'LSF-HO01']);
  });

  it('refuses a range that ends before it starts, one over a year, and an unknown sort, naming the field', async () => {
    const backwards = await list('admin', `from=${encodeURIComponent(at(10))}&to=${encodeURIComponent(at(0))}`);
    expect([backwards.code, backwards.msg]).toEqual([91011, 'Start time: must be before the end time']);
    const long = await list('admin', `from=${encodeURIComponent('2025-01-01T00:00:00Z')}&to=${encodeURIComponent('2026-01-03T00:00:00Z')}`);
    expect([long.code, long.msg]).toEqual([91011, 'End time: must be no more than 366 days after the start time']);
    const zh = await list('admin', `from=${encodeURIComponent(at(10))}&to=${encodeURIComponent(at(0))}`, 'zh_CN');
    expect(zh.code).toBe(91011);
    expect(zh.msg).not.toBe(backwards.msg);
    const sort = await list('admin', 'sortField=password');
    expect(sort.code).toBe(91011);
    const badTime = await list('admin', 'from=yesterday');
    expect(badTime.code).toBe(91011);
  });

  it('shows a company only its own deliveries, whatever it asks for', async () => {
    const demo = await list('demo-company', since);
    expect(demo.data.list.map((r) => r.stationCode)).toEqual(['NWP-DX03']);
    const pampa = await list('pampa-company', since);
    expect(pampa.data.total).toBe(0);
    const stationId = demo.data.list[0]!.stationId;
    expect((await list('pampa-company', `${since}&stationId=${stationId}`)).data.total).toBe(0);
    expect((await list('pampa-company', `${since}&companyId=${other.companyId}`)).data.total).toBe(0);
  });

  it('exports the rows in the caller’s language and each company’s units', async () => {
    const res = await get('admin', `/api/report/delivery/export?${since}`, 'es');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    const { sheet, header, col } = await readSheet(res);
    expect(sheet.name).toBe('Descargas');
    expect(header).toContain('Volumen descargado');
    expect(sheet.rowCount).toBe(3);
    const gallons = sheet.getRow(2);
    expect(gallons.getCell(col('Volumen descargado')).value).toBe(2_000);
    expect(gallons.getCell(col('Unidad de volumen')).value).toBe('Galones EE. UU.');
    expect(gallons.getCell(col('Temperatura final')).value).toBe(77);
    const litres = sheet.getRow(3);
    expect(litres.getCell(col('Volumen descargado')).value).toBe(5_006.9);
    expect(litres.getCell(col('Volumen descargado a 15 °C')).value).toBe(5_006.9);
    expect(litres.getCell(2).value).toBe('NWP-DX03');
    expect(litres.getCell(col('Hora de inicio')).value).toEqual(wallDate(at(2), 'Asia/Dubai'));
  });
});

describe('a rise still going on', () => {
  const open = async () => (await list('admin', `${since}&state=open`)).data;
  const rise = (volumes: number[], from: number) =>
    report('NWP-DX03', { readings: volumes.map((volumeL, i) => ({ tank: '2', ts: at(from + i), productHeightMm: volumeL / 10, waterHeightMm: 0, temperatureC: 14, volumeL, tcVolumeL: volumeL })) });

  it('is not a delivery while it is smaller than a delivery can be (a probe’s jump), and is once it passes 500 L', async () => {
    // One reading 80 L up: the ingest follows it, but nobody is told of an 80 L "delivery".
    expect((await rise([6_000, 6_000, 6_080], 100)).json().code).toBe(1000);
    expect((await open()).total).toBe(0);
    expect((await list('admin', since)).data.totals.count).toBe(2);
    // It keeps rising past 500 L: now a delivery in progress, counted in the totals.
    expect((await rise([6_300, 6_650], 103)).json().code).toBe(1000);
    const { list: rows, total } = await open();
    expect(total).toBe(1);
    expect(rows[0]).toMatchObject({ stationCode: 'NWP-DX03', tankCode: '2', startedAt: at(101), endedAt: null, deliveredL: 650 });
    expect((await list('admin', since)).data.totals.count).toBe(3);
  });
});
