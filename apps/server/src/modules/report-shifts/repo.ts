import { asc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { ShiftSalesQuery } from '@ullage/contracts/shift-sales';
import { DELIVERY_LOOKBACK_MS } from '@ullage/domain/delivery-parts';
import type { Shift } from '@ullage/domain/shifts';
import type { Db } from '../../db/client';
import { stationShifts } from '../../db/schema';
import { likePattern } from '../../lib/list';
import { inParallelChunks } from '../../lib/parallel-chunks';
import { epochMs, pgArray, rawRows } from '../../lib/raw-sql';
import { scopeOn, type Scope } from '../scope/scope';

/** A station as the shift pages need it: its zone, its company's units, who owns it. */
export interface ShiftStation {
  id: number;
  name: string;
  code: string;
  timezone: string;
  distributorId: number;
  companyId: number;
  companyName: string;
  volumeUnit: number;
  tempUnit: number;
}

interface StationRaw {
  id: number;
  name: string;
  code: string;
  timezone: string;
  distributor_id: number;
  company_id: number;
  company_name: string;
  volume_unit: number;
  temp_unit: number;
}

const toStation = (r: StationRaw): ShiftStation => ({
  id: r.id,
  name: r.name,
  code: r.code,
  timezone: r.timezone,
  distributorId: r.distributor_id,
  companyId: r.company_id,
  companyName: r.company_name,
  volumeUnit: r.volume_unit,
  tempUnit: r.temp_unit,
});

const STATION_COLUMNS = sql`s.id, s.name, s.code, s.timezone, s.distributor_id, s.company_id, c.name as company_name, c.volume_unit, c.temp_unit`;

/** One station the scope may see. */
export async function findStation(db: Db, scope: Scope, id: number): Promise<ShiftStation | undefined> {
  const rows = await rawRows<StationRaw>(db, sql`select ${STATION_COLUMNS} from stations s join companies c on c.id = s.company_id where ${scopeOn(scope, 's')} and s.id = ${id}`);
  return rows[0] ? toStation(rows[0]) : undefined;
}

type StationFilter = Pick<ShiftSalesQuery, 'distributorId' | 'companyId' | 'areaId' | 'stationId' | 'tankId' | 'productId' | 'q'>;

function tankConditions(f: Pick<StationFilter, 'tankId' | 'productId'>): SQL[] {
  const parts: SQL[] = [];
  if (f.tankId !== undefined) parts.push(sql`t.id = ${f.tankId}`);
  if (f.productId !== undefined) parts.push(sql`t.product_id = ${f.productId}`);
  return parts;
}

/** The stations in scope that match the filters and have at least one matching tank. */
export async function stationsOfReport(db: Db, scope: Scope, f: StationFilter): Promise<ShiftStation[]> {
  const parts: SQL[] = [scopeOn(scope, 's')];
  if (f.distributorId !== undefined) parts.push(sql`s.distributor_id = ${f.distributorId}`);
  if (f.companyId !== undefined) parts.push(sql`s.company_id = ${f.companyId}`);
  if (f.areaId !== undefined) parts.push(sql`s.area_id = ${f.areaId}`);
  if (f.stationId !== undefined) parts.push(sql`s.id = ${f.stationId}`);
  if (f.q) parts.push(sql`(s.name ilike ${likePattern(f.q)} or s.code ilike ${likePattern(f.q)})`);
  const tanks = sql.join([sql`t.station_id = s.id`, ...tankConditions(f)], sql` and `);
  parts.push(sql`exists (select 1 from tanks t where ${tanks})`);
  const rows = await rawRows<StationRaw>(db, sql`select ${STATION_COLUMNS} from stations s join companies c on c.id = s.company_id where ${sql.join(parts, sql` and `)} order by s.name, s.id`);
  return rows.map(toStation);
}

/** Each station's configured shifts (stations without any are absent from the map). */
export async function shiftsOf(db: Db, stationIds: readonly number[]): Promise<Map<number, Shift[]>> {
  const map = new Map<number, Shift[]>();
  if (stationIds.length === 0) return map;
  const rows = await db
    .select({ stationId: stationShifts.stationId, name: stationShifts.name, startMinute: stationShifts.startMinute })
    .from(stationShifts)
    .where(inArray(stationShifts.stationId, [...stationIds]))
    .orderBy(asc(stationShifts.stationId), asc(stationShifts.startMinute));
  for (const r of rows) {
    const list = map.get(r.stationId) ?? [];
    list.push({ name: r.name, startMinute: r.startMinute });
    map.set(r.stationId, list);
  }
  return map;
}

/** Replaces a station's shifts as a whole (inside the caller's transaction). */
export async function replaceShifts(db: Db, stationId: number, shifts: readonly Shift[]) {
  await db.delete(stationShifts).where(eq(stationShifts.stationId, stationId));
  if (shifts.length > 0) await db.insert(stationShifts).values(shifts.map((s) => ({ stationId, name: s.name, startMinute: s.startMinute })));
}

/** A shift window to compute, with where its start and end readings may be (domain edgeSearch). */
export interface WindowQuery {
  stationId: number;
  startMs: number;
  startToMs: number;
  endFromMs: number;
  endMs: number;
}

export interface TankFiguresRaw {
  w: number;
  tank_id: number;
  tank_code: string;
  product_id: number | null;
  product_name: string | null;
  product_color: string | null;
  /** Epoch milliseconds (lib/raw-sql.ts epochMs): a week of 5,000 tanks is 70,000 instants a call. */
  start_ts: number | null;
  start_volume_l: number | null;
  end_ts: number | null;
  end_volume_l: number | null;
}

const isoOf = (ms: number) => new Date(ms).toISOString();

/**
 * For each window (by its index `w`) and each matching tank of its station: the first reading
 * of the start search and the last of the end search. Each is an index range scan on the
 * readings' (tank, ts) key. The deliveries come from deliveriesAround.
 */
export async function tankFigures(db: Db, scope: Scope, windows: readonly WindowQuery[], f: Pick<StationFilter, 'tankId' | 'productId'>): Promise<TankFiguresRaw[]> {
  if (windows.length === 0) return [];
  const tanks = sql.join([sql`t.station_id = w.station_id`, scopeOn(scope, 't'), ...tankConditions(f)], sql` and `);
  // A week of 1,000 stations is 35,000 tank shifts and 70,000 probes: split over a few statements.
  return inParallelChunks(windows, (chunk, offset) => tankFiguresOf(db, tanks, chunk, offset), EDGE_PROBE_SPLIT);
}

/** Statements the edge probes are split into, and the most windows not worth splitting. */
const EDGE_PROBE_SPLIT = { parallel: 4, minItems: 200 };

async function tankFiguresOf(db: Db, tanks: SQL, windows: readonly WindowQuery[], offset: number): Promise<TankFiguresRaw[]> {
  return rawRows<TankFiguresRaw>(
    db,
    sql`with w as (
          select * from unnest(
            ${pgArray(windows.map((_, i) => offset + i))}::int[], ${pgArray(windows.map((w) => w.stationId))}::int[],
            ${pgArray(windows.map((w) => isoOf(w.startMs)))}::timestamptz[], ${pgArray(windows.map((w) => isoOf(w.startToMs)))}::timestamptz[],
            ${pgArray(windows.map((w) => isoOf(w.endFromMs)))}::timestamptz[], ${pgArray(windows.map((w) => isoOf(w.endMs)))}::timestamptz[]
          ) as w(w, station_id, starts_at, start_to, end_from, ends_at)
        )
        select w.w, t.id as tank_id, t.code as tank_code, t.product_id, p.name as product_name, p.color as product_color,
          ${sql.raw(epochMs('r0.ts'))} as start_ts, r0.volume_l as start_volume_l, ${sql.raw(epochMs('r1.ts'))} as end_ts, r1.volume_l as end_volume_l
        from w
        join tanks t on ${tanks}
        left join products p on p.id = t.product_id
        left join lateral (select r.ts, r.volume_l from tank_readings r where r.tank_id = t.id and r.ts >= w.starts_at and r.ts <= w.start_to order by r.ts limit 1) r0 on true
        left join lateral (select r.ts, r.volume_l from tank_readings r where r.tank_id = t.id and r.ts >= w.end_from and r.ts <= w.ends_at order by r.ts desc limit 1) r1 on true
        order by w.w, t.code, t.id`,
  );
}

export interface TankRaw {
  id: number;
  code: string;
  product_name: string | null;
  product_color: string | null;
}

export async function findTank(db: Db, stationId: number, tankId: number): Promise<TankRaw | undefined> {
  const rows = await rawRows<TankRaw>(
    db,
    sql`select t.id, t.code, p.name as product_name, p.color as product_color from tanks t left join products p on p.id = t.product_id where t.station_id = ${stationId} and t.id = ${tankId}`,
  );
  return rows[0];
}

export interface ReadingRaw {
  ts: Date | string;
  product_height_mm: number;
  water_height_mm: number;
  temperature_c: number;
  volume_l: number;
  tc_volume_l: number;
}

const READING_COLUMNS = sql`r.ts, r.product_height_mm, r.water_height_mm, r.temperature_c, r.volume_l, r.tc_volume_l`;

/** The first (or last) reading of a tank in [fromMs, toMs]. */
export async function edgeReading(db: Db, tankId: number, fromMs: number, toMs: number, which: 'first' | 'last'): Promise<ReadingRaw | undefined> {
  const rows = await rawRows<ReadingRaw>(
    db,
    sql`select ${READING_COLUMNS} from tank_readings r where r.tank_id = ${tankId} and r.ts >= ${isoOf(fromMs)}::timestamptz and r.ts <= ${isoOf(toMs)}::timestamptz
        order by r.ts ${sql.raw(which === 'first' ? 'asc' : 'desc')} limit 1`,
  );
  return rows[0];
}

export interface DeliveryRaw {
  id: number | string;
  source: 'detected' | 'device';
  started_at: Date | string;
  ended_at: Date | string;
  start_volume_l: number;
  end_volume_l: number;
}

/**
 * The ended deliveries of the tanks that may have delivered into [fromMs, toMs]: started in it,
 * or up to DELIVERY_LOOKBACK_MS before it and ended after its start (a drop across a shift
 * change); the domain cuts each shift's part. A range of the (tank_id, started_at) key.
 */
export async function deliveriesAround(db: Db, tankIds: readonly number[], fromMs: number, toMs: number): Promise<(DeliveryRaw & { tank_id: number })[]> {
  if (tankIds.length === 0) return [];
  return rawRows<DeliveryRaw & { tank_id: number }>(
    db,
    sql`select d.tank_id, d.id, d.source, d.started_at, d.ended_at, d.start_volume_l, d.end_volume_l from deliveries d
        where d.tank_id = any(${pgArray([...tankIds])}::int[]) and d.ended_at is not null
          and d.started_at >= ${isoOf(fromMs - DELIVERY_LOOKBACK_MS)}::timestamptz and d.started_at <= ${isoOf(toMs)}::timestamptz
          and (d.started_at >= ${isoOf(fromMs)}::timestamptz or d.ended_at > ${isoOf(fromMs)}::timestamptz)
        order by d.tank_id, d.started_at, d.id`,
  );
}

export async function readingCount(db: Db, tankId: number, fromMs: number, toMs: number): Promise<number> {
  const rows = await rawRows<{ n: number }>(db, sql`select count(*)::int as n from tank_readings r where r.tank_id = ${tankId} and r.ts >= ${isoOf(fromMs)}::timestamptz and r.ts <= ${isoOf(toMs)}::timestamptz`);
  return rows[0]?.n ?? 0;
}

/** A page of a tank's readings in [fromMs, toMs], each with its change from the reading before and its position. */
export async function readingsPage(db: Db, tankId: number, fromMs: number, toMs: number, order: 'asc' | 'desc', page: { limit: number; offset: number }) {
  return rawRows<ReadingRaw & { n: number | string; change_l: number | null }>(
    db,
    sql`select * from (
          select ${READING_COLUMNS}, r.volume_l - lag(r.volume_l) over (order by r.ts) as change_l, row_number() over (order by r.ts) as n
          from tank_readings r where r.tank_id = ${tankId} and r.ts >= ${isoOf(fromMs)}::timestamptz and r.ts <= ${isoOf(toMs)}::timestamptz
        ) x order by x.ts ${sql.raw(order)} limit ${page.limit} offset ${page.offset}`,
  );
}
