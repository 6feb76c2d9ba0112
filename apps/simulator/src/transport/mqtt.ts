import { randomUUID } from 'node:crypto';
import { connect, type MqttClient } from 'mqtt';
import { CODES } from '@ullage/contracts/codes';
import { deviceCommand, deviceReportResult, mqttAckTopic, mqttCommandAckTopic, mqttCommandTopic, mqttReportTopic, type DeviceReportResult } from '@ullage/contracts/device';
import type { SimStation } from '../model/types';
import { SendError, type CommandListener, type Transport } from './types';

export interface MqttTransportOptions {
  /** How long to wait for the connection, and then for the server's answer on the ack topic. */
  timeoutMs?: number;
  /** Put the device key in each batch too: needed on an external broker, where the login does not identify the station. */
  keyInBody?: boolean;
  logger?: (msg: string) => void;
  /** Commands the server publishes on the station's command topic. */
  onCommand?: CommandListener;
}

interface Waiter {
  batchId: string | undefined;
  resolve: (r: DeviceReportResult) => void;
  reject: (e: Error) => void;
  timer: NodeJS.Timeout;
}

interface Connection {
  client: MqttClient;
  /**
   * Sends awaiting their answer. An answer names its batch (`batchId` echoed in the result);
   * one that does not (a refusal) goes to the oldest, which is exact since the fleet sends one
   * batch at a time per station.
   */
  waiting: Waiter[];
  ready: Promise<void>;
}

/**
 * Reads an answer on the ack topic: the HTTP envelope `{code, msg?, data}` or the bare result.
 * A refused device key is worth retrying (the key may yet be set); any other refusal is not.
 */
export function parseAck(payload: Buffer): DeviceReportResult | SendError {
  let json: unknown;
  try {
    json = JSON.parse(payload.toString('utf8'));
  } catch {
    return new SendError(`unreadable ack: ${payload.toString('utf8').slice(0, 200)}`, false);
  }
  if (json && typeof json === 'object' && 'code' in json) {
    const env = json as { code: unknown; msg?: unknown; data?: unknown };
    if (env.code !== CODES.ok) return new SendError(`refused: code ${String(env.code)}: ${String(env.msg)}`, env.code === CODES.sessionInvalid);
    json = env.data;
  }
  const parsed = deviceReportResult.safeParse(json);
  return parsed.success ? parsed.data : new SendError(`unexpected ack: ${JSON.stringify(json).slice(0, 200)}`, false);
}

/**
 * MQTT: one client per station (username = station code, password = device key), publishing
 * the batch at QoS 1 to the station's report topic and waiting for the server's answer on
 * its ack topic. Clients connect on first use and reconnect by themselves.
 */
