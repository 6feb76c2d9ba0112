import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RECORD_TYPES } from '@ullage/contracts/device';
import { LITRES_PER_US_GALLON } from '@ullage/domain/units';
import { monthsOf } from '@ullage/domain/reading-months';
import { ensureMonths } from '../../db/partitions';
import { rawRows } from '../../lib/raw-sql';
import { rebuildSummaries } from '../../test/summaries';
import { deviceReport, startTestApp, type TestContext } from '../../test/harness';
import { requestsAs, signInAll } from '../../test/signed-in';
import { readSheet, wallDate } from '../../test/xlsx-cells';
import { addSecondOrganisation } from '../../test/second-organisation';

/**
 * Historical inventory (issue 6 item 5, spec §5): one tank's readings as a table and a trend.
 * Readings of NWP-SH01 tank 1 come through the device endpoint (two hours, one a minute);
 * tank 2 gets 11 days at one a minute straight in SQL (15,840 readings: the chart thins them);
 * LSF-HO01 (a company reading gallons and °F) for the export's units.
 */
let ctx: TestContext;
const cookie: Record<string, string> = {};
const MIN = 60_000;
const DAY = 86_400_000;
// A quarter-hour boundary three days ago: the 15-minute buckets of the chart start on it.
const T0 = Math.floor((Date.now() - 3 * DAY) / (15 * MIN)) * 15 * MIN;
const at = (minute: number) => new Date(T0 + minute * MIN).toISOString();
// Tank 2's readings start on a half-hour boundary (so on a 10-minute bucket's start) twelve days before.
const BIG0 = Math.floor((T0 - 12 * DAY) / (30 * MIN)) * 30 * MIN;
const tanks: Record<string, { stationId: number; tankId: number }> = {};

/** Tank 1's i-th reading, as sent. */
const reading = (i: number) => ({
  tank: '1',
  ts: at(i),
  type: RECORD_TYPES[i % RECORD_TYPES.length],
  productHeightMm: 1000 + i,
  waterHeightMm: i % 2 === 0 ? 20 : 10,
  temperatureC: 15 + (i % 10) / 10,
  volumeL: 10_000 + 10 * i,
  tcVolumeL: 9_990 + 10 * i,
  waterVolumeL: 100,
});

const report = (code: string, body: object) => deviceReport(ctx.app, code, body);
const { get } = requestsAs(() => ctx.app, cookie);
type Answer<T> = { code: number; msg: string; data: T };
type Row = Record<string, unknown>;
const qs = (q: Record<string, string | number | undefined>) =>
  Object.entries(q)
    .filter(([, v]) => v !== undefined)
    .map(([k, v]) => `${k}=${encodeURIComponent(String(v))}`)
    .join('&');
const ask = (key: string, extra: Record<string, string | number | undefined> = {}) => qs({ stationId: tanks[key]!.stationId, tankId: tanks[key]!.tankId, from: at(0), to: at(120), ...extra });
const list = async (who: string, query: string, language = 'en') => (await get(who, `/api/report/history/list?${query}`, language)).json() as Answer<{ list: Row[]; total: number; tank: Row }>;
interface Series {
  readings: number;
  bucketSeconds: number;
  ts: number[];
  productHeightMm: number[];
  waterHeightMm: number[];
  temperatureC: number[];
  volumeL: number[];
}
const series = async (who: string, query: string, language = 'en') => (await get(who, `/api/report/history/series?${query}`, language)).json() as Answer<Series>;
const trend = async (who: string, query: string, language = 'en') => (await get(who, `/api/report/history/trend?${query}`, language)).json() as Answer<Series>;

/** The means of tank 2's raw readings over clock-aligned buckets, rounded as the series are: what any source of the series must give. */
async function rawMeans(from: number, to: number, bucketSeconds: number) {
  const rows = await rawRows<{ ts: Date | string; h: number; c: number; v: number; n: number }>(
    ctx.db,
    sql`select date_bin(${bucketSeconds} * interval '1 second', ts, timestamptz '2000-01-01T00:00:00Z') as ts, avg(product_height_mm) as h, avg(temperature_c) as c, avg(volume_l) as v, count(*)::int as n
        from tank_readings where tank_id = ${tanks['NWP-SH01/2']!.tankId} and ts >= ${new Date(from).toISOString()}::timestamptz and ts < ${new Date(to).toISOString()}::timestamptz group by 1 order by 1`,
  );
  return {
    readings: rows.reduce((a, r) => a + r.n, 0),
    ts: rows.map((r) => new Date(r.ts).getTime()),
    productHeightMm: rows.map((r) => Math.round(Number(r.h) * 10) / 10),
    temperatureC: rows.map((r) => Math.round(Number(r.c) * 100) / 100),
    volumeL: rows.map((r) => Math.round(Number(r.v) * 10) / 10),
  };
}

