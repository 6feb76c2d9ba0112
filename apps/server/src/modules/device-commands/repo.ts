import { and, asc, desc, eq, inArray, lt, sql, type SQL } from 'drizzle-orm';
import type { CommandListQuery, CommandRow, DeviceTank, FirmwareRow } from '@ullage/contracts/device-commands';
import type { CommandEnder, CommandKind, CommandState } from '@ullage/domain/device-commands';
import { firmwareStatus } from '@ullage/domain/firmware';
import type { Db } from '../../db/client';
import { companies, deviceCommands, deviceFirmware, products, stationDevices, stationStatus, stations, tanks } from '../../db/schema';
import { equalsIfGiven, likePattern, orderOf, pageOf } from '../../lib/list';
import { pgArray } from '../../lib/raw-sql';
import { byTankCode } from '../../lib/tank-order';
import { STATION_SCOPE } from '../scope/columns';
import { scopeFilter, type Scope } from '../scope/scope';

const COMMAND_SCOPE = { distributorId: deviceCommands.distributorId, companyId: deviceCommands.companyId, stationId: deviceCommands.stationId };
const iso = (d: Date | null) => (d ? d.toISOString() : null);

// ---------- stations and tanks ----------

export interface CommandStation {
  id: number;
  code: string;
  name: string;
  distributorId: number;
  companyId: number;
  companyName: string;
  timezone: string;
  deviceType: string | null;
  instrumentType: string | null;
  deviceIp: string | null;
  devicePort: number | null;
  serverIp: string | null;
  hasDeviceKey: boolean;
}

export async function findStations(db: Db, scope: Scope, ids: number[]): Promise<CommandStation[]> {
  if (ids.length === 0) return [];
  return db
    .select({
      id: stations.id,
      code: stations.code,
      name: stations.name,
      distributorId: stations.distributorId,
      companyId: stations.companyId,
      companyName: companies.name,
      timezone: stations.timezone,
      deviceType: stations.deviceType,
      instrumentType: stations.instrumentType,
      deviceIp: stations.deviceIp,
      devicePort: stations.devicePort,
      serverIp: stations.serverIp,
      hasDeviceKey: sql<boolean>`${stations.deviceKeyHash} is not null`,
    })
    .from(stations)
    .innerJoin(companies, eq(companies.id, stations.companyId))
    .where(and(scopeFilter(scope, STATION_SCOPE), inArray(stations.id, ids)));
}

export async function stationTanks(db: Db, stationId: number): Promise<DeviceTank[]> {
  const rows = await db
    .select({
      id: tanks.id,
      code: tanks.code,
      productName: products.name,
      heightMm: tanks.heightMm,
      volumeL: tanks.volumeL,
      highOilAlarmMm: tanks.highOilAlarmMm,
      highOilWarnMm: tanks.highOilWarnMm,
      lowOilWarnMm: tanks.lowOilWarnMm,
      lowOilAlarmMm: tanks.lowOilAlarmMm,
      highWaterAlarmMm: tanks.highWaterAlarmMm,
      tiltDeg: tanks.tiltDeg,
      probeOffsetMm: tanks.probeOffsetMm,
      strapping: tanks.strapping,
    })
    .from(tanks)
    .leftJoin(products, eq(products.id, tanks.productId))
    .where(eq(tanks.stationId, stationId))
    .orderBy(...byTankCode);
  return rows.map((t) => ({ ...t, strapping: t.strapping as DeviceTank['strapping'] }));
}

/** The station of a tank the caller may see, or undefined. */
export async function stationIdOfTank(db: Db, scope: Scope, tankId: number): Promise<number | undefined> {
  const [row] = await db
    .select({ stationId: tanks.stationId })
    .from(tanks)
    .where(and(scopeFilter(scope, { distributorId: tanks.distributorId, companyId: tanks.companyId, stationId: tanks.stationId }), eq(tanks.id, tankId)));
  return row?.stationId;
}

export async function distributorOfCompany(db: Db, companyId: number): Promise<number | undefined> {
  const [row] = await db.select({ id: companies.distributorId }).from(companies).where(eq(companies.id, companyId));
  return row?.id;
}

export async function stationContact(db: Db, stationId: number) {
  const [status] = await db.select().from(stationStatus).where(eq(stationStatus.stationId, stationId));
  const [device] = await db.select().from(stationDevices).where(eq(stationDevices.stationId, stationId));
  return { status, device };
}

// ---------- commands ----------

export interface NewCommand {
  distributorId: number;
  companyId: number;
  stationId: number;
  tankId: number | null;
  tankCode: string | null;
  kind: CommandKind;
  params: Record<string, unknown>;
  firmwareId: number | null;
  issuedBy: number;
  issuedByName: string;
  issuedAt: Date;
  deadlineAt: Date;
}

