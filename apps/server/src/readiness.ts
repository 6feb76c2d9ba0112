import type { DatabaseAvailability } from './db/availability';
import type { Db } from './db/client';
import { ping } from './db/client';
import type { LiveBus } from './live/bus';

export type Check = 'ok' | 'down' | 'n/a';
export type ReadyAnswer = { status: 'ready' | 'unavailable'; database: 'ok' | 'down'; bus: Check; broker: Check } | { status: 'stopping' };

/**
 * Whether this instance should be given new work (GET /api/ready), as against whether it is
 * alive (GET /api/health). Ready means: not shutting down, and the database answers — the one
 * thing no page and no device report can do without. The live bus (Redis or LISTEN/NOTIFY) and
 * an external MQTT broker are reported but do not make an instance unready: every instance
 * loses them together, so taking instances out would turn a degraded live fan-out into an
 * outage of everything. Without the bus, alarm feeds still catch up from the database every 5 s
 * and monitor events reach the clients of their own instance; without the broker, MQTT devices
 * resend and HTTP devices are unaffected (docs/deploy.md "Health and readiness"). One shutting
 * down is taken out at once, before it stops listening, so no new request is sent to it.
 */
export class Readiness {
  private stoppingSince: number | null = null;
  /** The external MQTT broker's state, once main.ts has connected it (null: none to check). */
  private broker: () => boolean | null = () => null;

  constructor(private readonly deps: { db: Db; bus: LiveBus; database: DatabaseAvailability }) {}

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
    const answers = await ping(this.deps.db);
    if (!answers) this.deps.database.unreachable(new Error('readiness ping failed'));
    const database = answers ? 'ok' : 'down';
    const bus: Check = this.deps.bus.kind === 'local' ? 'n/a' : this.deps.bus.connected ? 'ok' : 'down';
    const brokerUp = this.broker();
    const broker: Check = brokerUp === null ? 'n/a' : brokerUp ? 'ok' : 'down';
    // Checked again after the ping: a shutdown may have begun while it ran.
    if (this.stopping) return { ready: false, answer: { status: 'stopping' } };
    const ready = database === 'ok';
    return { ready, answer: { status: ready ? 'ready' : 'unavailable', database, bus, broker } };
  }
}
