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
import { feedAlarm, missedAlarms, type FeedAlarm } from './repo';

/** A reconnecting client gets at most this many missed alarms of at most the last day. */
const REPLAY_LIMIT = 100;
const REPLAY_WINDOW_MS = 24 * 60 * 60_000;

interface Feed {
  userId: number;
  scope: Scope;
  language: Language;
  /** `type:code` of the alarms this user wants as in-app alerts (userNoticeCfg byAlert). */
  alerts: Set<string>;
  stream: EventStream;
}

/** Feeds written between two turns of the event loop: other requests are served in between. */
const FANOUT_SLICE = 500;

const alertKey = (item: FeedAlarm) => `${item.alarm.kind === 'level' ? 1 : 2}:${item.alarm.code}`;

/**
 * The live alarm feed of spec §7 (`GET /api/sse-msg/connect?userId&lang`): every new alarm of
 * the viewer's scope as a JSON message in the viewer's language, `id:` being the alarm's id so
 * a reconnecting EventSource gets what it missed (Last-Event-ID). Each alarm is looked up once
 * for all feeds, and phrased once per language.
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
      // A feed that closed while an earlier slice was written is skipped.
      if (!feeds.has(feed) || !scopeAdmits(feed.scope, item.origin) || !feed.alerts.has(alertKey(item))) continue;
      let frame = frames.get(feed.language);
      if (!frame) {
        frame = eventFrame(item.alarm.id, JSON.stringify(liveAlarmMessage(translator(feed.language), item.alarm, item, item.sensorType)));
        frames.set(feed.language, frame);
      }
      feed.stream.sendFrame(frame);
      if (++written % FANOUT_SLICE === 0) await new Promise((resolve) => setImmediate(resolve));
    }
    if (written > 0) metrics.alarmFanout.observe((performance.now() - started) / 1000);
  };
  // Lookups run side by side, but alarms go out in the order they were raised: a client that
  // reconnects asks for what came after the last id it saw, so a later id must not overtake
  // an earlier one (it did, now and then, for two alarms of one report).
  let sent: Promise<void> = Promise.resolve();
  const unsubscribe = hub.subscribe(({ event }) => {
    if (event.type !== 'alarm' || feeds.size === 0) return;
    const lookup = feedAlarm(db, event.alarm.id);
    sent = sent.then(() =>
      lookup.then(
        async (item) => {
          if (item) await broadcast(item);
        },
        (error: unknown) => app.log.warn({ err: error }, 'alarm feed lookup failed'),
      ),
    );
  });
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
      const feed: Feed = { userId: user.id, scope, language, alerts, stream };
      const lastId = Number(request.headers['last-event-id']);
      if (Number.isInteger(lastId) && lastId > 0) {
        const missed = await missedAlarms(db, scope, lastId, new Date(clock().getTime() - REPLAY_WINDOW_MS), REPLAY_LIMIT);
        const t = translator(language);
        for (const item of missed.filter((m) => alerts.has(alertKey(m)))) feed.stream.send(item.alarm.id, JSON.stringify(liveAlarmMessage(t, item.alarm, item, item.sensorType)));
      }
      // A client gone during the replay is not listened for.
      if (!closed) feeds.add(feed);
    },
  );
};