export async function insertCommands(db: Db, rows: NewCommand[]): Promise<number[]> {
  const inserted = await db.insert(deviceCommands).values(rows).returning({ id: deviceCommands.id });
  return inserted.map((r) => r.id);
}

const rowColumns = {
  id: deviceCommands.id,
  stationId: deviceCommands.stationId,
  stationCode: stations.code,
  stationName: stations.name,
  stationTimezone: stations.timezone,
  tankId: deviceCommands.tankId,
  tankCode: deviceCommands.tankCode,
  kind: deviceCommands.kind,
  params: deviceCommands.params,
  state: deviceCommands.state,
  reason: deviceCommands.reason,
  endedBy: deviceCommands.endedBy,
  progress: deviceCommands.progress,
  issuedBy: deviceCommands.issuedByName,
  issuedAt: deviceCommands.issuedAt,
  deliveredAt: deviceCommands.deliveredAt,
  deadlineAt: deviceCommands.deadlineAt,
  endedAt: deviceCommands.endedAt,
  cancelledBy: deviceCommands.cancelledByName,
  firmwareId: deviceCommands.firmwareId,
};

type RawRow = { [K in keyof typeof rowColumns]: unknown };
function rowOf(r: RawRow): CommandRow {
  return {
    ...(r as unknown as CommandRow),
    params: r.params as Record<string, unknown>,
    kind: r.kind as CommandKind,
    state: r.state as CommandState,
    endedBy: r.endedBy as CommandEnder | null,
    issuedAt: iso(r.issuedAt as Date)!,
    deliveredAt: iso(r.deliveredAt as Date | null),
    deadlineAt: iso(r.deadlineAt as Date)!,
    endedAt: iso(r.endedAt as Date | null),
  };
}

function commandWhere(scope: Scope, f: Partial<CommandListQuery>): SQL | undefined {
  return and(
    scopeFilter(scope, COMMAND_SCOPE),
    equalsIfGiven(deviceCommands.stationId, f.stationId),
    equalsIfGiven(deviceCommands.tankId, f.tankId),
    equalsIfGiven(deviceCommands.kind, f.kind),
    equalsIfGiven(deviceCommands.state, f.state),
    equalsIfGiven(deviceCommands.firmwareId, f.firmwareId),
    f.q ? sql`(${stations.name} ilike ${likePattern(f.q)} or ${stations.code} ilike ${likePattern(f.q)} or ${deviceCommands.issuedByName} ilike ${likePattern(f.q)})` : undefined,
  );
}

/** One page of the history, newest first unless sorted otherwise. */
export async function listCommands(db: Db, scope: Scope, f: CommandListQuery): Promise<{ list: CommandRow[]; total: number }> {
  const where = commandWhere(scope, f);
  const order = orderOf(
    f,
    { issuedAt: deviceCommands.issuedAt, stationCode: stations.code, kind: deviceCommands.kind, state: deviceCommands.state },
    desc(deviceCommands.issuedAt),
    deviceCommands.id,
  );
  const { limit, offset } = pageOf(f);
  const [rows, total] = await Promise.all([
    db.select(rowColumns).from(deviceCommands).innerJoin(stations, eq(stations.id, deviceCommands.stationId)).where(where).orderBy(...order).limit(limit).offset(offset),
    db.select({ n: sql<number>`count(*)::int` }).from(deviceCommands).innerJoin(stations, eq(stations.id, deviceCommands.stationId)).where(where),
  ]);
  return { list: rows.map(rowOf), total: total[0]?.n ?? 0 };
}

export async function findCommands(db: Db, scope: Scope, ids: number[]): Promise<CommandRow[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .select(rowColumns)
    .from(deviceCommands)
    .innerJoin(stations, eq(stations.id, deviceCommands.stationId))
    .where(and(scopeFilter(scope, COMMAND_SCOPE), inArray(deviceCommands.id, ids)))
    .orderBy(asc(deviceCommands.id));
  return rows.map(rowOf);
}

/** The command as a device addressed it: its own station's only. */
export async function commandOfStation(db: Db, stationId: number, id: number) {
  const [row] = await db.select().from(deviceCommands).where(and(eq(deviceCommands.id, id), eq(deviceCommands.stationId, stationId)));
  return row;
}

export type StoredCommand = typeof deviceCommands.$inferSelect;

/**
 * Issuing commands of a station to hand over: all of them (`redeliverBefore` null), or those
 * never handed over or last handed over before that time. Marks them handed over now.
 */
