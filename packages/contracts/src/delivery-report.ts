import { z } from 'zod';
import { listQuery, tankFilters } from './list';
import { tankOfRow } from './report-place';
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
  deliveredL: z.number(),
  deliveredTcL: z.number().nullable(),
  /** The tanker's ticket (issue 23): entered by a user or sent by the device; null without one. */
  ticketVolumeL: z.number().nullable(),
  ticketTcVolumeL: z.number().nullable(),
  ticketNo: z.string().nullable(),
  ticketSource: z.enum(['user', 'device']).nullable(),
  /** Gauged − ticketed (negative: less arrived than the ticket says), L and % of the ticket. */
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
export const deliveryTotals = z.object({ count: z.number().int(), deliveredL: z.number(), deliveredTcL: z.number().nullable() });
export type DeliveryTotals = z.infer<typeof deliveryTotals>;
