import { z } from 'zod';
import { listQuery, tankFilters } from './list';
import { tankOfRow } from './report-place';
import { SALES_DURING_SOURCES } from '@ullage/domain/delivery-sales';
export { DELIVERY_SORT_FIELDS } from './list-fields';

/** The delivery records page (spec §2 /Data delivery): detected and device-reported deliveries. */
const time = z.iso.datetime({ offset: true });

export const deliveryListQuery = listQuery.extend({
  ...tankFilters,
  /** Deliveries that started in [from, to). */
  from: time.optional(),
  to: time.optional(),
  source: z.enum(['detected', 'device']).optional(),
  /** ended: finished; open: the level still rises. */
  state: z.enum(['ended', 'open']).optional(),
});
export type DeliveryListQuery = z.infer<typeof deliveryListQuery>;

export const deliveryRow = z.object({
  id: z.number().int(),
  ...tankOfRow,
  source: z.enum(['detected', 'device']),
  startedAt: z.string(),
  endedAt: z.string().nullable(),
  startVolumeL: z.number(),
  endVolumeL: z.number(),
  startTcVolumeL: z.number().nullable(),
  endTcVolumeL: z.number().nullable(),
  startHeightMm: z.number().nullable(),
  endHeightMm: z.number().nullable(),
  startWaterHeightMm: z.number().nullable(),
  endWaterHeightMm: z.number().nullable(),
  startTemperatureC: z.number().nullable(),
  endTemperatureC: z.number().nullable(),
  /** The level's rise over the drop (end − start volume), and the same at 15 °C (null without compensated ends). */
  riseL: z.number(),
  riseTcL: z.number().nullable(),
  /**
   * What the station sold during the drop (issue 34; domain delivery-sales.ts): the tank's
   * metered sales over it ('metered'), else its sales rate around the drop × its duration
   * ('estimated'); null when neither is known (the delivered volume is then the rise).
   */
  salesDuringL: z.number().nullable(),
  salesDuringSource: z.enum(SALES_DURING_SOURCES).nullable(),
  /** What the tanker delivered: the rise plus the sales during it; the same at 15 °C. */
  deliveredL: z.number(),
  deliveredTcL: z.number().nullable(),
  /** The tanker's ticket (issue 23): entered by a user or sent by the device; null without one. */
  ticketVolumeL: z.number().nullable(),
  ticketTcVolumeL: z.number().nullable(),
  ticketNo: z.string().nullable(),
  ticketSource: z.enum(['user', 'device']).nullable(),
  /** Delivered (rise + sales during) − ticketed (negative: less arrived than the ticket says), L and % of the ticket. */
  ticketDiffL: z.number().nullable(),
  ticketDiffPct: z.number().nullable(),
  /** |difference| over the company's ticket tolerance. */
  ticketFlagged: z.boolean(),
  /** The company's tolerance, %. */
  ticketTolerancePct: z.number(),
});
export type DeliveryRow = z.infer<typeof deliveryRow>;

/** Totals of every delivery the filters match (not only the page shown). */
/** deliveredTcL is null when a matching delivery lacks a compensated volume (a partial sum would mislead). */
/** salesDuringL: the part of deliveredL that was sold during the drops (their known sales during). */
export const deliveryTotals = z.object({ count: z.number().int(), deliveredL: z.number(), deliveredTcL: z.number().nullable(), salesDuringL: z.number() });
export type DeliveryTotals = z.infer<typeof deliveryTotals>;
