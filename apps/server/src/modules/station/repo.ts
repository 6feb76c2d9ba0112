import { and, asc, eq, inArray, notInArray, or, sql, type SQL } from 'drizzle-orm';
import type { StationInput, TankInput } from '@ullage/contracts/settings-more';
import type { ListQuery } from '@ullage/contracts/list';
import type { Db } from '../../db/client';
import { areas, companies, products, stationStatus, stations, tankLatest, tanks, users } from '../../db/schema';
import { equalsIfGiven, orderOf, pageOf, searchOf } from '../../lib/list';
import { utcText } from '../../lib/utc-text';
import { COMPANY_SCOPE, STATION_SCOPE } from '../scope/columns';
import { scopeFilter, type Scope } from '../scope/scope';
import { codeTaken as codeTakenIn } from '../../lib/unique-code';
import { byTankCode } from '../../lib/tank-order';

/** A list's paging, sorting and search (lib/list.ts reads them), and this list's own filters. */
export interface StationFilter extends ListQuery {
  companyId?: number;
  areaId?: number;
  distributorId?: number;
  id?: number;
}

const columns = {
  id: stations.id,
  name: stations.name,
  code: stations.code,
  taxNumber: stations.taxNumber,
  companyId: stations.companyId,
  companyName: companies.name,
  areaId: stations.areaId,
  areaName: areas.name,
  address: stations.address,
  phone: stations.phone,
  timezone: stations.timezone,
  longitude: sql<string | null>`${stations.longitude}::text`,
  latitude: sql<string | null>`${stations.latitude}::text`,
  deviceIp: stations.deviceIp,
  devicePort: stations.devicePort,
  serverIp: stations.serverIp,
  deviceType: stations.deviceType,
  instrumentType: stations.instrumentType,
  atgPollSeconds: stations.atgPollSeconds,
  atgSecurityCode: stations.atgSecurityCode,
  // Qualified by hand: drizzle leaves columns unqualified in single-table selects.
  tankCount: sql<number>`(select count(*)::int from tanks t where t.station_id = "stations"."id")`,
  hasDeviceKey: sql<boolean>`${stations.deviceKeyHash} is not null`,
  createdAt: utcText(stations.createdAt),
};

export async function listStations(db: Db, scope: Scope, filter: StationFilter) {
  const where = and(
    scopeFilter(scope, STATION_SCOPE),
    searchOf(filter.q, stations.name, stations.code),
    equalsIfGiven(stations.companyId, filter.companyId),
    equalsIfGiven(stations.areaId, filter.areaId),
    equalsIfGiven(stations.distributorId, filter.distributorId),
    equalsIfGiven(stations.id, filter.id),
  ) as SQL | undefined;
  const order = orderOf(filter, { name: stations.name, code: stations.code, companyName: companies.name, createdAt: stations.createdAt }, asc(stations.code), stations.id);
  const { limit, offset } = pageOf(filter);
  const [list, total] = await Promise.all([
    db.select(columns).from(stations).innerJoin(companies, eq(companies.id, stations.companyId)).leftJoin(areas, eq(areas.id, stations.areaId)).where(where).orderBy(...order).limit(limit).offset(offset),
    db.select({ n: sql<number>`count(*)::int` }).from(stations).where(where),
  ]);
  return { list, total: total[0]?.n ?? 0 };
}

export async function listTanks(db: Db, stationId: number) {
  const rows = await db
    .select({
      id: tanks.id,
      code: tanks.code,
      productId: tanks.productId,
      productName: products.name,
      productColor: products.color,
      heightMm: tanks.heightMm,
      volumeL: tanks.volumeL,
      diameterMm: tanks.diameterMm,
      probeAddress: tanks.probeAddress,
      oilOffsetMm: tanks.oilOffsetMm,
      waterOffsetMm: tanks.waterOffsetMm,
      highOilAlarmMm: tanks.highOilAlarmMm,
      highOilWarnMm: tanks.highOilWarnMm,
      lowOilWarnMm: tanks.lowOilWarnMm,
      lowOilAlarmMm: tanks.lowOilAlarmMm,
      highWaterAlarmMm: tanks.highWaterAlarmMm,
      strapping: tanks.strapping,
    })
    .from(tanks)
    .leftJoin(products, eq(products.id, tanks.productId))
    .where(eq(tanks.stationId, stationId))
    .orderBy(...byTankCode);
  return rows.map((t) => ({ ...t, productId: t.productId ?? 0, strapping: t.strapping as { heightMm: number; volumeL: number }[] }));
}

