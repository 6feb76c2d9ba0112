import { and, desc, eq, sql } from 'drizzle-orm';
import type { SavedNoticeEntry } from '@ullage/domain/notice-settings';
import type { AccountType } from '@ullage/domain/organisation';
import type { Db } from '../../db/client';
import { pushKeys, pushSubscriptions } from '../../db/schema';
import { rawRows } from '../../lib/raw-sql';
import { FEED_COLUMNS, FEED_FROM, feedAlarmOf, type FeedAlarm } from '../alarm-feed/service';

// Every query of a user's own devices is filtered by that user's id: a user sees and removes
// only their own. The sender's queries (subscribers, feed) read across organisations, as the
// mail digest does; each alarm then goes only to the users whose scope admits it (notifier.ts).

export interface VapidKeys {
  publicKey: string;
  privateKey: string;
}

/** The kept key pair; `made` is inserted first when there is none (the first instance to ask wins). */
export async function keepVapidKeys(db: Db, made: VapidKeys): Promise<VapidKeys> {
  await db.insert(pushKeys).values({ id: 1, publicKey: made.publicKey, privateKey: made.privateKey }).onConflictDoNothing();
  const [row] = await db.select({ publicKey: pushKeys.publicKey, privateKey: pushKeys.privateKey }).from(pushKeys).where(eq(pushKeys.id, 1));
  return row!;
}

export interface NewSubscription {
  userId: number;
  endpoint: string;
  p256dh: string;
  auth: string;
  device: string;
}

/**
 * Saves a browser's subscription for the user. An endpoint is one browser profile: subscribed
 * again (new keys, or another user signed in on that browser) it becomes this user's, with
 * these keys, and its history starts afresh.
 */
export async function saveSubscription(db: Db, s: NewSubscription): Promise<number> {
  const [row] = await db
    .insert(pushSubscriptions)
    .values(s)
    .onConflictDoUpdate({
      target: pushSubscriptions.endpoint,
      set: { userId: s.userId, p256dh: s.p256dh, auth: s.auth, device: s.device, createdAt: sql`now()`, lastSuccessAt: null, lastFailureAt: null, lastFailure: null },
    })
    .returning({ id: pushSubscriptions.id });
  return row!.id;
}

export async function devicesOf(db: Db, userId: number) {
  return db
    .select({
      id: pushSubscriptions.id,
      device: pushSubscriptions.device,
      endpoint: pushSubscriptions.endpoint,
      createdAt: pushSubscriptions.createdAt,
      lastSuccessAt: pushSubscriptions.lastSuccessAt,
      lastFailureAt: pushSubscriptions.lastFailureAt,
      lastFailure: pushSubscriptions.lastFailure,
    })
    .from(pushSubscriptions)
    .where(eq(pushSubscriptions.userId, userId))
    .orderBy(desc(pushSubscriptions.createdAt), desc(pushSubscriptions.id));
}

/** Removes one of the user's devices; whether there was one (another user's id is none). */
export async function removeDevice(db: Db, userId: number, id: number): Promise<boolean> {
  const rows = await db.delete(pushSubscriptions).where(and(eq(pushSubscriptions.id, id), eq(pushSubscriptions.userId, userId))).returning({ id: pushSubscriptions.id });
  return rows.length > 0;
}

export async function removeEndpointOf(db: Db, userId: number, endpoint: string): Promise<boolean> {
  const rows = await db.delete(pushSubscriptions).where(and(eq(pushSubscriptions.endpoint, endpoint), eq(pushSubscriptions.userId, userId))).returning({ id: pushSubscriptions.id });
  return rows.length > 0;
}

/** The push service said the subscription is gone (404, 410), or it may not be called. */
export async function dropSubscription(db: Db, id: number): Promise<void> {
  await db.delete(pushSubscriptions).where(eq(pushSubscriptions.id, id));
}

export async function markDelivered(db: Db, id: number, at: Date): Promise<void> {
  await db.update(pushSubscriptions).set({ lastSuccessAt: at }).where(eq(pushSubscriptions.id, id));
}

export async function markFailed(db: Db, id: number, at: Date, reason: string): Promise<void> {
  await db.update(pushSubscriptions).set({ lastFailureAt: at, lastFailure: reason.slice(0, 300) }).where(eq(pushSubscriptions.id, id));
}

/** A subscription with what deciding its user's alarms needs. */
export interface Subscriber {
  id: number;
  userId: number;
  endpoint: string;
  p256dh: string;
  auth: string;
  accountType: AccountType;
  distributorId: number | null;
  companyId: number | null;
  stationId: number | null;
  language: string | null;
  entries: SavedNoticeEntry[];
}

/** Every subscription of an enabled user, with their organisation, language and notice settings. */
export async function subscribers(db: Db): Promise<Subscriber[]> {
  const rows = await rawRows<Record<string, unknown>>(
    db,
    sql`select ps.id, ps.user_id, ps.endpoint, ps.p256dh, ps.auth, u.account_type, u.distributor_id, u.company_id, u.station_id, u.language, s.entries
        from push_subscriptions ps join users u on u.id = ps.user_id left join user_notice_settings s on s.user_id = u.id
        where not u.disabled
        order by ps.id`,
  );
  return rows.map((r) => ({
    id: r.id as number,
    userId: r.user_id as number,
    endpoint: r.endpoint as string,
    p256dh: r.p256dh as string,
    auth: r.auth as string,
    accountType: r.account_type as AccountType,
    distributorId: (r.distributor_id as number | null) ?? null,
    companyId: (r.company_id as number | null) ?? null,
    stationId: (r.station_id as number | null) ?? null,
    language: (r.language as string | null) ?? null,
    entries: (typeof r.entries === 'string' ? JSON.parse(r.entries) : (r.entries ?? [])) as SavedNoticeEntry[],
  }));
}

export async function sentUpTo(db: Db): Promise<number> {
  const [row] = await rawRows<{ sent_up_to: string | number }>(db, sql`select sent_up_to from push_progress where id = 1`);
  return Number(row?.sent_up_to ?? 0);
}

/**
 * Moves the sent mark from `from` to `to` when it is still at `from`: whether this caller moved
 * it. The alarms between are then this caller's to send, and no one else's.
 */
export async function claimFeed(db: Db, from: number, to: number): Promise<boolean> {
  const rows = await rawRows<{ id: number }>(db, sql`update push_progress set sent_up_to = ${to} where id = 1 and sent_up_to = ${from} returning id`);
  return rows.length > 0;
}

/**
 * The alarms placed in the feed after `afterSeq` up to `upToSeq`, in feed order (commit order,
 * migration 0030). A place whose alarm is gone (its station deleted) has none.
 */
export async function feedBetween(db: Db, afterSeq: number, upToSeq: number): Promise<FeedAlarm[]> {
  const rows = await rawRows<Record<string, unknown>>(
    db,
    sql`select f.seq as feed_seq, ${FEED_COLUMNS} from ${FEED_FROM} join alarm_feed f on f.alarm_id = al.id where f.seq > ${afterSeq} and f.seq <= ${upToSeq} order by f.seq`,
  );
  return rows.map(feedAlarmOf);
}

/**
 * The feed's last place committed: every place up to it is committed too (the counter's lock
 * is held until the numbering transaction commits, migration 0023).
 */
export async function lastFeedSeq(db: Db): Promise<number> {
  const [row] = await rawRows<{ n: string | number }>(db, sql`select n from alarm_feed_counter`);
  return Number(row?.n ?? 0);
}
