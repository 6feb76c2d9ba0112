import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client';
import { liveSessionHashes } from '../sessions/session-repo';
import type { LiveBus } from './bus';
import { onSessionsEnded } from './session-ends';

/**
 * Ends the open live streams whose session no longer stands: at once when an instance ends
 * sessions (session-ends.ts, through the live bus), and every `checkMs` for what no one announces
 * (idle expiry, an end announced while the bus was down). One query per check for all open streams.
 */
export class SessionWatch {
  /** Each open stream's end, with the session it was opened under. */
  private readonly watched = new Map<() => void, string>();
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;
  private again = false;
  private readonly unlisten: () => void;

  constructor(
    private readonly db: Db,
    private readonly checkMs: number,
    private readonly log: FastifyBaseLogger,
    bus: LiveBus,
  ) {
    this.unlisten = onSessionsEnded(bus, () => void this.check());
  }

  /** Watches a stream's session; the answer stops watching (when the stream closes). */
  watch(tokenHash: string, end: () => void): () => void {
    this.watched.set(end, tokenHash);
    this.timer ??= setInterval(() => void this.check(), this.checkMs).unref();
    return () => {
      this.watched.delete(end);
      if (this.watched.size === 0) this.stopTimer();
    };
  }

  /** Checks now; a check asked for while one runs runs again after it (it may have read too early). */
  check(): Promise<void> {
    if (this.running) {
      this.again = true;
      return this.running;
    }
    this.running = this.checkOnce()
      .catch((error: unknown) => this.log.warn({ err: error }, 'live stream session check failed'))
      .finally(() => {
        this.running = undefined;
        if (this.again) {
          this.again = false;
          void this.check();
        }
      });
    return this.running;
  }

  stop(): void {
    this.unlisten();
    this.stopTimer();
    this.watched.clear();
  }

  private async checkOnce(): Promise<void> {
    if (this.watched.size === 0) return;
    const live = await liveSessionHashes(this.db, [...new Set(this.watched.values())]);
    for (const [end, tokenHash] of [...this.watched]) if (!live.has(tokenHash)) end();
  }

  private stopTimer(): void {
    clearInterval(this.timer);
    this.timer = undefined;
  }
}
