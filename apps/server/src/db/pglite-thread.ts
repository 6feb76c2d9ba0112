import { Worker } from 'node:worker_threads';
import type { QueryOptions, Results } from '@electric-sql/pglite';
import { currentLane, type Lane } from './lanes';
import type { ThreadReply, ThreadRequest, WireError } from './pglite-protocol';

/** A background statement waits at most this long behind people's before it goes next anyway. */
const BACKGROUND_MAX_WAIT_MS = 1_000;
/** A thread that stopped is started again, but not more often than this. */
const RESTART_EVERY_MS = 5_000;

type Request = ThreadRequest extends infer R ? (R extends { id: number } ? Omit<R, 'id'> : never) : never;

export interface ThreadOptions {
  /** Told when the thread stops unasked (it is started again). */
  onStopped?: (error: Error) => void;
  /** Defaults BACKGROUND_MAX_WAIT_MS and RESTART_EVERY_MS (tests shorten them). */
  backgroundMaxWaitMs?: number;
  restartEveryMs?: number;
}

interface Waiter {
  run: () => void;
  since: number;
}

/** What drizzle's PGlite driver calls on a client and on a transaction. */
export interface PgliteClient {
  query<T>(sql: string, params?: unknown[], options?: QueryOptions): Promise<Results<T>>;
  exec(sql: string): Promise<Results[]>;
}

/**
 * PGlite on a worker thread (pglite-worker.ts), with the face drizzle's PGlite driver uses:
 * `query`, `exec`, `transaction`. The main thread stays free to serve pages, static files and
 * live feeds while a statement runs (issue 36).
 *
 * One statement or transaction at a time, as PGlite itself runs them; waiting ones go in two
 * lanes (lanes.ts): people's first, the background's (device reports, the history replay, jobs)
 * when none waits — or when one has waited BACKGROUND_MAX_WAIT_MS, so a busy page never starves
 * the devices. A transaction holds the thread from BEGIN to COMMIT; its own statements go
 * straight through.
 *
 * When the thread stops (a crash of the WebAssembly engine), what was waiting on it fails as a
 * lost connection does on PostgreSQL (code 08006: the app answers 503 and rides it out) and a
 * new thread opens the same directory, where PostgreSQL's own recovery replays its WAL.
 */
export class PgliteThread implements PgliteClient {
  private worker!: Worker;
  private readonly pending = new Map<number, { resolve: (value: unknown) => void; reject: (error: Error) => void }>();
  private readonly lanes: Record<Lane, Waiter[]> = { people: [], background: [] };
  private busy = false;
  private seq = 0;
  private closing = false;
  private startedAt = 0;

  private constructor(
    private readonly dataDir: string,
    private readonly options: ThreadOptions,
  ) {
    this.spawn();
  }

  /** Opens the database in `dataDir` on a new thread; resolves once it answers. */
  static async open(dataDir: string, options: ThreadOptions = {}): Promise<PgliteThread> {
    const thread = new PgliteThread(dataDir, options);
    try {
      await thread.query('select 1');
    } catch (error) {
      // Not started again: a thread that never answered leaves nothing running behind the failed open.
      thread.closing = true;
      await thread.worker.terminate();
      throw error;
    }
    return thread;
  }

  query<T>(sql: string, params?: unknown[], options?: QueryOptions): Promise<Results<T>> {
    return this.exclusive(() => this.statement<T>(sql, params, options));
  }

  exec(sql: string): Promise<Results[]> {
    return this.exclusive(() => this.call({ op: 'exec', sql }) as Promise<Results[]>);
  }

  transaction<T>(fn: (tx: PgliteClient) => Promise<T>): Promise<T> {
    return this.exclusive(async () => {
      const tx = (await this.call({ op: 'begin' })) as number;
      const client: PgliteClient = {
        query: (sql, params, options) => this.statement(sql, params, options, tx),
        exec: (sql) => this.call({ op: 'exec', sql, tx }) as Promise<Results[]>,
      };
      let result: T;
      try {
        result = await fn(client);
      } catch (error) {
        // The callback's error is the one that matters; a failed ROLLBACK only adds noise.
        await this.call({ op: 'end', tx, commit: false }).catch(() => undefined);
        throw error;
      }
      await this.call({ op: 'end', tx, commit: true });
      return result;
    });
  }

  async close(): Promise<void> {
    this.closing = true;
    await this.call({ op: 'close' }).catch(() => undefined);
    await this.worker.terminate();
  }

  /** Stops the thread at once, as a crash of the engine would (the restart's test). */
  async terminateThread(): Promise<void> {
    await this.worker.terminate();
  }

