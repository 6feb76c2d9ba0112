import { once } from 'node:events';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deviceReport } from '@ullage/contracts/device';
import { testStation } from '../model/test-station';
import { createHttpTransport } from './http';
import type { SendError } from './types';

const result = { accepted: 2, duplicates: 1, refused: [{ path: 'readings[2].temperatureC', message: 'too hot' }], serverTime: '2025-01-01T00:00:00.000Z', clockSkewSeconds: 0.5, clockFlagged: false };
let server: Server;
let base = '';
let reply: { status: number; body: unknown } = { status: 200, body: { code: 1000, msg: 'ok', data: result } };
const seen: { url?: string; auth?: string; body: unknown }[] = [];

beforeAll(async () => {
  server = createServer(async (req: IncomingMessage, res) => {
    let text = '';
    for await (const chunk of req) text += chunk;
    seen.push({ url: req.url, auth: req.headers.authorization, body: JSON.parse(text) });
    res.writeHead(reply.status, { 'content-type': 'application/json' }).end(JSON.stringify(reply.body));
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
});
afterAll(() => new Promise<void>((r) => server.close(() => r())));

const report = { sentAt: '2025-01-01T00:00:00.000Z', readings: [{ tank: '1', ts: '2025-01-01T00:00:00.000Z', productHeightMm: 1000, temperatureC: 15 }] };

describe('HTTP transport', () => {
  const station = testStation('NWP-SH01');

  it('posts the batch with the device key and returns the result', async () => {
    const t = createHttpTransport(base);
    await expect(t.send(station, report)).resolves.toEqual(result);
    expect(seen.at(-1)).toEqual({ url: '/api/device/v1/stations/NWP-SH01/report', auth: 'Bearer demo-device-key:NWP-SH01', body: report });
    expect(deviceReport.safeParse(seen.at(-1)!.body).success).toBe(true);
  });

  it('says whether a failure is worth retrying', async () => {
    const t = createHttpTransport(base);
    const failure = async () => t.send(station, report).then(() => null, (e: unknown) => e as SendError);
    reply = { status: 503, body: { code: 50000, msg: 'busy' } };
    expect(await failure()).toMatchObject({ name: 'SendError', retry: true, message: expect.stringContaining('503 code 50000: busy') });
    reply = { status: 400, body: { code: 40000, msg: 'readings: too many' } };
    expect(await failure()).toMatchObject({ retry: false });
    reply = { status: 401, body: { code: 40100, msg: 'unknown device key' } };
    expect(await failure()).toMatchObject({ retry: true });
    reply = { status: 200, body: { code: 1000, msg: 'ok', data: { accepted: 'many' } } };
    expect(await failure()).toMatchObject({ retry: false });
    reply = { status: 200, body: { code: 1000, msg: 'ok', data: result } };
    // A port that was just free: nothing listens (port 9, the discard port, fetch refuses to ask at all).
    const gone = createServer().listen(0, '127.0.0.1');
    await once(gone, 'listening');
    const port = (gone.address() as AddressInfo).port;
    await new Promise<void>((r) => gone.close(() => r()));
    const closed = createHttpTransport(`http://127.0.0.1:${port}`);
    // The cause, not only fetch's "fetch failed": a refused connection is a server gone, not a busy one.
    await expect(closed.send(station, report)).rejects.toMatchObject({ retry: true, message: expect.stringMatching(/fetch failed \(ECONNREFUSED\)$/) });
  });
});
