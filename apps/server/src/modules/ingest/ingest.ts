import type { FastifyBaseLogger } from 'fastify';
import { deviceReport, RECORD_TYPES, type DeviceReportResult } from '@ullage/contracts/device';
import type { ActiveAlarm, TankReadingLive } from '@ullage/contracts/monitor';
import { DEFAULT_LEAK_CODE } from '@ullage/domain/alarm-codes';
import { computeInventory } from '@ullage/domain/inventory';
import { clockSkew, OFFLINE_AFTER_MS } from '@ullage/domain/station-status';
import type { Language } from '@ullage/domain/languages';
import type { Db } from '../../db/client';
import { translator } from '../../i18n/translate';
import type { LiveHub } from '../../live/hub';
import type { Metrics } from '../../observability/metrics';
import { ValidationError } from '../../plugins/errors';
import { clearAlarm, insertDeviceEvent, openAlarm, upsertSensors, type StationKeys } from './device-state-repo';
import { evaluateDeliveries } from './delivery-evaluator';
import { DeviceStations, type IngestStation } from './device-stations';
import { advanceLatest, insertReadings, newestPerTank, type ReadingRow } from './readings-repo';
import { markSeen, markSilentOffline } from './status-repo';
import { validateBatch, type ParsedBatch, type ValidReading } from './validate-batch';

export type IngestSource = 'http' | 'mqtt' | 'atg' | 'test';

/** What an evaluator sees of a committed-to-be batch, inside its transaction. */
export interface EvaluationContext {
  db: Db;
  station: IngestStation;
  readings: readonly ReadingRow[];
  batch: ParsedBatch;
  now: Date;
}
/**
 * The hook where later rules plug in (server-side alarm thresholds, deliveries, data jumps:
 * issues 5 and 6). Evaluators run inside the batch's transaction, after the readings are
 * written, so what they derive commits — or not — with the data.
 */
export type Evaluator = (context: EvaluationContext) => Promise<void>;

export class DeviceRefused extends Error {}

/**
 * The one ingest path for every source (issue 4): authenticate → validate each item →
 * compute volumes → write in one transaction (readings, latest state, station status,
 * sensors, alarms, events, evaluators) → publish live events → answer. The answer is sent
 * only after the commit, so an acknowledged batch is never lost.
 */
export class Ingest {
  readonly stations: DeviceStations;
  private readonly evaluators: Evaluator[] = [async (context) => void (await evaluateDeliveries(context))];

  constructor(
    private readonly deps: { db: Db; hub: LiveHub; clock: () => Date; metrics: Metrics; logger: FastifyBaseLogger },
  ) {
    this.stations = new DeviceStations(deps.db);
  }

  addEvaluator(evaluator: Evaluator): void {
    this.evaluators.push(evaluator);
  }

  /**
   * Takes one batch from a device. Throws DeviceRefused for an unknown station or a wrong
   * key, ValidationError when the batch itself is malformed; refused items are in the answer.
   */
  async report(stationCode: string, deviceKey: string | undefined, body: unknown, language: Language, source: IngestSource): Promise<DeviceReportResult> {
    const station = await this.stations.authenticate(stationCode, deviceKey);
    if (!station) throw new DeviceRefused();
    return this.reportFor(station, body, language, source);
  }

