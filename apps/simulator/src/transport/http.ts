import { deviceReportResult, type DeviceReportResult } from '@ullage/contracts/device';
import { envelopeOf } from '@ullage/contracts/envelope';
import { SendError, type Transport } from './types';

const answer = envelopeOf(deviceReportResult.optional());

/** Statuses worth retrying: the server or network may recover, or the station/key may be set up later. */
const RETRY_STATUSES = new Set([401, 403, 404, 408, 425, 429]);

export interface HttpTransportOptions {
  /** Give up on one request after this long; the batch stays queued. */
  timeoutMs?: number;
}

/**
 * HTTP push: `POST {baseUrl}/api/device/v1/stations/{code}/report` with the device key as a
 * bearer token. Node's global fetch (undici) keeps connections alive and pools them per origin
 * by default, so a fleet reuses a few sockets instead of opening one per report.
 */
export function createHttpTransport(baseUrl: string, options: HttpTransportOptions = {}): Transport {
  const root = baseUrl.replace(/\/+$/, '');
  const timeoutMs = options.timeoutMs ?? 30_000;
  // Aborts requests still in flight when the transport closes, so stopping a fleet is prompt.
  const closing = new AbortController();
  return {
    async send(station, report): Promise<DeviceReportResult> {
      const url = `${root}/api/device/v1/stations/${encodeURIComponent(station.code)}/report`;
      let res: Response;
      let text: string;
      try {
        res = await fetch(url, {
          method: 'POST',
          headers: { authorization: `Bearer ${station.deviceKey}`, 'content-type': 'application/json' },
          body: JSON.stringify(report),
          signal: AbortSignal.any([AbortSignal.timeout(timeoutMs), closing.signal]),
        });
        text = await res.text();
      } catch (err) {
        throw new SendError(`POST ${url}: ${(err as Error).message}`, true);
      }
      let parsed: ReturnType<typeof answer.safeParse> | undefined;
      try {
        parsed = answer.safeParse(JSON.parse(text));
      } catch {
        parsed = undefined;
      }
      const body = parsed?.success ? parsed.data : undefined;
      if (!res.ok || !body || body.code !== 1000 || !body.data) {
        const why = body ? `code ${body.code}: ${body.msg}` : text.slice(0, 200);
        throw new SendError(`POST ${url}: HTTP ${res.status} ${why}`, res.status >= 500 || RETRY_STATUSES.has(res.status));
      }
      return body.data;
    },
    async close() {
      closing.abort();
    },
  };
}
