/**
 * The embedded database on a thread of its own (pglite-thread.ts is the other side). PGlite runs
 * PostgreSQL compiled to WebAssembly: every statement holds the thread it runs on until it ends.
 * Here that is this worker, not the server's main thread, so pages, static files and live feeds
 * are served while a statement runs (issue 36).
 *
 * Messages in: open, query, exec, begin (a transaction), end (commit or roll it back), close.
 * Each is answered once with its id: { id, result } or { id, error }.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite, type Results, type Transaction } from '@electric-sql/pglite';
import type { ThreadRequest, ThreadReply, WireError } from './pglite-protocol';

const port = parentPort!;
const { dataDir } = workerData as { dataDir: string };
const opening = PGlite.create({ dataDir });
const transactions = new Map<number, { tx: Transaction; end: (commit: boolean) => void }>();
let nextTx = 0;

/** Values of these types stay text here; the main thread applies its own parsers to them. */
function rawParsers(oids: number[] | undefined) {
  if (!oids || oids.length === 0) return undefined;
  return Object.fromEntries(oids.map((oid) => [oid, (value: string) => value]));
}

/** The error as plain data: PostgreSQL's fields (code, detail, constraint …) survive the hop. */
function wire(error: unknown): WireError {
  if (!(error instanceof Error)) return { message: String(error) };
  const out: WireError = { message: error.message, name: error.name };
  for (const [key, value] of Object.entries(error)) {
    if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') out[key] = value;
  }
  return out;
}

/** Results without their Blob (none is asked for) and in a shape structured clone copies. */
const plain = (r: Results) => ({ rows: r.rows, fields: r.fields, affectedRows: r.affectedRows, rowCount: r.rowCount, command: r.command });

async function handle(message: ThreadRequest): Promise<unknown> {
  const db = await opening;
  switch (message.op) {
    case 'query': {
      const target = message.tx === undefined ? db : transactions.get(message.tx)?.tx;
      if (!target) throw new Error(`transaction ${message.tx} is not open`);
      return plain(await target.query(message.sql, message.params, { rowMode: message.rowMode, parsers: rawParsers(message.rawOids) }));
    }
    case 'exec': {
      const target = message.tx === undefined ? db : transactions.get(message.tx)?.tx;
      if (!target) throw new Error(`transaction ${message.tx} is not open`);
      return (await target.exec(message.sql)).map(plain);
    }
    case 'begin': {
      const id = ++nextTx;
      // Answered once the transaction is open; it stays open until 'end' settles the callback.
      return new Promise<number>((opened, failed) => {
        db.transaction(
          (tx) =>
            new Promise<void>((commit, rollback) => {
              transactions.set(id, { tx, end: (ok) => (ok ? commit() : rollback(ROLLBACK)) });
              opened(id);
            }),
        ).then(
          () => settle(id, null),
          (error: unknown) => {
            failed(error); // when BEGIN itself failed (no-op once opened)
            settle(id, error === ROLLBACK ? null : error);
          },
        );
      });
    }
    case 'end': {
      const open = transactions.get(message.tx);
      if (!open) throw new Error(`transaction ${message.tx} is not open`);
      const done = new Promise<void>((resolve, reject) => endings.set(message.tx, { resolve, reject }));
      open.end(message.commit);
      await done;
      return null;
    }
    case 'close':
      await db.close();
      return null;
  }
}

const ROLLBACK = Symbol('rollback');
const endings = new Map<number, { resolve: () => void; reject: (error: unknown) => void }>();

/** A transaction's callback settled: COMMIT (or ROLLBACK) is done; its 'end' is answered. */
function settle(id: number, error: unknown) {
  transactions.delete(id);
  const ending = endings.get(id);
  endings.delete(id);
  if (error) ending?.reject(error);
  else ending?.resolve();
}

port.on('message', (message: ThreadRequest) => {
  handle(message).then(
    (result) => port.postMessage({ id: message.id, result } satisfies ThreadReply),
    (error: unknown) => port.postMessage({ id: message.id, error: wire(error) } satisfies ThreadReply),
  );
});
