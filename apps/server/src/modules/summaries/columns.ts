/**
 * The summary rows' columns (migration 0020) and the aggregates that make them, shared by ingest's
 * merge of late readings and the job's roll-up, so that both write exactly what the raw rows give.
 */
export const CHARTED = ['product_height_mm', 'water_height_mm', 'temperature_c', 'volume_l'] as const;

/** Every value column of a summary row after tank, bucket, n, first_ts and last_ts, in this order. */
export const VALUE_COLUMNS = [...CHARTED.map((m) => `sum_${m}`), ...CHARTED.flatMap((m) => [`min_${m}`, `max_${m}`]), ...CHARTED.flatMap((m) => [`first_${m}`, `last_${m}`])];

/** The outer select of both aggregations: the first and last values out of the edge arrays `f` and `l`. */
const PICKED = [...CHARTED.map((m) => `sum_${m}`), ...CHARTED.flatMap((m) => [`min_${m}`, `max_${m}`]), ...CHARTED.flatMap((_, i) => [`f[${i + 2}]`, `l[${i + 2}]`])].join(', ');
const ORIGIN = `timestamptz '2000-01-01T00:00:00Z'`;

/**
 * `select tank_id, b, n, first_ts, last_ts, <VALUE_COLUMNS>` of the readings in `source` (a table
 * or a CTE with the readings' columns, filtered by `where`), per tank and bucket of `width`
 * (UTC: date_bin from 2000).
 */
export function aggregatedReadings(source: string, width: '1 hour' | '1 day', where = ''): string {
  const c = CHARTED;
  // The first and last reading's values come from the smallest and largest of the arrays
  // [epoch, …values] (arrays compare element by element, and a tank has one reading a time):
  // two plain aggregates, where (array_agg(x order by ts))[1] per column sorted every tank's few
  // rows eight times over, a large share of the statement on device-sized groups.
  const edge = `array[extract(epoch from ts)::float8, ${c.join(', ')}]`;
  const inner = [...c.map((m) => `sum(${m}) as sum_${m}`), ...c.flatMap((m) => [`min(${m}) as min_${m}`, `max(${m}) as max_${m}`]), `min(${edge}) as f`, `max(${edge}) as l`];
  return `select tank_id, b, n, first_ts, last_ts, ${PICKED}
          from (select tank_id, date_bin(interval '${width}', ts, ${ORIGIN}) as b, count(*) as n, min(ts) as first_ts, max(ts) as last_ts, ${inner.join(', ')}
                from ${source} ${where} group by 1, 2) g`;
}

/** The same columns for whole UTC days, made of their hours' rows of tank_hourly (filtered by `where`). */
export function aggregatedHours(where: string): string {
  const c = CHARTED;
  // The day's first values are those of its earliest hour's first reading, its last of its latest's.
  const edge = (side: 'first' | 'last') => `array[extract(epoch from ${side}_ts)::float8, ${c.map((m) => `${side}_${m}`).join(', ')}]`;
  const inner = [...c.map((m) => `sum(sum_${m}) as sum_${m}`), ...c.flatMap((m) => [`min(min_${m}) as min_${m}`, `max(max_${m}) as max_${m}`]), `min(${edge('first')}) as f`, `max(${edge('last')}) as l`];
  return `select tank_id, b, n, first_ts, last_ts, ${PICKED}
          from (select tank_id, date_bin(interval '1 day', hour, ${ORIGIN}) as b, sum(n)::int as n, min(first_ts) as first_ts, max(last_ts) as last_ts, ${inner.join(', ')}
                from tank_hourly ${where} group by 1, 2) g`;
}

/**
 * Merging new rows into stored ones (`s`: the table's row, `excluded`: the new one): counts and
 * sums add, extremes widen, first and last move only when the new readings are older or newer.
 * That equals summarising all the raw rows again, in any arrival order.
 */
export const MERGED = [
  `n = s.n + excluded.n`,
  `first_ts = least(s.first_ts, excluded.first_ts)`,
  `last_ts = greatest(s.last_ts, excluded.last_ts)`,
  ...CHARTED.map((m) => `sum_${m} = s.sum_${m} + excluded.sum_${m}`),
  ...CHARTED.flatMap((m) => [`min_${m} = least(s.min_${m}, excluded.min_${m})`, `max_${m} = greatest(s.max_${m}, excluded.max_${m})`]),
  ...CHARTED.flatMap((m) => [
    `first_${m} = case when excluded.first_ts < s.first_ts then excluded.first_${m} else s.first_${m} end`,
    `last_${m} = case when excluded.last_ts > s.last_ts then excluded.last_${m} else s.last_${m} end`,
  ]),
].join(', ');

/** Replacing a stored row by a roll-up of every reading of its bucket. */
export const REPLACED = ['n', 'first_ts', 'last_ts', ...VALUE_COLUMNS].map((col) => `${col} = excluded.${col}`).join(', ');

/** `insert into <table>` the rows of `select` (aggregatedReadings or aggregatedHours), on conflict `update` (MERGED or REPLACED). */
export function upsertSummaries(table: 'tank_hourly' | 'tank_daily', select: string, update: string): string {
  const bucket = table === 'tank_hourly' ? 'hour' : 'day';
  return `insert into ${table} as s (tank_id, ${bucket}, n, first_ts, last_ts, ${VALUE_COLUMNS.join(', ')})
          ${select}
          on conflict (tank_id, ${bucket}) do update set ${update}`;
}
