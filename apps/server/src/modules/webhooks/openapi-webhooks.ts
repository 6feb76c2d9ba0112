import type { FastifyDynamicSwaggerOptions } from '@fastify/swagger';
import { PAYLOAD_VERSION, TEST_EVENT_TYPE, WEBHOOK_EVENT_TYPES } from '@ullage/domain/webhook-events';

/*
 * The OpenAPI 3.1 `webhooks` of GET /api/openapi.json (issue 38): what each event's POST carries.
 * The payload is shaped by packages/domain/src/webhook-events.ts (webhookPayload); this says the
 * same for readers, and webhooks.test.ts checks a real delivery against it.
 */

type Schema = Record<string, unknown>;
/** The swagger plugin's type for the 3.1 `webhooks` key. */
type OpenApiWebhooks = Extract<NonNullable<FastifyDynamicSwaggerOptions['openapi']>, { webhooks?: unknown }>['webhooks'];

const instant: Schema = { type: 'string', format: 'date-time', description: 'ISO 8601, UTC' };
const nullable = (schema: Schema): Schema => ({ ...schema, type: [schema.type as string, 'null'] });

/** What every station event's data starts with. */
const stationPart: Record<string, Schema> = {
  station: { type: 'object', properties: { id: { type: 'integer' }, code: { type: ['string', 'null'] }, name: { type: ['string', 'null'] } }, required: ['id'] },
  stationZone: { type: ['string', 'null'], description: "The station's IANA time zone (its days and shifts are that zone's)" },
  units: {
    type: 'object',
    description: "The company's display units: every volume and temperature in data is in them",
    properties: { volume: { enum: ['L', 'gal'] }, temperature: { enum: ['°C', '°F'] } },
  },
};

const tankPart: Record<string, Schema> = { tankId: { type: ['integer', 'null'] }, tankCode: { type: ['string', 'null'] } };

const alarmData: Schema = {
  type: 'object',
  properties: {
    ...stationPart,
    ...tankPart,
    alarmId: { type: 'integer' },
    kind: { enum: ['level', 'leak'] },
    code: { type: 'integer', description: 'Alarm code (docs/api.md); 60 leak test failed, 61 wetstock variance, 62 run-out forecast' },
    codeName: { type: ['string', 'null'], description: 'The code in English' },
    source: { enum: ['device', 'server'] },
    sensorNo: { type: ['string', 'null'] },
    startedAt: instant,
    endedAt: nullable(instant),
    processed: { type: 'boolean' },
    processedAt: nullable(instant),
    note: { type: ['string', 'null'] },
  },
  required: ['station', 'alarmId', 'kind', 'code', 'startedAt'],
};

const deliveryData: Schema = {
  type: 'object',
  properties: {
    ...stationPart,
    ...tankPart,
    deliveryId: { type: 'integer' },
    source: { enum: ['detected', 'device'] },
    startedAt: instant,
    endedAt: instant,
    startVolume: { type: ['number', 'null'] },
    endVolume: { type: ['number', 'null'] },
    rise: { type: ['number', 'null'], description: 'End volume − start volume' },
  },
  required: ['station', 'deliveryId', 'startedAt', 'endedAt'],
};

const ticketVarianceData: Schema = {
  type: 'object',
  properties: {
    ...stationPart,
    ...tankPart,
    deliveryId: { type: 'integer' },
    ticketNo: { type: ['string', 'null'] },
    ticketVolume: { type: 'number' },
    delivered: { type: 'number', description: 'What the gauge says arrived (rise + sales during the drop)' },
    difference: { type: 'number', description: 'delivered − ticketVolume' },
    differencePct: { type: ['number', 'null'] },
    tolerancePct: { type: 'number', description: "The company's ticket tolerance" },
  },
  required: ['station', 'deliveryId', 'ticketVolume', 'delivered'],
};

const stationStatusData: Schema = {
  type: 'object',
  properties: { ...stationPart, lastSeenAt: nullable(instant), offlineSince: nullable(instant) },
  required: ['station'],
};

const commandData: Schema = {
  type: 'object',
  properties: {
    ...stationPart,
    commandId: { type: 'integer' },
    kind: { type: 'string' },
    status: { type: 'string' },
    error: { type: ['string', 'null'] },
    issuedAt: nullable(instant),
    finishedAt: nullable(instant),
  },
  required: ['station', 'commandId', 'kind', 'status'],
};

const pingData: Schema = { type: 'object', properties: { endpointId: { type: 'integer' }, message: { type: 'string' }, sentBy: { type: 'string' } } };

const DATA: Record<string, [Schema, string]> = {
  'alarm.opened': [alarmData, 'An alarm opened (a device’s, or the server’s own: levels, leak test, variance, run-out)'],
  'alarm.ended': [alarmData, 'An alarm ended'],
  'alarm.processed': [alarmData, 'Someone marked an alarm processed, with a note'],
  'delivery.recorded': [deliveryData, 'A delivery into a tank finished (detected from the readings or reported by the device)'],
  'delivery.ticket_variance': [ticketVarianceData, 'A delivery’s ticket differs from what arrived by more than the company’s tolerance'],
  'leak_test.failed': [alarmData, 'A tank failed its leak test (alarm 60 opened)'],
  'leak_test.passed': [alarmData, 'A tank that had failed passed its leak test again (alarm 60 ended)'],
  'variance.alarm': [alarmData, 'Wetstock variance beyond the company’s limit (alarm 61 opened)'],
  'forecast.runout_alarm': [alarmData, 'A tank is forecast to reach its low alarm within the company’s horizon (alarm 62 opened)'],
  'station.offline': [stationStatusData, 'A station stopped reporting (15 minutes silent)'],
  'station.online': [stationStatusData, 'An offline station reported again'],
  'device_command.succeeded': [commandData, 'A device acknowledged a command as done'],
  'device_command.failed': [commandData, 'A command failed, was refused or timed out'],
  [TEST_EVENT_TYPE]: [pingData, 'Sent on request from the webhooks page ("send a test event")'],
};

const HEADERS = {
  'webhook-id': { description: 'The event id (the same on every attempt: de-duplicate by it)', schema: { type: 'string' } },
  'webhook-timestamp': { description: 'Seconds since the epoch when this attempt was signed; refuse one far from your clock (replays)', schema: { type: 'string' } },
  'webhook-signature': { description: 'v1,<base64 HMAC-SHA256 of "id.timestamp.body" with the endpoint secret> (Standard Webhooks)', schema: { type: 'string' } },
};

/** The `webhooks` object of the OpenAPI document: one POST per event type, its payload and headers. */
export function openApiWebhooks(): OpenApiWebhooks {
  const out: Record<string, unknown> = {};
  for (const type of [...WEBHOOK_EVENT_TYPES, TEST_EVENT_TYPE]) {
    const [data, summary] = DATA[type]!;
    out[type] = {
      post: {
        summary,
        description: 'Signed with the Standard Webhooks scheme; retried with backoff for 24 hours until a 2xx answer (docs/integrations.md).',
        parameters: Object.entries(HEADERS).map(([name, h]) => ({ name, in: 'header', required: true, ...h })),
        requestBody: {
          required: true,
          content: {
            'application/json': {
              schema: {
                type: 'object',
                properties: { type: { const: type }, version: { const: PAYLOAD_VERSION }, id: { type: 'string', format: 'uuid' }, timestamp: instant, data },
                required: ['type', 'version', 'id', 'timestamp', 'data'],
              },
            },
          },
        },
        responses: { '2XX': { description: 'Received; any other answer (or none within 10 s) is retried' } },
      },
    };
  }
  return out as OpenApiWebhooks;
}
