import http from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import type { CheckedAddress } from './address';

export interface PostOutcome {
  /** The response's status, or null when none came (refused, timed out, reset). */
  statusCode: number | null;
  /** At most EXCERPT_BYTES of the response body, as text. */
  excerpt: string | null;
  error: string | null;
  durationMs: number;
}

/** What the delivery list keeps of a response body. */
export const EXCERPT_BYTES = 1024;

/**
 * POSTs a signed delivery to the address that was checked (address.ts), never another that a
 * second look-up might give: the socket's look-up answers that address, while the URL's host
 * still names the server (Host header, TLS SNI and certificate check). A redirect is an answer
 * like any other (not followed); the whole exchange is cut at `timeoutMs`, and the response is
 * read to at most `maxBytes`, then the connection is closed, so an endpoint that never answers
 * or answers without end cannot hold the sender.
 */
export function postWebhook(url: URL, target: CheckedAddress, headers: Record<string, string>, body: string, options: { timeoutMs: number; maxBytes: number }): Promise<PostOutcome> {
  const started = performance.now();
  const pinned: LookupFunction = (_hostname, opts, callback) => {
    if ((opts as { all?: boolean }).all) (callback as unknown as (e: null, a: { address: string; family: number }[]) => void)(null, [target]);
    else callback(null, target.address, target.family);
  };
  return new Promise<PostOutcome>((resolve) => {
    let settled = false;
    const finish = (outcome: Omit<PostOutcome, 'durationMs'>) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve({ ...outcome, durationMs: Math.round(performance.now() - started) });
    };
    const request = (url.protocol === 'https:' ? https : http).request(url, {
      method: 'POST',
      lookup: pinned,
      agent: false,
      headers: { ...headers, 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(body)), 'user-agent': 'Ullage-Webhooks/1' },
    });
    const timer = setTimeout(() => {
      finish({ statusCode: null, excerpt: null, error: `no answer within ${options.timeoutMs} ms` });
      request.destroy();
    }, options.timeoutMs);
    request.on('error', (error: NodeJS.ErrnoException) => finish({ statusCode: null, excerpt: null, error: error.code ? `${error.code}: ${error.message}` : error.message }));
    request.on('response', (response) => {
      const chunks: Buffer[] = [];
      let size = 0;
      const done = (error: string | null) => {
        const text = Buffer.concat(chunks).subarray(0, EXCERPT_BYTES).toString('utf8');
        finish({ statusCode: response.statusCode ?? null, excerpt: text === '' ? null : text, error });
      };
      response.on('data', (chunk: Buffer) => {
        size += chunk.length;
        if (chunks.reduce((n, c) => n + c.length, 0) < EXCERPT_BYTES) chunks.push(chunk);
        if (size > options.maxBytes) {
          // Enough: the status is known; the rest is not read.
          done(`response over ${options.maxBytes} bytes: not read further`);
          response.destroy();
          request.destroy();
        }
      });
      response.on('end', () => done(null));
      response.on('error', () => done('response cut off'));
      response.on('aborted', () => done('response cut off'));
    });
    request.end(body);
  });
}
