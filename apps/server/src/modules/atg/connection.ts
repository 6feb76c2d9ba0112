import net from 'node:net';
import { buildCommand, decodeFrame, ETX, FrameScanner, MAX_REPLY_BYTES, type FrameOutcome } from '@ullage/domain/atg/frame';

/** Why a command got no usable answer; each is shown to the user as its own message. */
export type AtgFailure = 'refused' | 'unreachable' | 'timeout' | 'closed' | 'checksum' | 'unsupported' | 'malformed' | 'oversize';

export class AtgError extends Error {
  constructor(
    readonly failure: AtgFailure,
    detail: string,
    /** The function code asked, when the failure is one command's rather than the connection's. */
    readonly command: string | null = null,
  ) {
    super(detail);
    this.name = 'AtgError';
  }
}

/**
 * The reference gives no timeouts; these are its recommendation (atg-protocol.md §1): a
 * bridged console at 1200 baud takes half a minute for a long report, so the cap is generous
 * while silence is noticed quickly.
 */
export interface AtgTimeouts {
  connectMs: number;
  firstByteMs: number;
  idleMs: number;
  capMs: number;
}
export const DEFAULT_TIMEOUTS: AtgTimeouts = { connectMs: 5_000, firstByteMs: 10_000, idleMs: 5_000, capMs: 60_000 };

export interface AtgEndpoint {
  host: string;
  port: number;
  securityCode?: string | null;
  /** Appended to each command; the manuals define none, some gateways want CR LF. */
  terminator?: string;
  etx?: number;
  timeouts?: Partial<AtgTimeouts>;
}

/** A reply the console sent: a verified computer-format frame, or a display report's lines. */
export type AtgReply = Extract<FrameOutcome, { kind: 'computer' } | { kind: 'display' }>;

/**
 * One TCP connection to a console, one command at a time (a console drops a second command
 * sent before the first is answered). Connects on first use and again after any failure; a
 * timeout closes the socket so that a late reply is never read as the next command's.
 */
export class AtgConnection {
  private socket: net.Socket | null = null;
  private connecting: Promise<net.Socket> | null = null;
  private queue: Promise<unknown> = Promise.resolve();
  private readonly timeouts: AtgTimeouts;
  private closed = false;
  private opened = 0;

  constructor(private readonly endpoint: AtgEndpoint) {
    this.timeouts = { ...DEFAULT_TIMEOUTS, ...endpoint.timeouts };
  }

  /** Counts the sockets opened so far: a change means the console was connected to afresh. */
  get generation(): number {
    return this.opened;
  }

  get connected(): boolean {
    return this.socket !== null && !this.socket.destroyed;
  }

  /** Sends `code` (e.g. `i20100`) and resolves with the console's reply, or rejects with an AtgError. */
  query(code: string): Promise<AtgReply> {
    const run = this.queue.then(() => this.exchange(code));
    this.queue = run.catch(() => undefined);
    return run;
  }

  close(): void {
    this.closed = true;
    this.drop();
  }

  /** Lets go of the socket but stays usable: the next query connects again. */
  disconnect(): void {
    this.drop();
  }

  private drop(): void {
    this.socket?.destroy();
    this.socket = null;
  }

  private connect(): Promise<net.Socket> {
    if (this.connected) return Promise.resolve(this.socket!);
    this.connecting ??= new Promise<net.Socket>((resolve, reject) => {
      const socket = net.connect({ host: this.endpoint.host, port: this.endpoint.port });
      socket.setNoDelay(true);
      const timer = setTimeout(() => {
        socket.destroy();
        reject(new AtgError('unreachable', `no connection to ${this.endpoint.host}:${this.endpoint.port} within ${this.timeouts.connectMs} ms`));
      }, this.timeouts.connectMs);
      socket.once('connect', () => {
        clearTimeout(timer);
        socket.removeAllListeners('error');
        // Errors after connecting end the socket; the exchange in progress sees 'close'.
        socket.on('error', () => undefined);
        socket.once('close', () => {
          if (this.socket === socket) this.socket = null;
        });
        this.socket = socket;
        this.opened++;
        resolve(socket);
      });
      socket.once('error', (error: NodeJS.ErrnoException) => {
        clearTimeout(timer);
        socket.destroy();
        reject(new AtgError(error.code === 'ECONNREFUSED' ? 'refused' : 'unreachable', `${this.endpoint.host}:${this.endpoint.port}: ${error.code ?? error.message}`));
      });
    }).finally(() => {
      this.connecting = null;
    });
    return this.connecting;
  }

  private async exchange(code: string): Promise<AtgReply> {
    if (this.closed) throw new AtgError('closed', 'the connection was closed');
    const socket = await this.connect();
    const etx = this.endpoint.etx ?? ETX;
    return new Promise<AtgReply>((resolve, reject) => {
      const scanner = new FrameScanner(etx);
      let received = 0;
      const timers: NodeJS.Timeout[] = [];
      const finish = (error: AtgError | null, reply?: AtgReply) => {
        for (const t of timers) clearTimeout(t);
        clearTimeout(idle);
        socket.off('data', onData);
        socket.off('close', onClose);
        if (error) {
          // Whatever arrives later belongs to this command, not the next: start afresh.
          if (error.failure === 'timeout' || error.failure === 'closed' || error.failure === 'oversize') this.drop();
          reject(error);
        } else resolve(reply!);
      };
      const timeout = (what: string) => () => finish(new AtgError('timeout', `${code}: ${what}`, code), undefined);
      let idle = setTimeout(timeout(`no reply within ${this.timeouts.firstByteMs} ms`), this.timeouts.firstByteMs);
      timers.push(setTimeout(timeout(`reply not complete within ${this.timeouts.capMs} ms`), this.timeouts.capMs));

      const onData = (chunk: Buffer) => {
        clearTimeout(idle);
        idle = setTimeout(timeout(`the console stopped sending for ${this.timeouts.idleMs} ms`), this.timeouts.idleMs);
        received += chunk.length;
        // Only the new bytes are looked at (issue 20 #5: rescanning the whole reply on every
        // packet let one talkative console stall the server).
        for (const frame of scanner.push(chunk)) {
          const outcome = decodeFrame(frame, code);
          switch (outcome.kind) {
            case 'computer':
            case 'display':
              return finish(null, outcome);
            case 'mismatch':
              // A late answer to an earlier command: skip it and keep waiting for ours.
              continue;
            case 'unsupported':
              return finish(new AtgError('unsupported', `${code}: the console does not know this command (9999FF1B)`, code));
            case 'checksum':
              return finish(new AtgError('checksum', `${code}: checksum ${outcome.got}, expected ${outcome.expected}`, code));
            case 'malformed':
              return finish(new AtgError('malformed', `${code}: ${outcome.reason}`, code));
          }
        }
        if (received > MAX_REPLY_BYTES) finish(new AtgError('oversize', `${code}: more than ${MAX_REPLY_BYTES} bytes without a complete reply`, code));
      };
      const onClose = () => finish(new AtgError('closed', `${code}: the console closed the connection`, code));
      socket.on('data', onData);
      socket.once('close', onClose);
      socket.write(buildCommand(code, { securityCode: this.endpoint.securityCode ?? undefined, terminator: this.endpoint.terminator }));
    });
  }
}
