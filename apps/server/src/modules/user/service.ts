import { CODES } from '@ullage/contracts/codes';
import type { UpdatePwdBody } from '@ullage/contracts/auth';
import { MAIL_ADDRESS_MAX, mailAddressProblem, normalizeMailAddress } from '@ullage/domain/mail-address';
import { passwordCheckLimit } from '@ullage/domain/attempt-limits';
import { passwordProblems, type PasswordProblem } from '@ullage/domain/password';
import { isSafeFileName, PHOTO_MAX_BYTES, PHOTO_TYPES } from '@ullage/domain/validation';
import type { Db } from '../../db/client';
import type { LiveBus } from '../../live/bus';
import { sessionsEnded } from '../../live/session-ends';
import type { MessageKey } from '../../i18n/en';
import { AppError, assertValid, forbidden, notLoggedIn, type FieldRule } from '../../plugins/errors';
import type { AuthUser } from '../../sessions/auth-user';
import { deleteOtherSessions } from '../../sessions/session-repo';
import { hashPassword } from '../auth/passwords';
import { verifyWithinLimit } from '../auth/password-attempts';
import { diff, recordAudit } from '../audit/service';
import { noticeSettingsChanged } from '../notice/changes';
import { turnOffEmail } from '../notice/service';
import { findUserById, updateMailAddress, updatePassword, updatePhoto } from './repo';
import { decodeImageDataUrl, imageSizeProblem } from '../../lib/images';
import type { FileStore } from '../../lib/file-store';

/** The user rows the sign-in, the session user and the organisation tree are read from (auth/, org/). */
export { findUserById, findUserByName, setPasswordUnsafe, type UserRow } from './repo';

/** In the top bar users edit only their own password (spec §6). */
function assertSelf(user: AuthUser, username: string, userId?: number) {
  if (username.toLowerCase() !== user.username.toLowerCase() || (userId !== undefined && userId !== user.id)) {
    throw forbidden('password.notYours');
  }
}

async function currentUser(db: Db, user: AuthUser) {
  const row = await findUserById(db, user.id);
  if (!row) throw notLoggedIn();
  return row;
}

export async function checkPassword(db: Db, user: AuthUser, username: string, pwd: string): Promise<boolean> {
  assertSelf(user, username);
  const row = await currentUser(db, user);
  return verifyLimited(db, user.id, row.passwordHash, pwd);
}

/**
 * A signed-in user's own password, checked within the account's attempt limit: without one, a
 * stolen session could guess the password it does not know (docs/api.md "Attempt limits").
 */
async function verifyLimited(db: Db, userId: number, passwordHash: string, pwd: string): Promise<boolean> {
  return verifyWithinLimit(db, passwordCheckLimit(userId), passwordHash, pwd);
}

const PROBLEM_RULES: Record<PasswordProblem, MessageKey> = {
  required: 'rule.required',
  length: 'rule.passwordLength',
  tooLong: 'rule.tooLong',
  'missing.digit': 'rule.passwordDigit',
  'missing.upper': 'rule.passwordUpper',
  'missing.lower': 'rule.passwordLower',
  'missing.special': 'rule.passwordSpecial',
};

/** Spec §5 "Change password": every rule checked here as well as in the form. */
export async function changePassword(db: Db, bus: LiveBus, user: AuthUser, sessionTokenHash: string, body: UpdatePwdBody) {
  assertSelf(user, body.username, body.userId);
  const pwd = body.pwd ?? body.password ?? '';
  const problems: FieldRule[] = [];
  if (!body.oldPwd) problems.push({ field: 'oldPwd', rule: 'rule.required' });
  for (const p of passwordProblems(pwd)) problems.push({ field: 'pwd', rule: PROBLEM_RULES[p], params: { max: 255 } });
  if (!body.rePwd) problems.push({ field: 'rePwd', rule: 'rule.required' });
  else if (body.rePwd !== pwd) problems.push({ field: 'rePwd', rule: 'rule.notSame' });
  assertValid(problems);

  const row = await currentUser(db, user);
  if (!(await verifyLimited(db, user.id, row.passwordHash, body.oldPwd!))) {
    throw new AppError(CODES.oldPasswordWrong, 'password.oldWrong', {}, undefined, { result: 'fail' });
  }
  const passwordHash = await hashPassword(pwd);
  await db.transaction(async (tx) => {
    const t = tx as unknown as Db;
    await updatePassword(t, user.id, passwordHash, false);
    // That it changed, never what to.
    await recordAudit(t, user, 'changePassword', 'account', user.id, {});
  });
  // Other devices signed in with the old password are signed out; this one logs out itself
  // two seconds after the success message (spec §5).
  await deleteOtherSessions(db, user.id, sessionTokenHash);
  sessionsEnded(bus);
}

