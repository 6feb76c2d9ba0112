import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/pglite';
import { isDatabaseUnavailable, pgCode } from '../lib/db-errors';
import { rawRows } from '../lib/raw-sql';
import { backend } from '../test/databases';
import type { Db } from './client';
import { inBackground, useLanes } from './lanes';
import { PgliteThread } from './pglite-thread';
import * as schema from './schema';

/**
 * The embedded database on its own thread (issue 36): the same answers as PGlite in place —
 * rows, types, PostgreSQL's errors, transactions — people's statements before the background's,
 * and a thread that stops is started again with the data intact.
 */
const copies: string[] = [];
function copyOfTemplate(): string {
  const dir = path.resolve('.tmp', `pglite-thread-${process.pid}-${copies.length}`);
  fs.rmSync(dir, { recursive: true, force: true });
  fs.cpSync(path.join(inject('pgliteTemplate'), 'pg'), dir, { recursive: true });
  copies.push(dir);
  return dir;
}

let thread: PgliteThread;
let inPlace: PGlite;
let onThread: Db;
let here: Db;
const stops: Error[] = [];
const put = (db: Pick<Db, 'execute'>, name: string) => db.execute(sql`insert into probe (name) values (${name})`);
const names = async () => (await rawRows<{ name: string }>(onThread, sql`select name from probe`)).map((r) => r.name);