export async function findStationDetail(db: Db, scope: Scope, id: number) {
  const row = (await listStations(db, scope, { id, page: 1, pageSize: 1 })).list[0];
  return row ? { ...row, tanks: await listTanks(db, id) } : undefined;
}

export async function findCompanyInScope(db: Db, scope: Scope, companyId: number) {
  const rows = await db
    .select({ id: companies.id, distributorId: companies.distributorId, disabled: companies.disabled })
    .from(companies)
    .where(and(scopeFilter(scope, COMPANY_SCOPE), eq(companies.id, companyId)));
  return rows[0];
}

export async function areaCompany(db: Db, areaId: number) {
  const rows = await db.select({ companyId: areas.companyId }).from(areas).where(eq(areas.id, areaId));
  return rows[0]?.companyId;
}

/** Products a station of this company may use: its distributor's, not reserved to another company. */
export async function usableProductIds(db: Db, distributorId: number, companyId: number, ids: number[]) {
  if (ids.length === 0) return new Set<number>();
  const rows = await db
    .select({ id: products.id })
    .from(products)
    .where(and(inArray(products.id, ids), eq(products.distributorId, distributorId), or(sql`${products.companyId} is null`, eq(products.companyId, companyId))));
  return new Set(rows.map((r) => r.id));
}

type StationColumns = Omit<StationInput, 'tanks' | 'longitude' | 'latitude'> & { longitude: number | null; latitude: number | null; distributorId: number };

export async function insertStation(db: Db, row: StationColumns & { deviceKeyHash: string }) {
  const [inserted] = await db.insert(stations).values(row).returning({ id: stations.id });
  return inserted!.id;
}

export async function updateStation(db: Db, id: number, row: StationColumns) {
  await db.update(stations).set(row).where(eq(stations.id, id));
}

/** A person's new key: the station is theirs from now on, the simulated fleet no longer speaks for it. */
export async function setDeviceKeyHash(db: Db, id: number, deviceKeyHash: string) {
  await db.update(stations).set({ deviceKeyHash, simulated: false }).where(eq(stations.id, id));
}

function tankValues(tank: TankInput) {
  const { id: _id, ...rest } = tank;
  return rest;
}

/** The form holds all tanks: existing ones (with id) are updated, new ones added, missing ones removed. */
export async function replaceTanks(db: Db, station: { id: number; companyId: number; distributorId: number }, input: TankInput[]) {
  const keep = input.filter((t) => t.id !== undefined).map((t) => t.id!);
  await db.delete(tanks).where(and(eq(tanks.stationId, station.id), keep.length ? notInArray(tanks.id, keep) : undefined));
  for (const tank of input) {
    const values = { ...tankValues(tank), stationId: station.id, companyId: station.companyId, distributorId: station.distributorId };
    if (tank.id !== undefined) await db.update(tanks).set(values).where(and(eq(tanks.id, tank.id), eq(tanks.stationId, station.id)));
    else await db.insert(tanks).values(values);
  }
}

/** The codes of those tanks that have a reading. */
export async function tanksWithReadings(db: Db, tankIds: number[]): Promise<string[]> {
  if (tankIds.length === 0) return [];
  const rows = await db
    .select({ code: tanks.code })
    .from(tanks)
    .where(and(inArray(tanks.id, tankIds), sql`exists (select 1 from ${tankLatest} where ${tankLatest.tankId} = ${tanks.id})`));
  return rows.map((r) => r.code);
}

export async function stationHasData(db: Db, id: number): Promise<boolean> {
  const rows = await db.select({ id: stationStatus.stationId }).from(stationStatus).where(eq(stationStatus.stationId, id));
  return rows.length > 0;
}

export async function tankIdsOf(db: Db, stationId: number) {
  return (await db.select({ id: tanks.id }).from(tanks).where(eq(tanks.stationId, stationId))).map((r) => r.id);
}

export async function stationAccounts(db: Db, id: number) {
  const rows = await db.select({ n: sql<number>`count(*)::int` }).from(users).where(eq(users.stationId, id));
  return rows[0]?.n ?? 0;
}

export async function deleteStation(db: Db, id: number) {
  await db.delete(tanks).where(eq(tanks.stationId, id));
  await db.delete(stations).where(eq(stations.id, id));
}

/** Whether another station has this code (codes are unique without regard to case). */
export const codeTaken = (db: Db, code: string, exceptId?: number) => codeTakenIn(db, stations, stations, code, exceptId);
