import { inject } from 'vitest';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { buildApp } from '../app';
import type { Config } from '../config';
import { openPostgres, type Db } from '../db/client';
import type { CaptchaTextSource } from '../modules/auth/captcha';
import { freshDatabase } from './databases';
import { changesSeed, seedTestDatabase, testAppConfig } from './seeded-database';

import { testDeviceKey } from './seeded-database';
export { ADMIN_PASSWORD, DEMO_PASSWORD, TEST_DEVICE_KEY_PREFIX, testDeviceKey } from './seeded-database';

export interface TestContext {
  app: FastifyInstance;
  db: Db;
  config: Config;
  close(): Promise<void>;
}

/**
 * The real app on a database of its own (PGlite, or PostgreSQL when the project says so),
 * with the administrator and the demo organisation created as on a first start. On PostgreSQL
 * the config names the database (`databaseUrl`), as DATABASE_URL does for the server: the live
 * bus then runs over LISTEN/NOTIFY, or Redis when `redisUrl` is given.
 */
export async function startTestApp(
  options: { config?: Partial<Config>; captchaSource?: CaptchaTextSource; seed?: boolean; clock?: () => Date; prepareWorkers?: number; knownDeviceKeys?: boolean; logger?: FastifyBaseLogger } = {},
): Promise<TestContext> {
  // Most files start from the seeded template (made once a run: global-setup.ts); one that
  // changes the seed, or tests the seed's own device keys, seeds a copy of the empty one.
  const cloneSeeded = options.seed !== false && options.knownDeviceKeys !== false && !changesSeed(options.config);
  const database = await freshDatabase(
    cloneSeeded
      ? { pgliteTemplate: inject('pgliteSeededTemplate'), postgresTemplateUrl: inject('postgresSeededTemplateUrl') }
      : { pgliteTemplate: inject('pgliteTemplate'), postgresTemplateUrl: inject('postgresTemplateUrl') },
  );
  const config = testAppConfig({ databaseUrl: database.url, ...options.config });
  // The seed gives the demo stations random keys no one knows; tests post as their devices with
  // `testDeviceKey(code)` instead (unless knownDeviceKeys: false, to test the seed's keys).
  if (options.seed !== false && !cloneSeeded) await seedTestDatabase(database.db, config, { knownDeviceKeys: options.knownDeviceKeys });
  const app = await buildApp({ config, db: database.db, captchaSource: options.captchaSource, clock: options.clock, prepareWorkers: options.prepareWorkers, logger: options.logger });
  return contextOf(app, database, config);
}

/**
 * Another instance of the app on the same PostgreSQL database as `ctx`, with a pool of its own,
 * as a second server behind a load balancer (DESIGN §7). Its config is ctx's, with `config` over it.
 */
export async function startPeerApp(ctx: TestContext, options: { config?: Partial<Config>; logger?: FastifyBaseLogger } = {}): Promise<TestContext> {
  if (!ctx.config.databaseUrl) throw new Error('a second instance needs the PostgreSQL database of the first');
  const database = await openPostgres(ctx.config.databaseUrl);
  const config = { ...ctx.config, ...options.config };
  const app = await buildApp({ config, db: database.db, logger: options.logger });
  const peer = await contextOf(app, database, config);
  // As behind a load balancer: the two have heard each other (their buses' hellos) before the
  // test sends to one and listens on the other, as a new instance is heard before it serves a feed.
  for (const until = Date.now() + 5000; (ctx.app.bus.peerCount === 0 || peer.app.bus.peerCount === 0) && Date.now() < until; ) await new Promise((r) => setTimeout(r, 20));
  return peer;
}

/** A built app on its database, ready, as a test's context; closing it closes both. */
async function contextOf(app: Awaited<ReturnType<typeof buildApp>>, database: { db: Db; close(): Promise<void> }, config: Config): Promise<TestContext> {
  await app.ready();
  return {
    app: app as unknown as FastifyInstance,
    db: database.db,
    config,
    close: async () => {
      await app.close();
      await database.close();
    },
  };
}

/** Signs in and returns the Cookie header that carries the session. */
export async function signIn(app: FastifyInstance, username: string, password: string): Promise<string> {
  const response = await app.inject({ method: 'POST', url: '/api/login/auth', payload: { username, password } });
  const body = response.json();
  if (body.code !== 1000) throw new Error(`sign-in of ${username} failed: ${response.body}`);
  const cookie = response.cookies.find((c) => c.name === 'ullage_session');
  if (!cookie) throw new Error('no session cookie');
  return `ullage_session=${cookie.value}`;
}

/** Sends a station's readings through the device endpoint, 1,000 a report, as its device would; every one must be taken. */
export async function sendReadings(app: FastifyInstance, station: string, readings: readonly object[]): Promise<void> {
  for (let i = 0; i < readings.length; i += 1000) {
    const res = await app.inject({ method: 'POST', url: `/api/device/v1/stations/${station}/report`, headers: { authorization: `Bearer ${testDeviceKey(station)}` }, payload: { readings: readings.slice(i, i + 1000) } });
    const refused = (res.json() as { data?: { refused?: unknown[] } }).data?.refused;
    if (refused === undefined || refused.length > 0) throw new Error(`report to ${station} not taken whole: ${res.body.slice(0, 300)}`);
  }
}

/** A station's device report (readings, deliveries, events, …), posted with the station's test key; the reply as it came. */
export function deviceReport(app: FastifyInstance, station: string, body: object) {
  return app.inject({ method: 'POST', url: `/api/device/v1/stations/${station}/report`, headers: { authorization: `Bearer ${testDeviceKey(station)}` }, payload: body });
}

/** A GET as a signed-in user, in a language: the envelope as it came. */
export async function apiGet<T = unknown>(app: FastifyInstance, url: string, cookie: string, language = 'en') {
  return (await app.inject({ method: 'GET', url, headers: { cookie, language } })).json() as { code: number; msg: string; data: T };
}
