import type { z } from 'zod';
import {
  deviceAlarm,
  deviceDelivery,
  deviceEvent,
  deviceReading,
  fastDeviceReading,
  deviceSensorState,
  deviceMeterTotal,
  deviceSale,
  deviceTicket,
  FUTURE_TOLERANCE_MS,
  SALE_RANGES,
  DELIVERY_RANGES,
  READING_RANGES,
  type DeviceAlarm,
  type DeviceDelivery,
  type DeviceEvent,
  type DeviceMeterTotal,
  type DeviceSale,
  type DeviceTicket,
  type DeviceReading,
  type DeviceSensorState,
  type RefusedItem,
} from '@ullage/contracts/device';
import { isAlarmCode } from '@ullage/domain/alarm-codes';
import { isStorableText, unstorableTextPath } from '@ullage/domain/storable-text';
import type { Translate } from '../../i18n/translate';
import { formatField } from '../../plugins/envelope';
import type { FieldRule } from '../../plugins/errors';
import type { IngestStation, IngestTank } from './device-stations';

export interface ValidReading {
  tank: IngestTank;
  reading: DeviceReading;
}
export interface ValidAlarm {
  alarm: DeviceAlarm;
  tank: IngestTank | null;
}
export interface ValidDelivery {
  delivery: DeviceDelivery;
  tank: IngestTank;
}
export interface ValidEvent {
  event: DeviceEvent;
  readings: ValidReading[];
}

/**
 * What a metered sale is sold from: a tank ('t<id>'), or a product's manifolded tanks at the
 * station ('p<id>'). The key the reconciliation groups sales by (migration 0026).
 */
export interface SaleTarget {
  target: string;
  tankId: number | null;
  productId: number | null;
}
export interface ValidSale extends SaleTarget {
  sale: DeviceSale;
}
export interface ValidMeterTotal extends SaleTarget {
  total: DeviceMeterTotal;
  /** Its place in the batch, to name it if the stored readings show it going backwards. */
  index: number;
}
export interface ValidTicket {
  ticket: DeviceTicket;
  tank: IngestTank;
  index: number;
}

export interface ParsedBatch {
  readings: ValidReading[];
  sensors: DeviceSensorState[];
  alarms: ValidAlarm[];
  events: ValidEvent[];
  deliveries: ValidDelivery[];
  sales: ValidSale[];
  meterTotals: ValidMeterTotal[];
  tickets: ValidTicket[];
  refused: RefusedItem[];
}

interface RawBatch {
  readings: unknown[];
  sensors: unknown[];
  alarms: unknown[];
  events: unknown[];
  deliveries: unknown[];
  sales?: unknown[];
  meterTotals?: unknown[];
  tickets?: unknown[];
}

/**
 * Judges each item of a batch on its own (issue 4): a malformed reading is refused with its
 * path and the rule it breaks, the rest is kept. Beyond the shape: the tank must be one of
 * the station's, no time may be more than 5 minutes ahead of the server, alarm codes must be
 * spec §3 codes of their kind. Text PostgreSQL cannot store (a NUL, an unpaired surrogate, in
 * a `sensorNo`, a sale's `id`…) refuses its item like any other bad value (issue 32): the rest
 * of the batch is stored and answered, so a device that resends until answered is not stuck.
 */
