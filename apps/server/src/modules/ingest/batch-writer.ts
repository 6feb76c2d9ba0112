import type { ActiveAlarm } from '@ullage/contracts/monitor';
import { DEFAULT_LEAK_CODE } from '@ullage/domain/alarm-codes';
import { monthsOf } from '@ullage/domain/reading-months';
import type { Db } from '../../db/client';
import { ensureMonths, isMissingPartition } from '../../db/partitions';
import type { StationKeys } from '../../lib/station-keys';
import { clearAlarm, clearSensorAlarms, openAlarm } from '../alarms/service';
import { salesChanged } from '../tank-days/service';
import { insertDeviceEvent, upsertDeviceDelivery, upsertSensors } from './device-state-repo';
import type { IngestStation } from './device-stations';
import type { PreparedParts } from './prepare';
import { joinReadings, type PreparedReadings, type ReadingRow } from './reading-columns';
import { writeReadings, type FreshReadings } from './readings-repo';
import { markSeen } from './status-repo';
import { groupReadings, type GroupReadings } from './group-readings';
import { onAlarmLane } from './alarm-lane';
import { MAX_GROUP_READINGS, takeGroups } from './group-schedule';
import { applyTickets, insertMeterTotals, insertSales, type StoreRefusal } from './sales-repo';
import { recordEvents } from '../webhooks/service';
import { deliveryEvent } from './delivery-evaluator';

/** A device batch validated and computed (prepare.ts), ready to be written. */
export interface PreparedBatch {
  station: IngestStation;
  readings: PreparedReadings;
  parts: PreparedParts;
  clock: { skewSeconds: number; flagged: boolean } | null;
  receivedAt: Date;
}

export interface WriteOutcome {
  inserted: number;
  /** Newest readings of the tanks whose live state this batch moved forward. */
  moved: ReadingRow[];
  cameBack: boolean;
  firstContact: boolean;
  opened: ActiveAlarm[];
  lastDataAt: string | null;
  /** Metered sales and totaliser readings new to the store, tickets set (issue 23). */
  salesAdded: number;
  ticketsApplied: number;
  /** Items refused against what is stored (a totaliser going backwards, a ticket with no delivery). */
  storeRefused: StoreRefusal[];
}

/** What an evaluator sees: the batches written together, inside their transaction. */
export interface EvaluationContext {
  db: Db;
  batches: readonly PreparedBatch[];
  /** The group's new readings by tank, and the reading before each tank's (asked once, on demand). */
  readings: GroupReadings;
  /** Which readings of each tank are new; a tank absent had none (all resent). */
  fresh: ReadonlyMap<number, FreshReadings>;
  /** An alarm the evaluator opened: pushed live once the transaction commits. */
  raise(stationId: number, alarm: ActiveAlarm): void;
}
/**
 * Where later rules plug in (server-side thresholds, jumps: issues 5 and 6). Evaluators run
 * inside the transaction after the readings are written, so what they derive commits — or
 * not — with the data.
 */
export type Evaluator = (context: EvaluationContext) => Promise<void>;

interface Pending {
  prepared: PreparedBatch;
  resolve: (outcome: WriteOutcome) => void;
  reject: (error: unknown) => void;
}

/**
 * Writes device batches with group commit: while one transaction runs, batches arriving from
 * other devices queue, and the next transaction takes them all. Many small concurrent writers
 * fight over the same table and index pages (on two cores, throughput falls as they are
 * added); a few large transactions do not. Each device is answered when its group commits.
 * Which batches go together, and when the alarm lane runs apart: group-schedule.ts.
 */
export class BatchWriter {
  private readonly queue: Pending[] = [];
  /** Batches that may open an alarm (alarm-lane.ts): first in the next group, or on the lane. */
  private readonly urgent: Pending[] = [];
  /** Readings of each bulk group being written, by the group's number. */
  private readonly running = new Map<number, number>();
  private groups = 0;
  private laneRunning = false;

  constructor(
    private readonly db: Db,
    private readonly evaluators: readonly Evaluator[],
    private readonly writers = 1,
    /** Less on the embedded database, where a transaction holds the one thread everyone waits on. */
    private readonly maxGroupReadings = MAX_GROUP_READINGS,
  ) {}

  write(prepared: PreparedBatch): Promise<WriteOutcome> {
    return new Promise((resolve, reject) => {
      (onAlarmLane(prepared) ? this.urgent : this.queue).push({ prepared, resolve, reject });
      this.pump();
    });
  }