/** Spec §5 "Photo upload": jpeg/jpg/png/gif, under 250 KB, name without special characters; at most 4096 × 4096 pixels (issue 32). */
const EXTENSION_OF: Record<string, string> = { 'image/png': 'png', 'image/jpeg': 'jpg', 'image/gif': 'gif' };

/** Stored under DATA_DIR by content hash; the user's photo is the URL that serves it. */
export async function changePhoto(db: Db, files: FileStore, user: AuthUser, fileName: string, dataUrl: string): Promise<string> {
  const problems: FieldRule[] = [];
  if (!isSafeFileName(fileName)) problems.push({ field: 'fileName', rule: 'rule.fileName' });
  const extension = fileName.split('.').pop()?.toLowerCase() ?? '';
  const image = decodeImageDataUrl(dataUrl);
  // Checked by content: the bytes must be the image type the name and the data URL claim.
  const claimed = image && (PHOTO_TYPES as readonly string[]).includes(image.declared) ? image.declared : undefined;
  if (!image || !claimed || image.actual !== claimed || !['jpeg', 'jpg', 'png', 'gif'].includes(extension)) {
    problems.push({ field: 'dataUrl', rule: 'rule.imageType' });
  } else if (image.bytes.length >= PHOTO_MAX_BYTES) {
    problems.push({ field: 'dataUrl', rule: 'rule.imageSize' });
  } else {
    const tooLarge = imageSizeProblem('dataUrl', image.size, 'rule.imageType');
    if (tooLarge) problems.push(tooLarge);
  }
  assertValid(problems);
  const stored = await files.put('photos', image!.bytes, EXTENSION_OF[image!.actual!]!);
  const url = `/api/user/photo/${stored}`;
  const before = await currentUser(db, user);
  await db.transaction(async (tx) => {
    const t = tx as unknown as Db;
    await updatePhoto(t, user.id, url);
    if (before.photo !== url) await recordAudit(t, user, 'update', 'account', user.id, { photo: [before.photo ?? null, url] });
  });
  return url;
}

/** The signed-in user's own mail address (spec §3 mailAddress), null when there is none. */
export async function getMailAddress(db: Db, user: AuthUser): Promise<string | null> {
  return (await currentUser(db, user)).email;
}

/**
 * Sets the signed-in user's own mail address, always the caller's: there is no user to name.
 * A blank value clears it, and clearing turns e-mail off in the alarm notification settings
 * (notice/service.ts turnOffEmail).
 */
export async function setMailAddress(db: Db, bus: LiveBus, user: AuthUser, input: string | null): Promise<string | null> {
  const problem = mailAddressProblem(input);
  if (problem === 'tooLong') assertValid([{ field: 'mailAddress', rule: 'rule.tooLong', params: { max: MAIL_ADDRESS_MAX }, labelKey: 'field.email' }]);
  if (problem === 'invalid') assertValid([{ field: 'mailAddress', rule: 'rule.invalid', labelKey: 'field.email' }]);
  const email = normalizeMailAddress(input);
  let emailTurnedOff = false;
  await db.transaction(async (tx) => {
    const t = tx as unknown as Db;
    const before = await currentUser(t, user);
    if (before.email !== email) {
      await updateMailAddress(t, user.id, email);
      await recordAudit(t, user, 'update', 'account', user.id, diff({ email: before.email }, { email }));
    }
    // Also when there was no address already (an administrator may have removed it).
    if (email === null) emailTurnedOff = await turnOffEmail(t, user.id);
  });
  if (emailTurnedOff) noticeSettingsChanged(bus, user.id);
  return email;
}
