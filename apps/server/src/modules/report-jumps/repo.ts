import { sql, type SQL } from 'drizzle-orm';
import type { DataJumpListQuery, DataJumpRow } from '@ullage/contracts/data-jumps';
import type { Db } from '../../db/client';
import { likePattern } from '../../lib/list';
import { rawRows } from '../../lib/raw-sql';
import { assertValid } from '../../plugins/errors';
import { scopeOn, type Scope } from '../scope/scope';
import { tankPlaceOf, type TankPlaceRaw } from '../../lib/report-place';

type Filter = Omit<DataJumpListQuery, 'q'> & { q?: string | undefined };

// A tank removed from its station since keeps its jumps: they show without a tank code.
const FROM = sql`
  from data_jumps j
  join stations s on s.id = j.station_id
  join companies c on c.id = j.company_id
  left join tanks t on t.id = j.tank_id
  left join products p on p.id = t.product_id`;

function whereOf(scope: Scope, f: Filter): SQL {
  const parts: SQL[] = [scopeOn(scope, 'j')];
  if (f.distributorId !== undefined) parts.push(sql`j.distributor_id = ${f.distributorId}`);
  if (f.companyId !== undefined) parts.push(sql`j.company_id = ${f.companyId}`);
  if (f.areaId !== undefined) parts.push(sql`s.area_id = ${f.areaId}`);
  if (f.stationId !== undefined) parts.push(sql`j.station_id = ${f.stationId}`);
  if (f.tankId !== undefined) parts.push(sql`j.tank_id = ${f.tankId}`);
  if (f.productId !== undefined) parts.push(sql`t.product_id = ${f.productId}`);
  if (f.rule !== undefined) parts.push(sql`j.rule = ${f.rule}`);
  if (f.from !== undefined) parts.push(sql`j.ts >= ${new Date(f.from).toISOString()}::timestamptz`);
  if (f.to !== undefined) parts.push(sql`j.ts < ${new Date(f.to).toISOString()}::timestamptz`);
  if (f.q) parts.push(sql`(s.name ilike ${likePattern(f.q)} or s.code ilike ${likePattern(f.q)})`);
  return sql.join(parts, sql` and `);
}

const SORTABLE: Record<string, SQL> = {
  ts: sql`j.ts`,
  stationName: sql`s.name`,
  tankCode: sql`t.code`,
  rule: sql`j.rule`,
};

/** Newest first unless sorted otherwise; the id keeps paging stable among equal keys. */
function orderOf(f: Filter): SQL {
  if (!f.sortField) return sql`j.ts desc, j.id desc`;
  const column = SORTABLE[f.sortField];
  assertValid(column ? [] : [{ field: 'sortField', rule: 'rule.invalid' }]);
  return sql`${column!} ${sql.raw(f.sortOrder === 'descend' ? 'desc nulls last' : 'asc nulls first')}, j.id`;
}

/** A data_jumps row's rule and the two readings it compares, as the database answers them. */
export interface JumpReadingsRaw {
  rule: DataJumpRow['rule'];
  prev_ts: Date | string;
  ts: Date | string;
  prev_product_height_mm: number;
  product_height_mm: number;
  prev_temperature_c: number;
  temperature_c: number;
  prev_volume_l: number;
  volume_l: number;
}

interface Raw extends TankPlaceRaw<string | null>, JumpReadingsRaw {
  id: string | number;
  back_ts: Date | string | null;
  back_product_height_mm: number | null;
  back_temperature_c: number | null;
  back_volume_l: number | null;
}

const iso = (v: Date | string) => new Date(v).toISOString();

function toRow(r: Raw): DataJumpRow {
  return {
    id: Number(r.id),
    ...tankPlaceOf(r),
    rule: r.rule,
    prevTs: iso(r.prev_ts),
    ts: iso(r.ts),
    prevProductHeightMm: r.prev_product_height_mm,
    productHeightMm: r.product_height_mm,
    prevTemperatureC: r.prev_temperature_c,
    temperatureC: r.temperature_c,
    prevVolumeL: r.prev_volume_l,
    volumeL: r.volume_l,
    back: r.back_ts === null ? null : { ts: iso(r.back_ts), productHeightMm: r.back_product_height_mm!, temperatureC: r.back_temperature_c!, volumeL: r.back_volume_l! },
  };
}

/** One page of the jumps a scope may see, and how many match. */
export async function listDataJumps(db: Db, scope: Scope, f: Filter, page: { limit: number; offset: number }): Promise<{ list: DataJumpRow[]; total: number }> {
  const where = whereOf(scope, f);
  const [rows, count] = await Promise.all([
    rawRows<Raw>(
      db,
      sql`select j.id, j.station_id, s.name as station_name, s.code as station_code, c.name as company_name, s.timezone,
            c.volume_unit, c.temp_unit, j.tank_id, t.code as tank_code, p.name as product_name, p.color as product_color, j.rule,
            j.prev_ts, j.ts, j.prev_product_height_mm, j.product_height_mm, j.prev_temperature_c, j.temperature_c, j.prev_volume_l, j.volume_l,
            j.back_ts, j.back_product_height_mm, j.back_temperature_c, j.back_volume_l
          ${FROM} where ${where} order by ${orderOf(f)} limit ${page.limit} offset ${page.offset}`,
    ),
    rawRows<{ n: number }>(db, sql`select count(*)::int as n ${FROM} where ${where}`),
  ]);
  return { list: rows.map(toRow), total: count[0]?.n ?? 0 };
}
