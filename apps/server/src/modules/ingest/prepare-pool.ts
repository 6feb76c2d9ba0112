import { Worker } from 'node:worker_threads';
import type { Language } from '@ullage/domain/languages';
import type { IngestStation } from './device-stations';
import { prepareBatch, type Prepared } from './prepare';

/** Below this many bytes (or items) a batch is prepared in place: the hop would cost more. */
const WORKER_MIN_BYTES = 32 * 1024;

interface Job {
  resolve: (prepared: Prepared) => void;
  reject: (error: unknown) => void;
}

/**
 * Prepares device batches (prepare.ts) on worker threads, so parsing, judging and laying out
 * large batches does not hold the thread that talks to the database and the devices. With no
 * workers (the embedded database, tests) or for small batches it prepares in place; the work
 * is the same function either way.
 */
export class Preparer {
  private readonly workers: { worker: Worker; jobs: Map<number, Job> }[] = [];
  private next = 0;
  private seq = 0;
  private closing = false;

  constructor(count: number) {
    for (let i = 0; i < count; i++) this.workers.push(this.spawn());
  }

  prepare(body: unknown, station: IngestStation, nowMs: number, language: Language): Promise<Prepared> {
    const large = typeof body === 'string' && body.length >= WORKER_MIN_BYTES;
    if (this.workers.length === 0 || !large) return Promise.resolve(prepareBatch(body, station, nowMs, language));
    const slot = this.workers[this.next++ % this.workers.length]!;
    const id = ++this.seq;
    return new Promise((resolve, reject) => {
      slot.jobs.set(id, { resolve, reject });
      slot.worker.postMessage({ id, body, station, nowMs, language });
    });
  }

  async close(): Promise<void> {
    this.closing = true;
    await Promise.all(this.workers.map((w) => w.worker.terminate()));
    this.workers.length = 0;
  }

  private spawn() {
    const worker = new Worker(new URL('./prepare-worker-entry.mjs', import.meta.url));
    const jobs = new Map<number, Job>();
    worker.on('message', (message: { id: number; prepared?: Prepared; error?: string }) => {
      const job = jobs.get(message.id);
      jobs.delete(message.id);
      if (!job) return;
      if (message.prepared) job.resolve(message.prepared);
      else job.reject(new Error(message.error ?? 'prepare failed'));
    });
    worker.on('error', (error) => {
      for (const job of jobs.values()) job.reject(error);
      jobs.clear();
    });
    // A worker that dies is replaced; its jobs were refused above and the devices resend.
    worker.on('exit', () => {
      if (this.closing) return;
      const at = this.workers.findIndex((w) => w.worker === worker);
      if (at >= 0) this.workers[at] = this.spawn();
    });
    worker.unref();
    return { worker, jobs };
  }
}
