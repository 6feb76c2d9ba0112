import { sql } from 'drizzle-orm';
import type { NoticeEntry } from '@ullage/domain/notice-settings';
import { MAIL_SENDING_STALE_MS, type AlarmKind } from '@ullage/domain/mail-digest';
import type { AccountType } from '@ullage/domain/organisation';
import type { Db } from '../../db/client';
import { pgArray, rawRows } from '../../lib/raw-sql';
import { scopeOn, type Scope } from '../scope/scope';
import { FEED_COLUMNS, FEED_FROM, feedAlarmOf, type FeedAlarm } from '../alarm-feed/service';

/** A user who wants at least one alarm code by e-mail and has an address to send it to. */
export interface MailUser {
  id: number;
  nickname: string;
  accountType: AccountType;
  distributorId: number | null;
  companyId: number | null;
  stationId: number | null;
  email: string;
  language: string | null;
  mailSendFrq: number;
  entries: NoticeEntry[];
  /** When the settings were last saved: e-mail was turned on then, if there is no cursor yet. */
  settingsSavedAt: Date;
  since: Date | null;
  lastDigestAt: Date | null;
}

const date = (v: unknown) => (v == null ? null : new Date(v as string));

export async function mailUsers(db: Db): Promise<MailUser[]> {
  const rows = await rawRows<Record<string, unknown>>(
    db,
    sql`select u.id, u.nickname, u.account_type, u.distributor_id, u.company_id, u.station_id, u.email, u.language,
          s.mail_send_frq, s.entries, s.updated_at, c.since, c.last_digest_at
        from users u join user_notice_settings s on s.user_id = u.id left join mail_cursors c on c.user_id = u.id
        where not u.disabled and coalesce(u.email, '') <> '' and s.entries @> '[{"byEmail": 1}]'::jsonb
        order by u.id`,
  );
  return rows.map((r) => ({
    id: r.id as number,
    nickname: r.nickname as string,
    accountType: r.account_type as AccountType,
    distributorId: (r.distributor_id as number | null) ?? null,
    companyId: (r.company_id as number | null) ?? null,
    stationId: (r.station_id as number | null) ?? null,
    email: r.email as string,
    language: (r.language as string | null) ?? null,
    mailSendFrq: r.mail_send_frq as number,
    entries: (typeof r.entries === 'string' ? JSON.parse(r.entries) : r.entries) as NoticeEntry[],
    settingsSavedAt: new Date(r.updated_at as string),
    since: date(r.since),
    lastDigestAt: date(r.last_digest_at),
  }));
}

/** A user who turned e-mail off starts afresh when they turn it on again: no backlog. */
export async function dropCursorsExcept(db: Db, userIds: readonly number[]): Promise<void> {
  await db.execute(sql`delete from mail_cursors where not (user_id = any(${pgArray(userIds)}::int[]))`);
}

export async function startCursor(db: Db, userId: number, since: Date): Promise<void> {
  await db.execute(sql`insert into mail_cursors (user_id, since) values (${userId}, ${since.toISOString()}) on conflict (user_id) do nothing`);
}

/** Alarms of the user's scope and e-mail codes that started since `since` and were never mailed to them, oldest first. */
export async function unmailedAlarms(db: Db, userId: number, scope: Scope, codes: Record<AlarmKind, number[]>, since: Date, limit: number): Promise<FeedAlarm[]> {
  const rows = await rawRows<Record<string, unknown>>(
    db,
    sql`select ${FEED_COLUMNS} from ${FEED_FROM}
        where al.started_at >= ${since.toISOString()} and ${scopeOn(scope, 'al')}
          and ((al.kind = 'level' and al.code = any(${pgArray(codes.level)}::int[]))
            or (al.kind = 'leak' and al.code = any(${pgArray(codes.leak)}::int[])))
          and not exists (select 1 from alarm_mails m where m.user_id = ${userId} and m.alarm_id = al.id)
        order by al.started_at, al.id
        limit ${limit}`,
  );
  return rows.map(feedAlarmOf);
}

