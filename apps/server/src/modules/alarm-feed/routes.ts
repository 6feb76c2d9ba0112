import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { CODES } from '@ullage/contracts/codes';
import { LANGUAGES, type Language } from '@ullage/domain/languages';
import type { Db } from '../../db/client';
import { translator } from '../../i18n/translate';
import { eventFrame, EventStreams, type EventStream } from '../../live/event-streams';
import type { LiveBus } from '../../live/bus';
import type { LiveHub } from '../../live/hub';
import type { Metrics } from '../../observability/metrics';
import { userOf } from '../../plugins/auth';
import { AppError } from '../../plugins/errors';
import { scopeAdmits, scopeOf, type Scope } from '../scope/scope';
import { alertCodes } from '../notice/service';
import { onNoticeSettingsChanged } from '../notice/changes';
import { liveAlarmMessage } from './message';
import { feedAlarmsAfter, lastFeedSeq, missedAlarms, type FeedAlarm } from './repo';

/** Missed alarms replayed to a reconnecting client are read this many at a time. */
const REPLAY_PAGE = 500;
/** Alarms read from the database at a time when catching up. */
const CATCH_UP_BATCH = 500;
/**
 * How often the feed looks for alarms it heard nothing of: an event lost while the live bus was
 * down. Alarms heard of are sent at once.
 */
const CATCH_UP_EVERY_MS = 5_000;

interface Feed {
  userId: number;
  scope: Scope;
  language: Language;
  /** `type:code` of the alarms this user wants as in-app alerts (userNoticeCfg byAlert). */
  alerts: Set<string>;
  stream: EventStream;
  /** The feed place this client has: alarms up to it were sent or replayed to it, or came before it. */
  after: number;
}

/** Feeds written between two turns of the event loop: other requests are served in between. */
const FANOUT_SLICE = 500;

const alertKey = (item: FeedAlarm) => `${item.alarm.kind === 'level' ? 1 : 2}:${item.alarm.code}`;

/**
 * The live alarm feed of spec §7 (`GET /api/sse-msg/connect?userId&lang`): every new alarm of
 * the viewer's scope as a JSON message in the viewer's language, `id:` being the alarm's place
 * in the feed (`alarm_feed.seq`, commit order: migrations 0023 and 0030) so a reconnecting EventSource gets what
 * it missed (Last-Event-ID), on whichever instance it lands. An alarm event (from this instance
 * or, through the live bus, another) only says "there is more": the feed reads on from the last
 * place it sent, in order, so an alarm that commits late is sent late but never skipped. Each
 * alarm is read once for all feeds, and phrased once per language.
 */
