import { isServiceTicket } from '@ullage/domain/cas';
import type { Db } from '../../db/client';
import { isUniqueViolation } from '../../lib/db-errors';
import { insertSession } from '../../sessions/session-repo';
import { newToken, sha256 } from '../../lib/tokens';
import { CasUnreachable, validateTicket, type CasSettings } from './client';
import { findUserByCasUser, ticketUsed } from './repo';

/** Why a CAS sign-in ended on the login page; each has its own localised message there. */
export type CasRefusal = 'notConfigured' | 'invalidTicket' | 'unknownUser' | 'disabled' | 'unreachable';

export type CasOutcome = { ok: true; token: string; userId: number; casUser: string } | { ok: false; reason: CasRefusal; detail: string; casUser?: string };

export interface CasContext {
  db: Db;
  cas: CasSettings | null;
  ip: string;
  userAgent: string | undefined;
  idleMinutes: number;
}

/**
 * The return from CAS: the ticket is validated by the CAS server for our service URL, the
 * CAS user is matched to its linked account, and a normal session starts. A ticket already
 * used for a session is refused here too, whatever the CAS server says.
 */
export async function casSignIn(ticket: string | undefined, ctx: CasContext): Promise<CasOutcome> {
  if (!ctx.cas) return { ok: false, reason: 'notConfigured', detail: 'CAS_URL is not set' };
  if (!ticket || !isServiceTicket(ticket)) return { ok: false, reason: 'invalidTicket', detail: 'missing or malformed ticket' };
  if (await ticketUsed(ctx.db, ticket)) return { ok: false, reason: 'invalidTicket', detail: 'ticket already used' };
  let validation;
  try {
    validation = await validateTicket(ctx.cas, ticket);
  } catch (error) {
    if (error instanceof CasUnreachable) return { ok: false, reason: 'unreachable', detail: error.message };
    throw error;
  }
  if (!validation.ok) return { ok: false, reason: 'invalidTicket', detail: `${validation.code}: ${validation.message}` };
  const user = await findUserByCasUser(ctx.db, validation.user);
  if (!user) return { ok: false, reason: 'unknownUser', detail: 'no account is linked to this CAS user', casUser: validation.user };
  if (user.disabled) return { ok: false, reason: 'disabled', detail: 'the linked account is disabled', casUser: validation.user };
  const token = newToken();
  try {
    await insertSession(ctx.db, { tokenHash: sha256(token), userId: user.id, idleMinutes: ctx.idleMinutes, ip: ctx.ip, userAgent: ctx.userAgent, casTicket: ticket });
  } catch (error) {
    // Two returns with the same ticket at once: the unique index lets one through.
    if (isUniqueViolation(error)) return { ok: false, reason: 'invalidTicket', detail: 'ticket already used' };
    throw error;
  }
  return { ok: true, token, userId: user.id, casUser: validation.user };
}