export interface NewDigest {
  userId: number;
  toAddress: string;
  subject: string;
  bodyText: string;
  bodyHtml: string;
  alarmIds: number[];
}

/**
 * Writes a digest and claims its alarms for the user in one transaction, with the user's
 * cursor locked and unchanged since the alarms were read (`lastDigestAt`): when two servers
 * write the same user's digest at once, one writes and the other finds the cursor moved or
 * locked and answers null. The (user, alarm) key would refuse a second claim anyway.
 */
export async function writeDigest(db: Db, digest: NewDigest, lastDigestAt: Date | null, now: Date): Promise<number | null> {
  return db.transaction(async (tx) => {
    const [cursor] = await rawRows<{ last_digest_at: string | null }>(tx, sql`select last_digest_at from mail_cursors where user_id = ${digest.userId} for update skip locked`);
    if (!cursor || date(cursor.last_digest_at)?.getTime() !== lastDigestAt?.getTime()) return null;
    const [row] = await rawRows<{ id: string | number }>(
      tx,
      sql`insert into mail_digests (user_id, to_address, subject, body_text, body_html, alarm_count, next_attempt_at, created_at)
          values (${digest.userId}, ${digest.toAddress}, ${digest.subject}, ${digest.bodyText}, ${digest.bodyHtml}, ${digest.alarmIds.length}, ${now.toISOString()}, ${now.toISOString()})
          returning id`,
    );
    const id = Number(row!.id);
    await tx.execute(
      sql`insert into alarm_mails (user_id, alarm_id, digest_id) select ${digest.userId}, a, ${id} from unnest(${pgArray(digest.alarmIds)}::bigint[]) as a`,
    );
    await tx.execute(sql`update mail_cursors set last_digest_at = ${now.toISOString()} where user_id = ${digest.userId}`);
    return id;
  });
}

export interface OutgoingMail {
  id: number;
  toAddress: string;
  subject: string;
  bodyText: string;
  bodyHtml: string;
  attempts: number;
  createdAt: Date;
}

/**
 * Claims up to `limit` mails due for sending. A mail stuck in `sending` (its server stopped
 * mid-send) is due again after a while.
 */
export async function claimDueMails(db: Db, now: Date, limit: number): Promise<OutgoingMail[]> {
  const stale = new Date(now.getTime() - MAIL_SENDING_STALE_MS).toISOString();
  const rows = await rawRows<Record<string, unknown>>(
    db,
    sql`update mail_digests set status = 'sending', next_attempt_at = ${now.toISOString()}
        where id in (
          select id from mail_digests
          where (status = 'pending' and next_attempt_at <= ${now.toISOString()}) or (status = 'sending' and next_attempt_at <= ${stale})
          order by id limit ${limit} for update skip locked)
        returning id, to_address, subject, body_text, body_html, attempts, created_at`,
  );
  return rows
    .map((r) => ({
      id: Number(r.id),
      toAddress: r.to_address as string,
      subject: r.subject as string,
      bodyText: r.body_text as string,
      bodyHtml: r.body_html as string,
      attempts: r.attempts as number,
      createdAt: new Date(r.created_at as string),
    }))
    .sort((a, b) => a.id - b.id);
}

export async function markSent(db: Db, id: number, now: Date): Promise<void> {
  await db.execute(sql`update mail_digests set status = 'sent', sent_at = ${now.toISOString()}, attempts = attempts + 1, last_error = null where id = ${id}`);
}

export async function markFailed(db: Db, id: number, error: string, next: { state: 'pending'; nextAttemptAt: Date } | { state: 'failed' }): Promise<void> {
  await db.execute(
    sql`update mail_digests set attempts = attempts + 1, last_error = ${error.slice(0, 1000)}, status = ${next.state},
          next_attempt_at = ${next.state === 'pending' ? next.nextAttemptAt.toISOString() : sql`next_attempt_at`}
        where id = ${id}`,
  );
}

/** Gives a claimed mail back untried (the mail server is down: the rest of the batch waits for the next round). */
export async function releaseClaim(db: Db, id: number): Promise<void> {
  await db.execute(sql`update mail_digests set status = 'pending' where id = ${id} and status = 'sending'`);
}