beforeAll(async () => {
  ctx = await startTestApp();
  await addSecondOrganisation(ctx.db);
  Object.assign(cookie, await signInAll(ctx.app, ['admin', 'demo-company', 'pampa-company']));
  const rows = await rawRows<{ code: string; tank: string; station_id: number; tank_id: number }>(
    ctx.db,
    sql`select s.code, t.code as tank, s.id as station_id, t.id as tank_id from tanks t join stations s on s.id = t.station_id where s.code in ('NWP-SH01', 'NWP-SZ02', 'LSF-HO01')`,
  );
  for (const r of rows) tanks[`${r.code}/${r.tank}`] = { stationId: r.station_id, tankId: r.tank_id };

  const sent = await report('NWP-SH01', { readings: Array.from({ length: 120 }, (_, i) => reading(i)) });
  expect(sent.json().data).toMatchObject({ accepted: 120, refused: [] });
  const gallons = await report('LSF-HO01', {
    readings: [0, 1].map((i) => ({ tank: '1', ts: at(i), productHeightMm: 900, waterHeightMm: 15, temperatureC: 20 + i * 5, volumeL: 1_000 * LITRES_PER_US_GALLON * (i + 1), tcVolumeL: 990 * LITRES_PER_US_GALLON, waterVolumeL: 10 * LITRES_PER_US_GALLON })),
  });
  expect(gallons.json().data.refused).toEqual([]);
  // Tank 2: 11 days and 12 hours of one reading a minute from BIG0, height = minute index mod 1,000.
  const tank2 = tanks['NWP-SH01/2']!;
  // Straight into the table: its months' partitions first (ingest makes them on demand), the summaries after.
  await ensureMonths(ctx.db, monthsOf([BIG0, BIG0 + 12 * DAY]));
  await ctx.db.execute(sql`
    insert into tank_readings (tank_id, ts, station_id, type, product_height_mm, water_height_mm, temperature_c, volume_l, tc_volume_l, water_volume_l)
    select ${tank2.tankId}, ${new Date(BIG0).toISOString()}::timestamptz + g * interval '1 minute', ${tank2.stationId}, 2,
      g % 1000, 5, 10 + (g % 60) / 10.0, 5000 + g % 1000, 4990 + g % 1000, 50
    from generate_series(0, 11 * 1440 + 719) g`);
  await rebuildSummaries(ctx.db, tank2.tankId);
});
afterAll(() => ctx.close());

describe('historical inventory table (history_can_save)', () => {
  it('answers a page of the range’s readings, newest first, with the tank, its units and each reading’s figures', async () => {
    const { code, data } = await list('admin', `${ask('NWP-SH01/1')}&pageSize=5`);
    expect(code).toBe(1000);
    expect(data.total).toBe(120);
    expect(data.tank).toMatchObject({ stationCode: 'NWP-SH01', tankCode: '1', timezone: 'Asia/Shanghai', volumeUnit: 1 });
    const capacity = data.tank.capacityL as number;
    expect(data.list.map((r) => r.ts)).toEqual([119, 118, 117, 116, 115].map(at));
    expect(data.list[0]).toEqual({
      id: T0 + 119 * MIN,
      ts: at(119),
      type: RECORD_TYPES[119 % RECORD_TYPES.length],
      productHeightMm: 1119,
      waterHeightMm: 10,
      temperatureC: 15.9,
      volumeL: 11_190,
      tcVolumeL: 11_180,
      waterVolumeL: 100,
      ullageL: Math.round((capacity - 11_290) * 10) / 10,
      fillPct: Math.round((11_290 / capacity) * 10_000) / 100,
    });
    // Every record type of spec §3 comes back as it was sent.
    const all = await list('admin', `${ask('NWP-SH01/1')}&pageSize=200&sortField=ts&sortOrder=ascend`);
    expect(all.data.list.slice(0, 7).map((r) => r.type)).toEqual([...RECORD_TYPES]);
  });

  it('pages and sorts by time; the range is [from, to)', async () => {
    const page3 = await list('admin', `${ask('NWP-SH01/1')}&pageSize=10&page=3&sortField=ts&sortOrder=ascend`);
    expect(page3.data.list.map((r) => r.productHeightMm)).toEqual(Array.from({ length: 10 }, (_, i) => 1020 + i));
    const window = await list('admin', ask('NWP-SH01/1', { from: at(10), to: at(20) }));
    expect(window.data.total).toBe(10);
    expect(window.data.list.at(-1)!.ts).toBe(at(10));
    expect(window.data.list[0]!.ts).toBe(at(19));
    expect((await list('admin', `${ask('NWP-SH01/1')}&sortField=volumeL`)).code).toBe(91011);
  });

  it('allows exactly 11 days: 15,840 readings at one a minute', async () => {
    const { code, data } = await list('admin', ask('NWP-SH01/2', { from: new Date(BIG0).toISOString(), to: new Date(BIG0 + 11 * DAY).toISOString() }));
    expect(code).toBe(1000);
    expect(data.total).toBe(15_840);
  });
});

