import { randomBytes } from 'node:crypto';
import net from 'node:net';
import os from 'node:os';
import { setTimeout as delay } from 'node:timers/promises';
import type { FastifyBaseLogger } from 'fastify';
import { Aedes, type Client } from 'aedes';
import mqtt from 'mqtt';
import { MQTT_TOPIC_ROOT, mqttAckTopic, mqttCommandTopic, type DeviceReportResult } from '@ullage/contracts/device';
import { DEFAULT_LANGUAGE } from '@ullage/domain/languages';
import { translator } from '../../i18n/translate';
import type { Metrics } from '../../observability/metrics';
import { formatField } from '../../plugins/envelope';
import { ValidationError } from '../../plugins/errors';
import type { MqttCommandHooks } from '../device-commands/service';
import { DeviceRefused, type Ingest } from './ingest';

/**
 * MQTT transport of the device protocol (docs/device-protocol.md): the embedded broker on
 * MQTT_PORT, or a subscription on an external broker (MQTT_URL). Either way each message
 * goes through the same ingest path as HTTP, and its answer is published on the station's
 * ack topic. Commands to devices go the other way (modules/device-commands): published on a
 * station's command topic, answered on its command ack topic.
 */
const REPORT = /^ullage\/v1\/stations\/([^/]+)\/report$/;
const TANK = /^ullage\/v1\/stations\/([^/]+)\/tanks\/([^/]+)\/readings$/;
const COMMAND_ACK = /^ullage\/v1\/stations\/([^/]+)\/commands\/ack$/;

export interface MqttService {
  /** The embedded broker's port, or null (external broker, or none). */
  port: number | null;
  /** Publishes to devices (QoS 1); a no-op without a broker. */
  publish(topic: string, payload: string): Promise<void>;
  /**
   * An external broker: whether this instance is connected and subscribed (devices' messages
   * reach it). Null for the embedded broker (in this process) and for none: nothing to check.
   */
  connected(): boolean | null;
  close(): Promise<void>;
}

const NO_BROKER: MqttService = { port: null, publish: async () => {}, connected: () => null, close: async () => {} };

/** A topic level as the device encoded it; null when it is no valid encoding (`%E0%A4`), so a stray topic is ignored rather than thrown on. */
function decodeLevel(level: string): string | null {
  try {
    return decodeURIComponent(level);
  } catch {
    return null;
  }
}

/** The station code of a command answer's topic, or null. */
export function commandAckStation(topic: string): string | null {
  const match = COMMAND_ACK.exec(topic);
  return match ? decodeLevel(match[1]!) : null;
}

/** What a message on a device topic carries, or null when the topic is not one of ours. */
export function messageOf(topic: string, payload: Buffer): { stationCode: string; body: unknown } | null {
  // A report travels on as text: it is parsed where it is prepared (prepare.ts).
  const report = REPORT.exec(topic);
  if (report) {
    const stationCode = decodeLevel(report[1]!);
    return stationCode === null ? null : { stationCode, body: payload.toString('utf8') };
  }
  const tank = TANK.exec(topic);
  if (tank) {
    const stationCode = decodeLevel(tank[1]!);
    const tankCode = decodeLevel(tank[2]!);
    if (stationCode === null || tankCode === null) return null;
    let parsed: unknown;
    try {
      parsed = JSON.parse(payload.toString('utf8'));
    } catch {
      return { stationCode, body: undefined };
    }
    // A tank topic carries that tank's readings: an array, or {readings: [...]}.
    const list = Array.isArray(parsed) ? parsed : (parsed as { readings?: unknown } | undefined)?.readings;
    const readings = Array.isArray(list) ? list.map((r) => (r && typeof r === 'object' ? { ...r, tank: tankCode } : r)) : list;
    const rest = parsed && typeof parsed === 'object' && !Array.isArray(parsed) ? parsed : {};
    return { stationCode, body: { ...rest, readings } };
  }
  return null;
}

/**
 * Runs one message through ingest; answers the ack payload (the HTTP envelope's shape).
 * Throws only for failures worth a retry (the database), so the device resends.
 */
async function ackOf(body: unknown, run: () => Promise<DeviceReportResult>): Promise<object> {
  try {
    // Not JSON at all: the whole message is refused, like a malformed HTTP body.
    if (body === undefined) throw new ValidationError([{ field: 'request', rule: 'rule.invalid' }]);
    return { code: 1000, data: await run() };
  } catch (error) {
    if (error instanceof ValidationError) {
      const t = translator(DEFAULT_LANGUAGE);
      return { code: 91011, msg: error.fields.map((f) => formatField(t, f)).join('; ') };
    }
    if (error instanceof DeviceRefused) return { code: 30001, msg: translator(DEFAULT_LANGUAGE)('device.keyRefused') };
    throw error;
  }
}

