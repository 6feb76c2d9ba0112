import http from 'node:http';
import type { AddressInfo } from 'node:net';

/** How the receiver answers one request: a status, never (to be timed out), or a body far over the read limit. */
export type Reply = { status: number; body?: string } | 'hang' | { status: number; bigBytes: number };

export interface Received {
  headers: http.IncomingHttpHeaders;
  body: string;
  reply: Reply;
}

/**
 * A webhook receiver on loopback for tests (node:http): it keeps each request and answers with
 * the next reply queued (`answer`), or `fallback` when none is. Closing it ends hanging requests.
 */
export async function startReceiver(fallback: Reply = { status: 200, body: 'ok' }) {
  const received: Received[] = [];
  const queue: Reply[] = [];
  const waiting: ((r: Received) => void)[] = [];
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (c: Buffer) => chunks.push(c));
    request.on('end', () => {
      const reply = queue.shift() ?? fallback;
      const entry = { headers: request.headers, body: Buffer.concat(chunks).toString('utf8'), reply };
      received.push(entry);
      waiting.splice(0).forEach((w) => w(entry));
      if (reply === 'hang') return;
      if ('bigBytes' in reply) {
        response.writeHead(reply.status, { 'content-type': 'text/plain' });
        // Written in pieces until the client goes: a sender that reads it all would never finish.
        const piece = Buffer.alloc(16 * 1024, 'x');
        let sent = 0;
        const more = () => {
          while (sent < reply.bigBytes && !response.destroyed) {
            sent += piece.length;
            if (!response.write(piece)) return void response.once('drain', more);
          }
          response.end();
        };
        response.on('error', () => undefined);
        return more();
      }
      response.writeHead(reply.status, { 'content-type': 'text/plain' }).end(reply.body ?? '');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/hooks`,
    received,
    /** Replies for the next requests, in order. */
    answer(...replies: Reply[]) {
      queue.push(...replies);
    },
    /** The next request to arrive. */
    next(): Promise<Received> {
      return new Promise((resolve) => waiting.push(resolve));
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
export type Receiver = Awaited<ReturnType<typeof startReceiver>>;
