import { describe, expect, it } from 'vitest';
import {
  compensated,
  cumulativeAllowances,
  cumulativeVariances,
  manifoldPeriod,
  MONTHLY_RULE_ALLOWANCE_L,
  monthlyAllowanceL,
  monthlyRule,
  reconcilePeriod,
  salesSpanOf,
  ticketCheck,
  ticketShare,
  varianceAlarmAction,
} from './reconciliation';

describe('reconcilePeriod', () => {
  it('balances a day with no loss: book closing equals the gauge', () => {
    // 20,000 L at 00:05; 3,000 L sold; 20,000 L at 23:55.
    const f = reconcilePeriod({ openingL: 20_000, closingL: 17_000, deliveries: [], meteredSalesL: 3_000 });
    expect(f).toMatchObject({ bookClosingL: 17_000, varianceL: 0, variancePct: 0, derivedSalesL: 3_000, deliveredGaugedL: 0, deliveredTicketedL: null });
  });

  it('shows a meter reading 0.6 % over what left the tank as a gain of 0.6 % of sales', () => {
    // 3,000 L left the tank; the meter says 3,018 L. Book 20,000 − 3,018 = 16,982; gauge 17,000: +18 L.
    const f = reconcilePeriod({ openingL: 20_000, closingL: 17_000, deliveries: [], meteredSalesL: 3_018 });
    expect(f.bookClosingL).toBe(16_982);
    expect(f.varianceL).toBe(18);
    expect(f.variancePct).toBeCloseTo((18 / 3_018) * 100, 3);
  });

  it('shows a theft as a loss of its size', () => {
    // 2,500 L sold through the pumps, 300 L taken without a sale: the gauge fell 2,800 L.
    const f = reconcilePeriod({ openingL: 15_000, closingL: 12_200, deliveries: [], meteredSalesL: 2_500 });
    expect(f.bookClosingL).toBe(12_500);
    expect(f.varianceL).toBe(-300);
    expect(f.variancePct).toBe(-12);
  });

  it('books a delivery by its ticket, so a short drop shows as a loss; the gauged rise is shown beside it', () => {
    // Ticket 10,000 L; the level rose 9,900 L. Sold 1,000 L. Book = 5,000 + 10,000 − 1,000 = 14,000; gauge 13,900.
    const f = reconcilePeriod({ openingL: 5_000, closingL: 13_900, deliveries: [{ gaugedL: 9_900, ticketL: 10_000 }], meteredSalesL: 1_000 });
    expect(f).toMatchObject({ deliveredGaugedL: 9_900, deliveredTicketedL: 10_000, bookClosingL: 14_000, varianceL: -100, derivedSalesL: 1_000 });
  });

  it('takes the gauged rise for a delivery without a ticket', () => {
    const f = reconcilePeriod({ openingL: 5_000, closingL: 13_900, deliveries: [{ gaugedL: 9_900, ticketL: null }, { gaugedL: 100, ticketL: 120 }], meteredSalesL: 1_100 });
    expect(f.deliveredTicketedL).toBe(120);
    expect(f.bookClosingL).toBe(5_000 + 9_900 + 120 - 1_100);
  });

  it('leaves book and variance unknown without a closing reading, and without metered sales', () => {
    expect(reconcilePeriod({ openingL: 5_000, closingL: null, deliveries: [], meteredSalesL: 100 })).toMatchObject({ bookClosingL: 4_900, varianceL: null, variancePct: null, derivedSalesL: null });
    expect(reconcilePeriod({ openingL: 5_000, closingL: 4_000, deliveries: [], meteredSalesL: null })).toMatchObject({ bookClosingL: null, varianceL: null, derivedSalesL: 1_000 });
    expect(reconcilePeriod({ openingL: null, closingL: 4_000, deliveries: [], meteredSalesL: 100 })).toMatchObject({ bookClosingL: null, varianceL: null });
  });

  it('has no variance % on a day with no sales', () => {
    expect(reconcilePeriod({ openingL: 5_000, closingL: 4_998, deliveries: [], meteredSalesL: 0 })).toMatchObject({ varianceL: -2, variancePct: null });
  });
});

