import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { claimLease } from '../lib/leases';
import { rawRows } from '../lib/raw-sql';

/** Takes or renews a periodic job's lease for `holder`; whether `holder` has it (lib/leases.ts). */
export function claimJobLease(db: Db, job: string, holder: string, ttlSeconds: number): Promise<boolean> {
  return claimLease(db, { table: 'job_leases', key: 'job' }, job, holder, ttlSeconds);
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