export function validateBatch(batch: RawBatch, station: IngestStation, now: Date, t: Translate): ParsedBatch {
  const refused: RefusedItem[] = [];
  const refuse = (list: string, index: number, rule: FieldRule) =>
    refused.push({ path: `${list}[${index}]${rule.field ? `.${rule.field}` : ''}`, message: formatField(t, { ...rule, field: `${list}.${index}${rule.field ? `.${rule.field}` : ''}` }) });
  const latest = now.getTime() + FUTURE_TOLERANCE_MS;
  /** Refuses the item when some text in it cannot be stored; true when it did. */
  const badText = (list: string, index: number, raw: unknown) => {
    const path = unstorableTextPath(raw);
    if (path === null) return false;
    refuse(list, index, { field: path.join('.'), rule: 'rule.storableText' });
    return true;
  };
  const tooLate = (ts: string) => Date.parse(ts) > latest;

  const readingOf = (list: string, index: number, raw: unknown): ValidReading | null => {
    let reading = fastDeviceReading(raw);
    if (!reading) {
      if (badText(list, index, raw)) return null;
      const parsed = deviceReading.safeParse(raw);
      if (!parsed.success) return refuse(list, index, firstRule(parsed.error, raw)), null;
      reading = parsed.data;
    }
    const tank = station.tanks.get(reading.tank);
    // The fast path lets any tank code through; only a code that is no tank is looked at twice.
    if (!tank) return refuse(list, index, { field: 'tank', rule: isStorableText(reading.tank) ? 'rule.unknownTank' : 'rule.storableText' }), null;
    if (tooLate(reading.ts)) return refuse(list, index, { field: 'ts', rule: 'rule.future' }), null;
    return { tank, reading };
  };

  const readings = batch.readings.flatMap((raw, i) => readingOf('readings', i, raw) ?? []);

  const sensors = batch.sensors.flatMap((raw, i) => {
    if (badText('sensors', i, raw)) return [];
    const parsed = deviceSensorState.safeParse(raw);
    if (!parsed.success) return refuse('sensors', i, firstRule(parsed.error, raw)), [];
    if (tooLate(parsed.data.ts)) return refuse('sensors', i, { field: 'ts', rule: 'rule.future' }), [];
    if (parsed.data.code !== undefined && !isAlarmCode('leak', parsed.data.code)) return refuse('sensors', i, { field: 'code', rule: 'rule.alarmCode' }), [];
    return [parsed.data];
  });

  const alarms = batch.alarms.flatMap((raw, i): ValidAlarm[] => {
    if (badText('alarms', i, raw)) return [];
    const parsed = deviceAlarm.safeParse(raw);
    if (!parsed.success) return refuse('alarms', i, firstRule(parsed.error, raw)), [];
    const alarm = parsed.data;
    if (tooLate(alarm.ts)) return refuse('alarms', i, { field: 'ts', rule: 'rule.future' }), [];
    if (!isAlarmCode(alarm.kind, alarm.code)) return refuse('alarms', i, { field: 'code', rule: 'rule.alarmCode' }), [];
    if (alarm.kind === 'level') {
      const tank = alarm.tank === undefined ? undefined : station.tanks.get(alarm.tank);
      if (alarm.tank === undefined) return refuse('alarms', i, { field: 'tank', rule: 'rule.alarmTarget' }), [];
      if (!tank) return refuse('alarms', i, { field: 'tank', rule: 'rule.unknownTank' }), [];
      return [{ alarm, tank }];
    }
    if (alarm.sensorNo === undefined) return refuse('alarms', i, { field: 'sensorNo', rule: 'rule.alarmTarget' }), [];
    return [{ alarm, tank: null }];
  });

  const events = batch.events.flatMap((raw, i): ValidEvent[] => {
    // An event's own fields here; the readings it carries are judged one by one below.
    if (raw && typeof raw === 'object' && badText('events', i, { ...raw, readings: undefined })) return [];
    const parsed = deviceEvent.safeParse(raw);
    if (!parsed.success) return refuse('events', i, firstRule(parsed.error, raw)), [];
    if (tooLate(parsed.data.ts)) return refuse('events', i, { field: 'ts', rule: 'rule.future' }), [];
    const eventReadings = parsed.data.readings.flatMap((r, j) => readingOf(`events[${i}].readings`, j, r) ?? []);
    return [{ event: parsed.data, readings: eventReadings }];
  });

  // A delivery ends after it starts and leaves more in the tank than there was.
  const deliveries = batch.deliveries.flatMap((raw, i): ValidDelivery[] => {
    if (badText('deliveries', i, raw)) return [];
    const parsed = deviceDelivery.safeParse(raw);
    if (!parsed.success) return refuse('deliveries', i, firstRule(parsed.error, raw)), [];
    const delivery = parsed.data;
    const tank = station.tanks.get(delivery.tank);
    if (!tank) return refuse('deliveries', i, { field: 'tank', rule: 'rule.unknownTank' }), [];
    if (tooLate(delivery.endedAt)) return refuse('deliveries', i, { field: 'endedAt', rule: 'rule.future' }), [];
    if (Date.parse(delivery.startedAt) >= Date.parse(delivery.endedAt)) return refuse('deliveries', i, { field: 'startedAt', rule: 'rule.beforeEnd' }), [];
    if (delivery.endVolumeL <= delivery.startVolumeL) return refuse('deliveries', i, { field: 'endVolumeL', rule: 'rule.deliveryRises' }), [];
    return [{ delivery, tank }];
  });

  // A sale names its tank, or the product of manifolded tanks: exactly one, and one the station has.
  const targetOf = (list: string, index: number, item: { tank?: string | undefined; product?: string | undefined }): SaleTarget | null => {
    if ((item.tank === undefined) === (item.product === undefined)) return refuse(list, index, { field: item.tank === undefined ? 'tank' : 'product', rule: 'rule.saleTarget' }), null;
    if (item.tank !== undefined) {
      const tank = station.tanks.get(item.tank);
      if (!tank) return refuse(list, index, { field: 'tank', rule: 'rule.unknownTank' }), null;
      return { target: `t${tank.id}`, tankId: tank.id, productId: null };
    }
    const productId = productOf(station, item.product!);
    if (productId === null) return refuse(list, index, { field: 'product', rule: 'rule.unknownProduct' }), null;
    return { target: `p${productId}`, tankId: null, productId };
  };

  const sales = (batch.sales ?? []).flatMap((raw, i): ValidSale[] => {
    if (badText('sales', i, raw)) return [];
    const parsed = deviceSale.safeParse(raw);
    if (!parsed.success) return refuse('sales', i, firstRule(parsed.error, raw)), [];
    if (tooLate(parsed.data.ts)) return refuse('sales', i, { field: 'ts', rule: 'rule.future' }), [];
    const target = targetOf('sales', i, parsed.data);
    return target ? [{ ...target, sale: parsed.data }] : [];
  });

  // Within the batch too, a meter's total never falls: each reading is judged against the one before it in time.
  const meterTotals = (batch.meterTotals ?? []).flatMap((raw, i): ValidMeterTotal[] => {
    if (badText('meterTotals', i, raw)) return [];
    const parsed = deviceMeterTotal.safeParse(raw);
    if (!parsed.success) return refuse('meterTotals', i, firstRule(parsed.error, raw)), [];
    if (tooLate(parsed.data.ts)) return refuse('meterTotals', i, { field: 'ts', rule: 'rule.future' }), [];
    const target = targetOf('meterTotals', i, parsed.data);
    return target ? [{ ...target, total: parsed.data, index: i }] : [];
  });
  const keptTotals = dropBackwardTotals(meterTotals, (t) => refuse('meterTotals', t.index, { field: 'totalL', rule: 'rule.totaliserBackwards' }));

  const tickets = (batch.tickets ?? []).flatMap((raw, i): ValidTicket[] => {
    if (badText('tickets', i, raw)) return [];
    const parsed = deviceTicket.safeParse(raw);
    if (!parsed.success) return refuse('tickets', i, firstRule(parsed.error, raw)), [];
    const tank = station.tanks.get(parsed.data.tank);
    if (!tank) return refuse('tickets', i, { field: 'tank', rule: 'rule.unknownTank' }), [];
    if (tooLate(parsed.data.deliveredAt)) return refuse('tickets', i, { field: 'deliveredAt', rule: 'rule.future' }), [];
    return [{ ticket: parsed.data, tank, index: i }];
  });

  return { readings, sensors, alarms, events, deliveries, sales, meterTotals: keptTotals, tickets, refused };
}

