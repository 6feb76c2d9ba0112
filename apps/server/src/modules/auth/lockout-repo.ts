import { inArray, sql } from 'drizzle-orm';
import type { AttemptLimit } from '@ullage/domain/attempt-limits';
import type { Db } from '../../db/client';
import { loginFailures } from '../../db/schema';

/** Minutes left on the longest lock among the keys, or 0. */
export async function lockedMinutesLeft(db: Db, keys: string[]): Promise<number> {
  const rows = await db
    .select({ secondsLeft: sql<number>`extract(epoch from (${loginFailures.lockedUntil} - now()))::float8` })
    .from(loginFailures)
    .where(inArray(loginFailures.key, keys));
  const seconds = Math.max(0, ...rows.map((r) => Number(r.secondsLeft ?? 0)));
  return seconds > 0 ? Math.ceil(seconds / 60) : 0;
}

/**
 * Counts one failure under each limit's key in one statement per key; a count that reaches the
 * limit's max within its window sets the lock. A window that has passed starts again at one.
 */
export async function recordFailure(db: Db, limits: AttemptLimit[]): Promise<void> {
  for (const { key, max, windowMinutes, lockMinutes } of limits) {
    await db.execute(sql`
      insert into login_failures (key, failures, window_started_at)
      values (${key}, 1, now())
      on conflict (key) do update set
        failures = case when login_failures.window_started_at < now() - make_interval(mins => ${windowMinutes})
                        then 1 else login_failures.failures + 1 end,
        window_started_at = case when login_failures.window_started_at < now() - make_interval(mins => ${windowMinutes})
                        then now() else login_failures.window_started_at end,
        locked_until = case when login_failures.window_started_at >= now() - make_interval(mins => ${windowMinutes})
                             and login_failures.failures + 1 >= ${max}
                        then now() + make_interval(mins => ${lockMinutes}) else login_failures.locked_until end`);
  }
}

export async function clearFailures(db: Db, keys: string[]): Promise<void> {
  await db.delete(loginFailures).where(inArray(loginFailures.key, keys));
}
