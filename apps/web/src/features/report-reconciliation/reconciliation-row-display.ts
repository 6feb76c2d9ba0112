import type { ReconciliationFigures, ReconciliationRow } from '@ullage/contracts/reconciliation';
import { LITRES_PER_US_GALLON } from '@ullage/domain/units';
import type { FiguresBasis } from './reconciliation-filters-state';

/**
 * How a reconciliation row reads: which side of its figures is shown, which sales figure
 * stands (the pumps' or the level's), and whether a variance is beyond the regulator's
 * monthly rule. Pure, so tested in node.
 */

/**
 * The regulator's monthly rule (issue 23): a tank fails when |variance| exceeds 1 % of its
 * metered sales plus 130 US gallons. The server decides the month's result; the page uses the
 * same figures to mark a period's variance, and a cumulative one against the month's sales so far.
 */
export const MONTHLY_RULE_SALES_SHARE = 0.01;
export const MONTHLY_RULE_FIXED_L = 130 * LITRES_PER_US_GALLON;

/** The rule's allowance for so many litres of metered sales. */
export function allowanceOf(meteredSalesL: number): number {
  return MONTHLY_RULE_SALES_SHARE * Math.max(0, meteredSalesL) + MONTHLY_RULE_FIXED_L;
}

export function figuresOf(row: Pick<ReconciliationRow, 'gross' | 'tc'>, basis: FiguresBasis): ReconciliationFigures {
  return basis === 'tc' ? row.tc : row.gross;
}

/** The sales a row stands on: the pumps' where the tank has metered sales, else the level's fall. */
export function salesOf(row: Pick<ReconciliationRow, 'salesSource'>, figures: ReconciliationFigures): number | null {
  return row.salesSource === 'metered' ? figures.meteredSalesL : figures.derivedSalesL;
}

/**
 * A variance's tone: `loss` and `gain` by its sign, `beyond` when its size exceeds the allowance
 * (a gain beyond it is as suspect as a loss: a meter or a ticket is wrong). Null: nothing to mark.
 */
export type VarianceTone = 'loss' | 'gain' | 'loss-beyond' | 'gain-beyond';

export function varianceTone(varianceL: number | null, allowanceL: number | null): VarianceTone | null {
  if (varianceL === null || varianceL === 0) return null;
  const beyond = allowanceL !== null && Math.abs(varianceL) > allowanceL;
  const side = varianceL < 0 ? 'loss' : 'gain';
  return beyond ? `${side}-beyond` : side;
}

/** A period's variance against the rule applied to that period's metered sales. */
export function periodVarianceTone(figures: ReconciliationFigures): VarianceTone | null {
  return varianceTone(figures.varianceL, figures.meteredSalesL === null ? null : allowanceOf(figures.meteredSalesL));
}

/** A row's cumulative variance against the monthly rule's allowance for the month's sales so far (the row carries it). */
export function cumulativeTone(row: Pick<ReconciliationRow, 'monthAllowanceL'>, figures: ReconciliationFigures): VarianceTone | null {
  return varianceTone(figures.cumulativeVarianceL, row.monthAllowanceL);
}