export async function takeForDelivery(db: Db, stationId: number, now: Date, redeliverBefore: Date | null): Promise<StoredCommand[]> {
  const due = redeliverBefore ? sql`(${deviceCommands.deliveredAt} is null or ${deviceCommands.deliveredAt} < ${redeliverBefore})` : undefined;
  return db
    .update(deviceCommands)
    .set({ deliveredAt: now })
    .where(and(eq(deviceCommands.stationId, stationId), eq(deviceCommands.state, 'issuing'), due))
    .returning()
    .then((rows) => rows.sort((a, b) => a.id - b.id));
}

export async function markDelivered(db: Db, ids: number[], at: Date) {
  if (ids.length === 0) return;
  await db.update(deviceCommands).set({ deliveredAt: at }).where(and(inArray(deviceCommands.id, ids), eq(deviceCommands.state, 'issuing')));
}

export async function issuingOfStation(db: Db, stationId: number): Promise<StoredCommand[]> {
  return db.select().from(deviceCommands).where(and(eq(deviceCommands.stationId, stationId), eq(deviceCommands.state, 'issuing'))).orderBy(asc(deviceCommands.id));
}

/**
 * The issuing commands of these stations, oldest first. Asked for the stations of every few
 * device reports (service.ts batches them), and nearly always empty: the statement is built
 * once per database, not for every call (building it was a few per cent of the device path's CPU).
 */
export async function issuingOfStations(db: Db, stationIds: number[]): Promise<StoredCommand[]> {
  if (stationIds.length === 0) return [];
  let query = issuingQueries.get(db);
  if (!query) {
    query = db
      .select()
      .from(deviceCommands)
      .where(and(sql`${deviceCommands.stationId} = any(${sql.placeholder('stationIds')}::int[])`, eq(deviceCommands.state, 'issuing')))
      .orderBy(asc(deviceCommands.id))
      .prepare('issuing_of_stations');
    issuingQueries.set(db, query);
  }
  return query.execute({ stationIds: pgArray(stationIds) });
}
const issuingQueries = new WeakMap<Db, { execute(values: { stationIds: string }): Promise<StoredCommand[]> }>();

/**
 * Ends an issuing command, once: the update only matches while it is issuing, so two answers
 * (or an answer racing a cancel) cannot both end it. Answers the ended row, or undefined.
 */
export async function endCommand(
  db: Db,
  id: number,
  end: { state: CommandState; endedBy: CommandEnder; endedAt: Date; reason?: string | null; cancelledBy?: number; cancelledByName?: string; progress?: number },
): Promise<StoredCommand | undefined> {
  const [row] = await db
    .update(deviceCommands)
    .set({ state: end.state, endedBy: end.endedBy, endedAt: end.endedAt, reason: end.reason ?? null, cancelledBy: end.cancelledBy ?? null, cancelledByName: end.cancelledByName ?? null, ...(end.progress === undefined ? {} : { progress: end.progress }) })
    .where(and(eq(deviceCommands.id, id), eq(deviceCommands.state, 'issuing')))
    .returning();
  return row;
}

export async function setProgress(db: Db, id: number, progress: number) {
  await db.update(deviceCommands).set({ progress }).where(and(eq(deviceCommands.id, id), eq(deviceCommands.state, 'issuing')));
}

/** Issuing commands past their deadline, cancelled by the timeout in one statement. */
export async function cancelOverdue(db: Db, now: Date): Promise<StoredCommand[]> {
  return db
    .update(deviceCommands)
    .set({ state: 'cancelled', endedBy: 'timeout', endedAt: now })
    .where(and(eq(deviceCommands.state, 'issuing'), lt(deviceCommands.deadlineAt, now)))
    .returning();
}

// ---------- what a success changes ----------

export async function applyToTank(db: Db, tankId: number, stationId: number, values: Partial<typeof tanks.$inferInsert>) {
  await db.update(tanks).set(values).where(and(eq(tanks.id, tankId), eq(tanks.stationId, stationId)));
}

export async function saveDeviceReport(db: Db, stationId: number, report: { firmwareVersion?: string | undefined; serverHost?: string | undefined; serverPort?: number | undefined }, at: Date) {
  const values = {
    ...(report.firmwareVersion !== undefined ? { firmwareVersion: report.firmwareVersion } : {}),
    ...(report.serverHost !== undefined ? { serverHost: report.serverHost } : {}),
    ...(report.serverPort !== undefined ? { serverPort: report.serverPort } : {}),
    reportedAt: at,
  };
  await db.insert(stationDevices).values({ stationId, ...values }).onConflictDoUpdate({ target: stationDevices.stationId, set: values });
}

/** The device's clock as its answer said (only for a station that has a status row: one that reported). */
export async function saveClockSkew(db: Db, stationId: number, skewSeconds: number, flagged: boolean) {
  await db.update(stationStatus).set({ clockSkewS: skewSeconds, clockFlagged: flagged }).where(eq(stationStatus.stationId, stationId));
}

