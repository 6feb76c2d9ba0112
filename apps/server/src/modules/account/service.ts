import { CODES } from '@ullage/contracts/codes';
import type { AccountInput } from '@ullage/contracts/settings-more';
import { isProtectedAccount } from '@ullage/domain/account-management';
import type { AccountType } from '@ullage/domain/organisation';
import { ACCOUNT_PASSWORD_MIN, isStrongPassword } from '@ullage/domain/password';
import { USERNAME_MIN } from '@ullage/domain/validation';
import type { Db } from '../../db/client';
import type { LiveBus } from '../../live/bus';
import { sessionsEnded } from '../../live/session-ends';
import { isUniqueViolation } from '../../lib/db-errors';
import { AppError, assertValid, forbidden, notFound, type FieldRule } from '../../plugins/errors';
import { generatePassword } from '../../seed/generated-password';
import { diff, recordAudit } from '../audit/service';
import { hashPassword } from '../auth/passwords';
import type { AuthUser } from '../../sessions/auth-user';
import { assertCanManageAccount, assertCanManageAccountType } from '../scope/manage';
import { scopeOf } from '../scope/scope';
import { noticeSettingsChanged } from '../notice/changes';
import { turnOffEmail } from '../notice/service';
import * as repo from './repo';

const usernameExists = () => new AppError(CODES.conflict, 'common.usernameExists', {}, { fields: [{ field: 'username', rule: 'unique' }] });

/** Spec §5: user name at least 5 characters; a password of at least 8 when creating. */
function check(input: AccountInput, creating: boolean) {
  const problems: FieldRule[] = [];
  if (!input.username) problems.push({ field: 'username', rule: 'rule.required' });
  else if (input.username.length < USERNAME_MIN) problems.push({ field: 'username', rule: 'rule.minLength', params: { min: USERNAME_MIN } });
  if (!input.nickname) problems.push({ field: 'nickname', rule: 'rule.required' });
  if (creating) {
    if (!input.password) problems.push({ field: 'password', rule: 'rule.required' });
    else if (input.password.length < ACCOUNT_PASSWORD_MIN) problems.push({ field: 'password', rule: 'rule.minLength', params: { min: ACCOUNT_PASSWORD_MIN } });
  }
  assertValid(problems);
}

/**
 * The stored values of an input: the unit must be one the caller sees (91011 otherwise), and
 * the account carries the unit's ancestors so scope is one comparison.
 */
async function valuesOf(db: Db, user: AuthUser, input: AccountInput): Promise<repo.AccountValues> {
  assertCanManageAccountType(user, input.accountType);
  const unit = await repo.unitInScope(db, scopeOf(user), input.accountType, input.unitId);
  if (!unit) assertValid([{ field: 'unitId', rule: 'rule.invalid' }]);
  const values = {
    username: input.username,
    nickname: input.nickname,
    accountType: input.accountType,
    ...unit!,
    email: input.email || null,
    casUser: input.casUser || null,
  };
  assertCanManageAccount(user, { ...values, accountType: input.accountType as AccountType });
  return values;
}

async function visible(db: Db, user: AuthUser, id: number) {
  const account = await repo.findAccount(db, scopeOf(user), id);
  if (!account) throw notFound();
  return account;
}

/** Found in scope and manageable by the caller; `protect` also refuses one's own and the admin account. */
async function manageable(db: Db, user: AuthUser, id: number, protect: boolean) {
  const account = await visible(db, user, id);
  if (protect && isProtectedAccount(user.id, account)) throw forbidden('settings.accountProtected');
  assertCanManageAccount(user, { ...account, accountType: account.accountType as AccountType });
  return account;
}

export const getAccount = visible;

export async function createAccount(db: Db, user: AuthUser, input: AccountInput) {
  assertCanManageAccountType(user, input.accountType);
  check(input, true);
  const values = await valuesOf(db, user, input);
  if (await repo.usernameTaken(db, input.username)) throw usernameExists();
  const password = input.password!;
  const passwordHash = await hashPassword(password);
  try {
    const id = await db.transaction(async (tx) => {
      const t = tx as unknown as Db;
      const newId = await repo.insertAccount(t, { ...values, passwordHash, passwordUnsafe: !isStrongPassword(password) });
      await recordAudit(t, user, 'create', 'account', newId, { ...values });
      return newId;
    });
    return visible(db, user, id);
  } catch (error) {
    if (isUniqueViolation(error)) throw usernameExists();
    throw error;
  }
}

export async function updateAccount(db: Db, bus: LiveBus, user: AuthUser, id: number, input: AccountInput) {
  const before = await manageable(db, user, id, false);
  assertCanManageAccountType(user, input.accountType);
  check(input, false);
  const values = await valuesOf(db, user, input);
  if (await repo.usernameTaken(db, input.username, id)) throw usernameExists();
  let emailTurnedOff = false;
  try {
    await db.transaction(async (tx) => {
      const t = tx as unknown as Db;
      await repo.updateAccount(t, id, values);
      await recordAudit(t, user, 'update', 'account', id, diff(before, { ...values }));
      if (values.email === null) emailTurnedOff = await turnOffEmail(t, id);
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw usernameExists();
    throw error;
  }
  if (emailTurnedOff) noticeSettingsChanged(bus, id);
  return visible(db, user, id);
}

/** Disabling ends the account's sessions at once; login already refuses disabled accounts. */
export async function setAccountStatus(db: Db, bus: LiveBus, user: AuthUser, id: number, disabled: boolean) {
  const before = await manageable(db, user, id, true);
  await db.transaction(async (tx) => {
    const t = tx as unknown as Db;
    await repo.updateAccount(t, id, { disabled });
    if (disabled) await repo.endSessions(t, id);
    await recordAudit(t, user, disabled ? 'disable' : 'enable', 'account', id, { disabled: [before.disabled, disabled] });
  });
  if (disabled) sessionsEnded(bus);
  return visible(db, user, id);
}

export async function deleteAccount(db: Db, bus: LiveBus, user: AuthUser, id: number) {
  const before = await manageable(db, user, id, true);
  await db.transaction(async (tx) => {
    const t = tx as unknown as Db;
    // Sessions go with the account (ON DELETE CASCADE).
    await repo.deleteAccount(t, id);
    await recordAudit(t, user, 'delete', 'account', id, before);
  });
  sessionsEnded(bus);
}

/**
 * A temporary password, answered once and never logged: the account must change it after
 * signing in (mustChangePassword: nothing else is allowed until it does), and its open sessions end.
 */
export async function resetPassword(db: Db, bus: LiveBus, user: AuthUser, id: number): Promise<{ temporaryPassword: string }> {
  const before = await manageable(db, user, id, true);
  const temporaryPassword = generatePassword();
  const passwordHash = await hashPassword(temporaryPassword);
  await db.transaction(async (tx) => {
    const t = tx as unknown as Db;
    await repo.updateAccount(t, id, { passwordHash, passwordUnsafe: true, mustChangePassword: true });
    await repo.endSessions(t, id);
    await recordAudit(t, user, 'resetPassword', 'account', id, { passwordUnsafe: [before.passwordUnsafe, true] });
  });
  sessionsEnded(bus);
  return { temporaryPassword };
}
