import { createDecipheriv, createECDH, createPublicKey, hkdfSync, randomBytes, verify } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

/** One POST the push service received. */
export interface PushedRequest {
  path: string;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

/**
 * A Web Push service on loopback, as Mozilla's or Google's would take a message: it records each
 * POST and answers 201, or what a test set for a path (410: the browser unsubscribed).
 */
export class FakePushService {
  readonly received: PushedRequest[] = [];
  private readonly answers = new Map<string, number>();

  private constructor(
    private readonly server: http.Server,
    readonly origin: string,
  ) {}

  static async start(): Promise<FakePushService> {
    const server = http.createServer();
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const service = new FakePushService(server, `http://127.0.0.1:${(server.address() as AddressInfo).port}`);
    server.on('request', (req: http.IncomingMessage, res: http.ServerResponse) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        const path = req.url ?? '';
        service.received.push({ path, headers: req.headers, body: Buffer.concat(chunks) });
        const status = service.answers.get(path) ?? 201;
        // 0: a push service that never answers (the sender's timeout must end the wait).
        if (status === 0) return;
        res.writeHead(status).end();
      });
    });
    return service;
  }

  endpoint(path: string): string {
    return `${this.origin}/push/${path}`;
  }

  /** The status answered to `path`; 0 answers nothing, ever. */
  answer(path: string, status: number): void {
    this.answers.set(`/push/${path}`, status);
  }

  to(path: string): PushedRequest[] {
    return this.received.filter((r) => r.path === `/push/${path}`);
  }

  close(): Promise<void> {
    this.server.closeAllConnections();
    return new Promise((resolve) => this.server.close(() => resolve()));
  }
}

const b64url = (b: Buffer) => b.toString('base64url');

/**
 * A browser's side of a subscription: a P-256 key pair and a 16-byte auth secret, and the
 * decryption a browser does of an aes128gcm message (RFC 8291 keys, RFC 8188 framing).
 */
export function browserSubscription(endpoint: string) {
  const ecdh = createECDH('prime256v1');
  const publicKey = ecdh.generateKeys();
  const auth = randomBytes(16);
  return {
    subscription: { endpoint, expirationTime: null, keys: { p256dh: b64url(publicKey), auth: b64url(auth) } },
    decrypt(body: Buffer): string {
      // Header: salt (16), record size (4), key id length (1), key id (the sender's public key).
      const salt = body.subarray(0, 16);
      const idLength = body.readUInt8(20);
      const senderKey = body.subarray(21, 21 + idLength);
      const ciphertext = body.subarray(21 + idLength);
      const shared = ecdh.computeSecret(senderKey);
      const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), publicKey, senderKey]);
      const ikm = Buffer.from(hkdfSync('sha256', shared, auth, keyInfo, 32));
      const cek = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: aes128gcm\0'), 16));
      const nonce = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: nonce\0'), 12));
      const decipher = createDecipheriv('aes-128-gcm', cek, nonce);
      decipher.setAuthTag(ciphertext.subarray(ciphertext.length - 16));
      const padded = Buffer.concat([decipher.update(ciphertext.subarray(0, ciphertext.length - 16)), decipher.final()]);
      // One record, the last: the text, the delimiter 0x02, then zero padding.
      const end = padded.lastIndexOf(2);
      if (end < 0 || padded.subarray(end + 1).some((b) => b !== 0)) throw new Error('no last-record delimiter');
      return padded.subarray(0, end).toString('utf8');
    },
  };
}

/**
 * Checks a VAPID Authorization header (RFC 8292) as a push service does: `vapid t=<JWT>, k=<key>`,
 * the JWT signed ES256 by the key's private half. Answers the key and the JWT's claims.
 */
export function verifyVapid(authorization: string | undefined): { publicKey: string; claims: { aud: string; exp: number; sub: string } } {
  const m = /^vapid t=([\w-]+\.[\w-]+\.[\w-]+), k=([\w-]+)$/.exec(authorization ?? '');
  if (!m) throw new Error(`not a VAPID authorization: ${authorization}`);
  const [header, payload, signature] = m[1]!.split('.') as [string, string, string];
  const raw = Buffer.from(m[2]!, 'base64url');
  const key = createPublicKey({ key: { kty: 'EC', crv: 'P-256', x: b64url(raw.subarray(1, 33)), y: b64url(raw.subarray(33, 65)) }, format: 'jwk' });
  if (JSON.parse(Buffer.from(header, 'base64url').toString()).alg !== 'ES256') throw new Error('not ES256');
  const valid = verify('sha256', Buffer.from(`${header}.${payload}`), { key, dsaEncoding: 'ieee-p1363' }, Buffer.from(signature, 'base64url'));
  if (!valid) throw new Error('VAPID signature does not verify');
  return { publicKey: m[2]!, claims: JSON.parse(Buffer.from(payload, 'base64url').toString()) };
}
