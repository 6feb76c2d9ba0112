import { sql } from 'drizzle-orm';
import { testConfig, type Config } from '../config';
import type { Db } from '../db/client';
import { firstStart } from '../seed/first-start';

export const ADMIN_PASSWORD = 'Admin#2026ok';
export const DEMO_PASSWORD = 'Demo#2026ok';
/** Tests' device key of a demo station is this prefix and its code (set on the seeded database). */
export const TEST_DEVICE_KEY_PREFIX = 'demo-device-key:';
export const testDeviceKey = (stationCode: string) => `${TEST_DEVICE_KEY_PREFIX}${stationCode}`;

/** The config a test app starts with, `overrides` over it. */
export function testAppConfig(overrides: Partial<Config> = {}): Config {
  return testConfig({ adminPassword: ADMIN_PASSWORD, demoPassword: DEMO_PASSWORD, demo: 'on', ...overrides });
}

/** Whether `overrides` change what the first start seeds (then a test seeds its own database rather than cloning the seeded template). */
export function changesSeed(overrides: Partial<Config> = {}): boolean {
  return 'adminPassword' in overrides || 'demoPassword' in overrides || 'demo' in overrides;
}

/**
 * What a first start creates (the administrator and the demo organisation), with the tests'
 * device keys on the demo stations instead of the seed's random ones (unless `knownDeviceKeys`
 * is false). Run once a test run into the seeded template (global-setup.ts), and by a test
 * whose config changes the seed.
 */
export async function seedTestDatabase(db: Db, config: Config, options: { knownDeviceKeys?: boolean } = {}): Promise<void> {
  await firstStart(db, config);
  if (options.knownDeviceKeys !== false) {
    await db.execute(sql`update stations set device_key_hash = encode(sha256(convert_to(${TEST_DEVICE_KEY_PREFIX} || code, 'UTF8')), 'hex') where simulated`);
  }
}
