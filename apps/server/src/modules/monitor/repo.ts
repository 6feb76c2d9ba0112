import { sql } from 'drizzle-orm';
import { RECORD_TYPES } from '@ullage/contracts/device';
import type { ActiveAlarm, SensorLive, TankLive } from '@ullage/contracts/monitor';
import { DELIVERY_LOOKBACK_MS } from '@ullage/domain/delivery-parts';
import type { Db } from '../../db/client';
import { activeAlarmOf } from '../alarms/service';
import { countedDelivery } from '../../lib/counted-deliveries';
import { rawRows } from '../../lib/raw-sql';
import { scopeOn, type Scope } from '../scope/scope';

/**
 * Live inventory reads for the dashboard, the station monitor and the big screen: raw SQL over
 * aliased tables (stations `s`, tanks `t`, alarms `al`), scoped by scope.ts's scopeOn.
 */
export interface StationStatusRow {
  id: number;
  name: string;
  code: string;
  companyId: number;
  companyName: string;
  areaName: string | null;
  timezone: string;
  longitude: number | null;
  latitude: number | null;
  address: string | null;
  phone: string | null;
  tempUnit: number;
  volumeUnit: number;
  lastSeenAt: Date | null;
  lastDataAt: string | null;
  clockFlagged: boolean;
  tankCount: number;
  activeAlarmCount: number;
  volumeL: number;
  capacityL: number;
}

const RECORD_TYPE_NAMES: readonly string[] = RECORD_TYPES;
const iso = (v: unknown) => (v == null ? null : new Date(v as string).toISOString());

/** A StationStatusRow as the drivers answer it: the times as Date or text, the sums as number or text. */
type StationStatusAnswer = Omit<StationStatusRow, 'lastSeenAt' | 'lastDataAt' | 'volumeL' | 'capacityL'> & {
  lastSeenAt: Date | string | null;
  lastDataAt: Date | string | null;
  volumeL: number | string;
  capacityL: number | string;
};

export async function stationsWithStatus(db: Db, scope: Scope, stationId?: number): Promise<StationStatusRow[]> {
  // Each column is named as StationStatusRow names it, so the row is typed once, there.
  const rows = await rawRows<StationStatusAnswer>(
    db,
    sql`select s.id, s.name, s.code, s.company_id as "companyId", c.name as "companyName", a.name as "areaName", s.timezone,
          s.longitude, s.latitude, s.address, s.phone, c.temp_unit as "tempUnit", c.volume_unit as "volumeUnit",
          ss.last_seen_at as "lastSeenAt", ss.last_data_at as "lastDataAt", coalesce(ss.clock_flagged, false) as "clockFlagged",
          (select count(*)::int from tanks t where t.station_id = s.id) as "tankCount",
          (select count(*)::int from alarms al where al.station_id = s.id and al.ended_at is null) as "activeAlarmCount",
          (select round(coalesce(sum(tl.volume_l), 0)::numeric, 1)::float8 from tank_latest tl where tl.station_id = s.id) as "volumeL",
          (select coalesce(sum(t.volume_l), 0)::float8 from tanks t where t.station_id = s.id) as "capacityL"
        from stations s
        join companies c on c.id = s.company_id
        left join areas a on a.id = s.area_id
        left join station_status ss on ss.station_id = s.id
        where ${scopeOn(scope, 's')} ${stationId === undefined ? sql`` : sql`and s.id = ${stationId}`}
        order by s.name`,
  );
  return rows.map((r) => ({ ...r, lastSeenAt: r.lastSeenAt == null ? null : new Date(r.lastSeenAt), lastDataAt: iso(r.lastDataAt), volumeL: Number(r.volumeL), capacityL: Number(r.capacityL) }));
}

