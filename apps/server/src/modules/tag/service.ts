import { CODES } from '@ullage/contracts/codes';
import type { TagInput } from '@ullage/contracts/settings-more';
import type { Db } from '../../db/client';
import { isUniqueViolation } from '../../lib/db-errors';
import { AppError, assertValid, notFound, type FieldRule } from '../../plugins/errors';
import { diff, recordAudit } from '../audit/service';
import type { AuthUser } from '../../sessions/auth-user';
import * as repo from './repo';

const tagExists = () => new AppError(CODES.conflict, 'settings.tagExists', {}, { fields: [{ field: 'key', rule: 'unique' }] });

function valuesOf(input: TagInput) {
  return { ...input, typeValue: input.typeValue || null, remark: input.remark || null };
}

function check(input: TagInput) {
  const problems: FieldRule[] = [];
  if (!input.key) problems.push({ field: 'key', rule: 'rule.required' });
  if (!input.value) problems.push({ field: 'value', rule: 'rule.required' });
  if (!input.type) problems.push({ field: 'type', rule: 'rule.required' });
  assertValid(problems);
}

/** Tags are the administrator's: every tag route takes `tag:manage` (roles.ts), refused to others before this runs. */
async function found(db: Db, _user: AuthUser, id: number) {
  const tag = await repo.findTag(db, id);
  if (!tag) throw notFound();
  return tag;
}

export const getTag = found;

export async function createTag(db: Db, user: AuthUser, input: TagInput) {
  check(input);
  if (await repo.tagExists(db, input.type, input.key)) throw tagExists();
  try {
    const id = await db.transaction(async (tx) => {
      const t = tx as unknown as Db;
      const newId = await repo.insertTag(t, valuesOf(input), user.username);
      await recordAudit(t, user, 'create', 'tag', newId, valuesOf(input));
      return newId;
    });
    return found(db, user, id);
  } catch (error) {
    if (isUniqueViolation(error)) throw tagExists();
    throw error;
  }
}

export async function updateTag(db: Db, user: AuthUser, id: number, input: TagInput) {
  const before = await found(db, user, id);
  check(input);
  if (await repo.tagExists(db, input.type, input.key, id)) throw tagExists();
  try {
    await db.transaction(async (tx) => {
      const t = tx as unknown as Db;
      await repo.updateTag(t, id, valuesOf(input), user.username);
      await recordAudit(t, user, 'update', 'tag', id, diff(before, valuesOf(input)));
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw tagExists();
    throw error;
  }
  return found(db, user, id);
}

export async function setTagStatus(db: Db, user: AuthUser, id: number, disabled: boolean) {
  const before = await found(db, user, id);
  await db.transaction(async (tx) => {
    const t = tx as unknown as Db;
    await repo.updateTag(t, id, { disabled }, user.username);
    await recordAudit(t, user, disabled ? 'disable' : 'enable', 'tag', id, { disabled: [before.disabled, disabled] });
  });
  return found(db, user, id);
}

export async function deleteTag(db: Db, user: AuthUser, id: number) {
  const before = await found(db, user, id);
  await db.transaction(async (tx) => {
    const t = tx as unknown as Db;
    await repo.deleteTag(t, id);
    await recordAudit(t, user, 'delete', 'tag', id, before);
  });
}
