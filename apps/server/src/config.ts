import { randomBytes } from 'node:crypto';
import { isIP } from 'node:net';
import path from 'node:path';
import { isLanguage, type Language } from '@ullage/domain/languages';

/**
 * The only module that reads process.env. Everything else receives a Config, so tests build
 * one by hand and nothing depends on the environment of the test runner.
 */
export interface Config {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  adminPassword: string | undefined;
  demo: 'on' | 'off';
  demoPassword: string | undefined;
  captcha: boolean;
  mqttPort: number;
  mqttUrl: string | undefined;
  redisUrl: string | undefined;
  smtpUrl: string | undefined;
  mailFrom: string | undefined;
  /** How often the e-mail digests are written and sent (each user's own frequency decides who gets one). */
  mailDigestIntervalMs: number;
  /** How often days that are over are booked, and the leak tests of newly booked days figured. */
  booksIntervalMs: number;
  /** Periodic jobs' leases (jobs/periodic-jobs.ts): renewed this often, held this long. */
  jobLeaseRenewMs: number;
  jobLeaseMs: number;
  /**
   * Months of raw readings kept besides the current one (READINGS_RETENTION_MONTHS); older whole
   * months are dropped by the partition upkeep job. Null (the default): kept for ever.
   */
  readingsRetentionMonths: number | null;
  logLevel: string;
  defaultLanguage: Language;
  loginTitle: string;
  appDownloadUrl: string | null;
  /** Idle time after which a session expires. */
  sessionIdleMinutes: number;
  /** Calls one API token may make a minute on one instance (issue 38). */
  apiTokenCallsPerMinute: number;
  /** Where the built web app lives; served at `/` when present. */
  webDist: string | undefined;
  /** The site is served over TLS: cookies marked Secure, HSTS and upgrade-insecure-requests sent. */
  secureCookies: boolean;
  /**
   * The proxies whose X-Forwarded-For (and -Proto, -Host) are believed: addresses, CIDRs, or
   * proxy-addr's names loopback, linklocal, uniquelocal. Empty: the peer address is the client.
   */
  trustedProxies: string[];
  /** Map tiles behind the station map (`{z}/{x}/{y}` template); null draws the map without tiles. */
  mapTiles: { url: string; attribution: string } | null;
  /** Run the simulated fleet against the demo stations (default: with the demo organisation). */
  simulator: boolean;
  /** How often each simulated station reports. */
  simulatorIntervalMs: number;
  /** Days of history the simulated fleet sends before going live, on an empty database (0: none). */
  demoBackfillDays: number;
  /** Single sign-on through a CAS server; null: CAS is off. */
  cas: { url: string; serviceUrl: string } | null;
  /**
   * Webhooks may be sent to private, loopback, link-local and other non-public addresses
   * (WEBHOOK_ALLOW_PRIVATE=1, for self-hosters whose receivers are on their own network). Off, an
   * organisation cannot make the server call its internal network.
   */
  webhookAllowPrivate: boolean;
  /** Web Push (issue 38): the contact push services see in the VAPID token (VAPID_SUBJECT; mailto: or https:). */
  vapidSubject: string;
  /**
   * Web Push to a push service on this machine over http (a test's local endpoint). Never set from
   * the environment: real subscriptions are https to public hosts.
   */
  pushLoopbackEndpoints: boolean;
}

