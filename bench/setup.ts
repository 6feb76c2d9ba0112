/** What the benchmarks share: a server's bench stations, a light HTTP client, figures. */
import http from 'node:http';
import pg from 'pg';
import net from 'node:net';
import type { BenchStation } from '@ullage/simulator/bench-batches';
import { E2E_ADMIN_PASSWORD, type RunningServer } from '../e2e/server';

export interface Fleet {
  stations: (BenchStation & { key: string; index: number })[];
}

/** The bench database, dropped and created afresh: every run starts from the same empty state. */
export async function recreateDatabase(url: string): Promise<void> {
  const admin = new pg.Client({ connectionString: url.replace(/\/[^/]+$/, '/postgres') });
  await admin.connect();
  const dbName = new URL(url).pathname.slice(1);
  await admin.query(`drop database if exists ${dbName} with (force)`);
  await admin.query(`create database ${dbName}`);
  await admin.end();
}

export const rate = (n: number, ms: number) => Math.round((n / ms) * 1000);
export const fmt = (n: number) => n.toLocaleString('en-US');

/**
 * Waits until a load loop's next report is due: `perSecond` readings a second from `started`
 * (performance.now()), `sent` sent so far. 0 is unpaced (as fast as the server takes them).
 */
export async function paced(started: number, sent: number, perSecond: number): Promise<void> {
  if (perSecond <= 0) return;
  const due = started + (sent / perSecond) * 1000;
  if (due > performance.now()) await new Promise((r) => setTimeout(r, due - performance.now()));
}

export async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const probe = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

export async function api(server: RunningServer, cookie: string, method: string, path: string, body?: unknown) {
  const res = await fetch(`${server.baseUrl}${path}`, { method, headers: { cookie, 'content-type': 'application/json' }, body: body === undefined ? undefined : JSON.stringify(body) });
  const json = (await res.json()) as { code: number; msg: string; data: never };
  if (json.code !== 1000) throw new Error(`${method} ${path}: ${json.code} ${json.msg}`);
  return json.data as Record<string, unknown>;
}

/** Thresholds of every bench tank (2,000 mm high, 15 L/mm): set, so every reading is evaluated for alarms (DESIGN.md §8: "alarms evaluated"). */
export const BENCH_THRESHOLDS = { lowOilAlarmMm: 200, lowOilWarnMm: 300, highOilWarnMm: 1800, highOilAlarmMm: 1900, highWaterAlarmMm: 100 };

/** The session cookie of an account signed in through the API (`name=value`, for a Cookie header). */
export async function signIn(baseUrl: string, username: string, password: string): Promise<string> {
  const res = await fetch(`${baseUrl}/api/login/auth`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username, password }) });
  const cookie = (res.headers.get('set-cookie') ?? '').split(';')[0]!;
  if (!cookie) throw new Error(`${username} could not sign in: ${res.status} ${await res.text()}`);
  return cookie;
}

/**
 * Bench stations created through the settings API, as an operator would, `parallel` at a time;
 * answers their device keys, in the order of their codes (`index` is the position).
 */
export async function createFleet(server: RunningServer, prefix: string, stationCount: number, tankCount: number, parallel = 6): Promise<Fleet> {
  const cookie = await signIn(server.baseUrl, 'admin', E2E_ADMIN_PASSWORD);
  const companies = (await api(server, cookie, 'GET', '/api/company/list?pageSize=50')).list as { id: number; code: string }[];
  const products = (await api(server, cookie, 'GET', '/api/product/list?pageSize=50')).list as { id: number }[];
  const companyId = companies.find((c) => c.code === 'NWP')!.id;
  const productId = products[0]!.id;
  const strapping = Array.from({ length: 41 }, (_, i) => ({ heightMm: i * 50, volumeL: i * 50 * 15 }));
  const tanks = Array.from({ length: tankCount }, (_, t) => ({ code: String(t + 1), productId, heightMm: 2000, volumeL: 30_000, strapping, ...BENCH_THRESHOLDS }));
  const stations: Fleet['stations'] = new Array(stationCount);
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(parallel, stationCount) }, async () => {
      for (let s = next++; s < stationCount; s = next++) {
        const code = `${prefix}${String(s + 1).padStart(stationCount > 9999 ? 5 : 4, '0')}`;
        const saved = await api(server, cookie, 'POST', '/api/station', { name: `Bench ${code}`, code, taxNumber: code, companyId, timezone: 'UTC', deviceType: 'ullage-collector', tanks });
        stations[s] = { code, key: saved.deviceKey as string, index: s, tanks: tanks.map((t) => ({ code: t.code })) };
      }
    }),
  );
  return { stations };
}

/** node:http with keep-alive: a lighter client than fetch, which on two shared cores would tax the server it measures. */
export const agent = new http.Agent({ keepAlive: true, maxSockets: 64 });
export function post(url: string, key: string, body: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const req = http.request(url, { method: 'POST', agent, headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) } }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (text += chunk));
      res.on('end', () => resolve(text));
    });
    req.on('error', reject);
    req.end(body);
  });
}

