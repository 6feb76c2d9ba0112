import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { rawRows } from './raw-sql';

/** The lease tables: what is leased, keyed by which column (job_leases, atg_leases). */
export type LeaseTable = { table: 'job_leases'; key: 'job' } | { table: 'atg_leases'; key: 'station_id' };

/**
 * Takes or renews a lease for `holder` (an instance), for `ttlSeconds` (fractions allowed), and
 * answers whether `holder` has it: another holder's unexpired lease is left alone. Times are the
 * database's, so instances with skewed clocks agree. One rule for every lease (periodic jobs,
 * Veeder-Root consoles).
 */
export async function claimLease(db: Db, lease: LeaseTable, id: string | number, holder: string, ttlSeconds: number): Promise<boolean> {
  const table = sql.identifier(lease.table);
  const key = sql.identifier(lease.key);
  const rows = await rawRows<{ holder: string }>(
    db,
    sql`insert into ${table} (${key}, holder, expires_at) values (${id}, ${holder}, now() + make_interval(secs => ${ttlSeconds}))
        on conflict (${key}) do update set holder = excluded.holder, expires_at = excluded.expires_at
        where ${table}.holder = excluded.holder or ${table}.expires_at < now()
        returning holder`,
  );
  return rows.length > 0;
}
