import { sql, type SQL } from 'drizzle-orm';
import { DELIVERY_MIN_L } from '@ullage/domain/delivery-detection';

/**
 * The deliveries the reports and the home page count, over the `deliveries` row `alias`: every
 * ended one (a detected rise is only kept, when it ends, if it reached DELIVERY_MIN_L), and a
 * rise still going on once it has passed that minimum. The ingest keeps smaller open rises to
 * follow them from one report to the next; most turn out to be a probe's jump and are dropped,
 * so counting them showed "deliveries" of a few litres that later vanished.
 */
export function countedDelivery(alias: string): SQL {
  const d = sql.raw(alias);
  return sql`(${d}.ended_at is not null or ${d}.end_volume_l - ${d}.start_volume_l >= ${DELIVERY_MIN_L})`;
}