function productOf(station: IngestStation, code: string): number | null {
  for (const tank of station.tanks.values()) if (tank.productCode === code && tank.productId !== null) return tank.productId;
  return null;
}

/**
 * The batch's totaliser readings without those lower than an earlier reading of the same meter
 * in the batch (refused). Readings of the same meter and time are left to the store's key
 * (the first one kept wins).
 */
export function dropBackwardTotals<T extends { total: DeviceMeterTotal }>(totals: readonly T[], refuseOne: (t: T) => void): T[] {
  const byMeter = new Map<string, T[]>();
  for (const t of totals) byMeter.set(t.total.meter, [...(byMeter.get(t.total.meter) ?? []), t]);
  const bad = new Set<T>();
  for (const list of byMeter.values()) {
    const inTime = [...list].sort((a, b) => Date.parse(a.total.ts) - Date.parse(b.total.ts));
    let highest = -Infinity;
    for (const t of inTime) {
      if (t.total.totalL < highest) bad.add(t);
      else highest = t.total.totalL;
    }
  }
  for (const t of totals) if (bad.has(t)) refuseOne(t);
  return totals.filter((t) => !bad.has(t));
}

/** Fields that hold a time (ISO 8601 with an offset): a wrong type there asks for a time, not a string. */
const TIME_FIELDS = new Set(['ts', 'sentAt', 'startedAt', 'endedAt', 'deliveredAt']);

