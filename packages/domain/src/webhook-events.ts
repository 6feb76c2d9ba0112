import { LEVEL_ALARM_CODES, LEAK_ALARM_CODES } from './alarm-codes';
import { LEAK_TEST_ALARM_CODE } from './leak-detection';
import { RUN_OUT_ALARM_CODE } from './forecast';
import { VARIANCE_ALARM_CODE } from './reconciliation';
import { isCelsius, isLitres, temperatureFromC, volumeFromLitres } from './units';

/** The events an endpoint may subscribe to (issue 38), in the order the page lists them. */
export const WEBHOOK_EVENT_TYPES = [
  'alarm.opened',
  'alarm.ended',
  'alarm.processed',
  'delivery.recorded',
  'delivery.ticket_variance',
  'leak_test.failed',
  'leak_test.passed',
  'variance.alarm',
  'forecast.runout_alarm',
  'station.offline',
  'station.online',
  'device_command.succeeded',
  'device_command.failed',
] as const;
export type WebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[number];
/** Sent to one endpoint on request ("send a test event"); never subscribed to. */
export const TEST_EVENT_TYPE = 'test.ping';

/** The payload's shape version: a change that breaks a receiver makes a new one. */
export const PAYLOAD_VERSION = 1;

/**
 * The events an alarm's change makes besides alarm.opened / alarm.ended / alarm.processed: the
 * server's own alarms are the leak test's, the variance's and the run-out forecast's results, so
 * a receiver may subscribe to those alone. Keyed `kind:code`.
 */
export const ALARM_EXTRA_EVENTS: Record<'opened' | 'ended' | 'processed', Record<string, WebhookEventType[]>> = {
  opened: { [`level:${LEAK_TEST_ALARM_CODE}`]: ['leak_test.failed'], [`level:${VARIANCE_ALARM_CODE}`]: ['variance.alarm'], [`level:${RUN_OUT_ALARM_CODE}`]: ['forecast.runout_alarm'] },
  // A leak test's alarm ends when the tank passes again.
  ended: { [`level:${LEAK_TEST_ALARM_CODE}`]: ['leak_test.passed'] },
  processed: {},
};

/** Every event an alarm's change makes. */
export function alarmEventTypes(phase: 'opened' | 'ended' | 'processed', kind: 'level' | 'leak', code: number): WebhookEventType[] {
  return [`alarm.${phase}`, ...(ALARM_EXTRA_EVENTS[phase][`${kind}:${code}`] ?? [])];
}

/** The English name of an alarm code, for receivers that log it (the app translates by code). */
export function alarmCodeName(kind: string, code: number): string | null {
  const names: Record<number, string> = kind === 'leak' ? LEAK_ALARM_CODES : LEVEL_ALARM_CODES;
  return names[code] ?? null;
}

/** An event as the outbox keeps it: facts in SI units (keys ending in L are litres, in C degrees Celsius). */
export interface StoredWebhookEvent {
  uid: string;
  type: string;
  /** ISO 8601 */
  occurredAt: string;
  data: Record<string, unknown>;
  context: {
    stationId?: number | null;
    stationCode?: string | null;
    stationName?: string | null;
    stationZone?: string | null;
    tankCode?: string | null;
    volumeUnit?: number | null;
    tempUnit?: number | null;
  };
}

export interface WebhookPayload {
  type: string;
  version: number;
  id: string;
  timestamp: string;
  data: Record<string, unknown>;
}

/**
 * A quantity in the company's units: `volumeL` becomes `volume`, `temperatureC` `temperature`,
 * at any depth; the units are named once in `data.units`.
 */
export function inCompanyUnits(value: unknown, units: { volumeUnit?: number | null; tempUnit?: number | null }): unknown {
  if (Array.isArray(value)) return value.map((v) => inCompanyUnits(v, units));
  if (value === null || typeof value !== 'object') return value;
  const out: Record<string, unknown> = {};
  for (const [key, v] of Object.entries(value)) {
    const litres = /^(.+)L$/.exec(key);
    const celsius = /^(.+)C$/.exec(key);
    if (litres && (typeof v === 'number' || v === null)) out[litres[1]!] = v === null ? null : round(volumeFromLitres(v, units.volumeUnit), 3);
    else if (celsius && (typeof v === 'number' || v === null)) out[celsius[1]!] = v === null ? null : round(temperatureFromC(v, units.tempUnit), 2);
    else out[key] = inCompanyUnits(v, units);
  }
  return out;
}

const round = (n: number, digits: number) => Math.round(n * 10 ** digits) / 10 ** digits;

/**
 * The JSON a receiver gets (docs/integrations.md): `{type, version, id, timestamp, data}`, the
 * id the same on every attempt (for de-duplication), instants ISO 8601 UTC with the station's
 * IANA zone named, volumes and temperatures in the company's units with the units named.
 */
export function webhookPayload(event: StoredWebhookEvent): WebhookPayload {
  const { context } = event;
  const station =
    context.stationId == null ? {} : { station: { id: context.stationId, code: context.stationCode ?? null, name: context.stationName ?? null }, stationZone: context.stationZone ?? null };
  const tank = 'tankId' in event.data ? { tankCode: context.tankCode ?? null } : {};
  const { kind, code } = event.data;
  const codeName = typeof kind === 'string' && typeof code === 'number' ? { codeName: alarmCodeName(kind, code) } : {};
  const units = context.stationId == null ? {} : { units: { volume: isLitres(context.volumeUnit) ? 'L' : 'gal', temperature: isCelsius(context.tempUnit) ? '°C' : '°F' } };
  return {
    type: event.type,
    version: PAYLOAD_VERSION,
    id: event.uid,
    timestamp: event.occurredAt,
    data: { ...station, ...units, ...(inCompanyUnits(event.data, context) as Record<string, unknown>), ...tank, ...codeName },
  };
}