/** How a report's answer counts in ullage_mqtt_messages_total. */
const reportOutcome = (ack: object) => ((ack as { code?: unknown }).code === 1000 ? 'accepted' : 'refused');

/** The shared subscription group of the server instances on an external broker. */
export const SHARE_GROUP = 'ullage';

export async function startMqtt(options: {
  ingest: Ingest;
  port: number;
  url: string | undefined;
  host: string;
  logger: FastifyBaseLogger;
  commands?: MqttCommandHooks;
  metrics?: Metrics;
  /** External broker only: the shared subscription group (tests give each run its own). */
  shareGroup?: string;
  /** Told of a message that failed because the database is away: the outage is logged once there, not once a message. */
  database?: OutageWatch;
}): Promise<MqttService> {
  if (options.url) return startExternal(options.ingest, options.url, options.logger, options.commands, options.metrics, options.shareGroup ?? SHARE_GROUP, options.database);
  if (options.port === 0) return NO_BROKER;
  return startEmbeddedBroker(options.ingest, options.port, options.host, options.logger, options.commands, options.metrics, options.database);
}

/** DatabaseAvailability as MQTT needs it: whether an error was the database being away (then already logged). */
interface OutageWatch {
  failed(error: unknown): boolean;
}

export async function startEmbeddedBroker(ingest: Ingest, port: number, host: string, logger: FastifyBaseLogger, commands?: MqttCommandHooks, metrics?: Metrics, database?: OutageWatch): Promise<MqttService> {
  // Which station each connection authenticated as: the username is the station code, the password its device key.
  const stationOf = new WeakMap<Client, string>();
  const broker = await Aedes.createBroker({
    authenticate: (client, username, password, done) => {
      const code = username ?? '';
      ingest.stations
        .authenticate(code, password?.toString('utf8'))
        .then((station) => {
          if (!station) {
            const refused = Object.assign(new Error('bad station code or device key'), { returnCode: 4 });
            return done(refused as never, false);
          }
          stationOf.set(client, station.code);
          done(null, true);
        })
        .catch((error: unknown) => done(error as never, false));
    },
    // A device publishes only to its own station's topics. The PUBACK waits for the commit.
    authorizePublish: (client, packet, done) => {
      const own = client ? stationOf.get(client) : undefined;
      const ackOfStation = commandAckStation(packet.topic);
      if (ackOfStation !== null) {
        if (!own || ackOfStation !== own || !commands) return done(new Error('topic not allowed'));
        commands
          .onAck(own, packet.payload as Buffer, true)
          .then((taken) => {
            metrics?.mqttMessages.labels('command-ack', taken ? 'accepted' : 'refused').inc();
            done(null);
          })
          .catch((error: unknown) => {
            metrics?.mqttMessages.labels('command-ack', 'failed').inc();
            if (!database?.failed(error)) logger.error({ err: error, station: own }, 'mqtt command answer failed');
            done(error as Error);
          });
        return;
      }
      const message = messageOf(packet.topic, packet.payload as Buffer);
      if (!own || !message || message.stationCode !== own) return done(new Error('topic not allowed'));
      ackOf(message.body, async () => {
        const station = await ingest.stations.byCode(own);
        if (!station) throw new DeviceRefused();
        return ingest.reportFor(station, message.body, DEFAULT_LANGUAGE, 'mqtt');
      })
        .then((ack) => {
          metrics?.mqttMessages.labels('report', reportOutcome(ack)).inc();
          broker.publish({ cmd: 'publish', topic: mqttAckTopic(own), payload: Buffer.from(JSON.stringify(ack)), qos: 0, retain: false, dup: false }, () => {});
          done(null);
        })
        .catch((error: unknown) => {
          metrics?.mqttMessages.labels('report', 'failed').inc();
          if (!database?.failed(error)) logger.error({ err: error, station: own }, 'mqtt ingest failed');
          done(error as Error);
        });
    },
    authorizeSubscribe: (client, subscription, done) => {
      const own = client ? stationOf.get(client) : undefined;
      done(own && subscription.topic.startsWith(`${MQTT_TOPIC_ROOT}/${own}/`) ? null : new Error('topic not allowed'), subscription);
    },
  });
  // A device subscribing to its command topic is handed what waits for it.
  broker.on('subscribe', (subscriptions, client) => {
    const own = client ? stationOf.get(client) : undefined;
    if (own && commands && subscriptions.some((s) => s.topic === mqttCommandTopic(own))) commands.onSubscribe(own);
  });
  const server = net.createServer(broker.handle as (socket: net.Socket) => void);
  const listening = await new Promise<boolean>((resolve, reject) => {
    server.once('error', (error: NodeJS.ErrnoException) => (error.code === 'EADDRINUSE' ? resolve(false) : reject(error)));
    server.listen(port, host, () => resolve(true));
  });
  if (!listening) {
    logger.warn(`MQTT port ${port} on ${host} is in use (another broker?): running without the embedded broker. Set MQTT_PORT or MQTT_URL.`);
    await new Promise<void>((resolve) => broker.close(() => resolve()));
    return NO_BROKER;
  }
  const actual = (server.address() as net.AddressInfo).port;
  logger.info({ port: actual }, 'embedded MQTT broker listening');
  return {
    port: actual,
    publish: (topic, payload) =>
      new Promise<void>((resolve, reject) =>
        broker.publish({ cmd: 'publish', topic, payload: Buffer.from(payload), qos: 1, retain: false, dup: false }, (error) => (error ? reject(error) : resolve())),
      ),
    connected: () => null,
    close: async () => {
      await new Promise<void>((resolve) => broker.close(() => resolve()));
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** How long the external client waits between connection attempts. */
const RECONNECT_MS = 3000;
/** How long closing waits for the broker (to leave the group, to take the last acknowledgements). */
const CLOSE_WAIT_MS = 5000;

/**
 * On an external broker the connection says nothing about the station, so each message
 * carries its station's device key (`deviceKey` in the report). The server instances subscribe
 * in one MQTT 5 shared subscription group (`$share/{group}/…`): the broker hands each device
 * message to one of them, which ingests it and answers it once. Commands go out from whichever
 * instance issues them: a device subscribes to its command topic, not to an instance.
 */
async function startExternal(ingest: Ingest, url: string, logger: FastifyBaseLogger, commands: MqttCommandHooks | undefined, metrics: Metrics | undefined, shareGroup: string, database?: OutageWatch): Promise<MqttService> {
  const topics = [`$share/${shareGroup}/${MQTT_TOPIC_ROOT}/+/report`, `$share/${shareGroup}/${MQTT_TOPIC_ROOT}/+/tanks/+/readings`];
  if (commands) topics.push(`$share/${shareGroup}/${MQTT_TOPIC_ROOT}/+/commands/ack`);
  // Unique on the broker: a connection with a client id already connected takes its place, so
  // two instances with one id (the same pid on two machines) would throw each other off for ever.
  const clientId = `ullage-${os.hostname()}-${process.pid}-${randomBytes(4).toString('hex')}`;
  const where = { url: url.replace(/\/\/[^@]*@/, '//***@'), clientId };
  const client = mqtt.connect(url, {
    protocolVersion: 5,
    clientId,
    // Clean start, and a session that ends with the connection (expiry 0). A group member whose
    // session outlives its connection is still dealt its share of the devices' messages: the
    // broker queues them for it (Mosquitto does) instead of giving them to the members still
    // connected, and a restarted instance never comes back for them (its client id is new).
    // Ending the session with the connection takes the member out of the group at once, so
    // the others take everything. The price: while no instance is connected (a single instance
    // restarting) the group has no member and the broker keeps nothing of what devices publish;
    // a device resends a report that got no answer on its ack topic, and readings are never
    // stored twice.
    clean: true,
    properties: { sessionExpiryInterval: 0 },
    // A clean start has no subscriptions: 'connect' subscribes each time and reads the broker's
    // answer for each topic, so mqtt.js's own resubscribing is off.
    resubscribe: false,
    reconnectPeriod: RECONNECT_MS,
  });

  // Messages taken and not yet answered: closing waits for them.
  const inFlight = new Set<Promise<void>>();
  const track = (work: Promise<void>) => {
    inFlight.add(work);
    void work.then(() => inFlight.delete(work));
  };
  let closing = false;
  let subscribed = false;
  let lastError = '';
  let disconnectReason: number | undefined;

  client.on('connect', () => {
    lastError = '';
    disconnectReason = undefined;
    client.subscribe(topics, { qos: 1 }, (error, granted) => {
      // The connection went before the broker answered: the next 'connect' subscribes again.
      if (error) return logger.error({ err: error, ...where }, 'mqtt subscribe failed');
      // A reason code of 0x80 or more refuses that topic: 0x9E is a broker without shared subscriptions, 0x87 no right to subscribe.
      const refused = (granted ?? []).filter((g) => g.qos >= 0x80).map((g) => ({ topic: g.topic, reasonCode: g.qos }));
      if (refused.length > 0) {
        return logger.error({ ...where, refused }, 'the external MQTT broker refused the subscriptions, so no device message reaches this instance: it must support MQTT 5 shared subscriptions ($share) and let this client subscribe');
      }
      subscribed = true;
      metrics?.mqttConnected.set(1);
      logger.info({ ...where, group: shareGroup }, 'subscribed to the external MQTT broker');
    });
  });
  // A broker may say why it ends the connection: 0x8E (session taken over) is another client with this id.
  client.on('disconnect', (packet) => {
    disconnectReason = packet.reasonCode;
  });
  client.on('close', () => {
    metrics?.mqttConnected.set(0);
    if (subscribed && !closing) {
      logger.warn({ ...where, reasonCode: disconnectReason }, `lost the external MQTT broker: reconnecting every ${RECONNECT_MS / 1000} s; meanwhile the broker gives the devices' messages to the other instances, if any`);
    }
    subscribed = false;
  });
  client.on('error', (error) => {
    // Once per distinct error: a broker that stays away would otherwise be logged at every attempt.
    if (error.message === lastError) return;
    lastError = error.message;
    logger.warn({ err: error, ...where }, 'mqtt connection error');
  });
  client.on('message', (topic, payload) => {
    const answering = commandAckStation(topic);
    if (answering !== null) {
      if (!commands) return;
      // The answer carries its station's device key: the hooks check it.
      track(
        commands.onAck(answering, payload, false).then(
          (taken) => void metrics?.mqttMessages.labels('command-ack', taken ? 'accepted' : 'refused').inc(),
          (error: unknown) => {
            metrics?.mqttMessages.labels('command-ack', 'failed').inc();
            if (!database?.failed(error)) logger.error({ err: error, station: answering }, 'mqtt command answer failed');
          },
        ),
      );
      return;
    }
    const message = messageOf(topic, payload);
    if (!message) return;
    // The connection says nothing here: the key is inside the report, so parse it now.
    const body = typeof message.body === 'string' ? parseOrUndefined(message.body) : message.body;
    const key = (body as { deviceKey?: unknown } | undefined)?.deviceKey;
    track(
      ackOf(body, () => ingest.report(message.stationCode, typeof key === 'string' ? key : undefined, body, DEFAULT_LANGUAGE, 'mqtt')).then(
        (ack) => {
          metrics?.mqttMessages.labels('report', reportOutcome(ack)).inc();
          // Published while the broker is away, mqtt.js keeps the answer and sends it on reconnection.
          client.publish(mqttAckTopic(message.stationCode), JSON.stringify(ack));
        },
        // Not answered: the device resends.
        (error: unknown) => {
          metrics?.mqttMessages.labels('report', 'failed').inc();
          if (!database?.failed(error)) logger.error({ err: error, station: message.stationCode }, 'mqtt ingest failed');
        },
      ),
    );
  });
  return {
    port: null,
    // While the broker is away mqtt.js keeps the command and sends it on reconnection; this
    // settles at the broker's PUBACK. The command stays issuing in the database meanwhile.
    publish: async (topic, payload) => {
      await client.publishAsync(topic, payload, { qos: 1 });
    },
    connected: () => subscribed && !closing,
    close: async () => {
      closing = true;
      // Leave the group first, so the broker gives new messages to the other instances while
      // this one answers those it has taken.
      if (client.connected) await Promise.race([client.unsubscribeAsync(topics).catch(() => {}), delay(CLOSE_WAIT_MS, undefined, { ref: false })]);
      await Promise.all(inFlight);
      // A graceful end waits for the broker to acknowledge what is in flight; with the broker
      // away that would be for ever.
      const ended = await Promise.race([client.endAsync(!client.connected).then(() => true), delay(CLOSE_WAIT_MS, false, { ref: false })]);
      if (!ended) client.stream?.destroy();
      metrics?.mqttConnected.set(0);
    },
  };
}

function parseOrUndefined(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