describe('refusals (spec §5, messages of §8)', () => {
  const refused = async (query: string, language: string) => {
    const answer = await list('admin', query, language);
    return [answer.code, answer.msg];
  };
  it.each([
    ['12 days', { from: at(0), to: new Date(T0 + 12 * DAY).toISOString() }, 'Time range: Time cannot exceed 11 days', '时间范围：时间不能超过 11 天'],
    ['11 days and one minute', { from: at(0), to: new Date(T0 + 11 * DAY + MIN).toISOString() }, 'Time range: Time cannot exceed 11 days', '时间范围：时间不能超过 11 天'],
    ['start after end', { from: at(20), to: at(10) }, 'Time range: Start time must be before end time', '时间范围：开始时间必须早于结束时间'],
    ['start = end', { from: at(10), to: at(10) }, 'Time range: Start time must be before end time', '时间范围：开始时间必须早于结束时间'],
    ['no tank', { tankId: undefined }, 'Tank: Must select gas station and tank', '油罐：必须选择油站和油罐'],
    ['no station', { stationId: undefined }, 'Station: Must select gas station and tank', '油站：必须选择油站和油罐'],
    ['no end', { to: undefined }, 'Time range: is required', '时间范围：不能为空'],
  ])('%s: 91011 naming the field, in English and Chinese', async (_name, extra, en, zh) => {
    const query = ask('NWP-SH01/1', extra);
    expect(await refused(query, 'en')).toEqual([91011, en]);
    expect(await refused(query, 'zh_CN')).toEqual([91011, zh]);
    // The chart and the export answer the same.
    expect((await series('admin', query)).msg).toBe(en);
    expect((await get('admin', `/api/report/history/export?${query}`)).json().msg).toBe(en);
  });

  it('a tank of another station: 91011 on the tank', async () => {
    const query = ask('NWP-SH01/1', { stationId: tanks['NWP-SZ02/1']!.stationId });
    expect(await refused(query, 'en')).toEqual([91011, 'Tank: must be a tank of the chosen station']);
    expect(await refused(query, 'zh_CN')).toEqual([91011, '油罐：必须是所选油站的油罐']);
  });

  it('a malformed time is refused, not a 500', async () => {
    expect((await list('admin', ask('NWP-SH01/1', { from: 'yesterday' }))).code).toBe(91011);
  });
});

describe('another organisation’s tank', () => {
  it('is not found, whatever station it is asked with, and nothing of it is answered', async () => {
    for (const query of [ask('NWP-SH01/1'), ask('LSF-HO01/1')]) {
      const pampa = await list('pampa-company', query);
      expect([pampa.code, pampa.data]).toEqual([80001, undefined]);
      expect((await series('pampa-company', query)).code).toBe(80001);
      expect((await get('pampa-company', `/api/report/history/export?${query}`)).json().code).toBe(80001);
    }
    // The demo company (NWP) reads its own tank, and not LSF's.
    expect((await list('demo-company', ask('NWP-SH01/1'))).data.total).toBe(120);
    const lsf = await list('demo-company', ask('LSF-HO01/1'), 'zh_CN');
    expect(lsf.code).toBe(80001);
  });
});