export const alarmFeedRoutes: FastifyPluginAsyncZod<{ db: Db; bus: LiveBus; hub: LiveHub; metrics: Metrics }> = async (app, { db, bus, hub, metrics }) => {
  const feeds = new Set<Feed>();
  /**
   * One alarm to every feed that wants it: phrased and framed once per language, the same bytes
   * written to each socket, FANOUT_SLICE feeds per turn of the event loop so 10,000 feeds do not
   * hold up ingest and other requests (DESIGN §8).
   */
  const broadcast = async (item: FeedAlarm) => {
    const started = performance.now();
    const frames = new Map<Language, Buffer>();
    let written = 0;
    for (const feed of [...feeds]) {
      // A feed that closed while an earlier slice was written is skipped, and so is one that
      // has this alarm already (its replay read past it).
      if (!feeds.has(feed) || feed.after >= item.seq) continue;
      feed.after = item.seq;
      if (!scopeAdmits(feed.scope, item.origin) || !feed.alerts.has(alertKey(item))) continue;
      let frame = frames.get(feed.language);
      if (!frame) {
        frame = eventFrame(item.seq, JSON.stringify(liveAlarmMessage(translator(feed.language), item.alarm, item, item.sensorType)));
        frames.set(feed.language, frame);
      }
      feed.stream.sendFrame(frame);
      if (++written % FANOUT_SLICE === 0) await new Promise((resolve) => setImmediate(resolve));
    }
    if (written > 0) metrics.alarmFanout.observe((performance.now() - started) / 1000);
  };

  // Catch-ups and replays run one after another, never side by side: each reads on from where
  // the last one stopped (`sentUpTo`), and a replay never interleaves with a broadcast.
  let queue: Promise<void> = Promise.resolve();
  const serially = (work: () => Promise<void>) => {
    const done = queue.then(work);
    queue = done.catch((error: unknown) => app.log.warn({ err: error }, 'alarm feed: reading alarms failed'));
    return done;
  };
  /** The feed place this instance has read and sent up to. */
  let sentUpTo = await lastFeedSeq(db);
  let catchUpQueued = false;
  const catchUp = () => {
    // Many alarm events in a burst need one read, not one each.
    if (catchUpQueued) return;
    catchUpQueued = true;
    void serially(async () => {
      catchUpQueued = false;
      // With no feed open there is no one to send to: just move on to the present.
      if (feeds.size === 0) {
        sentUpTo = await lastFeedSeq(db);
        return;
      }
      for (;;) {
        const items = await feedAlarmsAfter(db, sentUpTo, CATCH_UP_BATCH);
        for (const item of items) {
          await broadcast(item);
          sentUpTo = item.seq;
        }
        if (items.length < CATCH_UP_BATCH) return;
      }
    }).catch(() => undefined);
  };
  const unsubscribe = hub.subscribe(({ event }) => {
    if (event.type === 'alarm') catchUp();
  });
  const sweep = setInterval(() => {
    if (feeds.size > 0) catchUp();
  }, CATCH_UP_EVERY_MS);
  sweep.unref();
  // A user who changes their settings hears the change on their open feeds at once, on any instance.
  const unwatch = onNoticeSettingsChanged(bus, (userId) => {
    for (const feed of feeds) {
      if (feed.userId !== userId) continue;
      alertCodes(db, userId)
        .then((alerts) => (feed.alerts = alerts))
        .catch((error: unknown) => app.log.warn({ err: error }, 'alarm feed settings reload failed'));
    }
  });
  const streams = new EventStreams(metrics, app.sessionWatch);
  app.addHook('preClose', async () => {
    clearInterval(sweep);
    unsubscribe();
    unwatch();
    streams.endAll();
  });

  app.get(
    '/sse-msg/connect',
    {
      schema: {
        tags: ['alarms'],
        summary: 'Live alarm feed (server-sent events), localised by lang; userId must be the caller',
        querystring: z.object({ userId: z.coerce.number().int().positive(), lang: z.enum(LANGUAGES).default('en') }),
      },
    },
    async (request, reply) => {
      const user = userOf(request);
      if (request.query.userId !== user.id) throw new AppError(CODES.forbidden, 'common.forbidden');
      const scope = scopeOf(user);
      const language = request.query.lang;
      const alerts = await alertCodes(db, user.id);
      let closed = false;
      const stream = streams.open(request, reply, () => {
        closed = true;
        feeds.delete(feed);
      });
      const feed: Feed = { userId: user.id, scope, language, alerts, stream, after: 0 };
      const t = translator(language);
      /**
       * Sends the alarms in scope placed after `from` up to the present, all of them whatever
       * their device time, in feed order, a page at a time; answers the place of the last one
       * read. `paced`: waits for the client's socket between pages, so a long replay to a slow
       * client is not held in memory (not while other feeds wait their turn behind it).
       */
      const replay = async (from: number, paced: boolean): Promise<number> => {
        let replayedTo = from;
        for (;;) {
          const page = await missedAlarms(db, scope, replayedTo, REPLAY_PAGE);
          for (const item of page) {
            if (feed.alerts.has(alertKey(item))) feed.stream.send(item.seq, JSON.stringify(liveAlarmMessage(t, item.alarm, item, item.sensorType)));
            replayedTo = item.seq;
          }
          if (paced) await feed.stream.drained();
          if (page.length < REPLAY_PAGE || closed) return replayedTo;
        }
      };
      // A reconnecting client (Last-Event-ID: the last place it got, here or on another
      // instance) gets everything it missed. Most of it is replayed beside the other feeds, which
      // go on being served; the rest (what came meanwhile) in turn with them, so that no alarm is
      // skipped, sent twice or sent out of order. An id past the feed's present is no place of
      // this feed (the database was replaced): that client starts at the present like a new one.
      // A replay that fails (the database went away) ends the stream: the client comes back
      // with the same Last-Event-ID and is replayed the rest then.
      const lastId = Number(request.headers['last-event-id']);
      try {
        let replayedTo = 0;
        if (Number.isSafeInteger(lastId) && lastId > 0 && lastId <= (await lastFeedSeq(db))) replayedTo = await replay(lastId, true);
        await serially(async () => {
          // The tail reaches at least this instance's own place: the alarms up to it that the other
          // feeds were sent meanwhile are replayed, and those after it are the next catch-up's.
          feed.after = replayedTo > 0 && !closed ? Math.max(await replay(replayedTo, false), sentUpTo) : sentUpTo;
          // A client gone during the replay is not listened for.
          if (!closed) feeds.add(feed);
        });
      } catch (error) {
        app.log.warn({ err: error }, 'alarm feed: replay failed, the client reconnects for the rest');
        stream.end();
        return;
      }
      // Alarms committed since this instance last read: sent now rather than at the next event.
      catchUp();
    },
  );
};
