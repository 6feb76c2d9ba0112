import { and, asc, count, eq, ilike, inArray, or, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { areas, companies, distributors, products, stations, tanks } from '../../db/schema';
import { scopeFilter, type Scope } from '../scope/scope';

/** Only repos know SQL; every query here is filtered by the caller's scope. */
const STATION_SCOPE = { distributorId: stations.distributorId, companyId: stations.companyId, stationId: stations.id };
const TANK_SCOPE = { distributorId: tanks.distributorId, companyId: tanks.companyId, stationId: tanks.stationId };

export async function listStations(db: Db, scope: Scope, filter: { q?: string; companyId?: number; id?: number } = {}) {
  const conditions: (SQL | undefined)[] = [scopeFilter(scope, STATION_SCOPE)];
  if (filter.q) conditions.push(or(ilike(stations.name, `%${filter.q}%`), ilike(stations.code, `%${filter.q}%`)));
  if (filter.companyId !== undefined) conditions.push(eq(stations.companyId, filter.companyId));
  if (filter.id !== undefined) conditions.push(eq(stations.id, filter.id));
  return db
    .select({
      id: stations.id,
      code: stations.code,
      name: stations.name,
      companyId: stations.companyId,
      companyName: companies.name,
      areaId: stations.areaId,
      areaName: areas.name,
      timezone: stations.timezone,
      address: stations.address,
      deviceType: stations.deviceType,
      distributorId: stations.distributorId,
      tankCount: count(tanks.id),
    })
    .from(stations)
    .innerJoin(companies, eq(companies.id, stations.companyId))
    .leftJoin(areas, eq(areas.id, stations.areaId))
    .leftJoin(tanks, eq(tanks.stationId, stations.id))
    .where(and(...conditions))
    .groupBy(stations.id, companies.name, areas.name)
    .orderBy(asc(stations.code));
}

/** A station inside the scope, or undefined: out of scope and absent look the same. */
export async function findStation(db: Db, scope: Scope, id: number) {
  const rows = await listStations(db, scope, { id });
  return rows[0];
}

export async function listTanksOfStation(db: Db, scope: Scope, stationId: number) {
  return db
    .select({
      id: tanks.id,
      stationId: tanks.stationId,
      code: tanks.code,
      productCode: products.code,
      productName: products.name,
      heightMm: tanks.heightMm,
      volumeL: tanks.volumeL,
    })
    .from(tanks)
    .leftJoin(products, eq(products.id, tanks.productId))
    .where(and(scopeFilter(scope, TANK_SCOPE), eq(tanks.stationId, stationId)))
    .orderBy(asc(tanks.code));
}

/** The distributors, companies and stations a scope sees, for the company tree. */
export async function listTreeRows(db: Db, scope: Scope) {
  const stationRows = await db
    .select({ id: stations.id, name: stations.name, code: stations.code, companyId: stations.companyId, deviceType: stations.deviceType })
    .from(stations)
    .where(scopeFilter(scope, STATION_SCOPE))
    .orderBy(asc(stations.code));
  // A station user sees its own company as the branch its station hangs on; other scopes see
  // their companies even when those have no station yet.
  const companyWhere =
    scope.kind === 'station'
      ? inArray(companies.id, stationRows.length ? stationRows.map((s) => s.companyId) : [-1])
      : scopeFilter(scope, { distributorId: companies.distributorId, companyId: companies.id });
  const companyRows = await db
    .select({ id: companies.id, name: companies.name, code: companies.code, distributorId: companies.distributorId, tempUnit: companies.tempUnit, volumeUnit: companies.volumeUnit })
    .from(companies)
    .where(companyWhere)
    .orderBy(asc(companies.code));
  const distributorIds = [...new Set(companyRows.map((c) => c.distributorId))];
  if (scope.kind === 'distributor' && !distributorIds.includes(scope.distributorId)) distributorIds.push(scope.distributorId);
  const distributorRows = distributorIds.length
    ? await db
        .select({ id: distributors.id, name: distributors.name, logo: distributors.logo })
        .from(distributors)
        .where(inArray(distributors.id, distributorIds))
        .orderBy(asc(distributors.name))
    : [];
  return { stationRows, companyRows, distributorRows };
}

/** Product colours visible to a scope: the products of the distributors in it. */
export async function listProductColours(db: Db, distributorIds: number[]) {
  if (distributorIds.length === 0) return [];
  return db
    .select({ code: products.code, color: products.color })
    .from(products)
    .where(inArray(products.distributorId, distributorIds));
}

export async function findDistributorLogo(db: Db, distributorId: number) {
  const rows = await db.select({ logo: distributors.logo }).from(distributors).where(eq(distributors.id, distributorId));
  return rows[0]?.logo ?? null;
}
