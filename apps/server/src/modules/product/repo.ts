import { and, asc, eq, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { ProductInput } from '@ullage/contracts/settings-more';
import type { ListQuery } from '@ullage/contracts/list';
import type { Db } from '../../db/client';
import { companies, distributors, products, tanks } from '../../db/schema';
import { equalsIfGiven, orderOf, pageOf, searchOf } from '../../lib/list';
import { utcText } from '../../lib/utc-text';
import { scopeOn, type Scope } from '../scope/scope';
import { codeTaken as codeTakenIn } from '../../lib/unique-code';

/** A list's paging, sorting and search (lib/list.ts reads them), and this list's own filters. */
export interface ProductFilter extends ListQuery {
  distributorId?: number;
  companyId?: number;
  type?: 'gasoline' | 'diesel';
  id?: number;
}

/** Open to all the distributor's companies, or reserved to this one. */
const openTo = (companyId: SQL) => or(isNull(products.companyId), sql`${products.companyId} = ${companyId}`);

/**
 * Products belong to a distributor, so the generic scope columns do not fit: company and
 * station accounts see their distributor's products that are not reserved to another company
 * (station forms choose from them).
 */
export function productScope(scope: Scope): SQL | undefined {
  switch (scope.kind) {
    case 'all':
      return undefined;
    case 'none':
      return sql`false`;
    case 'distributor':
      return eq(products.distributorId, scope.distributorId);
    case 'company': {
      const companyId = sql`${scope.companyId}::int`;
      return and(sql`${products.distributorId} = (select c.distributor_id from companies c where c.id = ${companyId})`, openTo(companyId));
    }
    case 'station': {
      const companyId = sql`(select s.company_id from stations s where s.id = ${scope.stationId}::int)`;
      return and(sql`${products.distributorId} = (select s.distributor_id from stations s where s.id = ${scope.stationId}::int)`, openTo(companyId));
    }
  }
}

/**
 * The columns of a product row as `scope` sees it. A product is shared by its distributor's
 * companies, but its tanks are theirs: a company or station account counts only its own, not
 * the other companies' (which would tell it how many tanks they run).
 */
const columnsFor = (scope: Scope) => ({
  id: products.id,
  name: products.name,
  shortName: products.shortName,
  code: products.code,
  type: sql<'gasoline' | 'diesel'>`${products.type}`,
  distributorId: products.distributorId,
  distributorName: distributors.name,
  companyId: products.companyId,
  companyName: companies.name,
  color: products.color,
  // Qualified by hand: drizzle leaves columns unqualified in single-table selects.
  tankCount: sql<number>`(select count(*)::int from tanks t where t.product_id = "products"."id" and ${scopeOn(scope, 't')})`,
  createdAt: utcText(products.createdAt),
});

function whereOf(scope: Scope, filter: ProductFilter): SQL | undefined {
  return and(
    productScope(scope),
    searchOf(filter.q, products.name, products.shortName, products.code),
    equalsIfGiven(products.distributorId, filter.distributorId),
    equalsIfGiven(products.companyId, filter.companyId),
    filter.type ? eq(products.type, filter.type) : undefined,
    equalsIfGiven(products.id, filter.id),
  );
}

export async function listProducts(db: Db, scope: Scope, filter: ProductFilter) {
  const where = whereOf(scope, filter);
  const order = orderOf(filter, { name: products.name, code: products.code, type: products.type, createdAt: products.createdAt }, asc(products.code), products.id);
  const { limit, offset } = pageOf(filter);
  const [list, total] = await Promise.all([
    db
      .select(columnsFor(scope))
      .from(products)
      .innerJoin(distributors, eq(distributors.id, products.distributorId))
      .leftJoin(companies, eq(companies.id, products.companyId))
      .where(where)
      .orderBy(...order)
      .limit(limit)
      .offset(offset),
    db.select({ n: sql<number>`count(*)::int` }).from(products).where(where),
  ]);
  return { list, total: total[0]?.n ?? 0 };
}

export async function findProduct(db: Db, scope: Scope, id: number) {
  return (await listProducts(db, scope, { id, page: 1, pageSize: 1 })).list[0];
}

export async function companyOfDistributor(db: Db, companyId: number, distributorId: number): Promise<boolean> {
  const rows = await db.select({ id: companies.id }).from(companies).where(and(eq(companies.id, companyId), eq(companies.distributorId, distributorId)));
  return rows.length > 0;
}

type ProductValues = Omit<ProductInput, 'shortName' | 'companyId'> & { shortName: string | null; companyId: number | null };

export async function insertProduct(db: Db, values: ProductValues): Promise<number> {
  const [row] = await db.insert(products).values(values).returning({ id: products.id });
  return row!.id;
}

export async function updateProduct(db: Db, id: number, values: ProductValues) {
  await db.update(products).set(values).where(eq(products.id, id));
}

export async function productTankCount(db: Db, id: number): Promise<number> {
  const rows = await db.select({ n: sql<number>`count(*)::int` }).from(tanks).where(eq(tanks.productId, id));
  return rows[0]?.n ?? 0;
}

export async function deleteProduct(db: Db, id: number) {
  await db.delete(products).where(eq(products.id, id));
}

/** The stations with a tank of this product. */
export async function stationsWithProduct(db: Db, productId: number): Promise<number[]> {
  const rows = await db.selectDistinct({ stationId: tanks.stationId }).from(tanks).where(eq(tanks.productId, productId));
  return rows.map((r) => r.stationId);
}

/** Whether another product has this code (codes are unique without regard to case). */
export const codeTaken = (db: Db, code: string, exceptId?: number) => codeTakenIn(db, products, products, code, exceptId);
