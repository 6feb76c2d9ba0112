import { eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { loginFailures } from '../../db/schema';

/** After this many failures within the window, the key is locked for the window (spec: 15 min). */
export const MAX_FAILURES = 5;
export const LOCK_MINUTES = 15;

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
 * Counts one failure for each key in one statement per key; a count that reaches the limit
 * within the window sets the lock. A window that has passed starts again at one.
 */
export async function recordFailure(db: Db, keys: string[]): Promise<void> {
  for (const key of keys) {
    await db.execute(sql`
      insert into login_failures (key, failures, window_started_at)
      values (${key}, 1, now())
      on conflict (key) do update set
        failures = case when login_failures.window_started_at < now() - make_interval(mins => ${LOCK_MINUTES})
                        then 1 else login_failures.failures + 1 end,
        window_started_at = case when login_failures.window_started_at < now() - make_interval(mins => ${LOCK_MINUTES})
                        then now() else login_failures.window_started_at end,
        locked_until = case when login_failures.window_started_at >= now() - make_interval(mins => ${LOCK_MINUTES})
                             and login_failures.failures + 1 >= ${MAX_FAILURES}
                        then now() + make_interval(mins => ${LOCK_MINUTES}) else login_failures.locked_until end`);
  }
}

export async function clearFailures(db: Db, key: string): Promise<void> {
  await db.delete(loginFailures).where(eq(loginFailures.key, key));
}
