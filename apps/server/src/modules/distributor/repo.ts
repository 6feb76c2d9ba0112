import { and, asc, eq, sql, type SQL } from 'drizzle-orm';
import type { DistributorInput } from '@ullage/contracts/settings-org';
import type { ListQuery } from '@ullage/contracts/list';
import type { Db } from '../../db/client';
import { companies, distributors, products, users } from '../../db/schema';
import { equalsIfGiven, orderOf, pageOf, searchOf } from '../../lib/list';
import { utcText } from '../../lib/utc-text';
import { rawRows } from '../../lib/raw-sql';
import { DISTRIBUTOR_SCOPE } from '../scope/columns';
import { scopeFilter, type Scope } from '../scope/scope';

/** A list's paging, sorting and search (lib/list.ts reads them), and this list's own filters. */
export interface DistributorFilter extends ListQuery {
  id?: number;
}

const columns = {
  id: distributors.id,
  name: distributors.name,
  area: distributors.area,
  country: distributors.country,
  contactName: distributors.contactName,
  phone: distributors.phone,
  position: distributors.position,
  logo: distributors.logo,
  tankTypes: distributors.tankTypes,
  // Qualified by hand: drizzle leaves columns unqualified in single-table selects.
  companyCount: sql<number>`(select count(*)::int from companies c where c.distributor_id = "distributors"."id")`,
  createdAt: utcText(distributors.createdAt),
};

export async function listDistributors(db: Db, scope: Scope, filter: DistributorFilter) {
  const where = and(
    scopeFilter(scope, DISTRIBUTOR_SCOPE),
    searchOf(filter.q, distributors.name, distributors.contactName),
    equalsIfGiven(distributors.id, filter.id),
  ) as SQL | undefined;
  const order = orderOf(filter, { name: distributors.name, createdAt: distributors.createdAt }, asc(distributors.name), distributors.id);
  const { limit, offset } = pageOf(filter);
  const [rows, total] = await Promise.all([
    db.select(columns).from(distributors).where(where).orderBy(...order).limit(limit).offset(offset),
    db.select({ n: sql<number>`count(*)::int` }).from(distributors).where(where),
  ]);
  const list = rows.map((r) => ({ ...r, tankTypes: r.tankTypes as DistributorInput['tankTypes'] }));
  return { list, total: total[0]?.n ?? 0 };
}

export async function findDistributor(db: Db, scope: Scope, id: number) {
  return (await listDistributors(db, scope, { id, page: 1, pageSize: 1 })).list[0];
}

export async function insertDistributor(db: Db, input: DistributorInput) {
  const [row] = await db.insert(distributors).values(input).returning({ id: distributors.id });
  return row!.id;
}

export async function updateDistributor(db: Db, id: number, input: DistributorInput) {
  await db.update(distributors).set(input).where(eq(distributors.id, id));
}

/** Companies, products and accounts that belong to a distributor: a delete waits for them. */
export async function distributorDependents(db: Db, id: number): Promise<number> {
  const [row] = await rawRows<{ n: number | string }>(db, sql`select
      (select count(*) from ${companies} where ${companies.distributorId} = ${id})
    + (select count(*) from ${products} where ${products.distributorId} = ${id})
    + (select count(*) from ${users} where ${users.distributorId} = ${id}) as n`);
  return Number(row?.n ?? 0);
}

export async function deleteDistributor(db: Db, id: number) {
  await db.delete(distributors).where(eq(distributors.id, id));
}

export async function distributorExists(db: Db, id: number): Promise<boolean> {
  return (await db.select({ id: distributors.id }).from(distributors).where(eq(distributors.id, id))).length > 0;
}
