import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import type { FastifyBaseLogger } from 'fastify';
import type { DatabaseAvailability } from '../db/availability';
import type { Db } from '../db/client';
import { inBackground } from '../db/lanes';
import { claimJobLease, releaseJobLeases } from './job-leases-repo';

export interface PeriodicJob {
  /** Unique; the lease's key. */
  name: string;
  everyMs: number;
  /**
   * Also this long after each whole hour begins (wall clock): for work kept per hour (the
   * forecast's profiles), so the hour's first reader finds it done rather than doing it.
   */
  hourlyAtMs?: number;
  run: () => Promise<unknown>;
}

const HOUR_MS = 3_600_000;

/** Milliseconds from `nowMs` to the next instant `afterMs` past a whole hour. */
export function untilHourPlus(nowMs: number, afterMs: number): number {
  const next = Math.floor(nowMs / HOUR_MS) * HOUR_MS + afterMs;
  return next > nowMs ? next - nowMs : next + HOUR_MS - nowMs;
}

/**
 * Background work that must happen once however many instances run (DESIGN §7, issue 21):
 * session cleanup, the offline sweep, mail digests, device-command timeouts. Each job runs only
 * on the instance holding its lease in the database. Every `heartbeatMs` an instance renews the
 * leases it holds and claims those that expired, for `ttlMs`; so when a holder dies, another
 * instance runs its jobs within ttlMs + heartbeatMs (40 s by default), and a live holder keeps
 * them as long as it renews. On the embedded database there is one instance, which holds them all.
 */
export class PeriodicJobs {
  readonly holder = `${hostname()}:${process.pid}:${randomBytes(4).toString('hex')}`;
  private readonly jobs: PeriodicJob[] = [];
  private readonly held = new Set<string>();
  private readonly running = new Map<string, Promise<void>>();
  private readonly timers: NodeJS.Timeout[] = [];
  private readonly hourlyTimers = new Map<string, NodeJS.Timeout>();
  private heartbeat: Promise<void> | null = null;
  private stopped = false;

  constructor(
    private readonly deps: { db: Db; logger: FastifyBaseLogger; /** Told of connection errors, which it logs once an outage (not once a job and a beat). */ database?: DatabaseAvailability },
    private readonly options: { heartbeatMs?: number; ttlMs?: number } = {},
  ) {}

  get heartbeatMs(): number {
    return this.options.heartbeatMs ?? 10_000;
  }

  get ttlMs(): number {
    return this.options.ttlMs ?? 30_000;
  }

  add(job: PeriodicJob): void {
    this.jobs.push(job);
  }

  /** Every job added, for a bench that runs their rounds one by one (bench/jobs.ts). */
  list(): readonly PeriodicJob[] {
    return this.jobs;
  }

  /** The jobs this instance holds now. */
  holds(name: string): boolean {
    return this.held.has(name);
  }

  start(): void {
    this.stopped = false;
    const beat = () => {
      this.heartbeat ??= inBackground(() => this.renew()).finally(() => (this.heartbeat = null));
    };
    beat();
    this.timers.push(setInterval(beat, this.heartbeatMs));
    for (const job of this.jobs) this.timers.push(setInterval(() => this.runIfHeld(job), job.everyMs));
    for (const timer of this.timers) timer.unref();
    for (const job of this.jobs) if (job.hourlyAtMs !== undefined) this.hourly(job, job.hourlyAtMs);
  }

  private hourly(job: PeriodicJob, afterMs: number): void {
    if (this.stopped) return;
    const timer = setTimeout(() => {
      this.runIfHeld(job);
      this.hourly(job, afterMs);
    }, untilHourPlus(Date.now(), afterMs));
    timer.unref();
    this.hourlyTimers.set(job.name, timer);
  }

  /** Stops the timers, waits for jobs in progress and gives the leases up. */
  async stop(): Promise<void> {
    this.stopped = true;
    for (const timer of this.timers.splice(0)) clearInterval(timer);
    for (const timer of this.hourlyTimers.values()) clearTimeout(timer);
    this.hourlyTimers.clear();
    await this.heartbeat?.catch(() => undefined);
    await Promise.all([...this.running.values()]);
    this.held.clear();
    await releaseJobLeases(this.deps.db, this.holder).catch((error: unknown) => this.deps.logger.warn({ err: error }, 'job leases not released'));
  }

  private async renew(): Promise<void> {
    for (const job of this.jobs) {
      if (this.stopped) return;
      try {
        const had = this.held.has(job.name);
        const has = await claimJobLease(this.deps.db, job.name, this.holder, this.ttlMs / 1000);
        if (has) this.held.add(job.name);
        else this.held.delete(job.name);
        if (has !== had) this.deps.logger.info({ job: job.name, holder: this.holder }, has ? 'periodic job taken on by this instance' : 'periodic job held by another instance');
      } catch (error) {
        // Unsure whether the lease was renewed: stop running the job rather than risk running it twice.
        this.held.delete(job.name);
        if (!this.deps.database?.failed(error)) this.deps.logger.warn({ err: error, job: job.name }, 'job lease not renewed');
      }
    }
  }

  private runIfHeld(job: PeriodicJob): void {
    // A round still going when the next is due is not doubled.
    if (this.stopped || !this.held.has(job.name) || this.running.has(job.name)) return;
    // Jobs wait their turn behind people on the embedded database (db/lanes.ts).
    const round = inBackground(() => job.run())
      .then(
        () => undefined,
        (error: unknown) => {
          if (!this.deps.database?.failed(error)) this.deps.logger.warn({ err: error, job: job.name }, 'periodic job failed');
        },
      )
      .finally(() => this.running.delete(job.name));
    this.running.set(job.name, round);
  }
}
