import type { FastifyBaseLogger } from 'fastify';
import { deviceReport, RECORD_TYPES, type DeviceReportResult } from '@ullage/contracts/device';
import type { TankReadingLive } from '@ullage/contracts/monitor';
import { computeInventory } from '@ullage/domain/inventory';
import { clockSkew, OFFLINE_AFTER_MS } from '@ullage/domain/station-status';
import type { Language } from '@ullage/domain/languages';
import type { Db } from '../../db/client';
import { translator } from '../../i18n/translate';
import type { LiveHub } from '../../live/hub';
import type { Metrics } from '../../observability/metrics';
import { ValidationError } from '../../plugins/errors';
import { BatchWriter, type Evaluator, type WriteOutcome } from './batch-writer';
import { evaluateDeliveries } from './delivery-evaluator';
import { DeviceStations, type IngestStation } from './device-stations';
import type { ReadingRow } from './readings-repo';
import { markSilentOffline } from './status-repo';
import { validateBatch, type ParsedBatch, type ValidReading } from './validate-batch';

export type IngestSource = 'http' | 'mqtt' | 'atg' | 'test';

export type { EvaluationContext, Evaluator } from './batch-writer';

export class DeviceRefused extends Error {}

/**
 * The one ingest path for every source (issue 4): authenticate → validate each item →
 * compute volumes → write in one transaction (readings, latest state, station status,
 * sensors, alarms, events, evaluators; batch-writer.ts groups concurrent batches) → publish
 * live events → answer. The answer is sent
 * only after the commit, so an acknowledged batch is never lost.
 */
export class Ingest {
  readonly stations: DeviceStations;
  private readonly evaluators: Evaluator[] = [async (context) => void (await evaluateDeliveries(context))];
  private readonly writer: BatchWriter;

  constructor(
    private readonly deps: { db: Db; hub: LiveHub; clock: () => Date; metrics: Metrics; logger: FastifyBaseLogger },
  ) {
    this.stations = new DeviceStations(deps.db);
    // Two writers: one transaction's round trips overlap the next group's preparation.
    this.writer = new BatchWriter(deps.db, this.evaluators, 2);
  }

  /** Later rules (alarm thresholds, data jumps) join here; they run in every batch's transaction. */
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
    const batch = validateBatch(envelope.data, station, now, translator(language));
    const rows = [...batch.readings, ...batch.events.flatMap((e) => e.readings)].map((r) => toRow(station.id, r));
    const clock = envelope.data.sentAt ? clockSkew(new Date(envelope.data.sentAt), now) : null;
    const outcome = await this.writer.write({ station, rows, batch, clock, receivedAt: now });

    this.publish(station, batch, outcome);
    this.deps.metrics.ingestReadings.labels(source).inc(outcome.inserted);
    this.deps.metrics.ingestLatency.observe(Number(process.hrtime.bigint() - started) / 1e9);
    return {
      ...(envelope.data.batchId === undefined ? {} : { batchId: envelope.data.batchId }),
      accepted: outcome.inserted,
      duplicates: rows.length - outcome.inserted,
      refused: batch.refused,
      serverTime: now.toISOString(),
      clockSkewSeconds: clock?.skewSeconds ?? null,
      clockFlagged: clock?.flagged ?? false,
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

  private publish(station: IngestStation, batch: ParsedBatch, outcome: WriteOutcome) {
    const hub = this.deps.hub;
    const origin = { distributorId: station.distributorId, companyId: station.companyId, stationId: station.id };
    if (outcome.cameBack || outcome.firstContact) {
      hub.publish(origin, { type: 'status', stationId: station.id, status: 'online', lastDataAt: outcome.lastDataAt });
    }
    if (outcome.moved.length > 0) hub.publish(origin, { type: 'inventory', stationId: station.id, tanks: outcome.moved.map(liveOf) });
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
  // Spelled out rather than spread: this runs for every reading, and spreads allocate twice.
  return {
    tankId: valid.tank.id,
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
