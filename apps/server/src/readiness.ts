import type { Db } from './db/client';
import { ping } from './db/client';
import type { LiveBus } from './live/bus';

export type Check = 'ok' | 'down' | 'n/a';
export type ReadyAnswer = { status: 'ready' | 'unavailable'; database: 'ok' | 'down'; bus: Check; broker: Check } | { status: 'stopping' };

/**
 * Whether this instance should be given new work (GET /api/ready), as against whether it is
 * alive (GET /api/health). A load balancer checks readiness: an instance whose live bus or
 * external MQTT broker is away still serves, but its clients would miss the other instances'
 * events, so it is taken out of rotation until they are back; one shutting down is taken out
 * at once, before it stops listening, so no new request is sent to it.
 */
export class Readiness {
  private stoppingSince: number | null = null;
  /** The external MQTT broker's state, once main.ts has connected it (null: none to check). */
  private broker: () => boolean | null = () => null;

  constructor(private readonly deps: { db: Db; bus: LiveBus }) {}

  get stopping(): boolean {
    return this.stoppingSince !== null;
  }

  /** From now on the instance answers 503 {status: 'stopping'}; never undone (a process shuts down once). */
  stop(): void {
    this.stoppingSince ??= Date.now();
  }

  watchBroker(connected: () => boolean | null): void {
    this.broker = connected;
  }

  async check(): Promise<{ ready: boolean; answer: ReadyAnswer }> {
    if (this.stopping) return { ready: false, answer: { status: 'stopping' } };
    const database = (await ping(this.deps.db)) ? 'ok' : 'down';
    const bus: Check = this.deps.bus.kind === 'local' ? 'n/a' : this.deps.bus.connected ? 'ok' : 'down';
    const brokerUp = this.broker();
    const broker: Check = brokerUp === null ? 'n/a' : brokerUp ? 'ok' : 'down';
    // Checked again after the ping: a shutdown may have begun while it ran.
    if (this.stopping) return { ready: false, answer: { status: 'stopping' } };
    const ready = database === 'ok' && bus !== 'down' && broker !== 'down';
    return { ready, answer: { status: ready ? 'ready' : 'unavailable', database, bus, broker } };
  }
}
