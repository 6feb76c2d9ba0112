import { CODES } from '@ullage/contracts/codes';
import type { LoginBody } from '@ullage/contracts/auth';
import { signInLimits } from '@ullage/domain/attempt-limits';
import { isStrongPassword } from '@ullage/domain/password';
import type { Db } from '../../db/client';
import type { LiveBus } from '../../live/bus';
import { sessionsEnded } from '../../live/session-ends';
import { AppError, assertValid, type FieldRule } from '../../plugins/errors';
import { findUserByName, setPasswordUnsafe } from '../user/service';
import { consumeCaptcha } from './captcha';
import { clearFailures, lockedMinutesLeft, recordFailure } from './lockout-repo';
import { dummyPasswordHash, verifyPassword } from './passwords';
import { deleteSession, insertSession } from '../../sessions/session-repo';
import { newToken, sha256 } from '../../lib/tokens';

export interface LoginContext {
  db: Db;
  captchaEnabled: boolean;
  captchaId: string | undefined;
  ip: string;
  userAgent: string | undefined;
  idleMinutes: number;
}

export interface LoginOutcome {
  token: string;
  passwordUnsafe: boolean;
}

/**
 * Sign-in: lockout first (a locked key learns nothing more; docs/api.md "Attempt limits"),
 * then the verification code, then the password. A wrong name and a wrong password answer the same 60005 and take as long.
 */
export async function login(body: LoginBody, ctx: LoginContext): Promise<LoginOutcome> {
  const problems: FieldRule[] = [];
  if (!body.username.trim()) problems.push({ field: 'username', rule: 'rule.required' });
  if (!body.password) problems.push({ field: 'password', rule: 'rule.required' });
  if (ctx.captchaEnabled && !body.code?.trim()) problems.push({ field: 'code', rule: 'rule.required' });
  assertValid(problems);

  const limits = signInLimits(body.username, ctx.ip);
  const minutes = await lockedMinutesLeft(ctx.db, limits.all.map((l) => l.key));
  if (minutes > 0) throw new AppError(CODES.locked, 'auth.locked', { minutes });

  if (ctx.captchaEnabled && !(await consumeCaptcha(ctx.db, ctx.captchaId, body.code))) {
    throw new AppError(CODES.captchaInvalid, 'auth.captchaInvalid');
  }

  // A service account (issue 38) acts only through its tokens: its name signs no one in.
  const found = await findUserByName(ctx.db, body.username.trim());
  const user = found?.service ? undefined : found;
  const passwordOk = await verifyPassword(user?.passwordHash ?? (await dummyPasswordHash()), body.password);
  if (!user || !passwordOk || user.disabled) {
    await recordFailure(ctx.db, limits.all);
    throw new AppError(CODES.loginFailed, 'auth.wrongCredentials');
  }
  await clearFailures(ctx.db, limits.clearedOnSuccess);

  // We only see the password in clear here, so this is where a weak one is noticed.
  const passwordUnsafe = user.passwordUnsafe || !isStrongPassword(body.password);
  if (passwordUnsafe !== user.passwordUnsafe) await setPasswordUnsafe(ctx.db, user.id, passwordUnsafe);

  const token = newToken();
  await insertSession(ctx.db, { tokenHash: sha256(token), userId: user.id, idleMinutes: ctx.idleMinutes, ip: ctx.ip, userAgent: ctx.userAgent });
  return { token, passwordUnsafe };
}

export async function logout(db: Db, bus: LiveBus, token: string | undefined): Promise<void> {
  if (!token) return;
  await deleteSession(db, sha256(token));
  sessionsEnded(bus);
}
