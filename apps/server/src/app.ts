import fs from 'node:fs';
import zlib from 'node:zlib';
import Fastify, { type FastifyBaseLogger, type FastifyReply, type FastifyRequest } from 'fastify';
import cookie from '@fastify/cookie';
import formbody from '@fastify/formbody';
import helmet from '@fastify/helmet';
import rateLimit from '@fastify/rate-limit';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { jsonSchemaTransform, serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from './config';
import { acceptedEncoding, serveWebApp } from './web-app';
import { ping, type Db } from './db/client';
import { authPlugin } from './plugins/auth';
import { envelopePlugin, frameworkErrorAnswer, sendAppError } from './plugins/envelope';
import { sameOriginPlugin } from './plugins/same-origin';
import { storableTextPlugin } from './plugins/storable-text';
import { AppError } from './plugins/errors';
import { CODES } from '@ullage/contracts/codes';
import { authRoutes } from './modules/auth/routes';
import { svgCaptchaSource, type CaptchaTextSource } from './modules/auth/captcha';
import { userRoutes } from './modules/user/routes';
import { FileStore } from './lib/file-store';
import { orgRoutes } from './modules/org/routes';
import { distributorRoutes } from './modules/distributor/routes';
import { companyRoutes } from './modules/company/routes';
import { productRoutes } from './modules/product/routes';
import { tagRoutes } from './modules/tag/routes';
import { accountRoutes } from './modules/account/routes';
import { areaRoutes } from './modules/area/routes';
import { auditRoutes } from './modules/audit/routes';
import { recordAudit } from './modules/audit/service';
import { apiTokenRoutes } from './modules/api-tokens/routes';
import { stationRoutes } from './modules/station/routes';
import { createMetrics, metricsPlugin, type Metrics } from './observability/metrics';
import type { LiveBus } from './live/bus';
import { LiveHub } from './live/hub';
import { openLiveBus } from './live/open-bus';
import { Ingest } from './modules/ingest/ingest';
import { ingestRoutes } from './modules/ingest/routes';
import { monitorRoutes } from './modules/monitor/routes';
import { alarmFeedRoutes } from './modules/alarm-feed/routes';
import { noticeRoutes } from './modules/notice/routes';
import { pushRoutes } from './modules/push/routes';
import { PushNotifier, PushSender, VapidKeyStore } from './modules/push/service';
import { alarmQueryRoutes } from './modules/alarm-query/routes';
import { inventoryReportRoutes } from './modules/report-inventory/routes';
import { dataJumpRoutes } from './modules/report-jumps/routes';
import { leakTestRoutes } from './modules/leak-test/routes';
import { reconciliationRoutes } from './modules/reconciliation/routes';
import { VarianceAlarmJob } from './modules/reconciliation/variance-job';
import { LeakTestJob } from './modules/leak-test/leak-job';
import { forecastRoutes } from './modules/forecast/routes';
import { RunOutForecastJob } from './modules/forecast/forecast-job';
import { forecastProfileMarks } from './modules/forecast/profile-marks';
import { offlineRecordRoutes } from './modules/report-offline/routes';
import { historyRoutes } from './modules/report-history/routes';
import { powerEventRoutes } from './modules/report-power/routes';
import { shiftSalesRoutes } from './modules/report-shifts/routes';
import { deliveryReportRoutes } from './modules/report-delivery/routes';
import { deviceCommandRoutes } from './modules/device-commands/routes';
import { DeviceCommands } from './modules/device-commands/service';
import { casRoutes } from './modules/cas/routes';
import { MailDigests } from './modules/mail-digest/digests';
import { AtgPoller } from './modules/atg/poller';
import { upkeepPartitions } from './db/partitions';
import { PeriodicJobs } from './jobs/periodic-jobs';
import { SummaryRollupJob } from './modules/summaries/service';
import { TankDayBookJob, tankDayBookMarks } from './modules/tank-days/service';
import { deleteExpiredSessions } from './sessions/session-repo';
import { atgRoutes } from './modules/atg/routes';
import { createMailTransport } from './modules/mail-digest/transport';
import { Readiness } from './readiness';
import { DemoHistoryProgress } from './modules/demo-history/progress';
import { demoHistoryRoutes } from './modules/demo-history/routes';
import { webhookRoutes } from './modules/webhooks/routes';
import { WebhookSender } from './modules/webhooks/sender';
import { openApiWebhooks } from './modules/webhooks/openapi-webhooks';
import { mailDisabledEndpoint } from './modules/webhooks/owner-notice';
import { DatabaseAvailability } from './db/availability';

export interface AppDeps {
  config: Config;
  db: Db;
  logger?: FastifyBaseLogger;
  captchaSource?: CaptchaTextSource;
  metrics?: Metrics;
  /** The time as the server sees it; tests pass a controllable one (offline after 15 minutes). */
  clock?: () => Date;
  /** Worker threads preparing large device batches (prepare-pool.ts); 0 prepares in place. */
  prepareWorkers?: number;
}

/** Readings a write transaction takes at most on the embedded database (PostgreSQL: batch-writer.ts MAX_GROUP_READINGS). */
const EMBEDDED_GROUP_READINGS = 500;

declare module 'fastify' {
  interface FastifyInstance {
    /** The one ingest path: HTTP routes, MQTT, the ATG poller and the simulator all feed it. */
    ingest: Ingest;
    /** Live events and change signals, of this instance and the others on the same database. */
    bus: LiveBus;
    live: LiveHub;
    /** Leak tests from inventory data (issue 22); a leased job, tests run rounds themselves. */
    leakTests: LeakTestJob;
    /** The hourly and daily summaries' roll-up (migration 0035); a leased job, tests run rounds themselves. */
    summaries: SummaryRollupJob;
    varianceAlarms: VarianceAlarmJob;
    runOutForecast: RunOutForecastJob;
    /** Alarm e-mail digests; main.ts runs them on a timer, tests round by round. */
    mailDigests: MailDigests;
    /** The Veeder-Root TLS poller; main.ts starts it, tests start it or poll stations themselves. */
    atg: AtgPoller;
    /** Commands to devices and their lifecycle; main.ts runs the timeout sweep and attaches MQTT. */
    deviceCommands: DeviceCommands;
    jobs: PeriodicJobs;
    /** Signed webhooks' sender (issue 38); a leased job every second, tests run rounds themselves. */
    webhooks: WebhookSender;
    /** Web Push notifications of alarms (issue 38); a leased job, tests run rounds themselves. */
    push: PushNotifier;
    /** The demo history replay's progress; seed/demo-fleet.ts reports it, every page's banner reads it. */
    demoHistory: DemoHistoryProgress;
    /** This instance's Prometheus series (served at /metrics); main.ts hands them to MQTT. */
    metrics: Metrics;
    /** GET /api/ready's state; main.ts hands it the MQTT broker's and marks it stopping on SIGTERM. */
    readiness: Readiness;
    /** Whether the database answers; every part that meets a connection error reports it here (one log line per outage). */
    database: DatabaseAvailability;
  }
}

/** Builds the whole HTTP app; main.ts listens with it, tests call it with inject(). */
export async function buildApp({ config, db, logger, captchaSource = svgCaptchaSource, metrics = createMetrics(), clock = () => new Date(), prepareWorkers = 0 }: AppDeps) {
  const app = Fastify({
    loggerInstance: logger,
    logger: logger ? undefined : { level: config.logLevel },
    // Only the proxies named in TRUSTED_PROXIES may say who the client is (X-Forwarded-For):
    // believing anyone's let a client pick a new address per login attempt.
    trustProxy: config.trustedProxies.length > 0 ? config.trustedProxies : false,
    bodyLimit: 1024 * 1024,
    // A URL the router cannot decode answers the envelope (91011), like any other bad input.
    frameworkErrors: frameworkErrorAnswer,
  }).withTypeProvider<ZodTypeProvider>();
  app.decorate('metrics', metrics);
  const bus = await openLiveBus({ config, db, metrics, logger: app.log });
  app.decorate('bus', bus);
  const database = new DatabaseAvailability({ ping: () => ping(db), log: app.log });
  app.decorate('database', database);
  app.addHook('onClose', async () => database.stop());
  const readiness = new Readiness({ db, bus, database });
  app.decorate('readiness', readiness);
  // However the app is closed (a signal, a test), it stops being ready first.
  app.addHook('preClose', async () => readiness.stop());
  app.addHook('onClose', async () => bus.close());
  const live = new LiveHub(bus);
  // On the embedded database one write transaction holds the thread every page waits on (db/pglite-thread.ts):
  // small groups, so a page's statements get in between (~100 ms apart while the demo's history is replayed).
  const ingest = new Ingest({ db, bus, hub: live, clock, metrics, logger: app.log, prepareWorkers, groupReadings: config.databaseUrl ? undefined : EMBEDDED_GROUP_READINGS });
  // Readings landing in a day that is over mark its tank-day book stale (issue 21).
  ingest.addEvaluator(tankDayBookMarks());
  const demoHistory = new DemoHistoryProgress();
  app.decorate('demoHistory', demoHistory);
  ingest.addEvaluator(forecastProfileMarks({ deferred: (stationId) => demoHistory.replays(stationId) }));
  app.decorate('ingest', ingest);
  app.decorate('live', live);
  app.addHook('onClose', async () => ingest.close());
  const mailDigests = new MailDigests(db, createMailTransport({ smtpUrl: config.smtpUrl, from: config.mailFrom, logger: app.log }), app.log, config.defaultLanguage);
  app.decorate('mailDigests', mailDigests);
  app.addHook('onClose', async () => mailDigests.stop());
  const atg = new AtgPoller({ db, bus, ingest, logger: app.log, clock });
  app.decorate('atg', atg);
  app.addHook('onClose', async () => atg.stop());
  const deviceCommands = new DeviceCommands({ db, bus, clock, logger: app.log, dataDir: config.dataDir, stations: ingest.stations });
  app.decorate('deviceCommands', deviceCommands);
  // Work that must happen once however many instances run; started by main (tests run rounds themselves).
  const jobs = new PeriodicJobs({ db, logger: app.log, database }, { heartbeatMs: config.jobLeaseRenewMs, ttlMs: config.jobLeaseMs });
  jobs.add({ name: 'session-cleanup', everyMs: 60 * 60_000, run: () => deleteExpiredSessions(db) }); // expired sessions are refused anyway; this keeps the table small
  jobs.add({ name: 'offline-sweep', everyMs: 30_000, run: () => ingest.sweepOffline() }); // stations silent for 15 minutes go offline
  jobs.add({ name: 'mail-digests', everyMs: config.mailDigestIntervalMs, run: () => mailDigests.runOnce() });
  jobs.add({ name: 'device-command-timeouts', everyMs: 30_000, run: () => deviceCommands.sweep() });
  // Months of readings made ahead and, with READINGS_RETENTION_MONTHS, old ones dropped whole (db/partitions.ts).
  jobs.add({ name: 'partition-upkeep', everyMs: 60 * 60_000, run: () => upkeepPartitions(db, Date.now(), config.readingsRetentionMonths).then((r) => r.dropped.length > 0 && app.log.info(r, 'reading partitions dropped by retention')) });
  // Hours and days of readings rolled up into their summaries once they are an hour old (ingest merges only late readings).
  const summaries = new SummaryRollupJob({ db, clock, logger: app.log });
  app.decorate('summaries', summaries);
  jobs.add({ name: 'summaries', everyMs: 60_000, run: () => summaries.runOnce() });
  const tankDayBooks = new TankDayBookJob({ db, clock, logger: app.log });
  jobs.add({ name: 'tank-day-books', everyMs: config.booksIntervalMs, run: () => tankDayBooks.runOnce() }); // books of days that are over, so reports need not reread their readings
  const leakTests = new LeakTestJob({ db, clock, live, logger: app.log });
  app.decorate('leakTests', leakTests);
  jobs.add({ name: 'leak-tests', everyMs: config.booksIntervalMs, run: () => leakTests.runOnce() }); // quiet periods of days newly booked, and each tank's current test and alarm
  const varianceAlarms = new VarianceAlarmJob({ db, clock, live, logger: app.log });
  app.decorate('varianceAlarms', varianceAlarms);
  jobs.add({ name: 'variance-alarms', everyMs: 15 * 60_000, run: () => varianceAlarms.runOnce() }); // wetstock variance beyond the company's limit (alarm 61)
  const runOutForecast = new RunOutForecastJob({ db, clock, live, logger: app.log });
  app.decorate('runOutForecast', runOutForecast);
  // Also half a minute into each hour: it keeps the hour's sales profiles (forecast/profile-cache.ts) before a page asks for them.
  jobs.add({ name: 'run-out-forecast', everyMs: 5 * 60_000, hourlyAtMs: 30_000, run: () => runOutForecast.runOnce() }); // the run-out alarm (62) of tanks forecast to reach their low alarm within their company's horizon
  // Web Push of each new alarm, from the instance holding the `push` lease: at once on an alarm event, and every 5 s for any the bus missed.
  const pushKeys = new VapidKeyStore(db);
  const pushSender = new PushSender({ db, keys: pushKeys, logger: app.log }, { subject: config.vapidSubject, loopback: config.pushLoopbackEndpoints });
  const push = new PushNotifier({ db, hub: live, sender: pushSender, logger: app.log, defaultLanguage: config.defaultLanguage, holdsLease: () => jobs.holds('push') });
  app.decorate('push', push);
  jobs.add({ name: 'push', everyMs: 5_000, run: () => push.runOnce() });
  app.addHook('onClose', async () => push.stop());
  // Webhooks from the outbox, from the instance holding the lease: every second, so one arrives within a few seconds of its event.
  const webhookMail = createMailTransport({ smtpUrl: config.smtpUrl, from: config.mailFrom, logger: app.log });
  app.addHook('onClose', async () => webhookMail.close());
  const webhooks = new WebhookSender(
    { db, clock, logger: app.log },
    // An endpoint disabled after a day of failures: the account that made it is mailed.
    { allowPrivate: config.webhookAllowPrivate, onDisabled: mailDisabledEndpoint({ db, send: (mail) => webhookMail.send(mail), logger: app.log, defaultLanguage: config.defaultLanguage }) },
  );
  app.decorate('webhooks', webhooks);
  jobs.add({ name: 'webhooks', everyMs: 1_000, run: () => webhooks.startRound() });
  app.decorate('jobs', jobs);
  // Before the mail transport and the database go: a round in progress finishes first.
  app.addHook('preClose', async () => jobs.stop());
  // Sends in progress end (or are cut at their timeout) before the database goes; what was not sent stays due.
  app.addHook('preClose', async () => webhooks.stop());
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  await app.register(envelopePlugin);
  // Text PostgreSQL cannot store (a NUL, a lone surrogate) is refused as 91011 on every route.
  await app.register(storableTextPlugin);
  await app.register(metricsPlugin, { metrics });
  await app.register(sameOriginPlugin);
  await app.register(cookie);
  await app.register(formbody);
  await app.register(helmet, {
    // Over plain HTTP (the default deployment) HSTS means nothing and upgrade-insecure-requests
    // makes the browser fetch the app's own scripts over https, which is not there: a blank page
    // at any address but localhost. Both are sent only when the site is served over TLS.
    strictTransportSecurity: config.secureCookies,
    contentSecurityPolicy: {
      directives: {
        upgradeInsecureRequests: config.secureCookies ? [] : null,
        defaultSrc: ["'self'"],
        // antd writes its styles at run time.
        styleSrc: ["'self'", "'unsafe-inline'"],
        // Map tiles come from the configured tile server (MAP_TILE_URL), when there is one.
        imgSrc: ["'self'", 'data:', 'blob:', ...(config.mapTiles ? [tileOrigin(config.mapTiles.url)] : [])],
        scriptSrc: ["'self'"],
        connectSrc: ["'self'"],
      },
    },
  });
  await app.register(rateLimit, { global: false });
  await app.register(swagger, {
    openapi: {
      // 3.1: the `webhooks` key declares each event's payload (modules/webhooks/openapi-webhooks.ts).
      openapi: '3.1.0',
      webhooks: openApiWebhooks(),
      info: {
        title: 'Ullage API',
        version: '0.1.0',
        description:
          'Every answer is the envelope {code, msg, data|info}; codes in docs/api.md. Call it signed in (the session cookie) or with an API token of a service account (System settings → API tokens): `Authorization: Bearer <token>`. Each operation names the scope a token needs in `x-scope` (none: no token may call it); docs/integrations.md has a worked example.',
      },
      components: {
        securitySchemes: {
          session: { type: 'apiKey', in: 'cookie', name: 'ullage_session', description: 'The session of a signed-in person (POST /api/login/auth).' },
          bearer: { type: 'http', scheme: 'bearer', description: 'An API token of a service account; its scopes are listed on each operation (x-scope).' },
        },
      },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs' });

  app.get('/api/openapi.json', { schema: { hide: true }, config: { public: true } }, async () => app.swagger());
  app.get('/api/health', { config: { public: true }, schema: { tags: ['health'], summary: '200 once the database answers' } }, async (_request, reply) => {
    const up = await ping(db);
    return reply.status(up ? 200 : 503).send({ status: up ? 'ok' : 'unavailable' });
  });
  app.get(
    '/api/ready',
    {
      config: { public: true },
      schema: {
        tags: ['health'],
        summary: 'For load balancers: 200 when this instance should get new work',
        description:
          "200 {status: 'ready', database: 'ok', bus, broker} when the database answers; bus (REDIS_URL or LISTEN/NOTIFY) and broker (MQTT_URL) are 'ok', 'down' (still ready: live fan-out or MQTT degraded) or 'n/a' (not configured). 503 {status: 'unavailable', database: 'down', …} while the database does not answer, or {status: 'stopping'} from the moment the server begins shutting down.",
      },
    },
    async (_request, reply) => {
      const { ready, answer } = await readiness.check();
      return reply.status(ready ? 200 : 503).send(answer);
    },
  );

  await app.register(
    async (api) => {
      await api.register(authPlugin, {
        db,
        bus,
        idleMinutes: config.sessionIdleMinutes,
        tokenCallsPerMinute: config.apiTokenCallsPerMinute,
        onTokenWrite: (user, call, details) => recordAudit(db, user, 'apiCall', 'apiToken', call.tokenId, { token: call.tokenName, scope: call.scope, ...details }),
      });
      await api.register(authRoutes, { db, bus, config, captchaSource });
      await api.register(casRoutes, { db, bus, config });
      await api.register(atgRoutes, { db, poller: atg });
      await api.register(userRoutes, { db, bus, files: new FileStore(config.dataDir) });
      await api.register(orgRoutes, { db });
      await api.register(distributorRoutes, { db });
      await api.register(companyRoutes, { db });
      await api.register(productRoutes, { db, bus });
      await api.register(tagRoutes, { db });
      await api.register(accountRoutes, { db, bus });
      await api.register(areaRoutes, { db });
      await api.register(auditRoutes, { db });
      await api.register(apiTokenRoutes, { db });
      await api.register(stationRoutes, { db, bus });
      await api.register(ingestRoutes, { ingest, commands: deviceCommands });
      await api.register(deviceCommandRoutes, { commands: deviceCommands });
      await api.register(monitorRoutes, { db, hub: live, clock, metrics, mapTiles: config.mapTiles });
      await api.register(alarmFeedRoutes, { db, bus, hub: live, metrics });
      await api.register(noticeRoutes, { db, bus });
      await api.register(pushRoutes, { db, keys: pushKeys, loopback: config.pushLoopbackEndpoints });
      await api.register(alarmQueryRoutes, { db, clock });
      await api.register(inventoryReportRoutes, { db, clock });
      await api.register(dataJumpRoutes, { db, clock });
      await api.register(leakTestRoutes, { db, clock });
      await api.register(reconciliationRoutes, { db, clock });
      await api.register(forecastRoutes, { db, clock });
      await api.register(offlineRecordRoutes, { db, clock });
      await api.register(historyRoutes, { db, clock });
      await api.register(powerEventRoutes, { db, clock });
      await api.register(shiftSalesRoutes, { db, clock });
      await api.register(deliveryReportRoutes, { db, clock });
      await api.register(demoHistoryRoutes, { progress: demoHistory });
      await api.register(webhookRoutes, { db, settings: { allowPrivate: config.webhookAllowPrivate, clock }, wake: () => jobs.holds('webhooks') && webhooks.wake() });
    },
    { prefix: '/api' },
  );

  const indexPath = config.webDist ? await serveWebApp(app, config.webDist) : undefined;
  const sendIndex = async (request: FastifyRequest, reply: FastifyReply) => {
    // Read on each request: a rebuild replaces index.html and the chunk names it points to.
    const html = indexPath ? await fs.promises.readFile(indexPath, 'utf8').catch(() => undefined) : undefined;
    if (!html) return sendAppError(request, reply, new AppError(CODES.notFound, 'common.notFound'));
    // The page is a couple of KB and changes with each build: compressed as it is sent.
    const encoding = acceptedEncoding(request.headers['accept-encoding']);
    reply.type('text/html').header('cache-control', 'no-cache').header('vary', 'accept-encoding');
    if (encoding === 'br') return reply.header('content-encoding', 'br').send(zlib.brotliCompressSync(html));
    if (encoding === 'gzip') return reply.header('content-encoding', 'gzip').send(zlib.gzipSync(html));
    return reply.send(html);
  };
  if (indexPath) app.get('/', { schema: { hide: true } }, sendIndex);
  app.setNotFoundHandler(async (request, reply) => {
    // Client-side routes get the web app (HEAD as GET, without the body: an uptime check asks so);
    // a missing asset or API path the envelope's 80001.
    if (indexPath && (request.method === 'GET' || request.method === 'HEAD') && !request.url.startsWith('/api') && !request.url.startsWith('/assets/')) {
      return sendIndex(request, reply);
    }
    return sendAppError(request, reply, new AppError(CODES.notFound, 'common.notFound'));
  });
  return app;
}

/** The origin of a `{z}/{x}/{y}` tile URL template (subdomain templates like `{s}.tile…` allow any subdomain). */
function tileOrigin(template: string): string {
  const url = new URL(template.replace(/\{[a-z]\}/g, '0'));
  return template.includes('://{s}.') ? `${url.protocol}//*.${url.host.split('.').slice(1).join('.')}` : url.origin;
}