export async function inventoryByProduct(db: Db, scope: Scope) {
  const rows = await rawRows<Record<string, unknown>>(
    db,
    sql`select p.id, p.name, p.color, round(coalesce(sum(tl.volume_l), 0)::numeric, 1)::float8 as volume_l,
          coalesce(sum(t.volume_l), 0)::float8 as capacity_l, count(t.id)::int as tank_count
        from tanks t
        left join products p on p.id = t.product_id
        left join tank_latest tl on tl.tank_id = t.id
        where ${scopeOn(scope, 't')}
        group by p.id, p.name, p.color
        order by p.name nulls last`,
  );
  return rows.map((r) => {
    const volumeL = Number(r.volume_l);
    const capacityL = Number(r.capacity_l);
    return {
      productId: (r.id as number | null) ?? null,
      productName: (r.name as string | null) ?? null,
      color: (r.color as string | null) ?? null,
      volumeL,
      capacityL,
      fillPct: capacityL > 0 ? Math.round((volumeL / capacityL) * 10_000) / 100 : 0,
      tankCount: r.tank_count as number,
    };
  });
}

const ALARM_COLUMNS = sql`al.id, al.station_id, s.name as station_name, s.timezone, al.kind, al.code, t.code as tank_code, al.sensor_no, al.started_at, al.ended_at`;

const midnightOf = (now: Date, timezone: string) => sql`(date_trunc('day', ${now.toISOString()}::timestamptz at time zone ${timezone}) at time zone ${timezone})`;

/** A delivery begun before the viewer's midnight that was still dropping after it, with the first reading since midnight. */
export interface CarriedDelivery {
  midnightMs: number;
  startedAtMs: number;
  endedAtMs: number | null;
  lastRiseAtMs: number;
  startVolumeL: number;
  endVolumeL: number;
  firstReading: { tsMs: number; volumeL: number } | null;
}

/**
 * Deliveries since the viewer's midnight (those still in progress included): the count and
 * litres of those started since, and apart, the few begun in the day before that went on past
 * midnight, whose part since midnight the service cuts (domain delivery-parts.ts).
 */
export async function deliveriesSince(db: Db, scope: Scope, now: Date, timezone: string) {
  const midnight = midnightOf(now, timezone);
  const [[row], carried] = await Promise.all([
    rawRows<{ n: number; litres: number }>(
      db,
      sql`select count(*)::int as n, coalesce(sum(al.end_volume_l - al.start_volume_l), 0)::float8 as litres
          from deliveries al where ${scopeOn(scope, 'al')} and ${countedDelivery('al')} and al.started_at >= ${midnight}`,
    ),
    rawRows<{ midnight: Date | string; started_at: Date | string; ended_at: Date | string | null; last_rise_at: Date | string; start_volume_l: number; end_volume_l: number; r_ts: Date | string | null; r_volume_l: number | null }>(
      db,
      sql`select ${midnight} as midnight, al.started_at, al.ended_at, al.last_rise_at, al.start_volume_l, al.end_volume_l, r.ts as r_ts, r.volume_l as r_volume_l
          from deliveries al
          left join lateral (select r.ts, r.volume_l from tank_readings r where r.tank_id = al.tank_id and r.ts >= ${midnight} order by r.ts limit 1) r on true
          where ${scopeOn(scope, 'al')} and ${countedDelivery('al')} and al.started_at < ${midnight}
            and al.started_at >= ${midnight} - ${`${DELIVERY_LOOKBACK_MS / 1000} seconds`}::interval
            and (al.ended_at is null or al.ended_at > ${midnight})`,
    ),
  ]);
  const ms = (v: Date | string) => new Date(v).getTime();
  return {
    count: row?.n ?? 0,
    litres: Number(row?.litres ?? 0),
    carried: carried.map(
      (c): CarriedDelivery => ({
        midnightMs: ms(c.midnight),
        startedAtMs: ms(c.started_at),
        endedAtMs: c.ended_at === null ? null : ms(c.ended_at),
        lastRiseAtMs: ms(c.last_rise_at),
        startVolumeL: Number(c.start_volume_l),
        endVolumeL: Number(c.end_volume_l),
        firstReading: c.r_ts === null ? null : { tsMs: ms(c.r_ts), volumeL: Number(c.r_volume_l) },
      }),
    ),
  };
}

