import { spawn } from 'node:child_process';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import { sql } from 'drizzle-orm';
import { pino } from 'pino';
import type { FastifyBaseLogger } from 'fastify';
import { rawRows } from '../lib/raw-sql';
import { backend, freshDatabase, withDatabase } from '../test/databases';
import { jobLeaseHolders } from './job-leases-repo';
import { PeriodicJobs } from './periodic-jobs';

/**
 * Issue 21, "work that must happen once happens once": a periodic job runs on the instance that
 * holds its lease, never on two at once, and another instance takes it over within
 * ttl + heartbeat when the holder goes: gracefully (stop gives the lease up) or killed (the lease
 * expires). Short timings here; the server's are 10 s and 30 s (takeover within 40 s).
 */
const HEARTBEAT_MS = 100;
const TTL_MS = 600;
const logger = pino({ level: 'silent' }) as unknown as FastifyBaseLogger;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

let database: Awaited<ReturnType<typeof freshDatabase>>;
beforeAll(async () => {
  database = await freshDatabase({ pgliteTemplate: inject('pgliteTemplate'), postgresTemplateUrl: inject('postgresTemplateUrl') });
});
afterAll(async () => database?.close());

/** An instance's jobs: one job that counts its rounds and notes whether two ran at once. */
function instance(shared: { running: number; overlaps: number }) {
  const runs = { count: 0 };
  const jobs = new PeriodicJobs({ db: database.db, logger }, { heartbeatMs: HEARTBEAT_MS, ttlMs: TTL_MS });
  jobs.add({
    name: 'offline-sweep',
    everyMs: 20,
    run: async () => {
      shared.running++;
      if (shared.running > 1) shared.overlaps++;
      runs.count++;
      await sleep(5);
      shared.running--;
    },
  });
  return { jobs, runs };
}

async function until(check: () => boolean | Promise<boolean>, timeoutMs: number): Promise<number> {
  const start = Date.now();
  while (!(await check())) {
    if (Date.now() - start > timeoutMs) throw new Error(`not within ${timeoutMs} ms`);
    await sleep(10);
  }
  return Date.now() - start;
}

describe('periodic jobs under leases', () => {
  it('run on one instance of two, and move to the other when the holder stops', async () => {
    const shared = { running: 0, overlaps: 0 };
    const a = instance(shared);
    const b = instance(shared);
    a.jobs.start();
    await until(() => a.jobs.holds('offline-sweep'), 2_000);
    b.jobs.start();
    await sleep(TTL_MS * 2);
    expect([a.jobs.holds('offline-sweep'), b.jobs.holds('offline-sweep')]).toEqual([true, false]);
    expect(a.runs.count).toBeGreaterThan(10);
    expect(b.runs.count).toBe(0);
    expect((await jobLeaseHolders(database.db)).get('offline-sweep')).toBe(a.jobs.holder);

    // A stops (a restart, a deploy): its lease is given up, and B has the job by its next heartbeat.
    await a.jobs.stop();
    const aRuns = a.runs.count;
    const took = await until(() => b.jobs.holds('offline-sweep'), HEARTBEAT_MS * 3);
    expect(took).toBeLessThanOrEqual(HEARTBEAT_MS * 3);
    await until(() => b.runs.count > 5, 2_000);
    expect(a.runs.count).toBe(aRuns);
    expect(shared.overlaps).toBe(0);
    await b.jobs.stop();
    expect((await jobLeaseHolders(database.db)).size).toBe(0);
  });

  it.runIf(backend() === 'postgres')('move to another instance within ttl + heartbeat when the holder is killed', async () => {
    const name = (await rawRows<{ name: string }>(database.db, sql`select current_database() as name`))[0]!.name;
    const url = withDatabase(inject('postgresTemplateUrl')!, name);
    const root = path.resolve(import.meta.dirname, '../../../..');
    const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/test/job-holder-cli.ts', url, String(HEARTBEAT_MS), String(TTL_MS)], { cwd: root, stdio: ['ignore', 'pipe', 'inherit'] });
    try {
      const holder = await new Promise<string>((resolve, reject) => {
        let out = '';
        child.stdout!.on('data', (d) => {
          out += String(d);
          const found = /holder (\S+)/.exec(out);
          if (found) resolve(found[1]!);
        });
        child.once('exit', (code) => reject(new Error(`the holder exited early (${code})`)));
      });
      const shared = { running: 0, overlaps: 0 };
      const b = instance(shared);
      b.jobs.start();
      await sleep(TTL_MS);
      expect(b.jobs.holds('offline-sweep')).toBe(false);
      expect((await jobLeaseHolders(database.db)).get('offline-sweep')).toBe(holder);

      child.kill('SIGKILL');
      const took = await until(() => b.jobs.holds('offline-sweep'), (TTL_MS + HEARTBEAT_MS) * 3);
      // The lease outlives its holder by at most its ttl; B claims it at its next heartbeat.
      expect(took).toBeLessThanOrEqual(TTL_MS + HEARTBEAT_MS * 3);
      await until(() => b.runs.count > 3, 2_000);
      expect((await jobLeaseHolders(database.db)).get('offline-sweep')).toBe(b.jobs.holder);
      await b.jobs.stop();
    } finally {
      child.kill('SIGKILL');
    }
  }, 30_000);
});
