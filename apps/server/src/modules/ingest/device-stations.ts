import { timingSafeEqual } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { EXPANSION_PER_C, type TankGeometry } from '@ullage/domain/inventory';
import { isStorableText } from '@ullage/domain/storable-text';
import type { StrappingPoint } from '@ullage/domain/strapping';
import type { TankThresholds } from '@ullage/domain/threshold-alarms';
import type { Db } from '../../db/client';
import { products, stations, tanks } from '../../db/schema';
import { sha256 } from '../../lib/tokens';
import type { LiveBus } from '../../live/bus';
import { onStationChanged } from '../station/changes';

export interface IngestTank {
  id: number;
  code: string;
  /** Its product: metered sales may name the product where tanks are manifolded (issue 23). */
  productId: number | null;
  productCode: string | null;
  geometry: TankGeometry;
  thresholds: TankThresholds;
}

/** What ingest needs of a station: its place in the tree, its device key, its tanks by code. */
export interface IngestStation {
  id: number;
  code: string;
  name: string;
  distributorId: number;
  companyId: number;
  timezone: string;
  keyHash: string | null;
  tanks: Map<string, IngestTank>;
}

/** While the live bus is down, a change made on another instance is not heard: entries last this long. */
const TTL_MS = 5_000;
/**
 * While it is up, every change is heard and drops its entry, so entries loaded since it came up
 * last this long: a collector reports once a minute, and a 5-second entry had it load its station
 * and tanks again on every report. The bound is a safety net, not a freshness rule.
 */
const HEARD_TTL_MS = 10 * 60_000;
/**
 * Entries kept at most: every code a request names is cached, known or not, so without a bound
 * a client naming codes at random would grow the cache for as long as the process runs.
 */
export const DEVICE_STATIONS_MAX_ENTRIES = 10_000;

/**
 * Station lookups for devices, cached: stations and their tanks rarely change. A change made on
 * any instance drops the entry at once (station/changes.ts, through the live bus); entries loaded
 * while the bus is up last HEARD_TTL_MS, others (the bus down, or down since they were loaded) TTL_MS.
 */
export class DeviceStations {
  private readonly cache = new Map<string, { station: IngestStation | null; at: number }>();
  private readonly unsubscribe: () => void;

  constructor(
    private readonly db: Db,
    private readonly bus: LiveBus,
    private readonly maxEntries = DEVICE_STATIONS_MAX_ENTRIES,
  ) {
    this.unsubscribe = onStationChanged(bus, (id) => {
      for (const [code, entry] of this.cache) if (entry.station === null || entry.station.id === id) this.cache.delete(code);
    });
  }

  /** The station when `deviceKey` is its current key; null for an unknown code or a wrong key. */
  async authenticate(code: string, deviceKey: string | undefined): Promise<IngestStation | null> {
    if (!deviceKey) return null;
    const station = await this.byCode(code);
    if (!station?.keyHash) return null;
    const presented = Buffer.from(sha256(deviceKey), 'hex');
    const expected = Buffer.from(station.keyHash, 'hex');
    return presented.length === expected.length && timingSafeEqual(presented, expected) ? station : null;
  }

  async byCode(code: string): Promise<IngestStation | null> {
    // No station's code holds a NUL or a lone surrogate, and the database would fail on one
    // (an MQTT username or topic reaches here unchecked): such a code is simply unknown.
    if (!isStorableText(code)) return null;
    const now = Date.now();
    const hit = this.cache.get(code);
    if (hit) {
      const upSince = this.bus.upSince;
      const heard = upSince !== null && hit.at >= upSince;
      if (now - hit.at < (heard ? HEARD_TTL_MS : TTL_MS)) return hit.station;
    }
    const station = await loadStation(this.db, code);
    // Re-inserted so the map's order is the order of loading: the first entries are the oldest.
    this.cache.delete(code);
    this.cache.set(code, { station, at: now });
    for (const oldest of this.cache.keys()) {
      if (this.cache.size <= this.maxEntries) break;
      this.cache.delete(oldest);
    }
    return station;
  }

  /** Entries held now (tests). */
  get size(): number {
    return this.cache.size;
  }

  close(): void {
    this.unsubscribe();
  }
}

async function loadStation(db: Db, code: string): Promise<IngestStation | null> {
  const [row] = await db
    .select({ id: stations.id, code: stations.code, name: stations.name, distributorId: stations.distributorId, companyId: stations.companyId, timezone: stations.timezone, keyHash: stations.deviceKeyHash })
    .from(stations)
    .where(eq(stations.code, code));
  if (!row) return null;
  const tankRows = await db
    .select({
      id: tanks.id,
      code: tanks.code,
      heightMm: tanks.heightMm,
      capacityL: tanks.volumeL,
      strapping: tanks.strapping,
      oilOffsetMm: tanks.oilOffsetMm,
      waterOffsetMm: tanks.waterOffsetMm,
      tiltDeg: tanks.tiltDeg,
      probeOffsetMm: tanks.probeOffsetMm,
      highOilAlarmMm: tanks.highOilAlarmMm,
      highOilWarnMm: tanks.highOilWarnMm,
      lowOilWarnMm: tanks.lowOilWarnMm,
      lowOilAlarmMm: tanks.lowOilAlarmMm,
      highWaterAlarmMm: tanks.highWaterAlarmMm,
      productId: tanks.productId,
      productType: sql<string | null>`(select "products"."type" from ${products} where "products"."id" = ${tanks.productId})`,
      productCode: sql<string | null>`(select "products"."code" from ${products} where "products"."id" = ${tanks.productId})`,
    })
    .from(tanks)
    .where(eq(tanks.stationId, row.id));
  const byCode = new Map<string, IngestTank>();
  for (const t of tankRows) {
    byCode.set(t.code, {
      id: t.id,
      code: t.code,
      productId: t.productId,
      productCode: t.productCode,
      thresholds: {
        heightMm: t.heightMm,
        highOilAlarmMm: t.highOilAlarmMm,
        highOilWarnMm: t.highOilWarnMm,
        lowOilWarnMm: t.lowOilWarnMm,
        lowOilAlarmMm: t.lowOilAlarmMm,
        highWaterAlarmMm: t.highWaterAlarmMm,
      },
      geometry: {
        heightMm: t.heightMm,
        capacityL: t.capacityL,
        strapping: t.strapping as StrappingPoint[],
        oilOffsetMm: t.oilOffsetMm,
        waterOffsetMm: t.waterOffsetMm,
        tiltDeg: t.tiltDeg,
        probeOffsetMm: t.probeOffsetMm,
        expansionPerC: t.productType === 'diesel' ? EXPANSION_PER_C.diesel : EXPANSION_PER_C.gasoline,
      },
    });
  }
  return { ...row, tanks: byCode };
}
