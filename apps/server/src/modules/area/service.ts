import { CODES } from '@ullage/contracts/codes';
import type { AreaInput } from '@ullage/contracts/settings-org';
import type { Db } from '../../db/client';
import { isForeignKeyViolation } from '../../lib/db-errors';
import { AppError, assertValid, notFound } from '../../plugins/errors';
import { diff, recordAudit } from '../audit/service';
import type { AuthUser } from '../../sessions/auth-user';
import { scopeOf } from '../scope/scope';
import * as repo from './repo';

async function visible(db: Db, user: AuthUser, id: number) {
  const area = await repo.findArea(db, scopeOf(user), id);
  if (!area) throw notFound();
  return area;
}

/** The target company must be one the caller sees; otherwise it is as if it did not exist. */
async function targetCompany(db: Db, user: AuthUser, input: AreaInput) {
  assertValid(input.name ? [] : [{ field: 'name', rule: 'rule.required' }]);
  const company = await repo.findCompanyInScope(db, scopeOf(user), input.companyId);
  if (!company) assertValid([{ field: 'companyId', rule: 'rule.invalid' }]);
  return company!;
}

export const getArea = visible;

/** Writing takes `area:manage` (roles.ts, on the routes); the area and its company must be in scope. */
export async function createArea(db: Db, user: AuthUser, input: AreaInput) {
  const company = await targetCompany(db, user, input);
  const id = await db.transaction(async (tx) => {
    const t = tx as unknown as Db;
    const newId = await repo.insertArea(t, { name: input.name, companyId: company.id, distributorId: company.distributorId });
    await recordAudit(t, user, 'create', 'area', newId, { ...input });
    return newId;
  });
  return visible(db, user, id);
}

export async function updateArea(db: Db, user: AuthUser, id: number, input: AreaInput) {
  const before = await visible(db, user, id);
  const company = await targetCompany(db, user, input);
  await db.transaction(async (tx) => {
    const t = tx as unknown as Db;
    await repo.updateArea(t, id, { name: input.name, companyId: company.id, distributorId: company.distributorId });
    await recordAudit(t, user, 'update', 'area', id, diff(before, { ...input }));
  });
  return visible(db, user, id);
}

export async function deleteArea(db: Db, user: AuthUser, id: number) {
  const before = await visible(db, user, id);
  const inUse = () => new AppError(CODES.inUse, 'settings.areaInUse');
  if ((await repo.areaStationCount(db, id)) > 0) throw inUse();
  try {
    await db.transaction(async (tx) => {
      const t = tx as unknown as Db;
      await repo.deleteArea(t, id);
      await recordAudit(t, user, 'delete', 'area', id, before);
    });
  } catch (error) {
    if (isForeignKeyViolation(error)) throw inUse();
    throw error;
  }
}
