import { asc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { companies, distributors, products, stations } from '../../db/schema';
import { COMPANY_SCOPE, STATION_SCOPE } from '../scope/columns';
import { scopeFilter, type Scope } from '../scope/scope';

/*
 * The organisation as the session user is built from it (auth/session-user.ts, which the
 * organisation tree's route answers with too): the org module's public entry and all it reads.
 */

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
      : scopeFilter(scope, COMPANY_SCOPE);
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