/**
 * The first problem of an item, as our field and rule (the device fixes one thing at a time).
 * `raw` is the item as sent: zod does not report the value it refused, so whether a field is
 * missing or of the wrong type (`"15"` for a number) is read from the item itself.
 */
export function firstRule(error: z.ZodError, raw: unknown): FieldRule {
  const issue = error.issues[0]!;
  const field = issue.path.map(String).join('.');
  switch (issue.code) {
    case 'invalid_type': {
      if (valueAt(raw, issue.path) === undefined) return { field, rule: 'rule.required' };
      if (issue.expected === 'number') return { field, rule: 'rule.number' };
      if (issue.expected === 'string') return { field, rule: TIME_FIELDS.has(String(issue.path.at(-1))) ? 'rule.datetime' : 'rule.string' };
      return { field, rule: 'rule.invalid' };
    }
    case 'too_small':
    case 'too_big':
      if (issue.origin === 'number') {
        const bounds = (issue as unknown as { minimum?: number | bigint; maximum?: number | bigint });
        return { field, rule: 'rule.range', params: rangeOf(field, bounds) };
      }
      if (issue.origin === 'string' && issue.code === 'too_big') return { field, rule: 'rule.tooLong', params: { max: Number(issue.maximum) } };
      return issue.origin === 'string' ? { field, rule: 'rule.required' } : { field, rule: 'rule.invalid' };
    case 'invalid_format':
      return { field, rule: 'rule.datetime' };
    case 'invalid_value':
      return { field, rule: 'rule.oneOf', params: { values: issue.values.map(String).join(', ') } };
    default:
      return { field, rule: 'rule.invalid' };
  }
}

function valueAt(raw: unknown, path: readonly PropertyKey[]): unknown {
  let value = raw;
  for (const key of path) {
    if (typeof value !== 'object' || value === null) return undefined;
    value = (value as Record<PropertyKey, unknown>)[key];
  }
  return value;
}

/** Both ends of a number's range, whichever end was broken (zod reports only one). */
function rangeOf(field: string, bounds: { minimum?: number | bigint; maximum?: number | bigint }) {
  const name = field.split('.').pop() ?? '';
  const known = (READING_RANGES as Record<string, { min: number; max: number }>)[name] ?? DELIVERY_RANGES[name] ?? (SALE_RANGES as Record<string, { min: number; max: number }>)[name];
  return { min: known?.min ?? Number(bounds.minimum ?? '-'), max: known?.max ?? Number(bounds.maximum ?? '-') };
}
