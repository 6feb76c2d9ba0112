/**
 * A server instance's periodic jobs in a process of their own, for the test that kills one
 * (jobs/periodic-jobs.test.ts): holds the jobs' leases on the PostgreSQL database named on the
 * command line, prints `holder <id>` once it holds them, and runs until it is killed.
 * Run: node --import tsx apps/server/src/test/job-holder-cli.ts <database-url> <heartbeat-ms> <ttl-ms>
 */
import { pino } from 'pino';
import type { FastifyBaseLogger } from 'fastify';
import { openPostgres } from '../db/client';
import { PeriodicJobs } from '../jobs/periodic-jobs';

const [url, heartbeatMs, ttlMs] = process.argv.slice(2);
const database = await openPostgres(url!);
const jobs = new PeriodicJobs({ db: database.db, logger: pino({ level: 'silent' }) as unknown as FastifyBaseLogger }, { heartbeatMs: Number(heartbeatMs), ttlMs: Number(ttlMs) });
jobs.add({ name: 'offline-sweep', everyMs: 100, run: async () => {} });
jobs.start();
const announce = setInterval(() => {
  if (!jobs.holds('offline-sweep')) return;
  process.stdout.write(`holder ${jobs.holder}\n`);
  clearInterval(announce);
}, 20);
