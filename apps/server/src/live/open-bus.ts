import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config';
import type { Db } from '../db/client';
import { rawRows } from '../lib/raw-sql';
import type { Metrics } from '../observability/metrics';
import { LiveBus } from './bus';
import { PostgresTransport } from './bus-postgres';
import { RedisTransport } from './bus-redis';

/**
 * The live bus an app gets: Redis when REDIS_URL is set, else LISTEN/NOTIFY on the PostgreSQL
 * server (DATABASE_URL), else in-process: the embedded database serves one process (its lock
 * file refuses a second), so there is no other instance to reach.
 */
export async function openLiveBus({ config, db, metrics, logger }: { config: Config; db: Db; metrics: Metrics; logger: FastifyBaseLogger }): Promise<LiveBus> {
  const { databaseUrl, redisUrl } = config;
  if (!databaseUrl) {
    if (redisUrl) logger.warn('REDIS_URL is not used on the embedded database: it serves one process, whose live events stay in it');
    return new LiveBus({ metrics, logger });
  }
  if (redisUrl) {
    // Named after the database, so instances of one deployment share the channel and other
    // deployments on the same Redis (pub/sub ignores Redis' database number) are not heard.
    const [row] = await rawRows<{ name: string }>(db, sql`select current_database() as name`);
    const channel = `ullage:live:${row!.name}`;
    return new LiveBus({ metrics, logger, transport: (instanceId) => new RedisTransport(redisUrl, channel, instanceId) });
  }
  return new LiveBus({ metrics, logger, transport: (instanceId) => new PostgresTransport(databaseUrl, instanceId) });
}
