import { and, desc, eq, gte, inArray, isNotNull, isNull, lt, sql, type SQL } from 'drizzle-orm';
import type { AlarmListQuery, AlarmRow } from '@ullage/contracts/alarms';
import type { Db } from '../../db/client';
import { alarms, companies, products, sensorLatest, stations, tanks, users } from '../../db/schema';
import { equalsIfGiven, likePattern, orderOf, pageOf } from '../../lib/list';
import { scopeFilter, type Scope } from '../scope/scope';

const SCOPE = { distributorId: alarms.distributorId, companyId: alarms.companyId, stationId: alarms.stationId };

const columns = {
  id: alarms.id,
  kind: alarms.kind,
  code: alarms.code,
  source: alarms.source,
  stationId: alarms.stationId,
  stationName: stations.name,
  stationCode: stations.code,
  companyName: companies.name,
  timezone: stations.timezone,
  tankId: alarms.tankId,
  tankCode: tanks.code,
  productName: products.name,
  sensorNo: alarms.sensorNo,
  sensorType: sensorLatest.type,
  startedAt: alarms.startedAt,
  endedAt: alarms.endedAt,
  processed: alarms.processed,
  processedByName: users.nickname,
  processedAt: alarms.processedAt,
  note: alarms.note,
};

type Filter = Omit<AlarmListQuery, 'q'> & { q?: string | undefined };

function whereOf(scope: Scope, f: Filter): SQL | undefined {
  return and(
    scopeFilter(scope, SCOPE),
    eq(alarms.kind, f.kind),
    equalsIfGiven(alarms.distributorId, f.distributorId),
    equalsIfGiven(alarms.companyId, f.companyId),
    equalsIfGiven(stations.areaId, f.areaId),
    equalsIfGiven(alarms.stationId, f.stationId),
    equalsIfGiven(alarms.tankId, f.tankId),
    equalsIfGiven(alarms.sensorNo, f.sensorNo),
    equalsIfGiven(alarms.code, f.code),
    f.from !== undefined ? gte(alarms.startedAt, new Date(f.from)) : undefined,
    f.to !== undefined ? lt(alarms.startedAt, new Date(f.to)) : undefined,
    f.state === 'active' ? isNull(alarms.endedAt) : f.state === 'cleared' ? isNotNull(alarms.endedAt) : undefined,
    f.processed === 'yes' ? eq(alarms.processed, true) : f.processed === 'no' ? eq(alarms.processed, false) : undefined,
    f.q ? sql`(${stations.name} ilike ${likePattern(f.q)} or ${stations.code} ilike ${likePattern(f.q)})` : undefined,
  );
}


const iso = (d: Date | null) => (d ? d.toISOString() : null);

/** One page of a user's alarms of one kind, newest first unless sorted otherwise. */
export async function listAlarms(db: Db, scope: Scope, f: Filter): Promise<{ list: AlarmRow[]; total: number }> {
  const where = whereOf(scope, f);
  const order = orderOf(
    f,
    { startedAt: alarms.startedAt, endedAt: alarms.endedAt, stationName: stations.name, code: alarms.code, processedAt: alarms.processedAt },
    desc(alarms.startedAt),
    alarms.id,
  );
  const { limit, offset } = pageOf(f);
  const [rows, total] = await Promise.all([
    db
      .select(columns)
      .from(alarms)
      .innerJoin(stations, eq(stations.id, alarms.stationId))
      .innerJoin(companies, eq(companies.id, alarms.companyId))
      .leftJoin(tanks, eq(tanks.id, alarms.tankId))
      .leftJoin(products, eq(products.id, tanks.productId))
      .leftJoin(sensorLatest, and(eq(sensorLatest.stationId, alarms.stationId), eq(sensorLatest.sensorNo, alarms.sensorNo)))
      .leftJoin(users, eq(users.id, alarms.processedBy))
      .where(where)
      .orderBy(...order)
      .limit(limit)
      .offset(offset),
    db.select({ n: sql<number>`count(*)::int` }).from(alarms).innerJoin(stations, eq(stations.id, alarms.stationId)).where(where),
  ]);
  const list = rows.map((r) => ({
    ...r,
    kind: r.kind as AlarmRow['kind'],
    startedAt: r.startedAt.toISOString(),
    endedAt: iso(r.endedAt),
    processedAt: iso(r.processedAt),
  }));
  return { list, total: total[0]?.n ?? 0 };
}

/** The ids among `ids` that the scope may see, with whether each is already processed. */
export async function alarmsInScope(db: Db, scope: Scope, ids: number[]) {
  return db
    .select({ id: alarms.id, processed: alarms.processed })
    .from(alarms)
    .where(and(scopeFilter(scope, SCOPE), inArray(alarms.id, ids)));
}

/**
 * Marks the alarms processed in one statement; the `processed = false` guard makes a
 * concurrent second processing a no-op rather than overwriting the first handler's note.
 */
export async function markProcessed(db: Db, ids: number[], userId: number, note: string, at: Date): Promise<number> {
  const updated = await db
    .update(alarms)
    .set({ processed: true, processedBy: userId, processedAt: at, note })
    .where(and(inArray(alarms.id, ids), eq(alarms.processed, false)))
    .returning({ id: alarms.id });
  return updated.length;
}
