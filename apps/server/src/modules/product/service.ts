import { CODES } from '@ullage/contracts/codes';
import type { ProductInput } from '@ullage/contracts/settings-more';
import type { Db } from '../../db/client';
import type { LiveBus } from '../../live/bus';
import { stationChanged } from '../station/changes';
import { isForeignKeyViolation, isUniqueViolation } from '../../lib/db-errors';
import { AppError, assertValid, notFound, type FieldRule } from '../../plugins/errors';
import { diff, recordAudit } from '../audit/service';
import type { AuthUser } from '../../sessions/auth-user';
import { assertUnderOwnDistributor } from '../scope/manage';
import { scopeOf } from '../scope/scope';
import * as repo from './repo';
import { distributorExists } from '../distributor/service';

const codeExists = () => new AppError(CODES.conflict, 'common.codeExists', {}, { fields: [{ field: 'code', rule: 'unique' }] });

/** Empty optional text is stored as null. */
function valuesOf(input: ProductInput) {
  return { ...input, shortName: input.shortName || null, companyId: input.companyId ?? null };
}

/** Spec §5 rules beyond the schema; the distributor and company must exist and belong together. */
async function check(db: Db, input: ProductInput) {
  const problems: FieldRule[] = [];
  if (!input.name) problems.push({ field: 'name', rule: 'rule.required' });
  if (!input.code) problems.push({ field: 'code', rule: 'rule.required', labelKey: 'field.entityCode' });
  assertValid(problems);
  if (!(await distributorExists(db, input.distributorId))) assertValid([{ field: 'distributorId', rule: 'rule.invalid' }]);
  if (input.companyId && !(await repo.companyOfDistributor(db, input.companyId, input.distributorId))) {
    assertValid([{ field: 'companyId', rule: 'rule.companyOfDistributor' }]);
  }
}

async function visible(db: Db, user: AuthUser, id: number) {
  const product = await repo.findProduct(db, scopeOf(user), id);
  if (!product) throw notFound();
  return product;
}

export const getProduct = visible;

export async function createProduct(db: Db, user: AuthUser, input: ProductInput) {
  assertUnderOwnDistributor(user, input.distributorId);
  await check(db, input);
  if (await repo.codeTaken(db, input.code)) throw codeExists();
  try {
    const id = await db.transaction(async (tx) => {
      const t = tx as unknown as Db;
      const newId = await repo.insertProduct(t, valuesOf(input));
      await recordAudit(t, user, 'create', 'product', newId, valuesOf(input));
      return newId;
    });
    return visible(db, user, id);
  } catch (error) {
    if (isUniqueViolation(error)) throw codeExists();
    throw error;
  }
}

export async function updateProduct(db: Db, user: AuthUser, id: number, input: ProductInput, bus: LiveBus) {
  const before = await visible(db, user, id);
  assertUnderOwnDistributor(user, before.distributorId);
  // Moving a product to another distributor needs rights over that one too.
  assertUnderOwnDistributor(user, input.distributorId);
  await check(db, input);
  if (await repo.codeTaken(db, input.code, id)) throw codeExists();
  try {
    await db.transaction(async (tx) => {
      const t = tx as unknown as Db;
      await repo.updateProduct(t, id, valuesOf(input));
      await recordAudit(t, user, 'update', 'product', id, diff(before, valuesOf(input)));
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw codeExists();
    throw error;
  }
  // A product's type decides its tanks' thermal expansion: ingest's cached stations of those tanks are stale now.
  for (const stationId of await repo.stationsWithProduct(db, id)) stationChanged(bus, stationId);
  return visible(db, user, id);
}

export async function deleteProduct(db: Db, user: AuthUser, id: number) {
  const before = await visible(db, user, id);
  assertUnderOwnDistributor(user, before.distributorId);
  const inUse = () => new AppError(CODES.inUse, 'settings.productInUse');
  if ((await repo.productTankCount(db, id)) > 0) throw inUse();
  try {
    await db.transaction(async (tx) => {
      const t = tx as unknown as Db;
      await repo.deleteProduct(t, id);
      await recordAudit(t, user, 'delete', 'product', id, before);
    });
  } catch (error) {
    // A tank took the product between the check and the delete: still refused.
    if (isForeignKeyViolation(error)) throw inUse();
    throw error;
  }
}