  /** A batch of a station its transport already authenticated (an MQTT connection, the ATG poller). */
  async reportFor(station: IngestStation, body: unknown, language: Language, source: IngestSource): Promise<DeviceReportResult> {
    const started = process.hrtime.bigint();
    const envelope = deviceReport.safeParse(body ?? {});
    if (!envelope.success) {
      const issue = envelope.error.issues[0]!;
      throw new ValidationError([{ field: issue.path.map(String).join('.') || 'request', rule: issue.code === 'too_big' ? 'rule.tooLong' : 'rule.invalid', params: { max: 5000 } }]);
    }
    const now = this.deps.clock();
    const t = translator(language);
    const batch = validateBatch(envelope.data, station, now, t);
    const readings = batch.readings.map((r) => toRow(station.id, r));
    const eventRows = batch.events.flatMap((e) => e.readings.map((r) => toRow(station.id, r)));
    const allRows = eventRows.length > 0 ? [...readings, ...eventRows] : readings;
    const skew = envelope.data.sentAt ? clockSkew(new Date(envelope.data.sentAt), now) : null;
    const keys: StationKeys = { id: station.id, companyId: station.companyId, distributorId: station.distributorId };

    const outcome = await this.deps.db.transaction(async (tx) => {
      const db = tx as unknown as Db;
      const inserted = await insertReadings(db, allRows);
      const newest = newestPerTank(allRows);
      const moved = new Set(await advanceLatest(db, newest));
      const lastDataAt = newest.reduce<ReadingRow | null>((a, b) => (a && a.tsMs >= b.tsMs ? a : b), null)?.ts ?? null;
      const seen = await markSeen(db, station.id, now, lastDataAt, skew);
      await upsertSensors(db, station.id, batch.sensors.map((s) => ({ sensorNo: s.sensorNo, type: s.type, state: s.state, code: s.code ?? null, ts: s.ts })));
      const opened: ActiveAlarm[] = [];
      const open = async (kind: 'level' | 'leak', tankId: number | null, tankCode: string | null, sensorNo: string | null, code: number, ts: string) => {
        const id = await openAlarm(db, keys, { kind, tankId, sensorNo, code }, ts, 'device');
        if (id !== null) opened.push({ id, stationId: station.id, stationName: station.name, kind, code, tankCode, sensorNo, startedAt: new Date(ts).toISOString(), endedAt: null });
      };
      // A sensor in alarm is a leak alarm (its own code, or 8 "leak alarm"); back to normal clears it.
      for (const s of batch.sensors) {
        if (s.state === 'alarm') await open('leak', null, null, s.sensorNo, s.code ?? DEFAULT_LEAK_CODE, s.ts);
        else if (s.state === 'normal') await clearAlarm(db, station.id, { kind: 'leak', tankId: null, sensorNo: s.sensorNo, code: null }, s.ts);
      }
      for (const { alarm, tank } of batch.alarms) {
        const sensorNo = alarm.kind === 'leak' ? (alarm.sensorNo ?? null) : null;
        if (alarm.state === 'active') await open(alarm.kind, tank?.id ?? null, tank?.code ?? null, sensorNo, alarm.code, alarm.ts);
        else await clearAlarm(db, station.id, { kind: alarm.kind, tankId: tank?.id ?? null, sensorNo, code: alarm.code }, alarm.ts);
      }
      for (const e of batch.events) {
        const inventory = e.readings.map((r) => ({ tank: r.tank.code, tankId: r.tank.id, ...inventoryOf(r), temperatureC: r.reading.temperatureC, ts: r.reading.ts }));
        await insertDeviceEvent(db, keys, e.event.type, e.event.ts, inventory);
      }
      for (const evaluate of this.evaluators) await evaluate({ db, station, readings: allRows, batch, now });
      return { inserted, moved, seen, opened, lastDataAt };
    });

    this.publish(station, newestPerTank(allRows).filter((r) => outcome.moved.has(r.tankId)), batch, outcome);
    this.deps.metrics.ingestReadings.labels(source).inc(outcome.inserted);
    this.deps.metrics.ingestLatency.observe(Number(process.hrtime.bigint() - started) / 1e9);
    return {
      ...(envelope.data.batchId === undefined ? {} : { batchId: envelope.data.batchId }),
      accepted: outcome.inserted,
      duplicates: allRows.length - outcome.inserted,
      refused: batch.refused,
      serverTime: now.toISOString(),
      clockSkewSeconds: skew?.skewSeconds ?? null,
      clockFlagged: skew?.flagged ?? false,
    };
  }

  /** Stations silent for more than 15 minutes go offline; run every minute or so. */
  async sweepOffline(): Promise<number> {
    const now = this.deps.clock();
    const gone = await markSilentOffline(this.deps.db, new Date(now.getTime() - OFFLINE_AFTER_MS));
    for (const g of gone) {
      this.deps.hub.publish(g, { type: 'status', stationId: g.stationId, status: 'offline', lastDataAt: null });
    }
    if (gone.length > 0) this.deps.logger.info({ stations: gone.map((g) => g.stationId) }, 'stations went offline');
    return gone.length;
  }

  close(): void {
    this.stations.close();
  }

  private publish(
    station: IngestStation,
    moved: ReadingRow[],
    batch: ParsedBatch,
    outcome: { seen: { cameBack: boolean; firstContact: boolean }; opened: ActiveAlarm[]; lastDataAt: string | null },
  ) {
    const hub = this.deps.hub;
    const origin = { distributorId: station.distributorId, companyId: station.companyId, stationId: station.id };
    if (outcome.seen.cameBack || outcome.seen.firstContact) {
      hub.publish(origin, { type: 'status', stationId: station.id, status: 'online', lastDataAt: outcome.lastDataAt });
    }
    if (moved.length > 0) hub.publish(origin, { type: 'inventory', stationId: station.id, tanks: moved.map(liveOf) });
    if (batch.sensors.length > 0) {
      hub.publish(origin, { type: 'sensors', stationId: station.id, sensors: batch.sensors.map((s) => ({ sensorNo: s.sensorNo, type: s.type, state: s.state, code: s.code ?? null, ts: s.ts })) });
    }
    for (const alarm of outcome.opened) hub.publish(origin, { type: 'alarm', stationId: station.id, alarm });
  }
}

function inventoryOf({ tank, reading }: ValidReading) {
  return computeInventory(tank.geometry, reading);
}

function toRow(stationId: number, valid: ValidReading): ReadingRow {
  const inv = inventoryOf(valid);
  const r = valid.reading;
  return {
    tankId: valid.tank.id,
    stationId,
    ts: r.ts,
    tsMs: Date.parse(r.ts),
    type: RECORD_TYPES.indexOf(r.type),
    ...inv,
    temperatureC: r.temperatureC,
    densityKgM3: r.densityKgM3 ?? null,
  };
}

function liveOf(row: ReadingRow): TankReadingLive {
  return {
    tankId: row.tankId,
    ts: new Date(row.tsMs).toISOString(),
    type: RECORD_TYPES[row.type] ?? null,
    productHeightMm: row.productHeightMm,
    waterHeightMm: row.waterHeightMm,
    temperatureC: row.temperatureC,
    volumeL: row.volumeL,
    tcVolumeL: row.tcVolumeL,
    waterVolumeL: row.waterVolumeL,
    ullageL: row.ullageL,
    fillPct: row.fillPct,
  };
}