describe('trend series', () => {
  it('a range of no more points than the chart draws: the readings themselves', async () => {
    const { code, data } = await series('admin', ask('NWP-SH01/1'));
    expect(code).toBe(1000);
    expect(data).toMatchObject({ readings: 120, bucketSeconds: 0 });
    expect(data.ts).toEqual(Array.from({ length: 120 }, (_, i) => T0 + i * MIN));
    expect(data.productHeightMm[7]).toBe(1007);
    expect(data.waterHeightMm.slice(0, 2)).toEqual([20, 10]);
    expect(data.temperatureC[7]).toBe(15.7);
    expect(data.volumeL[119]).toBe(11_190);
  });

  it('more readings than asked for: the means of clock-aligned buckets, no more than the limit', async () => {
    const { data } = await series('admin', `${ask('NWP-SH01/1')}&maxPoints=10`);
    // Two hours over at most 10 points: 15-minute buckets (7,200 s / 9 = 800 s, the next readable width).
    expect(data).toMatchObject({ readings: 120, bucketSeconds: 900 });
    expect(data.ts).toEqual(Array.from({ length: 8 }, (_, k) => T0 + k * 15 * MIN));
    const mean = (pick: (i: number) => number, k: number) => Array.from({ length: 15 }, (_, j) => pick(15 * k + j)).reduce((a, b) => a + b, 0) / 15;
    for (let k = 0; k < 8; k++) {
      expect(data.productHeightMm[k]).toBeCloseTo(mean((i) => reading(i).productHeightMm, k), 6);
      expect(data.volumeL[k]).toBeCloseTo(mean((i) => reading(i).volumeL, k), 6);
      expect(data.waterHeightMm[k]).toBeCloseTo(mean((i) => reading(i).waterHeightMm, k), 1);
      expect(data.temperatureC[k]).toBeCloseTo(mean((i) => reading(i).temperatureC, k), 2);
    }
    // Bucket 0: heights 1000..1014, mean 1007; water 20,10,… eight 20s and seven 10s.
    expect([data.productHeightMm[0], data.waterHeightMm[0]]).toEqual([1007, 15.3]);
  });

  it('11 days at one a minute: 15,840 readings drawn as at most 2,000 ten-minute means', async () => {
    const from = BIG0 + 5 * MIN;
    const { data } = await series('admin', ask('NWP-SH01/2', { from: new Date(from).toISOString(), to: new Date(from + 11 * DAY).toISOString() }));
    expect(data.readings).toBe(15_840);
    expect(data.bucketSeconds).toBe(600);
    expect(data.ts.length).toBeLessThanOrEqual(2_000);
    // The range starts 5 minutes into a 10-minute bucket: a half bucket at each end.
    expect(data.ts.length).toBe(1_585);
    for (const column of [data.productHeightMm, data.waterHeightMm, data.temperatureC, data.volumeL]) expect(column).toHaveLength(1_585);
    const g0 = Math.round((BIG0 - Date.UTC(2000, 0, 1)) / MIN) % 10; // BIG0's minute within its bucket
    expect(g0).toBe(0);
    // First bucket: minutes 5..9 → heights 5..9 (mean 7), temperatures 10.5..10.9 (mean 10.7).
    expect([data.ts[0], data.productHeightMm[0], data.temperatureC[0], data.volumeL[0], data.waterHeightMm[0]]).toEqual([BIG0, 7, 10.7, 5_007, 5]);
    // Second: minutes 10..19 → mean 14.5.
    expect([data.ts[1], data.productHeightMm[1], data.temperatureC[1]]).toEqual([BIG0 + 10 * MIN, 14.5, 11.45]);
    const inRange = data.ts.every((t) => t >= BIG0 && t < from + 11 * DAY);
    expect(inRange).toBe(true);
  });
});

