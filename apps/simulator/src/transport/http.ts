import { deviceCommand, deviceReportResult, type DeviceCommand, type DeviceReportAnswer } from '@ullage/contracts/device';
import { envelopeOf } from '@ullage/contracts/envelope';
import type { SimStation } from '../model/types';
import { SendError, type Transport } from './types';

const answer = envelopeOf(deviceReportResult.optional());

/** The commands in an answer, read one by one: a kind this simulator does not know must not cost the batch. */
function commandsOf(json: unknown): DeviceCommand[] {
  const list = (json as { data?: { commands?: unknown } } | null)?.data?.commands;
  if (!Array.isArray(list)) return [];
  return list.flatMap((c) => {
    const parsed = deviceCommand.safeParse(c);
    return parsed.success ? [parsed.data] : [];
  });
}

/**
 * Why a request failed, with its cause: fetch says only "fetch failed", and the cause (a reset
 * connection, a refused one, a socket closed by the other side) is what tells a busy server from a
 * gone one.
 */
function failureOf(err: unknown): string {
  const message = err instanceof Error ? err.message : String(err);
  const cause = err instanceof Error ? (err.cause as { code?: string; message?: string } | undefined) : undefined;
  const why = cause?.code ?? cause?.message;
  return why ? `${message} (${why})` : message;
}

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
export function createHttpTransport(baseUrl: string, options: HttpTransportOptions = {}): Transport & { download(station: SimStation, url: string): Promise<Buffer> } {
  const root = baseUrl.replace(/\/+$/, '');
  const timeoutMs = options.timeoutMs ?? 30_000;
  // Aborts requests still in flight when the transport closes, so stopping a fleet is prompt.
  const closing = new AbortController();
  return {
    async send(station, report): Promise<DeviceReportAnswer> {
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
        throw new SendError(`POST ${url}: ${failureOf(err)}`, true);
      }
      let parsed: ReturnType<typeof answer.safeParse> | undefined;
      let commands: DeviceCommand[] = [];
      try {
        const json: unknown = JSON.parse(text);
        parsed = answer.safeParse(json);
        commands = commandsOf(json);
      } catch {
        parsed = undefined;
      }
      const body = parsed?.success ? parsed.data : undefined;
      if (!res.ok || !body || body.code !== 1000 || !body.data) {
        const why = body ? `code ${body.code}: ${body.msg}` : text.slice(0, 200);
        throw new SendError(`POST ${url}: HTTP ${res.status} ${why}`, res.status >= 500 || RETRY_STATUSES.has(res.status));
      }
      return commands.length > 0 ? { ...body.data, commands } : body.data;
    },
    /** `POST …/commands/{id}/ack` with the device key. */
    async ack(station, ack) {
      const url = `${root}/api/device/v1/stations/${encodeURIComponent(station.code)}/commands/${ack.id}/ack`;
      const res = await fetch(url, {
        method: 'POST',
        headers: { authorization: `Bearer ${station.deviceKey}`, 'content-type': 'application/json' },
        body: JSON.stringify(ack),
        signal: AbortSignal.any([AbortSignal.timeout(timeoutMs), closing.signal]),
      });
      const body = (await res.json().catch(() => null)) as { code?: number; msg?: string } | null;
      if (body?.code !== 1000) throw new Error(`POST ${url}: HTTP ${res.status} ${body?.msg ?? ''}`);
    },
    /** A firmware file by the (server-relative) URL of its upgrade command, with the device key. */
    async download(station, url) {
      const res = await fetch(new URL(url, `${root}/`), { headers: { authorization: `Bearer ${station.deviceKey}` }, signal: AbortSignal.any([AbortSignal.timeout(timeoutMs), closing.signal]) });
      if (!res.ok) throw new Error(`HTTP ${res.status}`);
      return Buffer.from(await res.arrayBuffer());
    },
    async close() {
      closing.abort();
    },
  };
}
