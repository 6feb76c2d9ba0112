import { monitorEventLoopDelay } from 'node:perf_hooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { MAX_REPLY_BYTES } from '@ullage/domain/atg/frame';
import { rawRows } from '../../lib/raw-sql';
import { startTestApp, type TestContext } from '../../test/harness';
import type { startFakeAtgConsole} from '../../test/fake-atg-console';
import { type FakeAtgConsole } from '../../test/fake-atg-console';
import { fakeConsoleAt } from '../../test/fake-atg-console-station';
import { AtgPoller } from './poller';

/**
 * Issue 20 #5: a console that streams without ever ending its frame must not stall the server.
 * Its replies are refused at MAX_REPLY_BYTES; a healthy console beside it is polled on time and
 * the API stays fast, measured by the event loop's delay.
 */
let ctx: TestContext;
let poller: AtgPoller;
const consoles: FakeAtgConsole[] = [];
const station: Record<string, number> = {};

beforeAll(async () => {
  ctx = await startTestApp();
  for (const r of await rawRows<{ id: number; code: string }>(ctx.db, sql`select id, code from stations`)) station[r.code] = r.id;
  poller = new AtgPoller({ db: ctx.db, bus: ctx.app.bus, ingest: ctx.app.ingest, logger: ctx.app.log, clock: () => new Date(), timeouts: { connectMs: 2000, firstByteMs: 2000, idleMs: 2000, capMs: 20_000 }, autoPoll: false });
});
afterAll(async () => {
  await poller?.stop();
  for (const c of consoles) await c.close();
  await ctx?.close();
});

async function consoleFor(code: string, options: Parameters<typeof startFakeAtgConsole>[0]): Promise<void> {
  const fake = await fakeConsoleAt(ctx.db, station[code]!, options);
  consoles.push(fake);
}

describe('a console that streams without end (issue 20 #5)', () => {
  it('is refused at the size limit, while a healthy console beside it is polled on time and the API stays fast', async () => {
    await consoleFor('NWP-SZ02', { faults: { streamForever: true } });
    await consoleFor('NWP-SH01', {});
    await poller.reload();
    const streaming = poller.poller(station['NWP-SZ02']!)!;
    const healthy = poller.poller(station['NWP-SH01']!)!;

    // Warm up (first connection, station cache, ingest's first write) before measuring.
    expect(await healthy.pollOnce()).toBe(true);
    await ctx.app.inject({ method: 'GET', url: '/api/health' });

    /** The streaming console polled `rounds` times in the background; `alongside` runs meanwhile, again and again. */
    async function whileStreaming(rounds: number, alongside: () => Promise<void>): Promise<boolean[]> {
      let done = false;
      const streamed = (async () => {
        const outcomes: boolean[] = [];
        for (let i = 0; i < rounds; i++) outcomes.push(await streaming.pollOnce());
        return outcomes;
      })().finally(() => (done = true));
      // Bounded, so that a server that stalls fails the test rather than hanging it.
      const until = Date.now() + 25_000;
      while (!done && Date.now() < until) {
        await alongside();
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      return done ? streamed : [];
    }

    // 1. The event loop and the API while the console streams (the API's own database work is all there is beside it).
    const delay = monitorEventLoopDelay({ resolution: 10 });
    const healthChecks: number[] = [];
    delay.enable();
    const refused = await whileStreaming(3, async () => {
      const started = performance.now();
      expect((await ctx.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
      healthChecks.push(performance.now() - started);
    });
    delay.disable();
    const maxDelayMs = delay.max / 1e6;

    // 2. The healthy console polled meanwhile: every poll answered, none near the 2 s first-byte timeout.
    const healthyPolls: { ok: boolean; ms: number }[] = [];
    await whileStreaming(3, async () => {
      const started = performance.now();
      const ok = await healthy.pollOnce();
      healthyPolls.push({ ok, ms: performance.now() - started });
    });

    console.info(
      `event loop delay max ${maxDelayMs.toFixed(0)} ms; /api/health max ${Math.max(...healthChecks).toFixed(0)} ms over ${healthChecks.length}; healthy polls ${healthyPolls.map((p) => p.ms.toFixed(0)).join(', ')} ms`,
    );
    // Each streaming round is refused (not answered) long before the 20 s cap.
    expect(refused).toEqual([false, false, false]);
    // Before the fix a single packet's rescan blocked the loop for seconds.
    expect(maxDelayMs).toBeLessThan(500);
    expect(Math.max(...healthChecks)).toBeLessThan(500);
    expect(healthyPolls.length).toBeGreaterThanOrEqual(1);
    // On time: each answered within the 2 s first-byte timeout (a late one fails as "no reply"), as before the fix they did not.
    expect(healthyPolls.every((p) => p.ok)).toBe(true);

    // The streaming station's status says why; the healthy one's is clean.
    expect(streaming.status()).toMatchObject({ connected: false });
    expect(streaming.status().lastError).toContain(`The console sent more than ${MAX_REPLY_BYTES} bytes without ending its answer`);
    expect(healthy.status()).toMatchObject({ connected: true, lastError: null });
  }, 60_000);
});
