import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { startFakeAtgConsole, type FakeAtgConsole } from './fake-atg-console';

/**
 * Starts a fake console and points the station at it, as the station form would (a Veeder-Root
 * TLS on loopback, no security code). The caller closes it, and reloads its poller if it has one.
 */
export async function fakeConsoleAt(db: Db, stationId: number, options: Parameters<typeof startFakeAtgConsole>[0] = {}): Promise<FakeAtgConsole> {
  const fake = await startFakeAtgConsole(options);
  await db.execute(sql`update stations set device_type = 'veeder-root-tls', device_ip = '127.0.0.1', device_port = ${fake.port}, atg_security_code = null where id = ${stationId}`);
  return fake;
}
