import type { FastifyBaseLogger } from 'fastify';
import { isLanguage, type Language } from '@ullage/domain/languages';
import { pushCodes } from '@ullage/domain/notice-settings';
import type { Db } from '../../db/client';
import { inBackground } from '../../db/lanes';
import type { LiveHub } from '../../live/hub';
import type { FeedAlarm } from '../alarm-feed/service';
import { scopeAdmits, scopeOf } from '../scope/scope';
import { pushMessageOf } from './message';
import * as repo from './repo';
import type { PushSender } from './sender';

/** Feed places read and claimed at a time. */
const BATCH = 500;

/** How long after an alarm event a round starts, to take the others of its burst with it. */
const GATHER_MS = 250;

const alarmKey = (item: FeedAlarm) => `${item.alarm.kind === 'level' ? 1 : 2}:${item.alarm.code}`;

/**
 * Sends a Web Push notification of each alarm that opens to every subscribed device of every
 * user who may see its station (scope.ts, the in-app alert's rule) and has push on for its code
 * (notice settings byPush). It reads the alarm feed (alarm_feed, commit order) from the sent
 * mark on, and moves the mark past what it read (compare-and-set) before it sends: when two
 * instances ever read at once, one sends and the other finds the mark moved. It runs where the
 * `push` lease is held: the periodic job (app.ts) every few seconds, and at once on each alarm
 * event of the live bus (this instance's or another's) while this instance holds the lease.
 */
export class PushNotifier {
  private running: Promise<number> | null = null;
  private again = false;
  private soon: ReturnType<typeof setTimeout> | null = null;
  private readonly unsubscribe: () => void;
  /**
   * Whether the last round found any subscribed device. While none is, an alarm does not start a
   * round of its own (a fleet's alarms would start hundreds, each reading the feed to move the mark
   * past alarms nobody is sent): the periodic round moves it, and finds the first subscriber.
   */
  private anySubscribers = true;

  constructor(
    private readonly deps: { db: Db; hub: LiveHub; sender: PushSender; logger: FastifyBaseLogger; defaultLanguage: Language; holdsLease: () => boolean },
  ) {
    this.unsubscribe = deps.hub.subscribe(({ event }) => {
      if (event.type !== 'alarm' || !this.anySubscribers || !deps.holdsLease() || this.soon) return;
      // A fleet's alarms come in bursts (a report opens several): one round a quarter of a second
      // after the first takes them all, rather than a round each (issue 38; the device bench's
      // alarm tanks made hundreds a second).
      this.soon = setTimeout(() => {
        this.soon = null;
        // Behind people's statements on the embedded database, as the periodic jobs are (db/lanes.ts).
        inBackground(() => this.runOnce()).catch((error: unknown) => deps.logger.warn({ err: error }, 'push notifications of new alarms not read'));
      }, GATHER_MS);
    });
  }

  /**
   * Queues the notifications of alarms placed in the feed since the mark; answers how many were
   * queued. A call while a round runs joins it, and the round reads once more before it ends.
   */
  runOnce(): Promise<number> {
    if (this.running) {
      this.again = true;
      return this.running;
    }
    this.running = (async () => {
      let queued = 0;
      do {
        this.again = false;
        queued += await this.round();
      } while (this.again);
      return queued;
    })().finally(() => {
      this.running = null;
    });
    return this.running;
  }

  /** Resolves when every queued notification has been sent or has failed (tests). */
  async idle(): Promise<void> {
    await this.running?.catch(() => undefined);
    await this.deps.sender.idle();
  }

  async stop(): Promise<void> {
    this.unsubscribe();
    if (this.soon) clearTimeout(this.soon);
    await this.running?.catch(() => undefined);
    await this.deps.sender.stop();
  }

  private async round(): Promise<number> {
    const { db } = this.deps;
    let queued = 0;
    for (;;) {
      const from = await repo.sentUpTo(db);
      const last = await repo.lastFeedSeq(db);
      if (last <= from) return queued;
      const upTo = Math.min(last, from + BATCH);
      // With no device subscribed anywhere there is nothing to read: the mark just moves on.
      const subscribers = await repo.subscribers(db);
      this.anySubscribers = subscribers.length > 0;
      const items = subscribers.length === 0 ? [] : await repo.feedBetween(db, from, upTo);
      // Another instance moved the mark: those alarms are its to send.
      if (!(await repo.claimFeed(db, from, upTo))) return queued;
      if (items.length > 0) queued += await this.queue(items, subscribers);
    }
  }

  private async queue(items: FeedAlarm[], subscribers: repo.Subscriber[]): Promise<number> {
    const users = new Map<number, { scope: ReturnType<typeof scopeOf>; codes: Set<string>; language: Language }>();
    for (const s of subscribers) {
      if (users.has(s.userId)) continue;
      users.set(s.userId, {
        scope: scopeOf({ id: s.userId, username: '', accountType: s.accountType, distributorId: s.distributorId, companyId: s.companyId, stationId: s.stationId, mustChangePassword: false }),
        codes: pushCodes(s.entries),
        language: isLanguage(s.language) ? s.language : this.deps.defaultLanguage,
      });
    }
    let queued = 0;
    for (const item of items) {
      // Phrased once per language, encrypted per device (each has its own keys).
      const payloads = new Map<Language, string>();
      for (const s of subscribers) {
        const user = users.get(s.userId)!;
        if (!scopeAdmits(user.scope, item.origin) || !user.codes.has(alarmKey(item))) continue;
        let payload = payloads.get(user.language);
        if (!payload) payloads.set(user.language, (payload = JSON.stringify(pushMessageOf(item, user.language))));
        this.deps.sender.enqueue(s, payload, `alarm-${item.alarm.id}`);
        queued++;
      }
    }
    return queued;
  }
}
