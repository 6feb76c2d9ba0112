import { CODES } from '@ullage/contracts/codes';
import type { StationInput } from '@ullage/contracts/settings-more';
import { duplicateIndexes, strappingProblems, thresholdProblems } from '@ullage/domain/tank-rules';
import { ATG_DEVICE_TYPE } from '@ullage/domain/atg-settings';
import { isValidCoordinate, isValidHost, isValidTimezone, MAX_TANKS_PER_STATION } from '@ullage/domain/validation';
import type { Db } from '../../db/client';
import { isForeignKeyViolation, isUniqueViolation } from '../../lib/db-errors';
import type { MessageKey } from '../../i18n/en';
import { AppError, assertValid, forbidden, notFound, type FieldRule } from '../../plugins/errors';
import { diff, recordAudit } from '../audit/service';
import { newToken, sha256 } from '../../lib/tokens';
import type { AuthUser } from '../../sessions/auth-user';
import { assertOwnsCompany, userMay } from '../scope/manage';
import { scopeOf } from '../scope/scope';
import type { LiveBus } from '../../live/bus';
import { stationChanged } from './changes';
import * as repo from './repo';

const codeExists = () => new AppError(CODES.conflict, 'common.codeExists', {}, { fields: [{ field: 'code', rule: 'unique' }] });

/** Spec §5 and issue 3 rules of the station form that the schema alone cannot say. */
function checkFields(input: StationInput): FieldRule[] {
  const problems: FieldRule[] = [];
  const required = (field: keyof StationInput, value: string | null | undefined, labelKey?: MessageKey) => {
    if (!value) problems.push({ field, rule: 'rule.required', ...(labelKey ? { labelKey } : {}) });
  };
  required('name', input.name);
  required('code', input.code, 'field.entityCode');
  required('taxNumber', input.taxNumber);
  if (!input.timezone) problems.push({ field: 'timezone', rule: 'rule.required' });
  else if (!isValidTimezone(input.timezone)) problems.push({ field: 'timezone', rule: 'rule.timezone' });
  if (input.longitude && !isValidCoordinate(input.longitude, 'longitude')) problems.push({ field: 'longitude', rule: 'rule.coordinate' });
  if (input.latitude && !isValidCoordinate(input.latitude, 'latitude')) problems.push({ field: 'latitude', rule: 'rule.coordinate' });
  if (input.deviceIp && !isValidHost(input.deviceIp)) problems.push({ field: 'deviceIp', rule: 'rule.host' });
  if (input.serverIp && !isValidHost(input.serverIp)) problems.push({ field: 'serverIp', rule: 'rule.host' });
  if (input.tanks.length > MAX_TANKS_PER_STATION) problems.push({ field: 'tanks', rule: 'rule.tanksMax' });
  for (const i of duplicateIndexes(input.tanks.map((t) => t.code))) problems.push({ field: `tanks.${i}.code`, rule: 'rule.duplicate' });
  input.tanks.forEach((tank, i) => {
    if (!tank.code) problems.push({ field: `tanks.${i}.code`, rule: 'rule.required' });
    for (const p of thresholdProblems(tank)) problems.push({ field: `tanks.${i}.${p.field}`, rule: `rule.${p.rule}` as MessageKey });
    for (const p of strappingProblems(tank.strapping, tank.heightMm, tank.volumeL)) problems.push({ field: `tanks.${i}.strapping.${p.field}`, rule: `rule.${p.rule}` as MessageKey });
  });
  return problems;
}

/** Company, area and products must be ones the caller may use; otherwise they are invalid choices. */
async function checkReferences(db: Db, user: AuthUser, input: StationInput, creating: boolean) {
  const company = await repo.findCompanyInScope(db, scopeOf(user), input.companyId);
  if (!company) assertValid([{ field: 'companyId', rule: 'rule.invalid' }]);
  assertOwnsCompany(user, company!);
  const problems: FieldRule[] = [];
  if (company!.disabled && creating) problems.push({ field: 'companyId', rule: 'rule.companyDisabled' });
  if (input.areaId && (await repo.areaCompany(db, input.areaId)) !== company!.id) problems.push({ field: 'areaId', rule: 'rule.areaOfCompany' });
  const usable = await repo.usableProductIds(db, company!.distributorId, company!.id, input.tanks.map((t) => t.productId));
  input.tanks.forEach((tank, i) => {
    if (!usable.has(tank.productId)) problems.push({ field: `tanks.${i}.productId`, rule: 'rule.invalid' });
  });
  assertValid(problems);
  return company!;
}

function columnsOf(input: StationInput, distributorId: number) {
  const { tanks: _tanks, longitude, latitude, atgPollSeconds, atgSecurityCode, ...rest } = input;
  // The console settings mean something only to the Veeder-Root poller: other types keep none.
  const atg = input.deviceType === ATG_DEVICE_TYPE;
  return {
    ...rest,
    areaId: input.areaId ?? null,
    longitude: longitude ? Number(longitude) : null,
    latitude: latitude ? Number(latitude) : null,
    atgPollSeconds: atg ? (atgPollSeconds ?? null) : null,
    atgSecurityCode: atg && atgSecurityCode ? atgSecurityCode : null,
    distributorId,
  };
}

/** The audit log is kept for ever: it says that the console's security code was set or changed, never what it is. */
function withoutSecurityCode<T extends Record<string, unknown>>(changes: T): T {
  if (!('atgSecurityCode' in changes)) return changes;
  const hide = (value: unknown) => (value ? '******' : null);
  const value = changes.atgSecurityCode;
  return { ...changes, atgSecurityCode: Array.isArray(value) ? value.map(hide) : hide(value) };
}

/**
 * The station's company lies in the caller's scope; 80003 otherwise. Writing takes
 * `station:manage` (roles.ts, on the routes), which station accounts lack.
 */
