import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { rawRows } from '../lib/raw-sql';

/**
 * Takes or renews the lease of a periodic job for `holder` (an instance), for `ttlSeconds`, and
 * answers whether `holder` has it: another instance's unexpired lease is left alone. Times are
 * the database's, so instances with skewed clocks agree (as the ATG leases do).
 */
export async function claimJobLease(db: Db, job: string, holder: string, ttlSeconds: number): Promise<boolean> {
  const rows = await rawRows<{ holder: string }>(
    db,
    sql`insert into job_leases (job, holder, expires_at) values (${job}, ${holder}, now() + make_interval(secs => ${ttlSeconds}))
        on conflict (job) do update set holder = excluded.holder, expires_at = excluded.expires_at
        where job_leases.holder = excluded.holder or job_leases.expires_at < now()
        returning holder`,
  );
  return rows.length > 0;
}

/** Gives a lease up (an instance stopping), so another need not wait for it to expire. */
export async function releaseJobLeases(db: Db, holder: string): Promise<void> {
  await db.execute(sql`delete from job_leases where holder = ${holder}`);
}

/** Who holds each job now (an unexpired lease), for the tests and the log. */
export async function jobLeaseHolders(db: Db): Promise<Map<string, string>> {
  const rows = await rawRows<{ job: string; holder: string }>(db, sql`select job, holder from job_leases where expires_at > now()`);
  return new Map(rows.map((r) => [r.job, r.holder]));
}