describe('a month with a delivery across midnight', () => {
  // Day 1: opening 8,000 at 00:05; sold 1,200; a 10,000 L drop (ticket 10,050) from 23:40 to
  // 00:20 — the level rose 4,000 L up to the last reading of day 1 (23:55) and 6,000 L after
  // the first reading of day 2 (00:05)... measured: day 1 closes at 10,800, day 2 opens at 10,800.
  // Day 2: sold 2,000; closes at 14,800.
  const whole = 10_000;
  const day1 = reconcilePeriod({ openingL: 8_000, closingL: 10_800, deliveries: [{ gaugedL: 4_000, ticketL: ticketShare(4_000, whole, 10_050) }], meteredSalesL: 1_200 });
  const day2 = reconcilePeriod({ openingL: 10_800, closingL: 14_800, deliveries: [{ gaugedL: 6_000, ticketL: ticketShare(6_000, whole, 10_050) }], meteredSalesL: 2_000 });

  it('splits the ticket like the rise: 4,020 L and 6,030 L', () => {
    expect(day1.deliveredTicketedL).toBe(4_020);
    expect(day2.deliveredTicketedL).toBe(6_030);
  });

  it('books each day by its share: variances −20 L and −30 L, −50 L for the month', () => {
    expect(day1.bookClosingL).toBe(8_000 + 4_020 - 1_200);
    expect(day1.varianceL).toBe(-20);
    expect(day2.varianceL).toBe(-30);
    expect(cumulativeVariances([{ month: '2026-10', varianceL: day1.varianceL }, { month: '2026-10', varianceL: day2.varianceL }])).toEqual([-20, -50]);
    const rule = monthlyRule([day1, day2]);
    expect(rule).toMatchObject({ meteredSalesL: 3_200, varianceL: -50, allowanceL: monthlyAllowanceL(3_200), result: 'pass' });
    expect(rule.allowanceL).toBeCloseTo(32 + 492.1, 1);
  });
});

describe('manifoldPeriod', () => {
  it('reconciles a manifolded pair sold by product as one', () => {
    // Tanks 1 and 2 of 92#: 10,000 → 8,500 and 9,000 → 7,600; the product sold 2,900 L, no tank sales.
    const group = manifoldPeriod(
      [
        { openingL: 10_000, closingL: 8_500, deliveries: [], meteredSalesL: null },
        { openingL: 9_000, closingL: 7_600, deliveries: [], meteredSalesL: null },
      ],
      2_900,
    );
    expect(group).toMatchObject({ openingL: 19_000, closingL: 16_100, meteredSalesL: 2_900 });
    expect(reconcilePeriod(group)).toMatchObject({ bookClosingL: 16_100, varianceL: 0 });
  });

  it('is unknown when one tank lacks its closing, and adds sales sent per tank to the product’s', () => {
    const group = manifoldPeriod(
      [
        { openingL: 10_000, closingL: null, deliveries: [{ gaugedL: 500, ticketL: null }], meteredSalesL: 40 },
        { openingL: 9_000, closingL: 7_600, deliveries: [], meteredSalesL: null },
      ],
      2_900,
    );
    expect(group).toMatchObject({ openingL: 19_000, closingL: null, meteredSalesL: 2_940 });
    expect(group.deliveries).toHaveLength(1);
  });

  it('gives a lone tank as it is, with its own and the product’s sales added, and no sales as unknown', () => {
    const tank = { openingL: 10_000, closingL: 8_500, deliveries: [{ gaugedL: 500, ticketL: 510 }], meteredSalesL: 40 };
    expect(manifoldPeriod([tank], 1_960)).toEqual({ ...tank, meteredSalesL: 2_000 });
    expect(manifoldPeriod([tank], null)).toEqual(tank);
    expect(manifoldPeriod([{ ...tank, meteredSalesL: null }], null).meteredSalesL).toBeNull();
    expect(manifoldPeriod([{ ...tank, meteredSalesL: null }], 0).meteredSalesL).toBe(0);
  });
});

describe('monthlyRule', () => {
  it('fails a month whose variance exceeds 1 % of sales + 130 US gal', () => {
    // 30 days of 3,000 L: 90,000 L sold; allowance 900 + 492.1 = 1,392.1 L.
    const days = Array.from({ length: 30 }, () => ({ meteredSalesL: 3_000, varianceL: -46.5 }));
    const rule = monthlyRule(days);
    expect(rule).toMatchObject({ varianceL: -1_395, result: 'fail', meteredDays: 30 });
    expect(rule.allowanceL).toBeCloseTo(1_392.104, 3);
    const fine = Array.from({ length: 30 }, () => ({ meteredSalesL: 3_000, varianceL: -46.4 }));
    expect(monthlyRule(fine)).toMatchObject({ varianceL: -1_392, result: 'pass' });
  });

  it('counts gains as well as losses, and says no data without a variance', () => {
    expect(monthlyRule([{ meteredSalesL: 100, varianceL: 600 }]).result).toBe('fail');
    expect(monthlyRule([{ meteredSalesL: null, varianceL: null }])).toMatchObject({ result: 'no_data', meteredSalesL: null });
    expect(monthlyRule([{ meteredSalesL: 100, varianceL: null }])).toMatchObject({ result: 'no_data', meteredSalesL: 100, meteredDays: 1 });
  });

  it('is 492.1 L for 130 US gallons', () => {
    expect(MONTHLY_RULE_ALLOWANCE_L).toBeCloseTo(492.1, 1);
  });
});