/** Alarms started since the viewer's midnight in `timezone`, newest first. */
export async function alarmsSince(db: Db, scope: Scope, now: Date, timezone: string, limit: number) {
  const midnight = midnightOf(now, timezone);
  const [count] = await rawRows<{ n: number }>(db, sql`select count(*)::int as n from alarms al where ${scopeOn(scope, 'al')} and al.started_at >= ${midnight}`);
  const rows = await rawRows<Record<string, unknown>>(
    db,
    sql`select ${ALARM_COLUMNS} from alarms al join stations s on s.id = al.station_id left join tanks t on t.id = al.tank_id
        where ${scopeOn(scope, 'al')} and al.started_at >= ${midnight}
        order by al.started_at desc, al.id desc limit ${limit}`,
  );
  return { count: count?.n ?? 0, alarms: rows.map(activeAlarmOf) };
}

export async function activeAlarmsOf(db: Db, stationId: number): Promise<ActiveAlarm[]> {
  const rows = await rawRows<Record<string, unknown>>(
    db,
    sql`select ${ALARM_COLUMNS} from alarms al join stations s on s.id = al.station_id left join tanks t on t.id = al.tank_id
        where al.station_id = ${stationId} and al.ended_at is null order by al.started_at desc`,
  );
  return rows.map(activeAlarmOf);
}

export async function tanksOf(db: Db, stationId: number): Promise<TankLive[]> {
  const rows = await rawRows<Record<string, unknown>>(
    db,
    sql`select t.id, t.code, t.product_id, p.name as product_name, p.color as product_color, t.height_mm, t.volume_l as capacity_l,
          t.high_oil_warn_mm, t.high_oil_alarm_mm, t.low_oil_warn_mm, t.low_oil_alarm_mm, t.high_water_alarm_mm,
          tl.ts, tl.type, tl.product_height_mm, tl.water_height_mm, tl.temperature_c, tl.volume_l, tl.tc_volume_l,
          tl.water_volume_l, tl.ullage_l, tl.fill_pct
        from tanks t left join products p on p.id = t.product_id left join tank_latest tl on tl.tank_id = t.id
        where t.station_id = ${stationId}
        order by length(t.code), t.code`,
  );
  const num = (v: unknown) => (v == null ? null : Number(v));
  return rows.map((r) => ({
    tankId: r.id as number,
    code: r.code as string,
    productId: (r.product_id as number | null) ?? null,
    productName: (r.product_name as string | null) ?? null,
    productColor: (r.product_color as string | null) ?? null,
    heightMm: Number(r.height_mm),
    capacityL: Number(r.capacity_l),
    ts: iso(r.ts),
    type: r.type == null ? null : (RECORD_TYPE_NAMES[r.type as number] ?? null),
    productHeightMm: num(r.product_height_mm),
    waterHeightMm: num(r.water_height_mm),
    temperatureC: num(r.temperature_c),
    volumeL: num(r.volume_l),
    tcVolumeL: num(r.tc_volume_l),
    waterVolumeL: num(r.water_volume_l),
    ullageL: num(r.ullage_l),
    fillPct: num(r.fill_pct),
    highOilWarnMm: num(r.high_oil_warn_mm),
    highOilAlarmMm: num(r.high_oil_alarm_mm),
    lowOilWarnMm: num(r.low_oil_warn_mm),
    lowOilAlarmMm: num(r.low_oil_alarm_mm),
    highWaterAlarmMm: num(r.high_water_alarm_mm),
  }));
}

export async function sensorsOf(db: Db, stationId: number): Promise<SensorLive[]> {
  const rows = await rawRows<Record<string, unknown>>(
    db,
    sql`select sensor_no, type, state, code, ts from sensor_latest where station_id = ${stationId} order by length(sensor_no), sensor_no`,
  );
  return rows.map((r) => ({ sensorNo: r.sensor_no as string, type: r.type as string, state: r.state as string, code: (r.code as number | null) ?? null, ts: iso(r.ts)! }));
}
