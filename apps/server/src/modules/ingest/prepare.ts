import { deviceReport, RECORD_TYPES, type DeviceAlarm, type DeviceDelivery, type DeviceSensorState, type RefusedItem } from '@ullage/contracts/device';
import { computeInventory } from '@ullage/domain/inventory';
import type { Language } from '@ullage/domain/languages';
import { clockSkew } from '@ullage/domain/station-status';
import { isStorableText } from '@ullage/domain/storable-text';
import { translator } from '../../i18n/translate';
import type { FieldRule } from '../../plugins/errors';
import type { IngestStation } from './device-stations';
import { layOut, type PreparedReadings, type ReadingRow } from './reading-columns';
import { firstRule, validateBatch, type ValidMeterTotal, type ValidReading, type ValidSale, type ValidTicket } from './validate-batch';

/**
 * The CPU half of ingest, with no database: parse a device batch, judge each item, compute
 * volumes, and lay the readings out as the columns the insert takes. It runs in a worker
 * thread for large batches (prepare-pool.ts), so its answer is made of plain data and typed
 * arrays that cross threads cheaply.
 */
export interface PreparedParts {
  sensors: DeviceSensorState[];
  alarms: { alarm: DeviceAlarm; tankId: number | null; tankCode: string | null }[];
  /** Power events with the inventory reported with them. */
  events: { type: string; ts: string; inventory: unknown[] }[];
  /** Deliveries the device measured (console delivery reports). */
  deliveries: { tankId: number; delivery: DeviceDelivery }[];
  /** Metered sales, totaliser readings and delivery tickets (issue 23). */
  sales: ValidSale[];
  meterTotals: ValidMeterTotal[];
  tickets: ValidTicket[];
}

export interface Prepared {
  /** The batch as a whole is malformed: nothing of it is kept. */
  error: FieldRule[] | null;
  batchId?: string;
  clock: { skewSeconds: number; flagged: boolean } | null;
  readings: PreparedReadings;
  parts: PreparedParts;
  refused: RefusedItem[];
}

const EMPTY_PARTS: PreparedParts = { sensors: [], alarms: [], events: [], deliveries: [], sales: [], meterTotals: [], tickets: [] };

/** `body` is the request's JSON text (from HTTP or MQTT), or a value already parsed. */
export function prepareBatch(body: unknown, station: IngestStation, nowMs: number, language: Language): Prepared {
  let value = body;
  if (typeof body === 'string') {
    try {
      value = body === '' ? undefined : JSON.parse(body);
    } catch {
      return failed([{ field: 'request', rule: 'rule.invalid' }]);
    }
  }
  // The batch's own fields (its name is echoed in the answer) refuse the batch, as a malformed
  // envelope does, when they hold text that cannot be stored; items are judged one by one below.
  for (const field of ['batchId', 'sentAt'] as const) {
    const text = (value as Partial<Record<string, unknown>> | null | undefined)?.[field];
    if (typeof text === 'string' && !isStorableText(text)) return failed([{ field, rule: 'rule.storableText' }]);
  }
  const envelope = deviceReport.safeParse(value ?? {});
  if (!envelope.success) {
    const issue = envelope.error.issues[0]!;
    if (issue.code === 'too_big' && issue.origin === 'array') return failed([{ field: issue.path.map(String).join('.'), rule: 'rule.tooLong', params: { max: Number(issue.maximum) } }]);
    const rule = firstRule(envelope.error, value ?? {});
    return failed([{ ...rule, field: rule.field || 'request' }]);
  }
  const now = new Date(nowMs);
  const batch = validateBatch(envelope.data, station, now, translator(language));
  const rows = [...batch.readings, ...batch.events.flatMap((e) => e.readings)].map((r) => toRow(station.id, r));
  return {
    error: null,
    ...(envelope.data.batchId === undefined ? {} : { batchId: envelope.data.batchId }),
    clock: envelope.data.sentAt ? clockSkew(new Date(envelope.data.sentAt), now) : null,
    readings: layOut(rows),
    parts: {
      sensors: batch.sensors,
      alarms: batch.alarms.map(({ alarm, tank }) => ({ alarm, tankId: tank?.id ?? null, tankCode: tank?.code ?? null })),
      events: batch.events.map((e) => ({
        type: e.event.type,
        ts: e.event.ts,
        inventory: e.readings.map((r) => ({ tank: r.tank.code, tankId: r.tank.id, ...computeInventory(r.tank.geometry, r.reading), temperatureC: r.reading.temperatureC, ts: r.reading.ts })),
      })),
      deliveries: batch.deliveries.map(({ delivery, tank }) => ({ tankId: tank.id, delivery })),
      sales: batch.sales,
      meterTotals: batch.meterTotals,
      tickets: batch.tickets,
    },
    refused: batch.refused,
  };
}

function failed(error: FieldRule[]): Prepared {
  return { error, clock: null, readings: layOut([]), parts: EMPTY_PARTS, refused: [] };
}

function toRow(stationId: number, { tank, reading: r }: ValidReading): ReadingRow {
  const inv = computeInventory(tank.geometry, r);
  // Spelled out rather than spread: this runs for every reading, and spreads allocate twice.
  return {
    tankId: tank.id,
    stationId,
    ts: r.ts,
    tsMs: Date.parse(r.ts),
    type: RECORD_TYPES.indexOf(r.type),
    productHeightMm: inv.productHeightMm,
    waterHeightMm: inv.waterHeightMm,
    temperatureC: r.temperatureC,
    volumeL: inv.volumeL,
    tcVolumeL: inv.tcVolumeL,
    waterVolumeL: inv.waterVolumeL,
    ullageL: inv.ullageL,
    fillPct: inv.fillPct,
    densityKgM3: r.densityKgM3 ?? null,
  };
}