  /** Statements waiting for the thread, by lane. */
  waiting(): Record<Lane, number> {
    return { people: this.lanes.people.length, background: this.lanes.background.length };
  }

  private async statement<T>(sql: string, params: unknown[] | undefined, options: QueryOptions | undefined, tx?: number): Promise<Results<T>> {
    const parsers = options?.parsers;
    const rawOids = parsers ? Object.keys(parsers).map(Number) : undefined;
    const result = (await this.call({ op: 'query', sql, params, rowMode: options?.rowMode, rawOids, tx })) as Results<T>;
    if (parsers && rawOids!.length > 0) applyParsers(result, parsers as Record<number, (value: string, type: number) => unknown>);
    return result;
  }

  /** Runs `task` alone on the thread, in the caller's lane's turn. */
  private exclusive<T>(task: () => Promise<T>): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      this.lanes[currentLane()].push({
        since: performance.now(),
        run: () =>
          void task()
            .then(resolve, reject)
            .finally(() => {
              this.busy = false;
              this.dispatch();
            }),
      });
      this.dispatch();
    });
  }

  private dispatch(): void {
    if (this.busy) return;
    const { people, background } = this.lanes;
    const starved = background.length > 0 && performance.now() - background[0]!.since > (this.options.backgroundMaxWaitMs ?? BACKGROUND_MAX_WAIT_MS);
    const next = (starved ? background.shift() : people.shift()) ?? background.shift() ?? people.shift();
    if (!next) return;
    this.busy = true;
    next.run();
  }

  private call(request: Request): Promise<unknown> {
    if (this.closing && request.op !== 'close') return Promise.reject(stoppedError('the embedded database is closing'));
    const id = ++this.seq;
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      try {
        this.worker.postMessage({ ...request, id });
      } catch (error) {
        this.pending.delete(id);
        reject(error as Error);
      }
    });
  }

  private spawn(): void {
    this.startedAt = performance.now();
    const worker = new Worker(new URL('./pglite-worker-entry.mjs', import.meta.url), { workerData: { dataDir: this.dataDir } });
    this.worker = worker;
    worker.on('message', (reply: ThreadReply) => {
      const call = this.pending.get(reply.id);
      this.pending.delete(reply.id);
      if (!call) return;
      if (reply.error) call.reject(errorOf(reply.error));
      else call.resolve(reply.result);
    });
    worker.on('error', (error) => this.stopped(worker, error));
    worker.on('exit', (code) => this.stopped(worker, new Error(`the embedded database's thread exited with ${code}`)));
  }

  private stopped(worker: Worker, cause: Error): void {
    if (worker !== this.worker) return; // the 'exit' after an 'error' of a thread already replaced
    const error = stoppedError(`the embedded database's thread stopped: ${cause.message}`);
    for (const call of this.pending.values()) call.reject(error);
    this.pending.clear();
    if (this.closing) return;
    this.options.onStopped?.(cause);
    const wait = Math.max(0, this.startedAt + (this.options.restartEveryMs ?? RESTART_EVERY_MS) - performance.now());
    // Until the new thread is up, calls go to the stopped one and fail like the pending ones.
    this.worker = deadWorker(error);
    setTimeout(() => {
      if (!this.closing) this.spawn();
    }, wait).unref();
  }
}

/** Values of the types the caller has parsers for came back as text: parse them here. */
function applyParsers(result: Results<unknown>, parsers: Record<number, (value: string, type: number) => unknown>) {
  const fields = result.fields;
  for (let i = 0; i < fields.length; i++) {
    const parse = parsers[fields[i]!.dataTypeID];
    if (!parse) continue;
    const type = fields[i]!.dataTypeID;
    const key = fields[i]!.name;
    for (const row of result.rows as Record<string | number, unknown>[]) {
      const at = Array.isArray(row) ? i : key;
      const value = row[at];
      if (value !== null && value !== undefined) row[at] = parse(value as string, type);
    }
  }
}

/** PostgreSQL's error again, with its fields (code, detail, constraint …) as pg and PGlite give them. */
function errorOf(wire: WireError): Error {
  const { message, name, ...fields } = wire;
  const error = Object.assign(new Error(message), fields);
  if (name) error.name = name;
  return error;
}

/** As a lost connection reads to the app (lib/db-errors.ts isDatabaseUnavailable: 503, retried). */
function stoppedError(message: string): Error {
  return Object.assign(new Error(message), { code: '08006' });
}

/** Stands in for a thread being restarted: every call fails at once. */
function deadWorker(error: Error): Worker {
  return {
    postMessage: () => {
      throw error;
    },
    terminate: async () => 0,
  } as unknown as Worker;
}
