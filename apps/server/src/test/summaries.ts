import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { rawRows } from '../lib/raw-sql';

/**
 * The hourly or daily summaries of a tank (migration 0020) two ways, for tests to compare: as
 * stored by ingest, and as computed here from the raw readings in one pass. Sums are rounded
 * to 1e-6: adding the same numbers in another order may differ in the last bits.
 */
export type Bucket = 'hour' | 'day';

const METRICS = ['product_height_mm', 'water_height_mm', 'temperature_c', 'volume_l'] as const;

export type SummaryRow = Record<string, number | string>;

function normalise(rows: Record<string, unknown>[]): SummaryRow[] {
  return rows.map((row) =>
    Object.fromEntries(
      Object.entries(row).map(([k, v]) => {
        if (v instanceof Date || k === 'bucket' || k.endsWith('_ts')) return [k, new Date(v as string).toISOString()];
        const n = Number(v);
        return [k, k.startsWith('sum_') ? Math.round(n * 1e6) / 1e6 : n];
      }),
    ),
  );
}

const COLUMNS = [
  'n',
  'first_ts',
  'last_ts',
  ...METRICS.flatMap((m) => [`sum_${m}`, `min_${m}`, `max_${m}`, `first_${m}`, `last_${m}`]),
];

export async function storedSummaries(db: Db, tankId: number, bucket: Bucket): Promise<SummaryRow[]> {
  const table = bucket === 'hour' ? 'tank_hourly' : 'tank_daily';
  const rows = await rawRows<Record<string, unknown>>(
    db,
    sql.raw(`select ${bucket} as bucket, ${COLUMNS.join(', ')} from ${table} where tank_id = ${Number(tankId)} order by ${bucket}`),
  );
  return normalise(rows);
}

function aggregatesOf(): string[] {
  return [
    'count(*)::int as n',
    'min(ts) as first_ts',
    'max(ts) as last_ts',
    ...METRICS.flatMap((m) => [
      `sum(${m}) as sum_${m}`,
      `min(${m}) as min_${m}`,
      `max(${m}) as max_${m}`,
      `(array_agg(${m} order by ts))[1] as first_${m}`,
      `(array_agg(${m} order by ts desc))[1] as last_${m}`,
    ]),
  ];
}

export async function summariesFromRaw(db: Db, tankId: number, bucket: Bucket): Promise<SummaryRow[]> {
  const width = bucket === 'hour' ? '1 hour' : '1 day';
  const rows = await rawRows<Record<string, unknown>>(
    db,
    sql.raw(`select date_bin(interval '${width}', ts, timestamptz '2000-01-01T00:00:00Z') as bucket, ${aggregatesOf().join(', ')}
             from tank_readings where tank_id = ${Number(tankId)} group by 1 order by 1`),
  );
  return normalise(rows);
}

/**
 * The summaries of a tank made again from its raw readings, for tests that write readings
 * straight into tank_readings (thousands at once with generate_series) instead of through ingest.
 */
export async function rebuildSummaries(db: Db, tankId: number): Promise<void> {
  for (const [table, bucket, width] of [['tank_hourly', 'hour', '1 hour'], ['tank_daily', 'day', '1 day']] as const) {
    await db.execute(sql.raw(`delete from ${table} where tank_id = ${Number(tankId)}`));
    await db.execute(
      sql.raw(`insert into ${table} (tank_id, ${bucket}, ${COLUMNS.join(', ')})
               select tank_id, date_bin(interval '${width}', ts, timestamptz '2000-01-01T00:00:00Z'), ${aggregatesOf().join(', ')}
               from tank_readings where tank_id = ${Number(tankId)} group by 1, 2`),
    );
  }
}