describe('varianceAlarmAction', () => {
  const settings = { limitPct: 1, days: 3 };
  const day = (meteredSalesL: number, varianceL: number | null) => ({ meteredSalesL, varianceL });

  it('opens when the last 3 days together lose more than 1 % of their sales', () => {
    // 9,000 L sold, −300 L: 3.3 %.
    expect(varianceAlarmAction([day(3_000, 0), day(3_000, -300), day(3_000, 0)], settings, false)).toBe('open');
    // −90 L of 9,000 is exactly 1 %: not beyond.
    expect(varianceAlarmAction([day(3_000, -30), day(3_000, -30), day(3_000, -30)], settings, false)).toBe('keep');
  });

  it('ends once the window is back within the limit, and keeps what is without 3 judged days', () => {
    expect(varianceAlarmAction([day(3_000, -300), day(3_000, 0), day(3_000, 0), day(3_000, 0)], settings, true)).toBe('end');
    expect(varianceAlarmAction([day(3_000, -300), day(3_000, 0), day(3_000, -300)], settings, true)).toBe('keep');
    expect(varianceAlarmAction([day(3_000, -300), day(3_000, null), day(3_000, -300)], settings, false)).toBe('keep');
    expect(varianceAlarmAction([day(3_000, -300)], settings, false)).toBe('keep');
  });
});

describe('ticketCheck', () => {
  it('flags a difference over the tolerance, either way', () => {
    expect(ticketCheck(9_900, 10_000, 0.5)).toEqual({ diffL: -100, diffPct: -1, flagged: true });
    expect(ticketCheck(9_960, 10_000, 0.5)).toEqual({ diffL: -40, diffPct: -0.4, flagged: false });
    expect(ticketCheck(10_051, 10_000, 0.5)).toMatchObject({ diffPct: 0.51, flagged: true });
    expect(ticketCheck(10_050, 10_000, 0.5)).toMatchObject({ flagged: false });
    expect(ticketCheck(10_000, null, 0.5)).toEqual({ diffL: null, diffPct: null, flagged: false });
  });
});

describe('compensated', () => {
  it('brings a gross volume to 15 °C by the product’s expansion', () => {
    expect(compensated(1_000, 25, 0.0012)).toBeCloseTo(1_000 / 1.012, 6);
    expect(compensated(1_000, null, 0.0012)).toBe(1_000);
  });
});

describe('salesSpanOf', () => {
  const day = { startMs: 1_000, endMs: 87_401_000 };
  it('counts after the opening reading up to the closing one', () => {
    expect(salesSpanOf(day, { tsMs: 61_000 }, { tsMs: 87_000_000 })).toEqual({ fromMs: 61_000, toMs: 87_000_000 });
  });
  it('falls back to the period’s own edge where a reading is missing', () => {
    expect(salesSpanOf(day, null, { tsMs: 87_000_000 })).toEqual({ fromMs: 1_000, toMs: 87_000_000 });
    expect(salesSpanOf(day, { tsMs: 61_000 }, null)).toEqual({ fromMs: 61_000, toMs: 87_401_000 });
  });
});

describe('cumulativeAllowances', () => {
  it('grows with the judged sales of the month so far, starts again with a month, and is null before a variance', () => {
    const gal130 = 492.104;
    const out = cumulativeAllowances([
      { month: '2026-10', meteredSalesL: 1_000, varianceL: null },
      { month: '2026-10', meteredSalesL: 3_000, varianceL: -10 },
      { month: '2026-10', meteredSalesL: 2_000, varianceL: 5 },
      { month: '2026-10', meteredSalesL: 9_000, varianceL: null },
      { month: '2026-11', meteredSalesL: 4_000, varianceL: 0 },
    ]);
    // 1 % of 3,000, then of 5,000 (the unjudged 1,000 and 9,000 count nothing); November from 4,000.
    expect(out[0]).toBeNull();
    expect(out[1]).toBeCloseTo(30 + gal130, 3);
    expect(out[2]).toBeCloseTo(50 + gal130, 3);
    expect(out[3]).toBeCloseTo(50 + gal130, 3);
    expect(out[4]).toBeCloseTo(40 + gal130, 3);
  });
});