export class ConfigError extends Error {}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const port = intOf(env, 'PORT', 8080);
  const mqttPort = intOf(env, 'MQTT_PORT', 1883);
  const demo = (env.DEMO ?? 'on').toLowerCase();
  if (demo !== 'on' && demo !== 'off') throw new ConfigError(`DEMO must be "on" or "off", got "${env.DEMO}"`);
  const captcha = (env.CAPTCHA ?? 'on').toLowerCase();
  if (captcha !== 'on' && captcha !== 'off') throw new ConfigError(`CAPTCHA must be "on" or "off", got "${env.CAPTCHA}"`);
  const simulator = (env.SIMULATOR ?? demo).toLowerCase();
  if (simulator !== 'on' && simulator !== 'off') throw new ConfigError(`SIMULATOR must be "on" or "off", got "${env.SIMULATOR}"`);
  const mapTileUrl = nonEmpty(env.MAP_TILE_URL);
  if (mapTileUrl && !/^https?:\/\/.*\{z\}.*\{x\}.*\{y\}/.test(mapTileUrl)) throw new ConfigError('MAP_TILE_URL must be an http(s) URL with {z}, {x} and {y}, such as https://tile.openstreetmap.org/{z}/{x}/{y}.png');
  const smtpUrl = nonEmpty(env.SMTP_URL);
  if (smtpUrl && !/^smtps?:\/\/[^/]/.test(smtpUrl)) throw new ConfigError('SMTP_URL must be smtp://[user:password@]host[:port] or smtps://…, such as smtp://mail.example.com:587');
  const mailDigestMs = intOf(env, 'MAIL_DIGEST_INTERVAL_MS', 30_000);
  const booksIntervalMs = intOf(env, 'BOOKS_INTERVAL_MS', 60_000);
  if (booksIntervalMs < 1_000) throw new ConfigError(`BOOKS_INTERVAL_MS must be at least 1000, got "${env.BOOKS_INTERVAL_MS}"`);
  const jobLeaseRenewMs = intOf(env, 'JOB_LEASE_RENEW_MS', 10_000);
  const jobLeaseMs = intOf(env, 'JOB_LEASE_MS', 30_000);
  // A lease renewed less often than it lasts would lapse under a live holder: two instances would run the job.
  if (jobLeaseRenewMs < 100 || jobLeaseMs <= jobLeaseRenewMs) throw new ConfigError(`JOB_LEASE_RENEW_MS (${jobLeaseRenewMs}) must be at least 100 and less than JOB_LEASE_MS (${jobLeaseMs})`);
  const retention = nonEmpty(env.READINGS_RETENTION_MONTHS);
  const retentionMonths = retention === undefined || retention.toLowerCase() === 'off' ? null : Number(retention);
  // At least 2: last month is what the monthly report is most often run on.
  if (retentionMonths !== null && (!Number.isInteger(retentionMonths) || retentionMonths < 2 || retentionMonths > 1200)) {
    throw new ConfigError(`READINGS_RETENTION_MONTHS must be "off" or a whole number of months from 2 to 1200, got "${retention}"`);
  }
  const casUrl = nonEmpty(env.CAS_URL);
  const casServiceUrl = nonEmpty(env.CAS_SERVICE_URL);
  if (casUrl && !/^https?:\/\/[^/]/.test(casUrl)) throw new ConfigError('CAS_URL must be the http(s) base URL of the CAS server, such as https://cas.example.com/cas');
  if (casUrl && !casServiceUrl) throw new ConfigError('CAS_SERVICE_URL must be set with CAS_URL: this platform\'s callback, such as https://ullage.example.com/api/cas/callback');
  if (casServiceUrl && !/^https?:\/\/[^/]+\/.*api\/cas\/callback$/.test(casServiceUrl)) throw new ConfigError('CAS_SERVICE_URL must end in /api/cas/callback, such as https://ullage.example.com/api/cas/callback');
  const trustedProxies = listOf(env.TRUSTED_PROXIES);
  const badProxy = trustedProxies.find((entry) => !isProxyEntry(entry));
  if (badProxy !== undefined) throw new ConfigError(`TRUSTED_PROXIES must list IP addresses or CIDRs separated by commas (or loopback, linklocal, uniquelocal), such as 10.0.0.2,192.168.1.0/24; got "${badProxy}"`);
  const backfillDays = intOf(env, 'DEMO_BACKFILL_DAYS', 35);
  if (backfillDays > 366) throw new ConfigError(`DEMO_BACKFILL_DAYS must be 0 to 366, got "${env.DEMO_BACKFILL_DAYS}"`);
  const mailFrom = nonEmpty(env.MAIL_FROM);
  const vapidSubject = nonEmpty(env.VAPID_SUBJECT) ?? defaultVapidSubject(mailFrom);
  if (!/^(mailto:[^@\s]+@[^@\s]+|https:\/\/[^/\s]+.*)$/.test(vapidSubject)) throw new ConfigError(`VAPID_SUBJECT must be a mailto: or https: contact address, such as mailto:ops@example.com; got "${vapidSubject}"`);
  const defaultLanguage = env.DEFAULT_LANGUAGE ?? 'en';
  if (!isLanguage(defaultLanguage)) throw new ConfigError(`DEFAULT_LANGUAGE must be one of zh_CN, en, es, ar`);
  return {
    port,
    host: env.HOST ?? '127.0.0.1',
    dataDir: path.resolve(env.DATA_DIR ?? './data'),
    databaseUrl: nonEmpty(env.DATABASE_URL),
    adminPassword: nonEmpty(env.ADMIN_PASSWORD),
    demo,
    demoPassword: nonEmpty(env.DEMO_PASSWORD),
    captcha: captcha === 'on',
    mqttPort,
    mqttUrl: nonEmpty(env.MQTT_URL),
    redisUrl: nonEmpty(env.REDIS_URL),
    smtpUrl,
    mailDigestIntervalMs: mailDigestMs,
    booksIntervalMs,
    jobLeaseRenewMs,
    jobLeaseMs,
    readingsRetentionMonths: retentionMonths,
    mailFrom: nonEmpty(env.MAIL_FROM),
    logLevel: env.LOG_LEVEL ?? 'info',
    defaultLanguage,
    loginTitle: env.LOGIN_TITLE ?? 'Ullage',
    appDownloadUrl: nonEmpty(env.APP_DOWNLOAD_URL) ?? null,
    sessionIdleMinutes: intOf(env, 'SESSION_IDLE_MINUTES', 120),
    apiTokenCallsPerMinute: intOf(env, 'API_TOKEN_RATE_LIMIT', 600),
    webDist: nonEmpty(env.WEB_DIST),
    secureCookies: env.SECURE_COOKIES === 'on',
    trustedProxies,
    mapTiles: mapTileUrl ? { url: mapTileUrl, attribution: env.MAP_TILE_ATTRIBUTION ?? '' } : null,
    simulator: simulator === 'on',
    simulatorIntervalMs: intOf(env, 'SIMULATOR_INTERVAL_MS', 10_000),
    demoBackfillDays: backfillDays,
    cas: casUrl && casServiceUrl ? { url: casUrl.replace(/\/+$/, ''), serviceUrl: casServiceUrl } : null,
    webhookAllowPrivate: flagOf(env, 'WEBHOOK_ALLOW_PRIVATE'),
    vapidSubject,
    pushLoopbackEndpoints: false,
  };
}