export function createMqttTransport(mqttUrl: string, options: MqttTransportOptions = {}): Transport {
  const timeoutMs = options.timeoutMs ?? 30_000;
  // Waiting longer for a connection only holds the station's queue; the next tick tries again.
  const connectWaitMs = Math.min(timeoutMs, 10_000);
  const log = options.logger ?? (() => {});
  const connections = new Map<string, Connection>();
  // Settles when the transport closes, so sends waiting for a connection give up at once.
  let isClosed = false;
  let markClosed = () => {};
  const closed = new Promise<never>((_, reject) => {
    markClosed = () => reject(new SendError('transport closed', true));
  });
  closed.catch(() => {});

  function open(station: SimStation): Connection {
    const client = connect(mqttUrl, {
      username: station.code,
      password: station.deviceKey,
      clientId: `ullage-sim-${station.code}-${randomUUID().slice(0, 8)}`,
      reconnectPeriod: 5_000,
      // A refused login is retried too: the station or its key may be set up on the server later.
      reconnectOnConnackError: true,
      connectTimeout: timeoutMs,
    });
    const conn: Connection = {
      client,
      waiting: [],
      ready: new Promise<void>((resolve) => client.once('connect', () => resolve())).then(async () => {
        await client.subscribeAsync(mqttAckTopic(station.code), { qos: 1 });
        // Subscribing is also how the device asks for the commands waiting for it.
        if (options.onCommand) await client.subscribeAsync(mqttCommandTopic(station.code), { qos: 1 });
      }),
    };
    conn.ready.catch(() => {}); // awaited with a timeout in send; avoid an unhandled rejection here
    let lastError = '';
    client.on('error', (err) => {
      // Logged once per distinct error: a refused login would otherwise repeat every reconnect.
      if (err.message !== lastError) log(`${station.code}: MQTT ${err.message}`);
      lastError = err.message;
    });
    client.on('message', (topic, payload) => {
      if (topic === mqttCommandTopic(station.code)) {
        let json: unknown;
        try {
          json = JSON.parse(payload.toString('utf8'));
        } catch {
          return log(`${station.code}: unreadable command`);
        }
        const command = deviceCommand.safeParse(json);
        if (command.success) options.onCommand?.(station, command.data);
        else log(`${station.code}: command not understood: ${payload.toString('utf8').slice(0, 200)}`);
        return;
      }
      if (topic !== mqttAckTopic(station.code)) return;
      const result = parseAck(payload);
      const id = result instanceof Error ? undefined : result.batchId;
      // An answer for a batch no longer waited on (its send timed out) is dropped: the batch is resent, and counted then.
      const at = id === undefined ? 0 : conn.waiting.findIndex((w) => w.batchId === id);
      const waiter = at < 0 ? undefined : conn.waiting.splice(at, 1)[0];
      if (!waiter) return;
      clearTimeout(waiter.timer);
      if (result instanceof Error) waiter.reject(result);
      else waiter.resolve(result);
    });
    connections.set(station.code, conn);
    return conn;
  }

  return {
    async send(station, report) {
      if (isClosed) throw new SendError('transport closed', true);
      const conn = connections.get(station.code) ?? open(station);
      let timer: NodeJS.Timeout | undefined;
      const timeout = new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new SendError(`MQTT not connected after ${connectWaitMs} ms`, true)), connectWaitMs);
      });
      try {
        await Promise.race([conn.ready, timeout, closed]);
      } catch (err) {
        if (err instanceof SendError) throw err;
        // The ack subscription failed: start afresh with the next send.
        connections.delete(station.code);
        conn.client.endAsync(true).catch(() => {});
        throw new SendError(`MQTT subscribe: ${(err as Error).message}`, true);
      } finally {
        clearTimeout(timer);
      }
      if (!conn.client.connected) throw new SendError('MQTT not connected', true);
      let waiter!: Waiter;
      const answer = new Promise<DeviceReportResult>((resolve, reject) => {
        waiter = {
          batchId: report.batchId,
          resolve,
          reject,
          timer: setTimeout(() => {
            const at = conn.waiting.indexOf(waiter);
            if (at >= 0) conn.waiting.splice(at, 1);
            reject(new SendError(`no ack within ${timeoutMs} ms`, true));
          }, timeoutMs),
        };
        conn.waiting.push(waiter);
      });
      answer.catch(() => {}); // rejected by close() while publishing: the caller sees the publish error instead
      const body = options.keyInBody ? { ...report, deviceKey: station.deviceKey } : report;
      try {
        // A forced end leaves a QoS 1 publish unanswered for ever (mqtt.js keeps it for a reconnect): the close settles it.
        await Promise.race([conn.client.publishAsync(mqttReportTopic(station.code), JSON.stringify(body), { qos: 1 }), closed]);
      } catch (err) {
        const at = conn.waiting.indexOf(waiter);
        if (at >= 0) clearTimeout(conn.waiting.splice(at, 1)[0]!.timer);
        throw new SendError(`MQTT publish: ${(err as Error).message}`, true);
      }
      return answer;
    },
    async ack(station, ack) {
      if (isClosed) throw new SendError('transport closed', true);
      const conn = connections.get(station.code) ?? open(station);
      await Promise.race([conn.ready, closed]);
      const body = options.keyInBody ? { ...ack, deviceKey: station.deviceKey } : ack;
      await Promise.race([conn.client.publishAsync(mqttCommandAckTopic(station.code), JSON.stringify(body), { qos: 1 }), closed]);
    },
    async close() {
      isClosed = true;
      markClosed();
      const all = [...connections.values()];
      connections.clear();
      for (const conn of all) for (const w of conn.waiting.splice(0)) {
        clearTimeout(w.timer);
        w.reject(new SendError('transport closed', true));
      }
      await Promise.all(all.map((c) => c.client.endAsync(true)));
    },
  };
}