// ---------- firmware ----------

/**
 * The firmware files a user may use: the administrator's (no owner) for everyone; a
 * distributor's for it and its companies; a company's for it (and its distributor).
 * Station accounts manage no devices and see none.
 */
export function firmwareScope(scope: Scope): SQL {
  switch (scope.kind) {
    case 'all':
      return sql`true`;
    case 'distributor':
      return sql`(${deviceFirmware.distributorId} is null or ${deviceFirmware.distributorId} = ${scope.distributorId})`;
    case 'company':
      return sql`(${deviceFirmware.distributorId} is null or (${deviceFirmware.distributorId} = (select c.distributor_id from companies c where c.id = ${scope.companyId}) and (${deviceFirmware.companyId} is null or ${deviceFirmware.companyId} = ${scope.companyId})))`;
    default:
      return sql`false`;
  }
}

export type StoredFirmware = typeof deviceFirmware.$inferSelect;

export async function insertFirmware(db: Db, row: typeof deviceFirmware.$inferInsert): Promise<number> {
  const [inserted] = await db.insert(deviceFirmware).values(row).returning({ id: deviceFirmware.id });
  return inserted!.id;
}

export async function findFirmware(db: Db, scope: Scope, id: number): Promise<StoredFirmware | undefined> {
  const [row] = await db.select().from(deviceFirmware).where(and(firmwareScope(scope), eq(deviceFirmware.id, id)));
  return row;
}

export async function firmwareById(db: Db, id: number): Promise<StoredFirmware | undefined> {
  const [row] = await db.select().from(deviceFirmware).where(eq(deviceFirmware.id, id));
  return row;
}

// Qualified by hand: drizzle leaves columns unqualified in single-table selects, and `id` would be the subquery's own.
const countOf = (state: CommandState) => sql<number>`(select count(*)::int from device_commands dc where dc.firmware_id = "device_firmware"."id" and dc.state = ${state})`;

export async function listFirmware(db: Db, scope: Scope, f: { page: number; pageSize: number; sortField?: string | undefined; sortOrder?: 'ascend' | 'descend' | undefined; q?: string | undefined; deviceType?: string | undefined }, now: Date): Promise<{ list: FirmwareRow[]; total: number }> {
  const where = and(
    firmwareScope(scope),
    f.deviceType ? eq(deviceFirmware.deviceType, f.deviceType) : undefined,
    f.q ? sql`(${deviceFirmware.fileName} ilike ${likePattern(f.q)} or ${deviceFirmware.version} ilike ${likePattern(f.q)} or ${deviceFirmware.description} ilike ${likePattern(f.q)})` : undefined,
  );
  const order = orderOf(f, { uploadedAt: deviceFirmware.uploadedAt, version: deviceFirmware.version, fileName: deviceFirmware.fileName }, desc(deviceFirmware.uploadedAt), deviceFirmware.id);
  const { limit, offset } = pageOf(f);
  const [rows, total] = await Promise.all([
    db
      .select({
        row: deviceFirmware,
        lastIssuedAt: sql<string | null>`(select max(dc.issued_at) from device_commands dc where dc.firmware_id = "device_firmware"."id")`,
        issuing: countOf('issuing'),
        succeeded: countOf('success'),
        failed: countOf('failed'),
      })
      .from(deviceFirmware)
      .where(where)
      .orderBy(...order)
      .limit(limit)
      .offset(offset),
    db.select({ n: sql<number>`count(*)::int` }).from(deviceFirmware).where(where),
  ]);
  return {
    list: rows.map(({ row, lastIssuedAt, issuing, succeeded, failed }) => ({
      id: row.id,
      fileName: row.fileName,
      deviceType: row.deviceType,
      version: row.version,
      description: row.description,
      sizeBytes: row.sizeBytes,
      sha256: row.sha256,
      validFrom: iso(row.validFrom),
      validTo: iso(row.validTo),
      status: firmwareStatus(row, now),
      uploadedBy: row.uploadedByName,
      uploadedAt: row.uploadedAt.toISOString(),
      lastIssuedAt: lastIssuedAt ? new Date(lastIssuedAt).toISOString() : null,
      issuing,
      succeeded,
      failed,
    })),
    total: total[0]?.n ?? 0,
  };
}

export async function firmwareInUse(db: Db, id: number): Promise<boolean> {
  const rows = await db.select({ id: deviceCommands.id }).from(deviceCommands).where(eq(deviceCommands.firmwareId, id)).limit(1);
  return rows.length > 0;
}

export async function deleteFirmware(db: Db, id: number) {
  await db.delete(deviceFirmware).where(eq(deviceFirmware.id, id));
}
