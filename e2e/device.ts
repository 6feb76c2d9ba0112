import { expect } from 'vitest';
import { adminCookie } from './admin-api';
import { baseUrl } from './browser';

/** The answer to a device report (docs/device-protocol.md). */
export interface DeviceAnswer {
  code: number;
  msg?: string;
  data: { accepted: number; duplicates: number; refused: unknown[]; commands?: { id: number; kind: string }[] };
}

const keys = new Map<string, Promise<string>>();

/**
 * Forgets the keys taken over, after each file (worker-server.setup.ts): a later file on this
 * worker may share the server with a file of another worker that rotated the key again.
 */
export function forgetDeviceKeys(): void {
  keys.clear();
}

/**
 * A demo station's device key. The seed's keys are random and shown to no one, so the test takes
 * the station's device over as an administrator would: rotates its key (Settings → Stations)
 * once per server and station, and keeps the new one.
 */
export function deviceKeyOf(station: string, base = baseUrl()): Promise<string> {
  const cached = keys.get(`${base} ${station}`);
  if (cached) return cached;
  const key = (async () => {
    const cookie = await adminCookie(base);
    const found = (await (await fetch(`${base}/api/station/list?pageSize=100`, { headers: { cookie } })).json()) as { data: { list: { id: number; code: string }[] } };
    const id = found.data.list.find((s) => s.code === station)?.id;
    if (id === undefined) throw new Error(`no station ${station}`);
    const rotated = (await (await fetch(`${base}/api/station/${id}/device-key`, { method: 'POST', headers: { cookie } })).json()) as { data: { deviceKey: string } };
    return rotated.data.deviceKey;
  })();
  keys.set(`${base} ${station}`, key);
  return key;
}

/** A demo station's device reports through the public device API, as a collector would (with its key from `deviceKeyOf`). */
export async function deviceReport(station: string, body: object, base = baseUrl()): Promise<DeviceAnswer> {
  const response = await fetch(`${base}/api/device/v1/stations/${station}/report`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${await deviceKeyOf(station, base)}`, 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });
  return (await response.json()) as DeviceAnswer;
}

/** The same, held to being taken whole: code 1000 and nothing refused. Answers what was accepted. */
export async function reportAccepted(station: string, body: object, base = baseUrl()): Promise<DeviceAnswer['data']> {
  const answer = await deviceReport(station, body, base);
  expect([answer.code, answer.data.refused]).toEqual([1000, []]);
  return answer.data;
}

/**
 * A station's readings, however many, in reports of 1,000 (a fifth of the device API's batch
 * limit, so a report stays small enough to send quickly), each held to being taken whole.
 */
export async function readingsAccepted(station: string, readings: readonly object[], base = baseUrl()): Promise<void> {
  for (let i = 0; i < readings.length; i += 1000) await reportAccepted(station, { readings: readings.slice(i, i + 1000) }, base);
}
