import type { FastifyInstance } from 'fastify';
import type { DeviceCommand, DeviceCommandAck } from '@ullage/contracts/device';

/**
 * A device for the tests, speaking HTTP push through `app.inject`: reports, reads the commands
 * in the answer, answers them, downloads firmware. Demo stations' keys are known
 * (seed/demo-fleet.ts demoDeviceKey).
 */
export function testDevice(app: FastifyInstance, code: string, key = `demo-device-key:${code}`) {
  const headers = { authorization: `Bearer ${key}` };
  return {
    code,
    /** Sends a report with one reading of tank 1; answers the commands that came back. */
    async report(): Promise<DeviceCommand[]> {
      const res = await app.inject({
        method: 'POST',
        url: `/api/device/v1/stations/${code}/report`,
        headers,
        payload: { sentAt: new Date().toISOString(), readings: [{ tank: '1', ts: new Date(Date.now() - 1000).toISOString(), productHeightMm: 1000, temperatureC: 18 }] },
      });
      const body = res.json() as { code: number; data: { commands?: DeviceCommand[] } };
      if (body.code !== 1000) throw new Error(`report refused: ${res.body}`);
      return body.data.commands ?? [];
    },
    async pending() {
      return app.inject({ method: 'GET', url: `/api/device/v1/stations/${code}/commands`, headers });
    },
    async ack(id: number, ack: Omit<DeviceCommandAck, 'id'>) {
      return app.inject({ method: 'POST', url: `/api/device/v1/stations/${code}/commands/${id}/ack`, headers, payload: ack });
    },
    async download(url: string) {
      return app.inject({ method: 'GET', url, headers });
    },
  };
}

/** Calls an API route as a signed-in user. */
export function asUser(app: FastifyInstance, cookie: string, language = 'en') {
  const call = (method: 'GET' | 'POST' | 'DELETE', url: string, payload?: unknown, extra: Record<string, string> = {}) =>
    app.inject({ method, url, headers: { cookie, language, ...extra }, ...(payload === undefined ? {} : { payload: payload as object }) });
  return {
    get: (url: string) => call('GET', url),
    post: (url: string, payload?: unknown) => call('POST', url, payload ?? {}),
    delete: (url: string) => call('DELETE', url),
    /** A raw file body, as the pages send files. */
    upload: (url: string, bytes: Buffer) => app.inject({ method: 'POST', url, headers: { cookie, language, 'content-type': 'application/octet-stream' }, payload: bytes }),
  };
}
