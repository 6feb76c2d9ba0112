import { sql } from 'drizzle-orm';
import { claimLease as claimAnyLease } from '../../lib/leases';
import type { Db } from '../../db/client';
import { rawRows } from '../../lib/raw-sql';
import { ATG_DEVICE_TYPE, atgPollSecondsOf } from '@ullage/domain/atg-settings';
import type { AtgUnits } from './console-reader';


/** A station whose console the server polls: a Veeder-Root TLS type with its address set. */
export interface AtgStationConfig {
  id: number;
  code: string;
  host: string;
  port: number;
  securityCode: string | null;
  pollSeconds: number;
  /** The company's units, for a console that does not say its own (no i51700, no legend). */
  fallbackUnits: AtgUnits;
}

function configOf(r: Record<string, unknown>): AtgStationConfig {
  return {
    id: r.id as number,
    code: r.code as string,
    host: r.device_ip as string,
    port: r.device_port as number,
    securityCode: (r.atg_security_code as string | null) ?? null,
    pollSeconds: atgPollSecondsOf({ atgPollSeconds: r.atg_poll_seconds as number | null }),
    // Spec §9: volume unit 1 or unset is litres, otherwise gallons.
    fallbackUnits: r.volume_unit == null || Number(r.volume_unit) === 1 ? 'metric' : 'us',
  };
}

const SELECT = sql`select s.id, s.code, s.distributor_id, s.company_id, s.device_type, s.device_ip, s.device_port, s.atg_security_code, s.atg_poll_seconds, c.volume_unit
  from stations s join companies c on c.id = s.company_id`;

export async function polledStations(db: Db): Promise<AtgStationConfig[]> {
  const rows = await rawRows<Record<string, unknown>>(
    db,
    sql`${SELECT} where s.device_type = ${ATG_DEVICE_TYPE} and coalesce(s.device_ip, '') <> '' and s.device_port is not null order by s.id`,
  );
  return rows.map(configOf);
}

/** The station's console settings whether or not it is polled (the form's status and test). */
export interface StationConsole {
  origin: { distributorId: number; companyId: number; stationId: number };
  /** null: not polled (another device type, or no address). */
  config: AtgStationConfig | null;
}

export async function stationConsole(db: Db, stationId: number): Promise<StationConsole | null> {
  const [row] = await rawRows<Record<string, unknown>>(db, sql`${SELECT} where s.id = ${stationId}`);
  if (!row) return null;
  const polled = row.device_type === ATG_DEVICE_TYPE && Boolean(row.device_ip) && row.device_port != null;
  return {
    origin: { distributorId: row.distributor_id as number, companyId: row.company_id as number, stationId },
    config: polled ? configOf(row) : null,
  };
}

/** The codes of a station's tanks, to match the console's tank numbers against. */
export async function stationTankCodes(db: Db, stationId: number): Promise<Set<string>> {
  const rows = await rawRows<{ code: string }>(db, sql`select code from tanks where station_id = ${stationId}`);
  return new Set(rows.map((r) => r.code));
}

/** Takes or renews the station's polling lease for `holder`; whether `holder` has it (lib/leases.ts). */
export function claimLease(db: Db, stationId: number, holder: string, ttlSeconds: number): Promise<boolean> {
  return claimAnyLease(db, { table: 'atg_leases', key: 'station_id' }, stationId, holder, ttlSeconds);
}

/** Gives the lease up (a poller stopping), so another instance need not wait for it to expire. */
export async function releaseLease(db: Db, stationId: number, holder: string): Promise<void> {
  await db.execute(sql`delete from atg_leases where station_id = ${stationId} and holder = ${holder}`);
}