/** MAIL_FROM's address ("Ullage <alarms@example.com>" → mailto:alarms@example.com), else mailto:admin@localhost. */
function defaultVapidSubject(mailFrom: string | undefined): string {
  const address = mailFrom?.match(/<([^<>\s]+@[^<>\s]+)>/)?.[1] ?? mailFrom?.match(/^\s*([^<>\s]+@[^<>\s]+)\s*$/)?.[1];
  return `mailto:${address ?? 'admin@localhost'}`;
}

/** A Config for tests: defaults that touch nothing outside the test's own directory. */
export function testConfig(overrides: Partial<Config> = {}): Config {
  return {
    ...loadConfig({}),
    dataDir: path.resolve('.tmp', `test-${randomBytes(4).toString('hex')}`),
    demo: 'off',
    simulator: false,
    captcha: false,
    mqttPort: 0,
    logLevel: 'silent',
    webDist: undefined,
    ...overrides,
  };
}

function listOf(value: string | undefined): string[] {
  return (value ?? '').split(/[\s,]+/).filter((entry) => entry !== '');
}

function isProxyEntry(entry: string): boolean {
  if (['loopback', 'linklocal', 'uniquelocal'].includes(entry)) return true;
  const [address, bits, ...rest] = entry.split('/');
  const family = isIP(address ?? '');
  if (family === 0 || rest.length > 0) return false;
  if (bits === undefined) return true;
  return /^\d{1,3}$/.test(bits) && Number(bits) <= (family === 4 ? 32 : 128);
}

/** A setting that is on (1, on, true) or off (unset, 0, off, false); anything else is refused. */
function flagOf(env: NodeJS.ProcessEnv, name: string): boolean {
  const raw = (env[name] ?? '').trim().toLowerCase();
  if (raw === '' || raw === '0' || raw === 'off' || raw === 'false') return false;
  if (raw === '1' || raw === 'on' || raw === 'true') return true;
  throw new ConfigError(`${name} must be 1 or 0 (on or off), got "${env[name]}"`);
}

function nonEmpty(value: string | undefined): string | undefined {
  return value === undefined || value.trim() === '' ? undefined : value;
}

function intOf(env: NodeJS.ProcessEnv, name: string, fallback: number): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < 0 || n > 65535 * 1000) throw new ConfigError(`${name} must be a whole number, got "${raw}"`);
  return n;
}
