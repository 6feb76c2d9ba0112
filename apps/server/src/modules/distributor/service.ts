import { CODES } from '@ullage/contracts/codes';
import type { DistributorInput } from '@ullage/contracts/settings-org';
import { isValidPhone, LOGO_MAX_BYTES } from '@ullage/domain/validation';
import type { Db } from '../../db/client';
import { isForeignKeyViolation } from '../../lib/db-errors';
import { decodeImageDataUrl, imageSizeProblem } from '../../lib/images';
import { AppError, assertValid, notFound, type FieldRule } from '../../plugins/errors';
import { diff, recordAudit } from '../audit/service';
import type { AuthUser } from '../../sessions/auth-user';
import { scopeOf } from '../scope/scope';
import * as repo from './repo';

/** Spec §5: required name, contact and phone; phone digits and hyphen; logo jpeg/png under 1 MB, at most 4096 × 4096 pixels (issue 32). */
function check(input: DistributorInput) {
  const problems: FieldRule[] = [];
  if (!input.name) problems.push({ field: 'name', rule: 'rule.required' });
  if (!input.contactName) problems.push({ field: 'contactName', rule: 'rule.required' });
  if (!input.phone) problems.push({ field: 'phone', rule: 'rule.required' });
  else if (!isValidPhone(input.phone)) problems.push({ field: 'phone', rule: 'rule.phone' });
  if (input.logo) {
    const image = decodeImageDataUrl(input.logo);
    // Checked by content: a renamed file or a mislabelled data URL is refused.
    if (!image || (image.actual !== 'image/png' && image.actual !== 'image/jpeg') || image.declared !== image.actual) {
      problems.push({ field: 'logo', rule: 'rule.logoType' });
    } else if (image.bytes.length >= LOGO_MAX_BYTES) {
      problems.push({ field: 'logo', rule: 'rule.logoSize' });
    } else {
      // Shown to every user of the distributor: its header's size is read before it is kept.
      const tooLarge = imageSizeProblem('logo', image.size, 'rule.logoType');
      if (tooLarge) problems.push(tooLarge);
    }
  }
  const seen = new Set<string>();
  input.tankTypes.forEach((tank, i) => {
    if (!tank.code) problems.push({ field: `tankTypes.${i}.code`, rule: 'rule.required' });
    else if (seen.has(tank.code.toLowerCase())) problems.push({ field: `tankTypes.${i}.code`, rule: 'rule.duplicate' });
    seen.add(tank.code.toLowerCase());
  });
  assertValid(problems);
}

async function visible(db: Db, user: AuthUser, id: number) {
  const distributor = await repo.findDistributor(db, scopeOf(user), id);
  if (!distributor) throw notFound();
  return distributor;
}

export const getDistributor = visible;

/** Creating and deleting take `distributor:manage`, editing `distributor:edit` (roles.ts, on the routes); a distributor account sees only its own. */
export async function createDistributor(db: Db, user: AuthUser, input: DistributorInput) {
  check(input);
  const id = await db.transaction(async (tx) => {
    const t = tx as unknown as Db;
    const newId = await repo.insertDistributor(t, input);
    await recordAudit(t, user, 'create', 'distributor', newId, diff({}, { ...input }));
    return newId;
  });
  return visible(db, user, id);
}

export async function updateDistributor(db: Db, user: AuthUser, id: number, input: DistributorInput) {
  const before = await visible(db, user, id);
  check(input);
  await db.transaction(async (tx) => {
    const t = tx as unknown as Db;
    await repo.updateDistributor(t, id, input);
    await recordAudit(t, user, 'update', 'distributor', id, diff(before, { ...input }));
  });
  return visible(db, user, id);
}

export async function deleteDistributor(db: Db, user: AuthUser, id: number) {
  const before = await visible(db, user, id);
  const inUse = () => new AppError(CODES.inUse, 'settings.distributorInUse');
  if ((await repo.distributorDependents(db, id)) > 0) throw inUse();
  try {
    await db.transaction(async (tx) => {
      const t = tx as unknown as Db;
      await repo.deleteDistributor(t, id);
      await recordAudit(t, user, 'delete', 'distributor', id, diff({ ...before }, {}));
    });
  } catch (error) {
    if (isForeignKeyViolation(error)) throw inUse();
    throw error;
  }
}

/** Whether a distributor exists (a company or product names one). */
export function distributorExists(db: Db, id: number): Promise<boolean> {
  return repo.distributorExists(db, id);
}
