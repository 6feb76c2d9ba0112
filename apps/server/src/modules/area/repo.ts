import { and, asc, eq, sql, type SQL } from 'drizzle-orm';
import type { ListQuery } from '@ullage/contracts/list';
import type { Db } from '../../db/client';
import { areas, companies, stations } from '../../db/schema';
import { equalsIfGiven, orderOf, pageOf, searchOf } from '../../lib/list';
import { utcText } from '../../lib/utc-text';
import { AREA_SCOPE, COMPANY_SCOPE } from '../scope/columns';
import { scopeFilter, type Scope } from '../scope/scope';

/** A list's paging, sorting and search (lib/list.ts reads them), and this list's own filters. */
export interface AreaFilter extends ListQuery {
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
  createdAt: utcText(areas.createdAt),
};

export async function listAreas(db: Db, scope: Scope, filter: AreaFilter) {
  const where = and(
    scopeFilter(scope, AREA_SCOPE),
    searchOf(filter.q, areas.name),
    equalsIfGiven(areas.companyId, filter.companyId),
    equalsIfGiven(areas.distributorId, filter.distributorId),
    equalsIfGiven(areas.id, filter.id),
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
