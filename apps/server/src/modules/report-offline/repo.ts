import { sql, type SQL } from 'drizzle-orm';
import type { OfflineListQuery, OfflineRow } from '@ullage/contracts/offline-records';
import { offlineDurationSeconds, type OfflineType } from '@ullage/domain/offline-processing';
import type { Db } from '../../db/client';
import { likePattern } from '../../lib/list';
import { pgArray, rawRows } from '../../lib/raw-sql';
import { assertValid } from '../../plugins/errors';
import { scopeOn, type Scope } from '../scope/scope';

type Filter = Omit<OfflineListQuery, 'q'> & { q?: string | undefined };

const FROM = sql`
  from offline_records o
  join stations s on s.id = o.station_id
  join companies c on c.id = o.company_id
  left join users u on u.id = o.processed_by`;

function whereOf(scope: Scope, f: Filter): SQL {
  const parts: SQL[] = [scopeOn(scope, 'o')];
  if (f.distributorId !== undefined) parts.push(sql`o.distributor_id = ${f.distributorId}`);
  if (f.companyId !== undefined) parts.push(sql`o.company_id = ${f.companyId}`);
  if (f.areaId !== undefined) parts.push(sql`s.area_id = ${f.areaId}`);
  if (f.stationId !== undefined) parts.push(sql`o.station_id = ${f.stationId}`);
  if (f.processed !== undefined) parts.push(sql`o.processed = ${f.processed === 'yes'}`);
  if (f.type !== undefined) parts.push(sql`o.type = ${f.type}`);
  // An outage overlaps the range: it began before the range ends and had not ended when it began.
  if (f.to !== undefined) parts.push(sql`o.started_at < ${new Date(f.to).toISOString()}::timestamptz`);
  if (f.from !== undefined) parts.push(sql`(o.ended_at is null or o.ended_at > ${new Date(f.from).toISOString()}::timestamptz)`);
  if (f.q) parts.push(sql`(s.name ilike ${likePattern(f.q)} or s.code ilike ${likePattern(f.q)})`);
  return sql.join(parts, sql` and `);
}

/** Newest first unless sorted otherwise; an ongoing outage's duration runs to `now`. */
function orderOf(f: Filter, now: Date): SQL {
  if (!f.sortField) return sql`o.started_at desc, o.id desc`;
  const sortable: Record<string, SQL> = {
    startedAt: sql`o.started_at`,
    endedAt: sql`o.ended_at`,
    duration: sql`(coalesce(o.ended_at, ${now.toISOString()}::timestamptz) - o.started_at)`,
    stationName: sql`s.name`,
    processedAt: sql`o.processed_at`,
  };
  const column = sortable[f.sortField];
  assertValid(column ? [] : [{ field: 'sortField', rule: 'rule.invalid' }]);
  return sql`${column!} ${sql.raw(f.sortOrder === 'descend' ? 'desc nulls last' : 'asc nulls first')}, o.id`;
}

interface Raw {
  id: string | number;
  station_id: number;
  station_name: string;
  station_code: string;
  company_name: string;
  timezone: string;
  started_at: Date | string;
  ended_at: Date | string | null;
  type: OfflineType | null;
  handler: string | null;
  content: string | null;
  processed: boolean;
  processed_at: Date | string | null;
  processed_by_name: string | null;
}

const iso = (v: Date | string | null) => (v === null ? null : new Date(v).toISOString());

function toRow(r: Raw, now: Date): OfflineRow {
  const startedAt = iso(r.started_at)!;
  const endedAt = iso(r.ended_at);
  return {
    id: Number(r.id),
    stationId: r.station_id,
    stationName: r.station_name,
    stationCode: r.station_code,
    companyName: r.company_name,
    timezone: r.timezone,
    startedAt,
    endedAt,
    durationSeconds: offlineDurationSeconds(Date.parse(startedAt), endedAt === null ? null : Date.parse(endedAt), now.getTime()),
    type: r.type,
    handler: r.handler,
    content: r.content,
    processed: r.processed,
    processedAt: iso(r.processed_at),
    processedByName: r.processed_by_name,
  };
}

/** One page of the offline records a scope may see, and how many match. */
export async function listOfflineRecords(db: Db, scope: Scope, f: Filter, page: { limit: number; offset: number }, now: Date) {
  const where = whereOf(scope, f);
  const [rows, count] = await Promise.all([
    rawRows<Raw>(
      db,
      sql`select o.id, o.station_id, s.name as station_name, s.code as station_code, c.name as company_name, s.timezone,
            o.started_at, o.ended_at, o.type, o.handler, o.content, o.processed, o.processed_at, u.nickname as processed_by_name
          ${FROM} where ${where} order by ${orderOf(f, now)} limit ${page.limit} offset ${page.offset}`,
    ),
    rawRows<{ n: number }>(db, sql`select count(*)::int as n ${FROM} where ${where}`),
  ]);
  return { list: rows.map((r) => toRow(r, now)), total: count[0]?.n ?? 0 };
}

/** The records among `ids` that the scope may see, with their organisation and whether processed. */
export async function offlineRecordsInScope(db: Db, scope: Scope, ids: number[]) {
  const rows = await rawRows<{ id: string | number; processed: boolean; company_id: number; distributor_id: number }>(
    db,
    sql`select o.id, o.processed, o.company_id, o.distributor_id from offline_records o where ${scopeOn(scope, 'o')} and o.id = any(${pgArray(ids)}::bigint[])`,
  );
  return rows.map((r) => ({ id: Number(r.id), processed: r.processed, companyId: r.company_id, distributorId: r.distributor_id }));
}

/**
 * Records the processing in one statement; the `processed = false` guard makes a concurrent
 * second processing a no-op rather than overwriting the first one's.
 */
export async function markOfflineProcessed(db: Db, ids: number[], userId: number, processing: { handler: string; type: OfflineType; content: string }, at: Date): Promise<number> {
  const rows = await rawRows<{ id: string | number }>(
    db,
    sql`update offline_records set processed = true, type = ${processing.type}, handler = ${processing.handler}, content = ${processing.content},
          processed_at = ${at.toISOString()}::timestamptz, processed_by = ${userId}
        where id = any(${pgArray(ids)}::bigint[]) and not processed
        returning id`,
  );
  return rows.length;
}