  private pump() {
    const { lane, groups } = takeGroups({ queue: this.queue, urgent: this.urgent, running: [...this.running.values()], laneRunning: this.laneRunning, writers: this.writers, maxGroupReadings: this.maxGroupReadings });
    if (lane) {
      this.laneRunning = true;
      void this.run(lane).finally(() => {
        this.laneRunning = false;
        this.pump();
      });
    }
    for (const { batches, readings } of groups) {
      const id = ++this.groups;
      this.running.set(id, readings);
      void this.run(batches).finally(() => {
        this.running.delete(id);
        this.pump();
      });
    }
  }

  private async run(group: Pending[]) {
    try {
      const outcomes = await this.transaction(group.map((p) => p.prepared));
      group.forEach((p, i) => p.resolve(outcomes[i]!));
    } catch (error) {
      if (group.length === 1) return group[0]!.reject(error);
      // One batch may be what the database refuses: write each alone so the others land.
      for (const p of group) {
        await this.transaction([p.prepared]).then(
          ([outcome]) => p.resolve(outcome!),
          (alone: unknown) => p.reject(alone),
        );
      }
    }
  }

  /**
   * A month without its partition yet (readings buffered for months, or the upkeep job not run
   * since the month began) fails the write; its months are made and the write is tried once more.
   */
  private async transaction(batches: PreparedBatch[]): Promise<WriteOutcome[]> {
    try {
      return await this.transactionOnce(batches);
    } catch (error) {
      if (!isMissingPartition(error)) throw error;
      await ensureMonths(this.db, monthsOf(batches.flatMap((b) => [...b.readings.tsMs])));
      return this.transactionOnce(batches);
    }
  }

  private transactionOnce(batches: PreparedBatch[]): Promise<WriteOutcome[]> {
    return this.db.transaction(async (tx) => {
      const db = tx as unknown as Db;
      const byKey = sharesTank(batches);
      // From here on the transaction runs under generic plans (readings-repo.ts): a statement added
      // to the device path takes its values as arrays, or by keys, so that no plan depends on them.
      const written = await writeReadings(db, joinReadings(batches.map((b) => b.readings)), byKey);

      const arrivals = new Map<number, { stationId: number; seenAt: Date; lastDataAt: string | null; lastMs: number; clock: PreparedBatch['clock'] }>();
      for (const b of batches) {
        const newest = b.readings.newest.reduce<ReadingRow | null>((a, r) => (a && a.tsMs >= r.tsMs ? a : r), null);
        const seen = arrivals.get(b.station.id);
        if (!seen) arrivals.set(b.station.id, { stationId: b.station.id, seenAt: b.receivedAt, lastDataAt: newest?.ts ?? null, lastMs: newest?.tsMs ?? -Infinity, clock: b.clock });
        else {
          if (b.receivedAt > seen.seenAt) seen.seenAt = b.receivedAt;
          if (newest && newest.tsMs > seen.lastMs) Object.assign(seen, { lastDataAt: newest.ts, lastMs: newest.tsMs });
          seen.clock = b.clock ?? seen.clock;
        }
      }
      const status = await markSeen(db, [...arrivals.values()]);
      // station.online to the webhooks (issue 38), in this transaction; nothing when none came back.
      const back = [...arrivals.values()].filter((a) => status.get(a.stationId)?.cameBack);
      await recordEvents(db, back.map((a) => ({ type: 'station.online', stationId: a.stationId, occurredAt: a.seenAt.toISOString(), data: { lastSeenAt: a.seenAt.toISOString(), lastDataAt: a.lastDataAt } })));

      const outcomes: WriteOutcome[] = [];
      for (const b of batches) {
        const { tankId, tsMs } = b.readings;
        let inserted = 0;
        if (byKey) for (let i = 0; i < b.readings.count; i++) inserted += written.newKeys.delete(`${tankId[i]}:${tsMs[i]}`) ? 1 : 0;
        else for (const id of new Set(tankId)) inserted += written.newPerTank.get(id) ?? 0;
        const opened = await writeDeviceState(db, b);
        const sales = await writeSales(db, b);
        const seen = status.get(b.station.id) ?? { cameBack: false, firstContact: false };
        outcomes.push({
          inserted,
          moved: b.readings.newest.filter((r) => written.moved.has(r.tankId)),
          ...seen,
          opened,
          lastDataAt: arrivals.get(b.station.id)?.lastDataAt ?? null,
          salesAdded: sales.added,
          ticketsApplied: 0,
          storeRefused: sales.refused,
        });
      }
      const raised = new Map<number, ActiveAlarm[]>();
      const raise = (stationId: number, alarm: ActiveAlarm) => raised.set(stationId, [...(raised.get(stationId) ?? []), alarm]);
      const readings = groupReadings(db, batches, written.fresh);
      for (const evaluate of this.evaluators) await evaluate({ db, batches, readings, fresh: written.fresh, raise });
      // After the evaluators: a ticket sent with the readings of its drop finds the delivery they detected.
      for (const [i, b] of batches.entries()) {
        if (b.parts.tickets.length === 0) continue;
        const tickets = await applyTickets(db, b.parts.tickets);
        outcomes[i]!.ticketsApplied = tickets.applied;
        outcomes[i]!.storeRefused.push(...tickets.refused);
      }
      // Each station's raised alarms go out with its first batch of the group.
      batches.forEach((b, i) => {
        const mine = raised.get(b.station.id);
        if (mine) {
          outcomes[i]!.opened.push(...mine);
          raised.delete(b.station.id);
        }
      });
      return outcomes;
    });
  }
}

