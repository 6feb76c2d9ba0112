import type { SavedNoticeEntry } from './notice-settings';

/**
 * Alarm e-mail digests (spec §3 byEmail, §5/§9 mail reminder frequency): each user's new
 * alarms of the codes they chose for e-mail go out together, at most once every
 * `mailSendFrq` minutes; a mail the server cannot take is retried with growing waits.
 */

/** A digest's life: written `pending`, claimed as `sending`, then `sent`, or `failed` when given up. */
export const DIGEST_STATES = ['pending', 'sending', 'sent', 'failed'] as const;
export type DigestState = (typeof DIGEST_STATES)[number];

/** A mail lists this many alarms; an alarm storm says how many more there were instead. */
export const DIGEST_MAX_LISTED = 200;

/** The first retry waits this long; each further one twice as long as the one before … */
export const MAIL_RETRY_FIRST_MS = 30_000;
/** … but never longer than this. */
export const MAIL_RETRY_MAX_MS = 30 * 60_000;
/** A mail that could not be sent for this long is given up (its alarms are in the alarm pages). */
export const MAIL_GIVE_UP_MS = 24 * 60 * 60_000;
/** A digest claimed for sending longer ago than this was abandoned by a stopped server: try it again. */
export const MAIL_SENDING_STALE_MS = 10 * 60_000;

/**
 * Whether a user's next digest may be written: never more often than every `frequencyMinutes`
 * since the last one, nor earlier than that after e-mail was turned on (`since`).
 */
export function isDigestDue(since: Date, lastDigestAt: Date | null, frequencyMinutes: number, now: Date): boolean {
  const from = lastDigestAt ?? since;
  return now.getTime() - from.getTime() >= frequencyMinutes * 60_000;
}

/** The wait before retry number `attempts` (1 after the first failure): 30 s, 1 min, 2 min, … 30 min. */
export function mailRetryDelayMs(attempts: number): number {
  if (attempts < 1) return 0;
  return Math.min(MAIL_RETRY_FIRST_MS * 2 ** (attempts - 1), MAIL_RETRY_MAX_MS);
}

/** After a failure: try again later, or give up once the mail is a day old. */
export function afterMailFailure(createdAt: Date, attempts: number, now: Date): { state: 'pending'; nextAttemptAt: Date } | { state: 'failed' } {
  if (now.getTime() - createdAt.getTime() >= MAIL_GIVE_UP_MS) return { state: 'failed' };
  return { state: 'pending', nextAttemptAt: new Date(now.getTime() + mailRetryDelayMs(attempts)) };
}

export type AlarmKind = 'level' | 'leak';

/** The alarm codes a user wants by e-mail, by kind (type 1 level, 2 leak). */
export function mailCodes(entries: readonly SavedNoticeEntry[]): Record<AlarmKind, number[]> {
  const codes: Record<AlarmKind, number[]> = { level: [], leak: [] };
  for (const e of entries) if (e.byEmail === 1) codes[e.type === 1 ? 'level' : 'leak'].push(e.remark);
  return codes;
}
