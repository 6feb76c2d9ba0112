import type { FastifyBaseLogger } from 'fastify';
import { RECORD_TYPES, type DeviceReportResult, type RefusedItem } from '@ullage/contracts/device';
import { translator } from '../../i18n/translate';
import { formatField } from '../../plugins/envelope';
import type { StoreRefusal } from './sales-repo';
import type { TankReadingLive } from '@ullage/contracts/monitor';
import { OFFLINE_AFTER_MS } from '@ullage/domain/station-status';
import type { Language } from '@ullage/domain/languages';
import type { Db } from '../../db/client';
import { inBackground } from '../../db/lanes';
import type { LiveBus } from '../../live/bus';
import type { LiveHub } from '../../live/hub';
import type { Metrics } from '../../observability/metrics';
import { ValidationError } from '../../plugins/errors';
import { BatchWriter, type Evaluator, type WriteOutcome } from './batch-writer';
import { evaluateDeliveries } from './delivery-evaluator';
import { thresholdEvaluator } from './threshold-evaluator';
import { evaluateJumps } from './jump-evaluator';
import { evaluatePastOutages } from './outage-evaluator';
import { DeviceStations, type IngestStation } from './device-stations';
import type { ReadingRow } from './reading-columns';
import { markSilentOffline } from './status-repo';
import { recordEvents } from '../webhooks/service';
import type { PreparedParts } from './prepare';
import { Preparer } from './prepare-pool';

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
  private readonly evaluators: Evaluator[] = [async (context) => void (await evaluateDeliveries(context)), thresholdEvaluator(), evaluateJumps, evaluatePastOutages];
  private readonly writer: BatchWriter;
  private readonly preparer: Preparer;

  constructor(
    private readonly deps: { db: Db; bus: LiveBus; hub: LiveHub; clock: () => Date; metrics: Metrics; logger: FastifyBaseLogger; prepareWorkers?: number; /** Readings a write transaction takes at most (batch-writer.ts). */ groupReadings?: number },
  ) {
    this.stations = new DeviceStations(deps.db, deps.bus);
    // Two writers: one transaction's round trips overlap the next group's preparation.
    this.writer = new BatchWriter(deps.db, this.evaluators, 2, deps.groupReadings);
    this.preparer = new Preparer(deps.prepareWorkers ?? 0);
  }

  /** Later rules (alarm thresholds, data jumps) join here; they run in every batch's transaction. */
  addEvaluator(evaluator: Evaluator): void {
    this.evaluators.push(evaluator);
  }

  /**
   * Takes one batch from a device. Throws DeviceRefused for an unknown station or a wrong
   * key, ValidationError when the batch itself is malformed; refused items are in the answer.
   */
  report(stationCode: string, deviceKey: string | undefined, body: unknown, language: Language, source: IngestSource): Promise<DeviceReportResult> {
    // Devices wait their turn behind people on the embedded database (db/lanes.ts).
    return inBackground(async () => {
      const station = await this.stations.authenticate(stationCode, deviceKey);
      if (!station) throw new DeviceRefused();
      return this.reportFor(station, body, language, source);
    });
  }

  /** A batch of a station its transport already authenticated (an MQTT connection, the ATG poller). */
  reportFor(station: IngestStation, body: unknown, language: Language, source: IngestSource): Promise<DeviceReportResult> {
    return inBackground(() => this.take(station, body, language, source));
  }

  private async take(station: IngestStation, body: unknown, language: Language, source: IngestSource): Promise<DeviceReportResult> {
    const started = process.hrtime.bigint();
    const now = this.deps.clock();
    const prepared = await this.preparer.prepare(body, station, now.getTime(), language);
    if (prepared.error) throw new ValidationError(prepared.error);
    const outcome = await this.writer.write({ station, readings: prepared.readings, parts: prepared.parts, clock: prepared.clock, receivedAt: now });

    this.publish(station, prepared.parts, outcome);
    this.deps.metrics.ingestReadings.labels(source).inc(outcome.inserted);
    this.deps.metrics.ingestLatency.observe(Number(process.hrtime.bigint() - started) / 1e9);
    return {
      ...(prepared.batchId === undefined ? {} : { batchId: prepared.batchId }),
      accepted: outcome.inserted,
      duplicates: prepared.readings.count - outcome.inserted,
      refused: outcome.storeRefused.length === 0 ? prepared.refused : [...prepared.refused, ...refusedOf(outcome.storeRefused, language)],
      ...(prepared.parts.sales.length + prepared.parts.meterTotals.length + prepared.parts.tickets.length > 0
        ? { sales: { accepted: outcome.salesAdded, duplicates: prepared.parts.sales.length + prepared.parts.meterTotals.length - outcome.salesAdded - outcome.storeRefused.filter((r) => r.list === 'meterTotals').length, tickets: outcome.ticketsApplied } }
        : {}),
      serverTime: now.toISOString(),
      clockSkewSeconds: prepared.clock?.skewSeconds ?? null,
      clockFlagged: prepared.clock?.flagged ?? false,
    };
  }

  /** Stations silent for more than 15 minutes go offline; run every minute or so. */
  async sweepOffline(): Promise<number> {
    const now = this.deps.clock();
    // The offline marks and their station.offline webhook events (issue 38) commit together.
    const gone = await this.deps.db.transaction(async (tx) => {
      const t = tx as unknown as Db;
      const went = await markSilentOffline(t, new Date(now.getTime() - OFFLINE_AFTER_MS));
      await recordEvents(t, went.map((g) => ({ type: 'station.offline', stationId: g.stationId, occurredAt: now.toISOString(), data: { lastSeenAt: g.lastSeenAt } })));
      return went;
    });
    for (const g of gone) {
      this.deps.hub.publish(g, { type: 'status', stationId: g.stationId, status: 'offline', lastDataAt: null });
    }
    if (gone.length > 0) this.deps.logger.info({ stations: gone.map((g) => g.stationId) }, 'stations went offline');
    return gone.length;
  }

  async close(): Promise<void> {
    this.stations.close();
    await this.preparer.close();
  }

  private publish(station: IngestStation, parts: PreparedParts, outcome: WriteOutcome) {
    const hub = this.deps.hub;
    const origin = { distributorId: station.distributorId, companyId: station.companyId, stationId: station.id };
    if (outcome.cameBack || outcome.firstContact) {
      hub.publish(origin, { type: 'status', stationId: station.id, status: 'online', lastDataAt: outcome.lastDataAt });
    }
    if (outcome.moved.length > 0) hub.publish(origin, { type: 'inventory', stationId: station.id, tanks: outcome.moved.map(liveOf) });
    if (parts.sensors.length > 0) {
      hub.publish(origin, { type: 'sensors', stationId: station.id, sensors: parts.sensors.map((s) => ({ sensorNo: s.sensorNo, type: s.type, state: s.state, code: s.code ?? null, ts: s.ts })) });
    }
    for (const alarm of outcome.opened) hub.publish(origin, { type: 'alarm', stationId: station.id, alarm });
  }
}

/** Items the store refused, as the answer names every refused item: path and rule in the request's language. */
function refusedOf(refusals: readonly StoreRefusal[], language: Language): RefusedItem[] {
  const t = translator(language);
  return refusals.map(({ list, index, rule }) => ({
    path: `${list}[${index}].${rule.field}`,
    message: formatField(t, { ...rule, field: `${list}.${index}.${rule.field}` }),
  }));
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
