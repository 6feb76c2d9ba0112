import { CODES } from '@ullage/contracts/codes';
import type { CompanyInput } from '@ullage/contracts/settings-org';
import { isValidPhone } from '@ullage/domain/validation';
import type { Db } from '../../db/client';
import { isForeignKeyViolation, isUniqueViolation } from '../../lib/db-errors';
import { AppError, assertValid, notFound, type FieldRule } from '../../plugins/errors';
import { diff, recordAudit } from '../audit/service';
import type { AuthUser } from '../../sessions/auth-user';
import { assertUnderOwnDistributor } from '../scope/manage';
import { scopeOf } from '../scope/scope';
import * as repo from './repo';
import { distributorExists } from '../distributor/service';

const codeExists = () => new AppError(CODES.conflict, 'common.codeExists', {}, { fields: [{ field: 'code', rule: 'unique' }] });

/** Spec §5 rules beyond the schema: required text, phone digits and hyphen. */
function check(input: CompanyInput) {
  const problems: FieldRule[] = [];
  if (!input.name) problems.push({ field: 'name', rule: 'rule.required' });
  if (!input.code) problems.push({ field: 'code', rule: 'rule.required', labelKey: 'field.entityCode' });
  if (!input.contactName) problems.push({ field: 'contactName', rule: 'rule.required' });
  if (!input.contactPhone) problems.push({ field: 'contactPhone', rule: 'rule.required' });
  else if (!isValidPhone(input.contactPhone)) problems.push({ field: 'contactPhone', rule: 'rule.phone' });
  assertValid(problems);
}

async function visible(db: Db, user: AuthUser, id: number) {
  const company = await repo.findCompany(db, scopeOf(user), id);
  if (!company) throw notFound();
  return company;
}

export function getCompany(db: Db, user: AuthUser, id: number) {
  return visible(db, user, id);
}

export async function createCompany(db: Db, user: AuthUser, input: CompanyInput) {
  check(input);
  assertUnderOwnDistributor(user, input.distributorId);
  if (!(await distributorExists(db, input.distributorId))) assertValid([{ field: 'distributorId', rule: 'rule.invalid' }]);
  if (await repo.codeTaken(db, input.code)) throw codeExists();
  try {
    const id = await db.transaction(async (tx) => {
      const t = tx as unknown as Db;
      const newId = await repo.insertCompany(t, input);
      await recordAudit(t, user, 'create', 'company', newId, { ...input });
      return newId;
    });
    return visible(db, user, id);
  } catch (error) {
    if (isUniqueViolation(error)) throw codeExists();
    throw error;
  }
}

export async function updateCompany(db: Db, user: AuthUser, id: number, input: CompanyInput) {
  check(input);
  const before = await visible(db, user, id);
  assertUnderOwnDistributor(user, before.distributorId);
  // Moving a company to another distributor needs rights over that one too.
  assertUnderOwnDistributor(user, input.distributorId);
  if (!(await distributorExists(db, input.distributorId))) assertValid([{ field: 'distributorId', rule: 'rule.invalid' }]);
  if (await repo.codeTaken(db, input.code, id)) throw codeExists();
  try {
    await db.transaction(async (tx) => {
      const t = tx as unknown as Db;
      await repo.updateCompany(t, id, input);
      await recordAudit(t, user, 'update', 'company', id, diff(before, { ...input }));
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw codeExists();
    throw error;
  }
  return visible(db, user, id);
}

export async function setCompanyStatus(db: Db, user: AuthUser, id: number, disabled: boolean) {
  const before = await visible(db, user, id);
  assertUnderOwnDistributor(user, before.distributorId);
  await db.transaction(async (tx) => {
    const t = tx as unknown as Db;
    await repo.setCompanyDisabled(t, id, disabled);
    await recordAudit(t, user, disabled ? 'disable' : 'enable', 'company', id, { disabled: [before.disabled, disabled] });
  });
  return visible(db, user, id);
}

export async function deleteCompany(db: Db, user: AuthUser, id: number) {
  const before = await visible(db, user, id);
  assertUnderOwnDistributor(user, before.distributorId);
  const inUse = () => new AppError(CODES.inUse, 'settings.companyInUse');
  if ((await repo.companyDependents(db, id)) > 0) throw inUse();
  try {
    await db.transaction(async (tx) => {
      const t = tx as unknown as Db;
      await repo.deleteCompany(t, id);
      await recordAudit(t, user, 'delete', 'company', id, before);
    });
  } catch (error) {
    // Something was added between the check and the delete: still refused, not cascaded.
    if (isForeignKeyViolation(error)) throw inUse();
    throw error;
  }
}