describe.skipIf(backend() !== 'pglite')('PGlite on a worker thread', () => {
  beforeAll(async () => {
    useLanes();
    thread = await PgliteThread.open(copyOfTemplate(), { onStopped: (e) => stops.push(e), restartEveryMs: 0, backgroundMaxWaitMs: 300 });
    inPlace = await PGlite.create({ dataDir: copyOfTemplate() });
    onThread = drizzle(thread as never, { schema }) as unknown as Db;
    here = drizzle(inPlace, { schema }) as unknown as Db;
    await onThread.execute(sql`create table probe (name text constraint probe_name_unique unique)`);
  });

  afterAll(async () => {
    await thread?.close();
    await inPlace?.close();
    for (const dir of copies) fs.rmSync(dir, { recursive: true, force: true });
  });

  it('answers every type as PGlite in place does: drizzle rows, raw rows, timestamps, numerics, arrays, json, bytes, nulls', async () => {
    const statement = sql`select 1::int as i, 2::bigint as b, 1.25::numeric(6,2) as n, 0.5::float8 as f, 'ü'::text as t, true as ok,
      timestamptz '2026-03-01 10:00:00+00' as at, date '2026-03-01' as d, interval '90 minutes' as span,
      array[1,2,3]::int[] as ints, array[1.5, 2.25]::numeric[] as nums, array[timestamptz '2026-03-01 10:00:00+00'] as ats,
      '{"a":[1,"x"]}'::jsonb as j, '\\x00ff'::bytea as raw, null::text as nothing`;
    const mine = await rawRows(onThread, statement);
    const theirs = await rawRows(here, statement);
    expect(mine).toEqual(theirs);
    expect(mine[0]).toMatchObject({ i: 1, t: 'ü', ok: true, nothing: null, j: { a: [1, 'x'] } });
    // drizzle's own parsers (timestamps kept as text) applied on this side of the hop
    const [row] = await onThread.select({ at: sql<string>`${sql.raw("timestamptz '2026-03-01 10:00:00+00'")}`.mapWith(String) }).from(sql`(select 1) s`);
    expect(row!.at).toBe((await here.select({ at: sql<string>`${sql.raw("timestamptz '2026-03-01 10:00:00+00'")}`.mapWith(String) }).from(sql`(select 1) s`))[0]!.at);
  });

  it("keeps PostgreSQL's errors whole: code, constraint and detail reach the app as PGlite's do", async () => {
    await put(onThread, 'Diesel T');
    const error = await put(onThread, 'Diesel T').then(
      () => null,
      (e: unknown) => e,
    );
    expect(pgCode(error)).toBe('23505');
    const cause = (error as { cause?: { constraint?: string; detail?: string } }).cause;
    expect(cause?.constraint).toBe('probe_name_unique');
    expect(cause?.detail).toContain('Diesel T');
    expect(isDatabaseUnavailable(error)).toBe(false);
    // The thread goes on after an error.
    expect(await rawRows(onThread, sql`select 2 as two`)).toEqual([{ two: 2 }]);
  });

  it('commits a transaction, rolls back one that throws, and a savepoint inside rolls back alone', async () => {
    await onThread.transaction(async (tx) => {
      await put(tx, 'Kept');
      await tx
        .transaction(async (inner) => {
          await put(inner, 'Inner, undone');
          throw new Error('undo the savepoint');
        })
        .catch(() => undefined);
    });
    await expect(
      onThread.transaction(async (tx) => {
        await put(tx, 'Undone');
        throw new Error('undo all');
      }),
    ).rejects.toThrow('undo all');
    const kept = await names();
    expect(kept).toContain('Kept');
    expect(kept).not.toContain('Inner, undone');
    expect(kept).not.toContain('Undone');
    // A statement that fails inside a transaction fails the transaction, which the app sees.
    await expect(
      onThread.transaction(async (tx) => {
        await put(tx, 'Half');
        await tx.execute(sql`select 1/0`);
      }),
    ).rejects.toSatisfy((e: unknown) => pgCode(e) === '22012');
    expect(await names()).not.toContain('Half');
  });

  it("runs people's statements before the background's waiting, and the background's after at most backgroundMaxWaitMs (here 300 ms)", async () => {
    const order: string[] = [];
    const ask = (label: string) => onThread.execute(sql`select 1`).then(() => order.push(label));
    // A background transaction holds the thread while three more background statements and then a person's queue up.
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    const holding = inBackground(() => onThread.transaction(async (tx) => (await tx.execute(sql`select 1`), await held)));
    await expect.poll(() => thread.waiting().people + thread.waiting().background, { interval: 5 }).toBe(0);
    const background = inBackground(() => Promise.all([ask('b1'), ask('b2'), ask('b3')]));
    await expect.poll(() => thread.waiting().background, { interval: 5 }).toBe(3);
    const person = ask('person');
    await expect.poll(() => thread.waiting().people, { interval: 5 }).toBe(1);
    release();
    await Promise.all([holding, background, person]);
    expect(order).toEqual(['person', 'b1', 'b2', 'b3']);

    // People asking without pause do not starve the background: it goes next once it has waited 150 ms.
    // A hundred people's statements of a few ms queued at once, then a background one.
    let peopleDone = 0;
    const started = performance.now();
    const people = Promise.all(Array.from({ length: 100 }, () => onThread.execute(sql`select count(*) from generate_series(1, 30000)`).then(() => peopleDone++)));
    const waited = await inBackground(() => onThread.execute(sql`select 1`).then(() => ({ ms: performance.now() - started, passed: peopleDone })));
    await people;
    // People's went first, but not all of them: the background's went once it had waited 300 ms.
    expect(waited.passed).toBeGreaterThan(0);
    expect(waited.passed).toBeLessThan(100);
    expect(waited.ms).toBeGreaterThanOrEqual(300);
  });

  it('a thread that stops fails what waits on it as a lost connection (503), and is started again with the data intact', async () => {
    await put(onThread, 'Before the crash');
    const during = onThread.execute(sql`select pg_sleep(0.5)`).then(
      () => null,
      (e: unknown) => e,
    );
    await new Promise((r) => setTimeout(r, 50));
    await thread.terminateThread();
    const error = await during;
    expect(pgCode(error)).toBe('08006');
    expect(isDatabaseUnavailable(error)).toBe(true);
    expect(stops).toHaveLength(1);
    // The new thread opens the same directory; PostgreSQL's recovery keeps what was committed.
    await expect
      .poll(async () => (await names().catch((): string[] => [])).includes('Before the crash'), { timeout: 20_000, interval: 100 })
      .toBe(true);
  });
});
