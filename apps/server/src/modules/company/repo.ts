import { and, asc, eq, ilike, or, sql, type SQL } from 'drizzle-orm';
import type { CompanyInput } from '@ullage/contracts/settings-org';
import type { ListQuery } from '@ullage/contracts/list';
import type { Db } from '../../db/client';
import { areas, companies, distributors, products, stations, users } from '../../db/schema';
import { likePattern, orderOf, pageOf } from '../../lib/list';
import { utcText } from '../../lib/utc-text';
import { rawRows } from '../../lib/raw-sql';
import { COMPANY_SCOPE } from '../scope/columns';
import { scopeFilter, type Scope } from '../scope/scope';
import { codeTaken as codeTakenIn } from '../../lib/unique-code';

/** A list's paging, sorting and search (lib/list.ts reads them), and this list's own filters. */
export interface CompanyFilter extends ListQuery {
  distributorId?: number;
  status?: 'enabled' | 'disabled';
  id?: number;
}

// Written out in full: drizzle leaves columns unqualified in single-table selects, which
// would bind `id` inside the subquery to the inner table.
const stationCount = sql<number>`(select count(*)::int from stations s where s.company_id = "companies"."id")`;

const columns = {
  id: companies.id,
  name: companies.name,
  code: companies.code,
  distributorId: companies.distributorId,
  distributorName: distributors.name,
  province: companies.province,
  city: companies.city,
  district: companies.district,
  tempUnit: companies.tempUnit,
  volumeUnit: companies.volumeUnit,
  contactName: companies.contactName,
  contactPhone: companies.contactPhone,
  disabled: companies.disabled,
  stationCount,
  leakThresholdLph: companies.leakThresholdLph,
  ticketTolerancePct: companies.ticketTolerancePct,
  varianceAlarmPct: companies.varianceAlarmPct,
  varianceAlarmDays: companies.varianceAlarmDays,
  runOutHorizonHours: companies.runOutHorizonHours,
  createdAt: utcText(companies.createdAt),
};

function whereOf(scope: Scope, filter: CompanyFilter): SQL | undefined {
  const conditions: (SQL | undefined)[] = [scopeFilter(scope, COMPANY_SCOPE)];
  if (filter.q) conditions.push(or(ilike(companies.name, likePattern(filter.q)), ilike(companies.code, likePattern(filter.q))));
  if (filter.distributorId !== undefined) conditions.push(eq(companies.distributorId, filter.distributorId));
  if (filter.status) conditions.push(eq(companies.disabled, filter.status === 'disabled'));
  if (filter.id !== undefined) conditions.push(eq(companies.id, filter.id));
  return and(...conditions);
}

export async function listCompanies(db: Db, scope: Scope, filter: CompanyFilter) {
  const where = whereOf(scope, filter);
  const order = orderOf(filter, { name: companies.name, code: companies.code, distributorName: distributors.name, createdAt: companies.createdAt }, asc(companies.code), companies.id);
  const { limit, offset } = pageOf(filter);
  const [list, total] = await Promise.all([
    db.select(columns).from(companies).innerJoin(distributors, eq(distributors.id, companies.distributorId)).where(where).orderBy(...order).limit(limit).offset(offset),
    db.select({ n: sql<number>`count(*)::int` }).from(companies).where(where),
  ]);
  return { list, total: total[0]?.n ?? 0 };
}

export async function findCompany(db: Db, scope: Scope, id: number) {
  const { list } = await listCompanies(db, scope, { id, page: 1, pageSize: 1 });
  return list[0];
}

export async function insertCompany(db: Db, input: CompanyInput): Promise<number> {
  const [row] = await db.insert(companies).values(input).returning({ id: companies.id });
  return row!.id;
}

export async function updateCompany(db: Db, id: number, input: CompanyInput) {
  await db.update(companies).set(input).where(eq(companies.id, id));
}

export async function setCompanyDisabled(db: Db, id: number, disabled: boolean) {
  await db.update(companies).set({ disabled }).where(eq(companies.id, id));
}

/** What still hangs on a company: a delete is refused while any of these exist. */
export async function companyDependents(db: Db, id: number): Promise<number> {
  const [row] = await rawRows<{ n: number | string }>(db, sql`select
      (select count(*) from ${stations} where ${stations.companyId} = ${id})
    + (select count(*) from ${areas} where ${areas.companyId} = ${id})
    + (select count(*) from ${products} where ${products.companyId} = ${id})
    + (select count(*) from ${users} where ${users.companyId} = ${id}) as n`);
  return Number(row?.n ?? 0);
}

export async function deleteCompany(db: Db, id: number) {
  await db.delete(companies).where(eq(companies.id, id));
}

/** Whether another company has this code (codes are unique without regard to case). */
export const codeTaken = (db: Db, code: string, exceptId?: number) => codeTakenIn(db, companies, companies, code, exceptId);
