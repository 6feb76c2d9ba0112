import { sql, type SQL } from 'drizzle-orm';
import type { PowerEventQuery } from '@ullage/contracts/power-events';
import type { Db } from '../../db/client';
import { pgArray, rawRows } from '../../lib/raw-sql';
import { assertValid } from '../../plugins/errors';
import { scopeOn, type Scope } from '../scope/scope';
import type { StationPlaceRaw } from '../../lib/report-place';

/**
 * Power-offs (device_events of type 'power-off') with, for each, the station's next power-off
 * and its next power-on before that one: two lookups on the (station_id, type, ts) unique
 * index. A power-on after the next power-off belongs to that one, so it is not even fetched
 * (which keeps sorting by power-on time honest); what the pair means is the domain's
 * decision (power-events.ts powerOffState).
 */
const FROM = sql`
  from device_events e
  join stations s on s.id = e.station_id
  join companies c on c.id = e.company_id`;

function whereOf(scope: Scope, f: PowerEventQuery): SQL {
  const parts: SQL[] = [sql`e.type = 'power-off'`, scopeOn(scope, 'e')];
  if (f.distributorId !== undefined) parts.push(sql`e.distributor_id = ${f.distributorId}`);
  if (f.companyId !== undefined) parts.push(sql`e.company_id = ${f.companyId}`);
  if (f.areaId !== undefined) parts.push(sql`s.area_id = ${f.areaId}`);
  if (f.stationId !== undefined) parts.push(sql`e.station_id = ${f.stationId}`);
  if (f.from !== undefined) parts.push(sql`e.ts >= ${new Date(f.from).toISOString()}::timestamptz`);
  if (f.to !== undefined) parts.push(sql`e.ts < ${new Date(f.to).toISOString()}::timestamptz`);
  return sql.join(parts, sql` and `);
}

const SORTABLE: Record<string, SQL> = {
  offAt: sql`e.ts`,
  onAt: sql`next_on.ts`,
  stationName: sql`s.name`,
};

function orderOf(f: PowerEventQuery): SQL {
  if (!f.sortField) return sql`e.ts desc, e.id`;
  const column = SORTABLE[f.sortField];
  assertValid(column ? [] : [{ field: 'sortField', rule: 'rule.invalid' }]);
  return sql`${column!} ${sql.raw(f.sortOrder === 'descend' ? 'desc nulls last' : 'asc nulls first')}, e.id`;
}

export interface PowerOffRaw extends StationPlaceRaw {
  id: string | number;
  area_name: string | null;
  off_at: Date | string;
  off_inventory: unknown;
  on_at: Date | string | null;
  on_inventory: unknown;
  next_off_at: Date | string | null;
}

/** One page of the power-offs a scope may see, newest first unless sorted otherwise, and how many match. */
export async function listPowerOffs(db: Db, scope: Scope, f: PowerEventQuery, page: { limit: number; offset: number }) {
  const where = whereOf(scope, f);
  const [rows, count] = await Promise.all([
    rawRows<PowerOffRaw>(
      db,
      sql`select e.id, e.station_id, s.name as station_name, s.code as station_code, c.name as company_name, a.name as area_name, s.timezone,
            c.volume_unit, c.temp_unit, e.ts as off_at, e.inventory as off_inventory,
            next_on.ts as on_at, next_on.inventory as on_inventory, next_off.ts as next_off_at
          ${FROM}
          left join areas a on a.id = s.area_id
          left join lateral (select n.ts from device_events n where n.station_id = e.station_id and n.type = 'power-off' and n.ts > e.ts order by n.ts limit 1) next_off on true
          left join lateral (select o.ts, o.inventory from device_events o
            where o.station_id = e.station_id and o.type = 'power-on' and o.ts > e.ts and (next_off.ts is null or o.ts < next_off.ts) order by o.ts limit 1) next_on on true
          where ${where} order by ${orderOf(f)} limit ${page.limit} offset ${page.offset}`,
    ),
    rawRows<{ n: number }>(db, sql`select count(*)::int as n ${FROM} where ${where}`),
  ]);
  return { rows, total: count[0]?.n ?? 0 };
}

export interface TankLabel {
  code: string;
  productName: string | null;
  productColor: string | null;
}

/** The tanks named in a page's events, with their product, by id (codes as they are now). */
export async function tankLabels(db: Db, tankIds: readonly number[]): Promise<Map<number, TankLabel>> {
  if (tankIds.length === 0) return new Map();
  const rows = await rawRows<{ id: number; code: string; product_name: string | null; product_color: string | null }>(
    db,
    sql`select t.id, t.code, p.name as product_name, p.color as product_color
        from tanks t left join products p on p.id = t.product_id where t.id = any(${pgArray([...new Set(tankIds)])}::int[])`,
  );
  return new Map(rows.map((r) => [r.id, { code: r.code, productName: r.product_name, productColor: r.product_color }]));
}
