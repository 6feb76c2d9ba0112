import { sql, type SQL } from 'drizzle-orm';
import { RECORD_TYPES } from '@ullage/contracts/device';
import type { HistoryReading, HistoryTank } from '@ullage/contracts/history';
import { tankRoom } from '@ullage/domain/history-range';
import { clipPlan, summaryPlan, type Span, type SummaryMarks } from '@ullage/domain/summary-plan';
import type { Db } from '../../db/client';
import { rawRows } from '../../lib/raw-sql';
import { scopeOn, type Scope } from '../scope/scope';

/**
 * One tank's readings over a range. Every statement here reads `tank_readings` by its primary
 * key (tank_id, ts): a range scan of the one tank, however many rows the table holds (the
 * history bench measures it at 20 M+). Access is decided once, on the tank (`findTank`),
 * before any reading is read.
 */

export interface Range {
  from: string;
  to: string;
}

interface TankRaw {
  station_id: number;
  station_name: string;
  station_code: string;
  timezone: string;
  tank_id: number;
  tank_code: string;
  product_name: string | null;
  product_color: string | null;
  capacity_l: number;
  height_mm: number;
  volume_unit: number | null;
  temp_unit: number | null;
}

/** The tank with this id if the scope may see it, with its station's zone and its company's units; null otherwise. */
export async function findTank(db: Db, scope: Scope, tankId: number): Promise<HistoryTank | null> {
  const [row] = await rawRows<TankRaw>(
    db,
    sql`select s.id as station_id, s.name as station_name, s.code as station_code, s.timezone, t.id as tank_id, t.code as tank_code,
          p.name as product_name, p.color as product_color, t.volume_l as capacity_l, t.height_mm, c.volume_unit, c.temp_unit
        from tanks t
        join stations s on s.id = t.station_id
        join companies c on c.id = t.company_id
        left join products p on p.id = t.product_id
        where t.id = ${tankId} and ${scopeOn(scope, 't')}`,
  );
  if (!row) return null;
  return {
    stationId: row.station_id,
    stationName: row.station_name,
    stationCode: row.station_code,
    timezone: row.timezone,
    tankId: row.tank_id,
    tankCode: row.tank_code,
    productName: row.product_name,
    productColor: row.product_color,
    capacityL: Number(row.capacity_l),
    heightMm: Number(row.height_mm),
    volumeUnit: row.volume_unit,
    tempUnit: row.temp_unit,
  };
}

const inRange = (tankId: number, r: Range) => sql`tank_id = ${tankId} and ts >= ${r.from}::timestamptz and ts < ${r.to}::timestamptz`;

interface ReadingRaw {
  ts: Date | string;
  type: number;
  product_height_mm: number;
  water_height_mm: number;
  temperature_c: number;
  volume_l: number;
  tc_volume_l: number;
  water_volume_l: number | null;
}

function toReading(r: ReadingRaw, capacityL: number): HistoryReading {
  const ts = new Date(r.ts);
  return {
    id: ts.getTime(),
    ts: ts.toISOString(),
    type: RECORD_TYPES[r.type] ?? null,
    productHeightMm: r.product_height_mm,
    waterHeightMm: r.water_height_mm,
    temperatureC: r.temperature_c,
    volumeL: r.volume_l,
    tcVolumeL: r.tc_volume_l,
    waterVolumeL: r.water_volume_l,
    ...tankRoom(capacityL, r.volume_l, r.water_volume_l),
  };
}

const READING_COLUMNS = sql`ts, type, product_height_mm, water_height_mm, temperature_c, volume_l, tc_volume_l, water_volume_l`;

/** How many readings the tank has in the range. */
export async function countReadings(db: Db, tankId: number, range: Range): Promise<number> {
  const [row] = await rawRows<{ n: number }>(db, sql`select count(*)::int as n from tank_readings where ${inRange(tankId, range)}`);
  return row?.n ?? 0;
}

/** A page of the tank's readings in the range, by time (newest first unless `ascending`). */
export async function listReadings(db: Db, tank: HistoryTank, range: Range, page: { limit: number; offset: number }, ascending: boolean): Promise<HistoryReading[]> {
  const order: SQL = ascending ? sql`ts asc` : sql`ts desc`;
  const rows = await rawRows<ReadingRaw>(
    db,
    sql`select ${READING_COLUMNS} from tank_readings where ${inRange(tank.tankId, range)} order by ${order} limit ${page.limit} offset ${page.offset}`,
  );
  return rows.map((r) => toReading(r, tank.capacityL));
}

export interface SeriesColumns {
  ts: number[];
  productHeightMm: number[];
  waterHeightMm: number[];
  temperatureC: number[];
  volumeL: number[];
}

/** Means kept to the precision readings are stored in (0.1 mm, 0.1 L) and 0.01 °C: a tenth of the JSON. */
const rounded = (n: number, digits: number) => Math.round(Number(n) * 10 ** digits) / 10 ** digits;

