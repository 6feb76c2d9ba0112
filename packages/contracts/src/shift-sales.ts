import { z } from 'zod';
import { listQuery } from './list';
import { stationOfRow } from './report-place';
export { SHIFT_SALES_SORT_FIELDS, SALES_READING_SORT_FIELDS } from './list-fields';

/**
 * Sales per shift ("pay for oil", spec §1/§2 /Data) and the details behind each figure, and
 * the shift configuration of a station (issue 6 item 8). Days are the station's own,
 * YYYY-MM-DD; shift starts are HH:MM of the station's zone; volumes litres.
 */
const id = z.coerce.number().int().min(1);
/** Checked by the domain (dayRangeProblems), so a bad day is refused naming its field. */
const day = z.string().max(20);

// Shift configuration: GET/PUT /api/station/:id/shifts

/** Loose on purpose: the domain's rules (shiftProblems) answer with the field and the rule. */
export const shiftInput = z.object({ name: z.string().max(200), start: z.string().max(20) });
export const stationShiftsInput = z.object({ shifts: z.array(shiftInput).max(50) });
export type StationShiftsInput = z.infer<typeof stationShiftsInput>;

export const stationShift = z.object({ name: z.string(), start: z.string(), startMinute: z.number().int() });
export type StationShift = z.infer<typeof stationShift>;

export const stationShifts = z.object({
  stationId: z.number().int(),
  stationName: z.string(),
  stationCode: z.string(),
  timezone: z.string(),
  /** False: the station has none set and runs one shift, the whole day from 00:00 (named in the caller's language). */
  configured: z.boolean(),
  /** The caller may change them (manage rights over the station). */
  canEdit: z.boolean(),
  shifts: z.array(stationShift),
});
export type StationShifts = z.infer<typeof stationShifts>;

// Sales per shift: GET /api/report/shift-sales/list and /export

export const shiftSalesQuery = listQuery.extend({
  distributorId: id.optional(),
  companyId: id.optional(),
  areaId: id.optional(),
  stationId: id.optional(),
  tankId: id.optional(),
  productId: id.optional(),
  /** Station days, both included, at most 31. */
  fromDay: day,
  toDay: day,
});
export type ShiftSalesQuery = z.infer<typeof shiftSalesQuery>;

/** day: by the shift's start; salesL/deliveredL: the shift's totals across its tanks. */

export const shiftTankFigures = z.object({
  tankId: z.number().int(),
  tankCode: z.string(),
  productId: z.number().int().nullable(),
  productName: z.string().nullable(),
  productColor: z.string().nullable(),
  startReadingAt: z.string().nullable(),
  startVolumeL: z.number().nullable(),
  endReadingAt: z.string().nullable(),
  endVolumeL: z.number().nullable(),
  deliveredL: z.number(),
  deliveryCount: z.number().int(),
  /** start − end + deliveries; null when the start or the end reading is missing. */
  salesL: z.number().nullable(),
  missingStart: z.boolean(),
  missingEnd: z.boolean(),
});
export type ShiftTankFigures = z.infer<typeof shiftTankFigures>;

/** One shift of one station on one day, with its tanks and their totals. */
export const shiftSalesRow = z.object({
  /** Position in the ordered result (a row key; shifts have no id of their own). */
  id: z.number().int(),
  ...stationOfRow,
  day: z.string(),
  shiftNo: z.number().int(),
  shiftName: z.string(),
  /** HH:MM */
  shiftStart: z.string(),
  /** The station has no shifts set: this is its one all-day shift. */
  allDay: z.boolean(),
  startsAt: z.string(),
  endsAt: z.string(),
  /** The shift has not ended yet: its end reading cannot exist. */
  inProgress: z.boolean(),
  tanks: z.array(shiftTankFigures),
  /** Known sales of the tanks added up (null when none is known), and how many tanks are unknown. */
  salesL: z.number().nullable(),
  deliveredL: z.number(),
  unknownCount: z.number().int(),
});
export type ShiftSalesRow = z.infer<typeof shiftSalesRow>;

export const productSales = z.object({
  productId: z.number().int().nullable(),
  productName: z.string().nullable(),
  productColor: z.string().nullable(),
  salesL: z.number().nullable(),
  deliveredL: z.number(),
  /** Tank shifts whose sales are unknown, left out of salesL. */
  unknownCount: z.number().int(),
});
export type ProductSales = z.infer<typeof productSales>;