/** Whether two batches carry readings of one tank (one station twice in a group). */
function sharesTank(batches: readonly PreparedBatch[]): boolean {
  if (batches.length < 2) return false;
  const stations = new Set<number>();
  for (const b of batches) {
    if (stations.has(b.station.id)) return true;
    stations.add(b.station.id);
  }
  return false;
}

/**
 * Metered sales and totaliser readings of one batch (issue 23). New metered volume in a day
 * that is over marks the tank's book of that day stale, as late readings do: the book keeps
 * the day's metered sales (tank-day-books.ts).
 */
async function writeSales(db: Db, { station, parts, receivedAt }: PreparedBatch): Promise<{ added: number; refused: StoreRefusal[] }> {
  const sold = await insertSales(db, station.id, parts.sales);
  const totals = await insertMeterTotals(db, station.id, parts.meterTotals);
  await salesChanged(db, station.timezone, [...sold.landed, ...totals.landed], receivedAt.getTime());
  return { added: sold.added + totals.added, refused: totals.refused };
}

/** Sensors, device alarms, power events and measured deliveries of one batch; answers the alarms it opened. */
async function writeDeviceState(db: Db, { station, parts }: PreparedBatch): Promise<ActiveAlarm[]> {
  const keys: StationKeys = { id: station.id, companyId: station.companyId, distributorId: station.distributorId };
  await upsertSensors(db, station.id, parts.sensors.map((s) => ({ sensorNo: s.sensorNo, type: s.type, state: s.state, code: s.code ?? null, ts: s.ts })));
  const opened: ActiveAlarm[] = [];
  const open = async (kind: 'level' | 'leak', tankId: number | null, tankCode: string | null, sensorNo: string | null, code: number, ts: string) => {
    const id = await openAlarm(db, keys, { kind, tankId, sensorNo, code }, ts, 'device');
    if (id !== null) opened.push({ id, stationId: station.id, stationName: station.name, timezone: station.timezone, kind, code, tankCode, sensorNo, startedAt: new Date(ts).toISOString(), endedAt: null });
  };
  // A sensor in alarm is a leak alarm (its own code, or 8 "leak alarm"); back to normal clears it.
  // The clears wait and go together, each sensor's first; a sensor's alarm sends those before it.
  const normal = new Map<string, { sensorNo: string; ts: string }>();
  for (const s of parts.sensors) {
    if (s.state === 'alarm') {
      await clearSensorAlarms(db, station.id, [...normal.values()]);
      normal.clear();
      await open('leak', null, null, s.sensorNo, s.code ?? DEFAULT_LEAK_CODE, s.ts);
    } else if (s.state === 'normal' && !normal.has(s.sensorNo)) normal.set(s.sensorNo, { sensorNo: s.sensorNo, ts: s.ts });
  }
  await clearSensorAlarms(db, station.id, [...normal.values()]);
  for (const { alarm, tankId, tankCode } of parts.alarms) {
    const sensorNo = alarm.kind === 'leak' ? (alarm.sensorNo ?? null) : null;
    if (alarm.state === 'active') await open(alarm.kind, tankId, tankCode, sensorNo, alarm.code, alarm.ts);
    else await clearAlarm(db, station.id, { kind: alarm.kind, tankId, sensorNo, code: alarm.code }, alarm.ts);
  }
  for (const e of parts.events) await insertDeviceEvent(db, keys, e.type, e.ts, e.inventory);
  // Before the evaluators run, so the level-rise detector sees the device's delivery and stands back.
  for (const d of parts.deliveries) {
    const saved = await upsertDeviceDelivery(db, keys, d.tankId, d.delivery);
    const { startedAt, endedAt, startVolumeL, endVolumeL } = d.delivery;
    if (saved.inserted) await recordEvents(db, [deliveryEvent({ id: saved.id, station_id: station.id, tank_id: d.tankId, started_at: startedAt, ended_at: endedAt, start_volume_l: startVolumeL, end_volume_l: endVolumeL, source: 'device' })]);
  }
  return opened;
}