function columnsOf(rows: { ts: Date | string; h: number; w: number; c: number; v: number }[]): SeriesColumns {
  return {
    ts: rows.map((r) => new Date(r.ts).getTime()),
    productHeightMm: rows.map((r) => rounded(r.h, 1)),
    waterHeightMm: rows.map((r) => rounded(r.w, 1)),
    temperatureC: rows.map((r) => rounded(r.c, 2)),
    volumeL: rows.map((r) => rounded(r.v, 1)),
  };
}

/** The readings themselves, oldest first, for a range short enough to draw whole. */
export async function rawSeries(db: Db, tankId: number, range: Range): Promise<SeriesColumns> {
  const rows = await rawRows<{ ts: Date | string; h: number; w: number; c: number; v: number }>(
    db,
    sql`select ts, product_height_mm as h, water_height_mm as w, temperature_c as c, volume_l as v
        from tank_readings where ${inRange(tankId, range)} order by ts`,
  );
  return columnsOf(rows);
}

/**
 * The range thinned for the chart: the mean of each series over clock-aligned buckets of
 * `bucketSeconds` (date_bin from 2000-01-01 UTC), each point at its bucket's start. The mean
 * rather than min/max: the chart shows how a level moved, and a mean of a minute's readings
 * is what a gauge averaging over that minute would have said; a delivery still shows as the
 * step it is, spread over one bucket.
 */
export async function bucketedSeries(db: Db, tankId: number, range: Range, bucketSeconds: number): Promise<SeriesColumns> {
  const rows = await rawRows<{ ts: Date | string; h: number; w: number; c: number; v: number }>(
    db,
    sql`select date_bin(${bucketSeconds} * interval '1 second', ts, timestamptz '2000-01-01T00:00:00Z') as ts,
          avg(product_height_mm) as h, avg(water_height_mm) as w, avg(temperature_c) as c, avg(volume_l) as v
        from tank_readings where ${inRange(tankId, range)}
        group by 1 order by 1`,
  );
  return columnsOf(rows);
}

const ORIGIN = sql`timestamptz '2000-01-01T00:00:00Z'`;

/** `column` within any of the spans (false for none). */
function inSpans(column: string, spans: readonly Span[]): SQL {
  if (spans.length === 0) return sql`false`;
  const c = sql.raw(column);
  return sql.join(
    spans.map(([a, b]) => sql`(${c} >= ${new Date(a).toISOString()}::timestamptz and ${c} < ${new Date(b).toISOString()}::timestamptz)`),
    sql` or `,
  );
}

/**
 * The readings of a range as (time, count, sums) rows: raw readings for the minutes at either
 * end, the hourly and daily summaries for the whole hours and days between (domain summaryPlan),
 * so that every reading is counted once and a long range is a few hundred rows, not a million.
 * Hours and days the summaries job has not rolled up yet (`marks`, the tank's chunk's) are read
 * from the finer source (domain clipPlan).
 */
function summedRows(tankId: number, range: Range, bucketSeconds: number, marks: SummaryMarks): SQL {
  const plan = clipPlan(summaryPlan(Date.parse(range.from), Date.parse(range.to), bucketSeconds), marks);
  return sql`select ts as t, 1 as n, product_height_mm as h, water_height_mm as w, temperature_c as c, volume_l as v
               from tank_readings where tank_id = ${tankId} and (${inSpans('ts', plan.raw)})
             union all
             select hour, n, sum_product_height_mm, sum_water_height_mm, sum_temperature_c, sum_volume_l
               from tank_hourly where tank_id = ${tankId} and (${inSpans('hour', plan.hourly)})
             union all
             select day, n, sum_product_height_mm, sum_water_height_mm, sum_temperature_c, sum_volume_l
               from tank_daily where tank_id = ${tankId} and (${inSpans('day', plan.daily)})`;
}

/** How many readings the tank has in the range, counted from the summaries where whole hours and days allow. */
export async function countReadingsSummarised(db: Db, tankId: number, range: Range, marks: SummaryMarks): Promise<number> {
  const [row] = await rawRows<{ n: number }>(db, sql`select coalesce(sum(n), 0)::int as n from (${summedRows(tankId, range, 86_400, marks)}) s`);
  return row?.n ?? 0;
}

/**
 * The same means as bucketedSeries, for buckets of whole hours, read from the summaries: the
 * mean of a bucket is its readings' sum over their count, whichever rows hold them.
 */
export async function summarisedSeries(db: Db, tankId: number, range: Range, bucketSeconds: number, marks: SummaryMarks): Promise<SeriesColumns> {
  const rows = await rawRows<{ ts: Date | string; h: number; w: number; c: number; v: number }>(
    db,
    sql`select date_bin(${bucketSeconds} * interval '1 second', t, ${ORIGIN}) as ts,
          sum(h) / sum(n) as h, sum(w) / sum(n) as w, sum(c) / sum(n) as c, sum(v) / sum(n) as v
        from (${summedRows(tankId, range, bucketSeconds, marks)}) s
        group by 1 order by 1`,
  );
  return columnsOf(rows);
}
