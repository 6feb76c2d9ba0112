import { Worker } from 'node:worker_threads';
import type { Cell } from '@ullage/domain/strapping-import';
import { ValidationError, type FieldRule } from '../../plugins/errors';
import type { IMPORT_TYPES } from './strapping-file';

/** How long one import file may take to read, and the heap its reader may use. */
export const IMPORT_READ_TIMEOUT_MS = 20_000;
export const IMPORT_READ_MAX_HEAP_MB = 256;
/** The reader thread ends this long after its last file, giving its memory back. */
export const IMPORT_READER_IDLE_MS = 30_000;

interface Job {
  resolve: (grid: Cell[][]) => void;
  reject: (error: unknown) => void;
  timer: NodeJS.Timeout;
}

const tooComplex = () => new ValidationError([{ field: 'importFile', rule: 'rule.importTooComplex', params: { seconds: IMPORT_READ_TIMEOUT_MS / 1000, mb: IMPORT_READ_MAX_HEAP_MB } }]);

let reader: { worker: Worker; jobs: Map<number, Job>; idle?: NodeJS.Timeout } | undefined;
let seq = 0;

/** Ends the reader thread; its pending files are refused with `error` (their reading passed a limit). */
function stop(error: () => unknown): void {
  const current = reader;
  if (!current) return;
  reader = undefined;
  clearTimeout(current.idle);
  for (const job of current.jobs.values()) {
    clearTimeout(job.timer);
    job.reject(error());
  }
  current.jobs.clear();
  void current.worker.terminate();
}

function start() {
  // Starting a thread loads the TypeScript loader and exceljs (seconds on a busy machine), so
  // one is kept while files come and ended when none has for a while.
  const worker = new Worker(new URL('./import-reader-entry.mjs', import.meta.url), {
    resourceLimits: { maxOldGenerationSizeMb: IMPORT_READ_MAX_HEAP_MB, maxYoungGenerationSizeMb: 32 },
  });
  const current: NonNullable<typeof reader> = { worker, jobs: new Map() };
  worker.on('message', (message: { id: number; grid?: Cell[][]; fields?: FieldRule[]; error?: string }) => {
    const job = current.jobs.get(message.id);
    if (!job) return;
    current.jobs.delete(message.id);
    clearTimeout(job.timer);
    if (message.grid) job.resolve(message.grid);
    else if (message.fields) job.reject(new ValidationError(message.fields));
    else job.reject(new Error(message.error ?? 'import reader failed'));
    if (current.jobs.size === 0 && reader === current) {
      // An idle reader keeps no process alive.
      worker.unref();
      current.idle = setTimeout(() => stop(tooComplex), IMPORT_READER_IDLE_MS).unref();
    }
  });
  // Out of heap (ERR_WORKER_OUT_OF_MEMORY) is a file's doing; the next file gets a new thread.
  worker.on('error', (error: Error & { code?: string }) => {
    if (reader === current) stop(() => (error.code === 'ERR_WORKER_OUT_OF_MEMORY' ? tooComplex() : error));
  });
  worker.on('exit', () => {
    if (reader === current) stop(tooComplex);
  });
  return current;
}

/**
 * Reads an import file (strapping-file.ts gridOf) on a worker thread of bounded heap and time
 * (issue 20 #18): parsing a spreadsheet holds the thread that does it, and that must not be
 * the one answering everyone else.
 */
export function readImportGrid(bytes: Buffer, type: (typeof IMPORT_TYPES)[number]): Promise<Cell[][]> {
  reader ??= start();
  const current = reader;
  clearTimeout(current.idle);
  current.worker.ref();
  const id = ++seq;
  return new Promise<Cell[][]>((resolve, reject) => {
    // A file still being read after the timeout ends the thread (and whatever it was reading).
    const timer = setTimeout(() => {
      if (reader === current) stop(tooComplex);
    }, IMPORT_READ_TIMEOUT_MS).unref();
    current.jobs.set(id, { resolve, reject, timer });
    current.worker.postMessage({ id, bytes, type });
  });
}
