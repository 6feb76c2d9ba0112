import { and, asc, eq, ilike, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { areas, companies, stations } from '../../db/schema';
import { likePattern, orderOf, pageOf } from '../../lib/list';
import { AREA_SCOPE, COMPANY_SCOPE } from '../scope/columns';
import { scopeFilter, type Scope } from '../scope/scope';

export interface AreaFilter {
  page: number;
  pageSize: number;
  sortField?: string;
  sortOrder?: 'ascend' | 'descend';
  q?: string;
  companyId?: number;
  distributorId?: number;
  id?: number;
}

const columns = {
  id: areas.id,
  name: areas.name,
  companyId: areas.companyId,
  companyName: companies.name,
  distributorId: areas.distributorId,
  // Qualified by hand: drizzle leaves columns unqualified in single-table selects.
  stationCount: sql<number>`(select count(*)::int from stations s where s.area_id = "areas"."id")`,
  createdAt: sql<string>`to_char(${areas.createdAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"')`,
};

export async function listAreas(db: Db, scope: Scope, filter: AreaFilter) {
  const where = and(
    scopeFilter(scope, AREA_SCOPE),
    filter.q ? ilike(areas.name, likePattern(filter.q)) : undefined,
    filter.companyId !== undefined ? eq(areas.companyId, filter.companyId) : undefined,
    filter.distributorId !== undefined ? eq(areas.distributorId, filter.distributorId) : undefined,
    filter.id !== undefined ? eq(areas.id, filter.id) : undefined,
  ) as SQL | undefined;
  const order = orderOf(filter, { name: areas.name, companyName: companies.name, createdAt: areas.createdAt }, asc(areas.name), areas.id);
  const { limit, offset } = pageOf(filter);
  const [list, total] = await Promise.all([
    db.select(columns).from(areas).innerJoin(companies, eq(companies.id, areas.companyId)).where(where).orderBy(...order).limit(limit).offset(offset),
    db.select({ n: sql<number>`count(*)::int` }).from(areas).where(where),
  ]);
  return { list, total: total[0]?.n ?? 0 };
}

export async function findArea(db: Db, scope: Scope, id: number) {
  return (await listAreas(db, scope, { id, page: 1, pageSize: 1 })).list[0];
}

/** The company an area is created under, if the caller may see it. */
export async function findCompanyInScope(db: Db, scope: Scope, companyId: number) {
  const rows = await db
    .select({ id: companies.id, distributorId: companies.distributorId })
    .from(companies)
    .where(and(scopeFilter(scope, COMPANY_SCOPE), eq(companies.id, companyId)));
  return rows[0];
}

export async function insertArea(db: Db, row: { name: string; companyId: number; distributorId: number }) {
  const [inserted] = await db.insert(areas).values(row).returning({ id: areas.id });
  return inserted!.id;
}

export async function updateArea(db: Db, id: number, row: { name: string; companyId: number; distributorId: number }) {
  await db.update(areas).set(row).where(eq(areas.id, id));
}

export async function areaStationCount(db: Db, id: number): Promise<number> {
  const rows = await db.select({ n: sql<number>`count(*)::int` }).from(stations).where(eq(stations.areaId, id));
  return rows[0]?.n ?? 0;
}

export async function deleteArea(db: Db, id: number) {
  await db.delete(areas).where(eq(areas.id, id));
}
