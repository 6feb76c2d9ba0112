import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';

describe('config (DESIGN.md §4 environment)', () => {
  it('has the documented defaults', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({ port: 8080, host: '127.0.0.1', dataDir: path.resolve('./data'), demo: 'on', captcha: true, mqttPort: 1883, logLevel: 'info', databaseUrl: undefined, adminPassword: undefined });
  });

  it('reads every variable', () => {
    const config = loadConfig({ PORT: '9000', HOST: '0.0.0.0', DATA_DIR: '/srv/u', DATABASE_URL: 'postgres://x/y', ADMIN_PASSWORD: 'A', DEMO: 'off', DEMO_PASSWORD: 'B', CAPTCHA: 'off', MQTT_PORT: '0', MQTT_URL: 'mqtt://m', REDIS_URL: 'redis://r', SMTP_URL: 'smtp://s', MAIL_FROM: 'a@b', LOG_LEVEL: 'warn' });
    expect(config).toMatchObject({ port: 9000, host: '0.0.0.0', dataDir: '/srv/u', databaseUrl: 'postgres://x/y', adminPassword: 'A', demo: 'off', demoPassword: 'B', captcha: false, mqttPort: 0, mqttUrl: 'mqtt://m', redisUrl: 'redis://r', smtpUrl: 'smtp://s', mailFrom: 'a@b', logLevel: 'warn' });
  });

  it('refuses nonsense with a message naming the variable', () => {
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(new ConfigError('PORT must be a whole number, got "eighty"'));
    expect(() => loadConfig({ DEMO: 'maybe' })).toThrow(ConfigError);
    expect(() => loadConfig({ CAPTCHA: 'no' })).toThrow('CAPTCHA must be "on" or "off", got "no"');
    expect(() => loadConfig({ SIMULATOR: 'sometimes' })).toThrow('SIMULATOR must be "on" or "off", got "sometimes"');
    expect(() => loadConfig({ MAP_TILE_URL: 'https://tiles.example.org/tile.png' })).toThrow(/MAP_TILE_URL must be an http\(s\) URL with \{z\}, \{x\} and \{y\}/);
    expect(() => loadConfig({ SMTP_URL: 'mail.example.org:25' })).toThrow(/^SMTP_URL must be smtp:\/\//);
    expect(() => loadConfig({ SMTP_URL: 'http://mail.example.org' })).toThrow(ConfigError);
    expect(() => loadConfig({ MAIL_DIGEST_INTERVAL_MS: 'often' })).toThrow('MAIL_DIGEST_INTERVAL_MS must be a whole number, got "often"');
    expect(loadConfig({ SMTP_URL: 'smtps://u:p@mail.example.org:465' }).smtpUrl).toBe('smtps://u:p@mail.example.org:465');
    expect(loadConfig({}).mailDigestIntervalMs).toBe(30_000);
  });

  it('job leases: renewed every 10 s for 30 s by default; a renewal not shorter than the lease is refused', () => {
    expect(loadConfig({})).toMatchObject({ jobLeaseRenewMs: 10_000, jobLeaseMs: 30_000 });
    expect(loadConfig({ JOB_LEASE_RENEW_MS: '500', JOB_LEASE_MS: '2000' })).toMatchObject({ jobLeaseRenewMs: 500, jobLeaseMs: 2000 });
    expect(() => loadConfig({ JOB_LEASE_RENEW_MS: '30000', JOB_LEASE_MS: '30000' })).toThrow(new ConfigError('JOB_LEASE_RENEW_MS (30000) must be at least 100 and less than JOB_LEASE_MS (30000)'));
    expect(() => loadConfig({ JOB_LEASE_RENEW_MS: '50' })).toThrow(ConfigError);
    expect(() => loadConfig({ JOB_LEASE_MS: 'long' })).toThrow('JOB_LEASE_MS must be a whole number, got "long"');
  });

  it('books days and figures their leak tests every minute unless BOOKS_INTERVAL_MS says otherwise, never more often than each second', () => {
    expect(loadConfig({}).booksIntervalMs).toBe(60_000);
    expect(loadConfig({ BOOKS_INTERVAL_MS: '2000' }).booksIntervalMs).toBe(2_000);
    expect(() => loadConfig({ BOOKS_INTERVAL_MS: '500' })).toThrow(new ConfigError('BOOKS_INTERVAL_MS must be at least 1000, got "500"'));
    expect(() => loadConfig({ BOOKS_INTERVAL_MS: 'hourly' })).toThrow('BOOKS_INTERVAL_MS must be a whole number, got "hourly"');
  });

  it('keeps readings for ever unless READINGS_RETENTION_MONTHS says how many months, and refuses a count that is not one', () => {
    expect(loadConfig({}).readingsRetentionMonths).toBeNull();
    expect(loadConfig({ READINGS_RETENTION_MONTHS: 'off' }).readingsRetentionMonths).toBeNull();
    expect(loadConfig({ READINGS_RETENTION_MONTHS: '24' }).readingsRetentionMonths).toBe(24);
    const refusal = (value: string) => `READINGS_RETENTION_MONTHS must be "off" or a whole number of months from 2 to 1200, got "${value}"`;
    expect(() => loadConfig({ READINGS_RETENTION_MONTHS: '1' })).toThrow(new ConfigError(refusal('1')));
    expect(() => loadConfig({ READINGS_RETENTION_MONTHS: '1.5' })).toThrow(new ConfigError(refusal('1.5')));
    expect(() => loadConfig({ READINGS_RETENTION_MONTHS: 'two years' })).toThrow(new ConfigError(refusal('two years')));
  });

  it('runs the simulated fleet with the demo unless told otherwise; map tiles only when configured', () => {
    expect(loadConfig({})).toMatchObject({ simulator: true, simulatorIntervalMs: 10_000, mapTiles: null });
    expect(loadConfig({ DEMO: 'off' }).simulator).toBe(false);
    expect(loadConfig({ SIMULATOR: 'off' }).simulator).toBe(false);
    expect(loadConfig({ MAP_TILE_URL: 'https://tile.openstreetmap.org/{z}/{x}/{y}.png', MAP_TILE_ATTRIBUTION: '© OpenStreetMap' }).mapTiles).toEqual({
      url: 'https://tile.openstreetmap.org/{z}/{x}/{y}.png',
      attribution: '© OpenStreetMap',
    });
  });

  it('trusts no proxy unless TRUSTED_PROXIES names them (addresses, CIDRs, proxy-addr names)', () => {
    expect(loadConfig({}).trustedProxies).toEqual([]);
    expect(loadConfig({ SECURE_COOKIES: 'on' }).trustedProxies).toEqual([]);
    expect(loadConfig({ TRUSTED_PROXIES: '10.0.0.2, 192.168.1.0/24,fd00::/8 loopback' }).trustedProxies).toEqual(['10.0.0.2', '192.168.1.0/24', 'fd00::/8', 'loopback']);
    expect(() => loadConfig({ TRUSTED_PROXIES: '10.0.0.2,proxy.example.com' })).toThrow(/^TRUSTED_PROXIES must list IP addresses or CIDRs .*; got "proxy.example.com"$/);
    expect(() => loadConfig({ TRUSTED_PROXIES: '10.0.0.0/33' })).toThrow(ConfigError);
  });

  // Web Push (issue 38): the contact address push services see.
  it.each([
    [{}, 'mailto:admin@localhost'],
    [{ MAIL_FROM: 'alarms@fleet.example' }, 'mailto:alarms@fleet.example'],
    [{ MAIL_FROM: 'Ullage <alarms@fleet.example>' }, 'mailto:alarms@fleet.example'],
    [{ MAIL_FROM: 'Ullage <alarms@fleet.example>', VAPID_SUBJECT: 'https://fleet.example/contact' }, 'https://fleet.example/contact'],
    [{ VAPID_SUBJECT: 'mailto:ops@fleet.example' }, 'mailto:ops@fleet.example'],
  ])('VAPID_SUBJECT from %j is %s; loopback push endpoints are never on', (env, subject) => {
    expect(loadConfig(env)).toMatchObject({ vapidSubject: subject, pushLoopbackEndpoints: false });
  });

  it.each(['ops@fleet.example', 'http://fleet.example', 'mailto:nobody'])('refuses VAPID_SUBJECT %j', (value) => {
    expect(() => loadConfig({ VAPID_SUBJECT: value })).toThrow(/^VAPID_SUBJECT must be a mailto: or https: contact address/);
  });
});
