import pg from 'pg';
import { reconnectDelay } from './backoff';
import type { BusTransport, TransportSink } from './bus';

const CHANNEL = 'ullage_live';
/** NOTIFY refuses a payload of 8000 bytes or more; ours carry a one-letter kind before the message. */
const NOTIFY_MAX_BYTES = 7999;
/** Stored payloads are read back within milliseconds; these are kept long past any listener's delay. */
const KEEP_STORED = '10 minutes';
const CLEANUP_EVERY_MS = 60_000;
/** U+001E, chr(30): between messages sent in one statement. */
const SEPARATOR = '\u001e';

/**
 * The live bus over PostgreSQL LISTEN/NOTIFY (no REDIS_URL), on a connection of its own, not
 * the pool's: a LISTEN lives as long as its session, and a pooled connection would be handed to
 * queries. The same connection sends, so this instance's messages go out in order. A message of
 * 8000 bytes or more is stored in live_bus_payloads and its id sent instead (`r<id>`; inline
 * ones are `m<message>`); listeners read it back, and hand messages on in the order heard even
 * when one waits for its read. A lost connection is reconnected with backoff and LISTENs again.
 * The connection is named `ullage-live-<instance>` (application_name in pg_stat_activity).
 */
export class PostgresTransport implements BusTransport {
  readonly name = 'postgres' as const;
  private client: pg.Client | null = null;
  private sink!: TransportSink;
  private attempt = 0;
  private retryTimer: NodeJS.Timeout | undefined;
  private cleanupTimer: NodeJS.Timeout | undefined;
  private closed = false;
  private handing: Promise<void> = Promise.resolve();
  /** The connection's statements, one after the other (pg 9 will refuse a query while one runs). */
  private statements: Promise<unknown> = Promise.resolve();

  constructor(
    private readonly url: string,
    private readonly instanceId: string,
  ) {}

  start(sink: TransportSink): void {
    this.sink = sink;
    this.cleanupTimer = setInterval(() => this.deleteOld(), CLEANUP_EVERY_MS);
    this.cleanupTimer.unref();
    void this.connect();
  }

  /**
   * Sends in order. Messages that queue while a statement runs go out together in the next one
   * (every report of a busy fleet publishes; one round trip each would cap the bus at the
   * connection's round-trip rate and hold alarms behind inventory). PostgreSQL delivers one
   * statement's notifications in order and folds identical payloads of one transaction into one.
   */
  send(text: string): Promise<void> {
    if (!this.client) return Promise.reject(new Error('the live bus is not connected to PostgreSQL'));
    const inline = `m${text}`;
    return new Promise((resolve, reject) => {
      this.outbox.push({ text, inline: Buffer.byteLength(inline) <= NOTIFY_MAX_BYTES ? inline : null, resolve, reject });
      if (!this.sending) {
        this.sending = true;
        void this.serially(() => this.sendQueued());
      }
    });
  }

  private readonly outbox: { text: string; inline: string | null; resolve: () => void; reject: (error: unknown) => void }[] = [];
  /** A sendQueued is scheduled or running. */
  private sending = false;

  /** Sends the inline messages at the head of the outbox in one statement, or the stored one there; then what queued meanwhile. */
  private async sendQueued(): Promise<void> {
    const client = this.client;
    const head = this.outbox[0]!;
    const stored = head.inline === null;
    const firstStored = this.outbox.findIndex((m) => m.inline === null);
    const taken = this.outbox.splice(0, stored ? 1 : firstStored < 0 ? this.outbox.length : firstStored);
    try {
      if (!client) throw new Error('the live bus is not connected to PostgreSQL');
      if (stored) {
        // One statement: the row is committed when the notification goes out, and stays in order.
        await client.query(`with stored as (insert into live_bus_payloads (payload) values ($1) returning id) select pg_notify($2, 'r' || id) from stored`, [head.text, CHANNEL]);
      } else {
        // Named: prepared once on this connection, not parsed and planned again for every send.
        // Messages are JSON, which never holds a raw control character: joined by the record
        // separator they go as one text, not an array literal pg escapes quote by quote.
        const inline = taken.map((m) => m.inline!);
        if (inline.every((t) => !t.includes(SEPARATOR))) {
          await client.query({ name: 'ullage-live-notify-joined', text: 'select pg_notify($1, m) from unnest(string_to_array($2, chr(30))) as m', values: [CHANNEL, inline.join(SEPARATOR)] });
        } else {
          await client.query({ name: 'ullage-live-notify', text: 'select pg_notify($1, m) from unnest($2::text[]) as m', values: [CHANNEL, inline] });
        }
      }
      for (const m of taken) m.resolve();
    } catch (error) {
      for (const m of taken) m.reject(error);
    }
    if (this.outbox.length > 0) void this.serially(() => this.sendQueued());
    else this.sending = false;
  }

  async close(): Promise<void> {
    this.closed = true;
    clearTimeout(this.retryTimer);
    clearInterval(this.cleanupTimer);
    const client = this.client;
    this.client = null;
    await client?.end().catch(() => {});
  }

  private async connect() {
    const client = new pg.Client({ connectionString: this.url, application_name: `ullage-live-${this.instanceId}`, keepAlive: true });
    let lastError: unknown;
    // Without a listener, an error on an idle connection (the server going away) would crash the process.
    client.on('error', (error) => (lastError = error));
    client.on('end', () => {
      if (this.client !== client) return;
      this.client = null;
      this.sink.state(false, lastError);
      this.retry();
    });
    client.on('notification', (notification) => {
      if (notification.channel === CHANNEL && notification.payload !== undefined) this.heard(client, notification.payload);
    });
    try {
      await client.connect();
      await client.query(`listen ${CHANNEL}`);
    } catch (error) {
      await client.end().catch(() => {});
      this.sink.state(false, error);
      this.retry();
      return;
    }
    if (this.closed) {
      await client.end().catch(() => {});
      return;
    }
    this.client = client;
    this.attempt = 0;
    this.sink.state(true);
  }

  private retry() {
    if (this.closed) return;
    this.attempt += 1;
    this.retryTimer = setTimeout(() => void this.connect(), reconnectDelay(this.attempt));
    this.retryTimer.unref();
  }

  private heard(client: pg.Client, payload: string) {
    // The read starts now; what it found is handed on after every message heard before it.
    const reading: Promise<{ text?: string; error?: unknown }> = payload.startsWith('r')
      ? this.serially(() => client.query<{ payload: string }>('select payload from live_bus_payloads where id = $1', [payload.slice(1)])).then(
          (result) => (result.rows[0] ? { text: result.rows[0].payload } : { error: new Error(`stored live bus payload ${payload.slice(1)} is gone`) }),
          (error: unknown) => ({ error }),
        )
      : Promise.resolve({ text: payload.slice(1) });
    this.handing = this.handing.then(async () => {
      const read = await reading;
      if (read.text !== undefined) this.sink.message(read.text);
      else this.sink.lost(read.error);
    }).catch((error: unknown) => this.sink.lost(error));
  }

  private deleteOld() {
    const client = this.client;
    if (client) this.serially(() => client.query(`delete from live_bus_payloads where created_at < now() - interval '${KEEP_STORED}'`)).catch(() => {});
  }

  /** Runs `statement` after those asked for before it: this instance's messages leave in the order sent. */
  private serially<T>(statement: () => Promise<T>): Promise<T> {
    const run = this.statements.then(statement);
    this.statements = run.catch(() => {});
    return run;
  }
}
