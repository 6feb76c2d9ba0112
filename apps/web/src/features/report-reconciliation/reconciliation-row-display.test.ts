import { describe, expect, it } from 'vitest';
import type { ReconciliationFigures } from '@ullage/contracts/reconciliation';
import { allowanceOf, cumulativeTone, figuresOf, MONTHLY_RULE_FIXED_L, periodVarianceTone, salesOf, varianceTone } from './reconciliation-row-display';

const figures = (over: Partial<ReconciliationFigures> = {}): ReconciliationFigures => ({
  openingL: 10_000,
  closingL: 8_000,
  deliveredGaugedL: 0,
  deliveredTicketedL: null,
  salesDuringDeliveriesL: null,
  meteredSalesL: 2_100,
  derivedSalesL: 2_000,
  bookClosingL: 7_900,
  varianceL: 100,
  variancePct: 4.76,
  cumulativeVarianceL: 100,
  ...over,
});

describe('the monthly rule on the page', () => {
  it('allows 1 % of metered sales plus 130 US gallons (492.1 L)', () => {
    expect(MONTHLY_RULE_FIXED_L).toBeCloseTo(492.1, 1);
    expect(allowanceOf(0)).toBeCloseTo(492.1, 1);
    expect(allowanceOf(100_000)).toBeCloseTo(1_492.1, 1);
    expect(allowanceOf(-50)).toBeCloseTo(492.1, 1);
  });

  it('marks a variance by its sign, and beyond the allowance on either side', () => {
    expect(varianceTone(-10, 500)).toBe('loss');
    expect(varianceTone(10, 500)).toBe('gain');
    expect(varianceTone(-501, 500)).toBe('loss-beyond');
    expect(varianceTone(501, 500)).toBe('gain-beyond');
    expect(varianceTone(-500, 500)).toBe('loss');
    expect(varianceTone(-900, null)).toBe('loss');
    expect(varianceTone(0, 500)).toBeNull();
    expect(varianceTone(null, 500)).toBeNull();
  });

  it('holds a period’s variance to the rule on that period’s metered sales; no metered sales, no rule', () => {
    expect(periodVarianceTone(figures({ varianceL: -600, meteredSalesL: 5_000 }))).toBe('loss-beyond');
    expect(periodVarianceTone(figures({ varianceL: -600, meteredSalesL: 20_000 }))).toBe('loss');
    expect(periodVarianceTone(figures({ varianceL: -600, meteredSalesL: null }))).toBe('loss');
  });
});

describe('which figures a row shows', () => {
  const row = { gross: figures(), tc: figures({ meteredSalesL: 2_080 }), salesSource: 'metered' as const };
  it('takes the gross or the compensated side', () => {
    expect(figuresOf(row, 'gross').meteredSalesL).toBe(2_100);
    expect(figuresOf(row, 'tc').meteredSalesL).toBe(2_080);
  });

  it('stands on metered sales where there are some, else on the level’s fall', () => {
    expect(salesOf(row, row.gross)).toBe(2_100);
    expect(salesOf({ salesSource: 'derived' }, figures({ meteredSalesL: null }))).toBe(2_000);
  });
});

describe('cumulative variance against the month so far', () => {
  it('marks the day the cumulative loss passes the month-to-date allowance, and only that', () => {
    const day = (cumulativeVarianceL: number, monthAllowanceL: number | null) => cumulativeTone({ monthAllowanceL }, figures({ cumulativeVarianceL }));
    expect(day(-300, 542.1)).toBe('loss');
    expect(day(-600, 592.1)).toBe('loss-beyond');
    expect(day(600, 592.1)).toBe('gain-beyond');
    // No allowance known: its sign only.
    expect(day(-600, null)).toBe('loss');
  });
});
