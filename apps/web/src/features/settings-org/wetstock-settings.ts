import type { CompanyRow } from '@ullage/contracts/settings-org';

/**
 * A company's wetstock settings (issue 23) as its form shows them: the ticket tolerance and the
 * variance alarm's limit in %, the alarm's days, the run-out warning's horizon in hours. Ranges
 * are the server's (contracts settings-org companyInput); the defaults are what a company
 * without its own gets. Pure, so tested in node.
 */
export type WetstockSettings = Pick<CompanyRow, 'ticketTolerancePct' | 'varianceAlarmPct' | 'varianceAlarmDays' | 'runOutHorizonHours'>;

export const WETSTOCK_DEFAULTS: WetstockSettings = { ticketTolerancePct: 0.5, varianceAlarmPct: 1, varianceAlarmDays: 3, runOutHorizonHours: 24 };

/** Smallest and largest value each field takes; `integer` fields take whole numbers only. `above` is exclusive (> min). */
export const WETSTOCK_RANGES = {
  ticketTolerancePct: { min: 0, max: 100, integer: false, above: false },
  varianceAlarmPct: { min: 0, max: 100, integer: false, above: true },
  varianceAlarmDays: { min: 1, max: 31, integer: true, above: false },
  runOutHorizonHours: { min: 1, max: 720, integer: true, above: false },
} as const satisfies Record<keyof WetstockSettings, { min: number; max: number; integer: boolean; above: boolean }>;

export const WETSTOCK_FIELDS = Object.keys(WETSTOCK_RANGES) as (keyof WetstockSettings)[];

/** Why a figure is refused, or null: missing, not whole, or out of range. */
export function wetstockProblem(field: keyof WetstockSettings, value: number | null | undefined): 'required' | 'integer' | 'range' | null {
  if (value === null || value === undefined || !Number.isFinite(value)) return 'required';
  const range = WETSTOCK_RANGES[field];
  if (range.integer && !Number.isInteger(value)) return 'integer';
  if (value > range.max || value < range.min || (range.above && value === range.min)) return 'range';
  return null;
}

/** The form's figures for a company, or a new one's defaults. */
export function wetstockOf(row: WetstockSettings | null): WetstockSettings {
  if (!row) return { ...WETSTOCK_DEFAULTS };
  return { ticketTolerancePct: row.ticketTolerancePct, varianceAlarmPct: row.varianceAlarmPct, varianceAlarmDays: row.varianceAlarmDays, runOutHorizonHours: row.runOutHorizonHours };
}
