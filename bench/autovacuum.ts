/**
 * Autovacuum's default rule, run by a bench while it makes or uses a fleet on a PostgreSQL whose
 * autovacuum is off (this machine's runs so, as a test server may). In operation autovacuum
 * cleans the tables the jobs rewrite all day (books, heads, hourly summaries); without it the
 * dead rows pile up and a fleet of 13 months makes a different database from the one a
 * distributor would have: the book job's look for stale books went from 4 ms to 385 ms (205,000
 * dead entries for 318 stale books) and the fleet's history slowed with it.
 *
 * The rule (PostgreSQL's defaults): vacuum and analyze a table once its dead rows exceed
 * 50 + 20 % of its rows, or rows inserted since its last vacuum 1,000 + 20 %; analyze it once the
 * rows changed since its last analyze exceed 50 + 10 %. Checked every minute.
 */
import pg from 'pg';

/** Each pass's tables and the seconds they took, for the bench's log. */
export type VacuumLog = (line: string) => void;

/**
 * Starts the stand-in on `url` when that server's autovacuum is off (otherwise it does nothing):
 * answers a function that stops it, after the pass under way.
 */
export async function standInForAutovacuum(url: string, log: VacuumLog = () => {}, everyMs = 60_000): Promise<() => Promise<void>> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const { rows } = await client.query<{ autovacuum: string }>('show autovacuum');
  if (rows[0]?.autovacuum !== 'off') {
    await client.end();
    return async () => {};
  }
  let stopped = false;
  let wake: (() => void) | null = null;
  let timer: NodeJS.Timeout | undefined;
  const pass = async () => {
    const due = await client.query<{ name: string; vacuum: boolean }>(
      `select quote_ident(s.schemaname) || '.' || quote_ident(s.relname) as name,
         s.n_dead_tup > 50 + 0.2 * greatest(c.reltuples, 0) or s.n_ins_since_vacuum > 1000 + 0.2 * greatest(c.reltuples, 0) as vacuum
       from pg_stat_user_tables s join pg_class c on c.oid = s.relid
       where s.n_dead_tup > 50 + 0.2 * greatest(c.reltuples, 0) or s.n_ins_since_vacuum > 1000 + 0.2 * greatest(c.reltuples, 0)
         or s.n_mod_since_analyze > 50 + 0.1 * greatest(c.reltuples, 0)`,
    );
    for (const table of due.rows) {
      if (stopped) return;
      const started = performance.now();
      await client.query(`${table.vacuum ? 'vacuum (analyze)' : 'analyze'} ${table.name}`);
      log(`  autovacuum stand-in: ${table.vacuum ? 'vacuum' : 'analyze'} ${table.name} in ${((performance.now() - started) / 1000).toFixed(1)} s`);
    }
  };
  const loop = (async () => {
    while (!stopped) {
      // A pass that fails (a table dropped meanwhile) is tried again next time, as autovacuum would.
      await pass().catch((error: Error) => log(`  autovacuum stand-in: ${error.message}`));
      await new Promise<void>((resolve) => {
        wake = resolve;
        timer = setTimeout(resolve, everyMs);
      });
    }
  })();
  let ended: Promise<void> | null = null;
  // Once: a caller may stop it on its way out and again in its `finally`.
  return () =>
    (ended ??= (async () => {
      stopped = true;
      clearTimeout(timer);
      wake?.();
      await loop;
      await client.end();
    })());
}
