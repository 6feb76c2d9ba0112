import { expect } from 'vitest';
import { baseUrl } from './browser';

/** The answer to a device report (docs/device-protocol.md). */
export interface DeviceAnswer {
  code: number;
  msg?: string;
  data: { accepted: number; duplicates: number; refused: unknown[]; commands?: { id: number; kind: string }[] };
}

/** A demo station's device reports through the public device API, as a collector would (its key is `demo-device-key:<code>`). */
export async function deviceReport(station: string, body: object, base = baseUrl()): Promise<DeviceAnswer> {
  const response = await fetch(`${base}/api/device/v1/stations/${station}/report`, {
    method: 'POST',
    headers: { Authorization: `Bearer demo-device-key:${station}`, 'Content-Type': 'application/json' },
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
