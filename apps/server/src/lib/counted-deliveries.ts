import { sql, type SQL } from 'drizzle-orm';
import { DELIVERY_MIN_L } from '@ullage/domain/delivery-detection';

/**
 * The deliveries the reports and the home page count, over the `deliveries` row `alias`: every
 * ended one (a detected rise is only kept, when it ends, if it reached DELIVERY_MIN_L), and a
 * rise still going on once it has passed that minimum. The ingest keeps smaller open rises to
 * follow them from one report to the next; most turn out to be a probe's jump and are dropped,
 * so counting them showed "deliveries" of a few litres that later vanished.
 *
 * Nor is a rise that was a probe's spike: its last rise is a height jump (spec §9, 10 cm) that
 * the next reading took back (data_jumps.back_ts) to within a delivery's minimum of where the
 * rise began. Its one high reading passes for a tanker's drop of a few thousand litres, which
 * then came out of nowhere as sales — and, against metered sales, as a loss of the same size
 * (issue 23). A spike in the middle of a real drop leaves the drop counted: its last rise is later,
 * and the level does not go back to where it started.
 */
export function countedDelivery(alias: string): SQL {
  const d = sql.raw(alias);
  return sql`((${d}.ended_at is not null or ${d}.end_volume_l - ${d}.start_volume_l >= ${DELIVERY_MIN_L})
    and not exists (select 1 from data_jumps j where j.tank_id = ${d}.tank_id and j.rule = 'height' and j.back_ts is not null
      and j.ts = coalesce(${d}.ended_at, ${d}.last_rise_at) and j.back_volume_l - ${d}.start_volume_l < ${DELIVERY_MIN_L}))`;
}