describe('trend series from the summaries (issue 21)', () => {
  const pick = (d: Series) => ({ readings: d.readings, ts: d.ts, productHeightMm: d.productHeightMm, temperatureC: d.temperatureC, volumeL: d.volumeL });

  it('buckets of whole hours give the raw readings’ means, the minutes at either end included', async () => {
    // 11 days from 5 minutes past a half hour, at most 100 points: 3-hour buckets (950,400 s / 99 → 10,800).
    const from = BIG0 + 35 * MIN;
    const to = from + 11 * DAY;
    const { code, data } = await series('admin', ask('NWP-SH01/2', { from: new Date(from).toISOString(), to: new Date(to).toISOString(), maxPoints: 100 }));
    expect(code).toBe(1000);
    expect(data.bucketSeconds).toBe(10_800);
    expect(pick(data)).toEqual(await rawMeans(from, to, 10_800));
    expect(data.ts.length).toBeGreaterThan(80);
  });

  it('the long-term trend spans more than 11 days, in buckets of at least an hour, equal to the raw means', async () => {
    // Tank 2's whole 11.5 days and a day either side: 13.5 days, past the table's 11.
    const from = BIG0 - DAY;
    const to = BIG0 + 12 * DAY + 12 * 60 * MIN + DAY;
    const { code, data } = await trend('admin', ask('NWP-SH01/2', { from: new Date(from).toISOString(), to: new Date(to).toISOString() }));
    expect(code).toBe(1000);
    expect(data.bucketSeconds).toBe(3600);
    expect(data.readings).toBe(11 * 1440 + 720);
    expect(pick(data)).toEqual(await rawMeans(from, to, 3600));
    // One point per clock hour that holds readings: 276 hours of them, 277 touched when they start on a half hour.
    const hour = 60 * MIN;
    expect(data.ts).toHaveLength(Math.floor((BIG0 + (11 * 1440 + 719) * MIN) / hour) - Math.floor(BIG0 / hour) + 1);
    // The readings table still refuses the same range.
    expect((await series('admin', ask('NWP-SH01/2', { from: new Date(from).toISOString(), to: new Date(to).toISOString() }))).msg).toBe('Time range: Time cannot exceed 11 days');
  });

  it('three years is the trend’s longest range, refused past it naming the limit', async () => {
    const to = T0;
    const longest = await trend('admin', ask('NWP-SH01/2', { from: new Date(to - 1098 * DAY).toISOString(), to: new Date(to).toISOString() }));
    expect(longest.code).toBe(1000);
    // 1,098 days at most 2,000 points: 16-hour means would do, the next readable width is a day.
    expect(longest.data.bucketSeconds).toBe(86_400);
    expect(longest.data.readings).toBe(11 * 1440 + 720);
    const over = ask('NWP-SH01/2', { from: new Date(to - 1098 * DAY - MIN).toISOString(), to: new Date(to).toISOString() });
    expect([(await trend('admin', over)).code, (await trend('admin', over)).msg]).toEqual([91011, 'Time range: Time cannot exceed 1098 days']);
    expect((await trend('admin', over, 'zh_CN')).msg).toBe('时间范围：时间不能超过 1098 天');
  });

  it('the trend refuses what the series refuses, naming the field, never a 500', async () => {
    const refused = async (extra: Record<string, string | undefined>) => {
      const res = await get('admin', `/api/report/history/trend?${ask('NWP-SH01/2', extra)}`);
      return [res.statusCode < 500, res.json().code, res.json().msg];
    };
    expect(await refused({ from: at(20), to: at(10) })).toEqual([true, 91011, 'Time range: Start time must be before end time']);
    expect(await refused({ to: undefined })).toEqual([true, 91011, 'Time range: is required']);
    expect(await refused({ tankId: undefined })).toEqual([true, 91011, 'Tank: Must select gas station and tank']);
    expect((await refused({ from: 'last year' })).slice(0, 2)).toEqual([true, 91011]);
    expect((await get('admin', `/api/report/history/trend?${ask('NWP-SH01/2', { maxPoints: 5 })}`)).json().code).toBe(91011);
  });

  it('another organisation’s tank is not found through the trend either', async () => {
    expect((await trend('pampa-company', ask('NWP-SH01/2', { from: new Date(BIG0).toISOString(), to: new Date(BIG0 + 20 * DAY).toISOString() }))).code).toBe(80001);
  });
});

describe('export', () => {
  it('the range’s readings in the caller’s language and the company’s units, oldest first, in the station’s time', async () => {
    const res = await get('admin', `/api/report/history/export?${ask('LSF-HO01/1')}`, 'es');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    expect(decodeURIComponent(String(res.headers['content-disposition']))).toContain('Historial de inventario LSF-HO01-1.xlsx');
    const { sheet, header, values } = await readSheet(res);
    expect(sheet.name).toBe('Historial de inventario');
    expect(sheet.rowCount).toBe(3);
    expect(header).toEqual([
      'Estación',
      'Tanque',
      'Hora',
      'Tipo de registro',
      'Altura de producto (mm)',
      'Altura de agua (mm)',
      'Temperatura (°F)',
      'Volumen (gal)',
      'Volumen a 15 °C (gal)',
      'Volumen de agua (gal)',
      'Espacio libre (gal)',
      'Llenado (%)',
    ]);
    expect(values(2).slice(2)).toEqual([wallDate(at(0), 'America/Chicago'), 'Intervalo', 900, 15, 68, 1_000, 990, 10, expect.any(Number), expect.any(Number)]);
    expect(values(3).slice(2, 8)).toEqual([wallDate(at(1), 'America/Chicago'), 'Intervalo', 900, 15, 77, 2_000]);
  });

  it('11 days of one-a-minute readings export whole', async () => {
    const res = await get('admin', `/api/report/history/export?${ask('NWP-SH01/2', { from: new Date(BIG0).toISOString(), to: new Date(BIG0 + 11 * DAY).toISOString() })}`);
    expect((await readSheet(res)).sheet.rowCount).toBe(15_841);
  });
});

