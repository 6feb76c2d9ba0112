import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { rawRows } from '../../lib/raw-sql';
import { stationPlaceOf, type StationPlaceRaw } from '../../lib/report-place';
import { scopeOn, type Scope } from '../scope/scope';

/** What the compliance record says of its station: where it is, its company's threshold, each tank's capacity. Null outside the caller's scope. */
export async function stationOfCompliance(db: Db, scope: Scope, stationId: number) {
  const [row] = await rawRows<StationPlaceRaw & { address: string | null; threshold: number }>(
    db,
    sql`select s.id as station_id, s.name as station_name, s.code as station_code, c.name as company_name, s.timezone,
          c.volume_unit, c.temp_unit, s.address, c.leak_threshold_lph as threshold
        from stations s join companies c on c.id = s.company_id
        where s.id = ${stationId} and ${scopeOn(scope, 's')}`,
  );
  if (!row) return null;
  const tanks = await rawRows<{ id: number; volume_l: number }>(db, sql`select id, volume_l from tanks where station_id = ${stationId}`);
  return {
    place: stationPlaceOf(row),
    timezone: row.timezone,
    address: row.address,
    thresholdLph: row.threshold,
    capacities: new Map(tanks.map((t) => [t.id, t.volume_l])),
  };
}
