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

/** A reconnecting client gets at most this many missed alarms of at most the last day. */
const REPLAY_LIMIT = 100;
const REPLAY_WINDOW_MS = 24 * 60 * 60_000;
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
 * in the feed (`feed_seq`, commit order: migration 0023) so a reconnecting EventSource gets what
 * it missed (Last-Event-ID), on whichever instance it lands. An alarm event (from this instance
 * or, through the live bus, another) only says "there is more": the feed reads on from the last
 * place it sent, in order, so an alarm that commits late is sent late but never skipped. Each
 * alarm is read once for all feeds, and phrased once per language.
 */
export const alarmFeedRoutes: FastifyPluginAsyncZod<{ db: Db; bus: LiveBus; hub: LiveHub; metrics: Metrics; clock: () => Date }> = async (app, { db, bus, hub, metrics, clock }) => {
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
      const lastId = Number(request.headers['last-event-id']);
      await serially(async () => {
        feed.after = sentUpTo;
        if (Number.isSafeInteger(lastId) && lastId > 0) {
          // What it missed, in feed order, read to the present (which may be ahead of this
          // instance's own reading: the client came from another). Past the replay's limit, it
          // goes on from this instance's place.
          const missed = await missedAlarms(db, scope, lastId, new Date(clock().getTime() - REPLAY_WINDOW_MS), REPLAY_LIMIT);
          const t = translator(language);
          for (const item of missed) if (alerts.has(alertKey(item))) feed.stream.send(item.seq, JSON.stringify(liveAlarmMessage(t, item.alarm, item, item.sensorType)));
          const replayedTo = missed.at(-1)?.seq ?? 0;
          feed.after = missed.length < REPLAY_LIMIT ? Math.max(lastId, replayedTo) : Math.max(sentUpTo, replayedTo);
        }
        // A client gone during the replay is not listened for.
        if (!closed) feeds.add(feed);
      });
      // Alarms committed since this instance last read: sent now rather than at the next event.
      catchUp();
    },
  );
};