async function assertManages(db: Db, user: AuthUser, companyId: number) {
  const company = await repo.findCompanyInScope(db, scopeOf(user), companyId);
  if (!company) throw forbidden();
  assertOwnsCompany(user, company);
}

async function visible(db: Db, user: AuthUser, id: number) {
  const station = await repo.findStationDetail(db, scopeOf(user), id);
  if (!station) throw notFound();
  return station;
}

/** The console's security code is for those who manage the station: a station account reads it as none. */
export function withoutCodeFor<S extends { atgSecurityCode: string | null }>(user: AuthUser, station: S): S {
  return userMay(user, 'station:manage') ? station : { ...station, atgSecurityCode: null };
}

export async function getStation(db: Db, user: AuthUser, id: number) {
  return withoutCodeFor(user, await visible(db, user, id));
}

/** A new device key: shown once to the caller, stored only as its SHA-256. */
function deviceKey() {
  const key = newToken();
  return { key, hash: sha256(key) };
}

export async function createStation(db: Db, bus: LiveBus, user: AuthUser, input: StationInput) {
  assertValid(checkFields(input));
  const company = await checkReferences(db, user, input, true);
  if (await repo.codeTaken(db, input.code)) throw codeExists();
  const key = deviceKey();
  try {
    const id = await db.transaction(async (tx) => {
      const t = tx as unknown as Db;
      const newId = await repo.insertStation(t, { ...columnsOf(input, company.distributorId), deviceKeyHash: key.hash });
      await repo.replaceTanks(t, { id: newId, companyId: company.id, distributorId: company.distributorId }, input.tanks.map(({ id: _id, ...tank }) => tank));
      const { atgPollSeconds, atgSecurityCode } = columnsOf(input, company.distributorId);
      await recordAudit(t, user, 'create', 'station', newId, withoutSecurityCode({ ...input, atgPollSeconds, atgSecurityCode, tanks: input.tanks.map((k) => k.code) }));
      return newId;
    });
    // A new Veeder-Root station with an address is one more console to poll.
    stationChanged(bus, id);
    return { station: await visible(db, user, id), deviceKey: key.key };
  } catch (error) {
    if (isUniqueViolation(error)) throw codeExists();
    throw error;
  }
}

export async function updateStation(db: Db, bus: LiveBus, user: AuthUser, id: number, input: StationInput) {
  const before = await visible(db, user, id);
  await assertManages(db, user, before.companyId);
  assertValid(checkFields(input));
  const company = await checkReferences(db, user, input, before.companyId !== input.companyId);
  if (await repo.codeTaken(db, input.code, id)) throw codeExists();
  // Tank ids in the form must be this station's own; anything else would edit another station.
  const own = new Set(await repo.tankIdsOf(db, id));
  assertValid(input.tanks.flatMap((t, i) => (t.id !== undefined && !own.has(t.id) ? [{ field: `tanks.${i}.id`, rule: 'rule.invalid' as const }] : [])));
  // Readings are kept forever and keyed by tank: a tank with history stays.
  const removed = [...own].filter((tankId) => !input.tanks.some((t) => t.id === tankId));
  const withReadings = await repo.tanksWithReadings(db, removed);
  if (withReadings.length > 0) throw new AppError(CODES.inUse, 'settings.tankHasReadings', { code: withReadings.join(', ') });
  try {
    await db.transaction(async (tx) => {
      const t = tx as unknown as Db;
      await repo.updateStation(t, id, columnsOf(input, company.distributorId));
      await repo.replaceTanks(t, { id, companyId: company.id, distributorId: company.distributorId }, input.tanks);
      const { tanks: beforeTanks, ...beforeRest } = before;
      await recordAudit(t, user, 'update', 'station', id, {
        ...withoutSecurityCode(diff(beforeRest, { ...columnsOf(input, company.distributorId), longitude: input.longitude ?? null, latitude: input.latitude ?? null })),
        ...(JSON.stringify(beforeTanks.map(({ productName: _n, productColor: _c, ...k }) => k)) !== JSON.stringify(input.tanks) ? { tanks: ['changed', input.tanks.map((k) => k.code)] } : {}),
      });
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw codeExists();
    throw error;
  }
  stationChanged(bus, id);
  return { station: await visible(db, user, id), deviceKey: null };
}

export async function rotateDeviceKey(db: Db, bus: LiveBus, user: AuthUser, id: number) {
  const station = await visible(db, user, id);
  await assertManages(db, user, station.companyId);
  const key = deviceKey();
  await db.transaction(async (tx) => {
    const t = tx as unknown as Db;
    await repo.setDeviceKeyHash(t, id, key.hash);
    await recordAudit(t, user, 'update', 'station', id, { deviceKey: ['rotated', 'rotated'] });
  });
  stationChanged(bus, id);
  return key.key;
}

export async function deleteStation(db: Db, bus: LiveBus, user: AuthUser, id: number) {
  const station = await visible(db, user, id);
  await assertManages(db, user, station.companyId);
  const inUse = () => new AppError(CODES.inUse, 'settings.stationInUse');
  if ((await repo.stationAccounts(db, id)) > 0) throw inUse();
  if (await repo.stationHasData(db, id)) throw new AppError(CODES.inUse, 'settings.stationHasData');
  try {
    await db.transaction(async (tx) => {
      const t = tx as unknown as Db;
      await repo.deleteStation(t, id);
      await recordAudit(t, user, 'delete', 'station', id, { code: station.code, name: station.name, tanks: station.tanks.map((k) => k.code) });
    });
  } catch (error) {
    if (isForeignKeyViolation(error)) throw inUse();
    throw error;
  }
  stationChanged(bus, id);
}