/** Totals of every shift the filters match, not only the page shown. */
export const shiftSalesTotals = z.object({
  shifts: z.number().int(),
  salesL: z.number().nullable(),
  deliveredL: z.number(),
  unknownCount: z.number().int(),
  products: z.array(productSales),
  /** The unit to show the totals in: the stations' own when they share one, litres otherwise. */
  volumeUnit: z.number().int(),
});
export type ShiftSalesTotals = z.infer<typeof shiftSalesTotals>;

export const shiftSalesList = z.object({
  list: z.array(shiftSalesRow),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
  totals: shiftSalesTotals,
});
export type ShiftSalesList = z.infer<typeof shiftSalesList>;

// Sales details: GET /api/report/shift-sales/detail, /readings, /detail/export

export const salesDetailQuery = z.object({
  stationId: id,
  tankId: id,
  day,
  /** The shift's start, HH:MM (a shift of the station as configured now). */
  shift: z.string().max(20),
});
export type SalesDetailQuery = z.infer<typeof salesDetailQuery>;

export const detailReading = z.object({
  ts: z.string(),
  productHeightMm: z.number(),
  waterHeightMm: z.number(),
  temperatureC: z.number(),
  volumeL: z.number(),
  tcVolumeL: z.number(),
});
export type DetailReading = z.infer<typeof detailReading>;

/**
 * A delivery as the shift counts it: the part of its rise between the shift's start and end
 * readings (a drop across a shift change is cut there), with that part's times and volumes.
 */
export const detailDelivery = z.object({
  id: z.number().int(),
  source: z.enum(['detected', 'device']),
  startedAt: z.string(),
  endedAt: z.string(),
  startVolumeL: z.number(),
  endVolumeL: z.number(),
  deliveredL: z.number(),
});
export type DetailDelivery = z.infer<typeof detailDelivery>;

export const salesDetail = z.object({
  station: z.object({ id: z.number().int(), name: z.string(), code: z.string(), companyName: z.string(), timezone: z.string(), volumeUnit: z.number().int().nullable(), tempUnit: z.number().int().nullable() }),
  tank: z.object({ id: z.number().int(), code: z.string(), productName: z.string().nullable(), productColor: z.string().nullable() }),
  shift: z.object({ day: z.string(), shiftNo: z.number().int(), name: z.string(), start: z.string(), allDay: z.boolean(), startsAt: z.string(), endsAt: z.string(), inProgress: z.boolean() }),
  /** Where the start and end readings were looked for (spec §9's 15 minutes), both ends included. */
  startSearch: z.object({ from: z.string(), to: z.string() }),
  endSearch: z.object({ from: z.string(), to: z.string() }),
  startReading: detailReading.nullable(),
  endReading: detailReading.nullable(),
  deliveries: z.array(detailDelivery),
  deliveredL: z.number(),
  salesL: z.number().nullable(),
  missingStart: z.boolean(),
  missingEnd: z.boolean(),
  /** Readings of the whole shift, [startsAt, endsAt]. */
  readingCount: z.number().int(),
});
export type SalesDetail = z.infer<typeof salesDetail>;

export const salesReadingsQuery = salesDetailQuery.extend({
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(200).default(20),
  sortField: z.string().max(50).optional(),
  sortOrder: z.enum(['ascend', 'descend']).optional(),
});
export type SalesReadingsQuery = z.infer<typeof salesReadingsQuery>;

export const salesReadingRow = detailReading.extend({
  /** Position in the shift's readings, 1-based (a row key). */
  id: z.number().int(),
  /** Volume change since the reading before (null for the shift's first). */
  changeL: z.number().nullable(),
  /** This reading is the shift's start or end reading. */
  role: z.enum(['start', 'end', 'startEnd']).nullable(),
  /** Taken while a delivery of the shift was dropping: a rise here is product delivered. */
  inDelivery: z.boolean(),
});
export type SalesReadingRow = z.infer<typeof salesReadingRow>;

export const salesReadingList = z.object({ list: z.array(salesReadingRow), total: z.number().int(), page: z.number().int(), pageSize: z.number().int() });
export type SalesReadingList = z.infer<typeof salesReadingList>;