describe('a water volume nobody knows (issue 20 item 7)', () => {
  // NWP-SZ02 tank 1 without a height-volume table; its device sends volumes, no water volume
  // (as a Veeder-Root console's display report does): at(0) with water, at(1) without.
  const monitorTank = async () => {
    const answer = (await get('admin', `/api/monitor/station/${tanks['NWP-SZ02/1']!.stationId}`)).json() as Answer<{ tanks: Row[] }>;
    return answer.data.tanks.find((t) => t.tankId === tanks['NWP-SZ02/1']!.tankId)!;
  };
  const sent = (i: number, waterHeightMm: number) => ({ tank: '1', ts: at(i), type: 'interval', productHeightMm: 1200, waterHeightMm, temperatureC: 15, volumeL: 12_000, tcVolumeL: 11_950 });
  let capacity = 0;
  beforeAll(async () => {
    await ctx.db.execute(sql`update tanks set strapping = '[]'::jsonb where id = ${tanks['NWP-SZ02/1']!.tankId}`);
    capacity = (await list('admin', ask('NWP-SZ02/1'))).data.tank.capacityL as number;
  });
  // Ullage and fill count the product alone when the water volume is unknown.
  const productOnly = () => ({ ullageL: Math.round((capacity - 12_000) * 10) / 10, fillPct: Math.round((12_000 / capacity) * 10_000) / 100 });

  it('water standing but no table: the monitor shows the water volume unknown, not 0', async () => {
    expect((await report('NWP-SZ02', { readings: [sent(0, 40)] })).json().data).toMatchObject({ accepted: 1, refused: [] });
    expect(await monitorTank()).toMatchObject({ waterHeightMm: 40, volumeL: 12_000, waterVolumeL: null, ...productOnly() });
  });

  it('no water and no table: the monitor shows no water volume (0)', async () => {
    expect((await report('NWP-SZ02', { readings: [sent(1, 0)] })).json().data).toMatchObject({ accepted: 1, refused: [] });
    expect(await monitorTank()).toMatchObject({ waterHeightMm: 0, volumeL: 12_000, waterVolumeL: 0, ...productOnly() });
  });

  it('the history table and its export keep them apart: unknown (empty cell) and 0', async () => {
    const { data } = await list('admin', `${ask('NWP-SZ02/1')}&sortField=ts&sortOrder=ascend`);
    expect(data.list.map((r) => [r.waterHeightMm, r.waterVolumeL])).toEqual([
      [40, null],
      [0, 0],
    ]);
    for (const r of data.list) expect(r).toMatchObject(productOnly());

    const res = await get('admin', `/api/report/history/export?${ask('NWP-SZ02/1')}`);
    const { cell } = await readSheet(res);
    // lib/xlsx.ts writes an unknown value as an empty text cell, as for every export.
    expect([2, 3].map((n) => cell(n, 'Water volume (L)'))).toEqual(['', 0]);
  });
});

describe('the readings’ primary key (migration 0014)', () => {
  it('carries the charted columns, so a tank’s range is read from the index alone', async () => {
    const [key] = await rawRows<{ keys: string[]; included: string[] }>(
      ctx.db,
      sql`select array(select a.attname from unnest(i.indkey[0:i.indnkeyatts - 1]) k join pg_attribute a on a.attrelid = i.indrelid and a.attnum = k)::text[] as keys,
                 array(select a.attname from unnest(i.indkey[i.indnkeyatts:]) k join pg_attribute a on a.attrelid = i.indrelid and a.attnum = k)::text[] as included
          from pg_index i where i.indexrelid = 'tank_readings_tank_id_ts_pk'::regclass`,
    );
    expect(key).toEqual({ keys: ['tank_id', 'ts'], included: ['product_height_mm', 'water_height_mm', 'temperature_c', 'volume_l'] });
  });
});
