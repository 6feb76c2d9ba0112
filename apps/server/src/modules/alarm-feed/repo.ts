import { sql } from 'drizzle-orm';
import type { ActiveAlarm } from '@ullage/contracts/monitor';
import type { Db } from '../../db/client';
import { activeAlarmOf } from '../alarms/service';
import { rawRows } from '../../lib/raw-sql';
import { scopeOn, type Scope } from '../scope/scope';

export interface FeedAlarm {
  /** Its place in the feed (migrations 0023 and 0030: commit order), sent as the event id; 0 read apart from the feed. */
  seq: number;
  alarm: ActiveAlarm;
  origin: { distributorId: number; companyId: number; stationId: number };
  timezone: string;
  sensorType: string | null;
}

/** What an alarm's message needs, from `FEED_FROM` (alarms as `al`). */
export const FEED_COLUMNS = sql`al.id, al.station_id, al.distributor_id, al.company_id, s.name as station_name, s.timezone, al.kind, al.code,
  t.code as tank_code, al.sensor_no, sl.type as sensor_type, al.started_at, al.ended_at`;
const NAMED = sql`join stations s on s.id = al.station_id left join tanks t on t.id = al.tank_id
  left join sensor_latest sl on sl.station_id = al.station_id and sl.sensor_no = al.sensor_no`;
export const FEED_FROM = sql`alarms al ${NAMED}`;
/** The feed in its order (`f.seq`), each place with its alarm: numbered at commit (migration 0030). */
const IN_FEED_ORDER = sql`alarm_feed f join alarms al on al.id = f.alarm_id ${NAMED}`;

export function feedAlarmOf(r: Record<string, unknown>): FeedAlarm {
  return {
    seq: r.feed_seq == null ? 0 : Number(r.feed_seq),
    alarm: activeAlarmOf(r),
    origin: { distributorId: r.distributor_id as number, companyId: r.company_id as number, stationId: r.station_id as number },
    timezone: r.timezone as string,
    sensorType: (r.sensor_type as string | null) ?? null,
  };
}

/**
 * Alarms placed in the feed after `afterSeq`, in feed order, every organisation's (each feed
 * keeps what its scope admits). Every alarm numbered below a visible one is visible too
 * (migration 0023), so reading on from the last one sent never skips one.
 */
export async function feedAlarmsAfter(db: Db, afterSeq: number, limit: number): Promise<FeedAlarm[]> {
  const rows = await rawRows<Record<string, unknown>>(db, sql`select f.seq as feed_seq, ${FEED_COLUMNS} from ${IN_FEED_ORDER} where f.seq > ${afterSeq} order by f.seq limit ${limit}`);
  return rows.map(feedAlarmOf);
}

/** The feed's last place so far: where a feed opened now starts. */
export async function lastFeedSeq(db: Db): Promise<number> {
  const [row] = await rawRows<{ n: string | number }>(db, sql`select n from alarm_feed_counter`);
  return Number(row?.n ?? 0);
}

/**
 * A page of the alarms in scope placed after `afterSeq` (a reconnecting client's Last-Event-ID),
 * in feed order, whatever their device time: a collector emptying its buffer after an outage
 * raises alarms that started days ago, and the client missed them all the same.
 */
export async function missedAlarms(db: Db, scope: Scope, afterSeq: number, limit: number): Promise<FeedAlarm[]> {
  const rows = await rawRows<Record<string, unknown>>(
    db,
    sql`select f.seq as feed_seq, ${FEED_COLUMNS} from ${IN_FEED_ORDER} where f.seq > ${afterSeq} and ${scopeOn(scope, 'al')} order by f.seq limit ${limit}`,
  );
  return rows.map(feedAlarmOf);
}
