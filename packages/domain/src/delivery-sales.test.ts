import { describe, expect, it } from 'vitest';
import { deliveryFigures } from './delivery-figures';
import { deliveredWithSales, salesDuring, salesRateAroundLph, SALES_RATE_WINDOW_MS, type Drop } from './delivery-sales';
import { reconcilePeriod, ticketCheck } from './reconciliation';

const MIN = 60_000;
const T = Date.parse('2026-10-02T10:00:00Z');
const at = (minutes: number) => T + minutes * MIN;
/** A 30-minute drop from 10:00 (5,000 L) to 10:30 (11,000 L): a rise of 6,000 L. */
const drop: Drop = { startedAtMs: at(0), startVolumeL: 5_000, endedAtMs: at(30), endVolumeL: 11_000 };

describe('sales during a delivery (issue 34 item 1)', () => {
  it('metered: the tank’s metered sales over the drop are added to the rise, and the ticket then agrees', () => {
    // 9,620 L rose while the pumps sold 120 + 130 + 130 L: 10,000 L arrived, as the ticket says.
    const sold = salesDuring({ fromMs: at(0), toMs: at(30), meteredL: 380, rateLph: 900 });
    expect(sold).toEqual({ salesL: 380, source: 'metered' });
    expect(deliveredWithSales(9_620, sold)).toBe(10_000);
    expect(ticketCheck(deliveredWithSales(9_620, sold), 10_000, 0.5)).toEqual({ diffL: 0, diffPct: 0, flagged: false });
    // The rise alone is 3.8 % short of the ticket: what was flagged before.
    expect(ticketCheck(9_620, 10_000, 0.5)).toEqual({ diffL: -380, diffPct: -3.8, flagged: true });
    // Metered sales of none during the drop are metered all the same: the delivery is its rise.
    expect(salesDuring({ fromMs: at(0), toMs: at(30), meteredL: 0, rateLph: 900 })).toEqual({ salesL: 0, source: 'metered' });
  });

  it('estimated: the level’s fall in the hour before and after the drop, over its time, × the drop’s duration', () => {
    // 400 L fell from 09:00 to 10:00 and 300 L from 10:30 to 11:00: 700 L in 90 minutes, 466.667 L/h.
    const rate = salesRateAroundLph(drop, { tsMs: at(-60), volumeL: 5_400 }, { tsMs: at(60), volumeL: 10_700 });
    expect(rate).toBeCloseTo(466.667, 3);
    // × 30 minutes: 233.333 L sold during the drop; 6,233.333 L delivered.
    const sold = salesDuring({ fromMs: at(0), toMs: at(30), meteredL: null, rateLph: rate });
    expect(sold).toEqual({ salesL: 233.333, source: 'estimated' });
    expect(deliveredWithSales(6_000, sold)).toBe(6_233.333);
    // A period's part of the drop (its first 12 minutes): 93.333 L.
    expect(salesDuring({ fromMs: at(0), toMs: at(12), meteredL: null, rateLph: rate })!.salesL).toBe(93.333);
  });

  it('into an idle tank the delivery is its rise, unchanged', () => {
    const rate = salesRateAroundLph(drop, { tsMs: at(-60), volumeL: 5_000 }, { tsMs: at(90), volumeL: 11_000 });
    expect(rate).toBe(0);
    const sold = salesDuring({ fromMs: at(0), toMs: at(30), meteredL: null, rateLph: rate });
    expect(sold).toEqual({ salesL: 0, source: 'estimated' });
    expect(deliveredWithSales(6_000, sold)).toBe(6_000);
    // The fuel swelling a little in the sun is no negative sale.
    expect(salesRateAroundLph(drop, { tsMs: at(-60), volumeL: 4_997 }, null)).toBe(0);
  });

  it('leaves out a side that held another drop, readings outside the window, and says nothing without readings', () => {
    // The hour before rose 1,000 L (another tanker): only the 300 L in the 30 minutes after count, 600 L/h.
    expect(salesRateAroundLph(drop, { tsMs: at(-60), volumeL: 4_000 }, { tsMs: at(60), volumeL: 10_700 })).toBe(600);
    expect(salesRateAroundLph(drop, { tsMs: at(0) - SALES_RATE_WINDOW_MS - MIN, volumeL: 5_400 }, null)).toBeNull();
    expect(salesRateAroundLph(drop, null, null)).toBeNull();
    const none = salesDuring({ fromMs: at(0), toMs: at(30), meteredL: null, rateLph: null });
    expect(none).toBeNull();
    expect(deliveredWithSales(6_000, none)).toBe(6_000);
  });

  it('gives the delivery record its rise, sales during and delivered volume, gross and at 15 °C', () => {
    const ends = { startVolumeL: 5_000, endVolumeL: 11_000, startTcVolumeL: 4_950, endTcVolumeL: 10_890, endedAt: '2026-10-02T10:30:00Z' };
    // Rise 6,000 L, 5,940 L at 15 °C (× 0.99); 200 L metered during it: 6,200 L, 6,138 L at 15 °C.
    expect(deliveryFigures({ ...ends, salesDuring: { salesL: 200, source: 'metered' } })).toEqual({
      riseL: 6_000,
      riseTcL: 5_940,
      salesDuringL: 200,
      salesDuringSource: 'metered',
      deliveredL: 6_200,
      deliveredTcL: 6_138,
      temperatureEffectL: 62,
      inProgress: false,
    });
    expect(deliveryFigures({ ...ends, salesDuring: null })).toMatchObject({ riseL: 6_000, salesDuringL: null, salesDuringSource: null, deliveredL: 6_000, deliveredTcL: 5_940 });
  });

  it('books a delivery without a ticket as its rise plus the sales during it: the day balances', () => {
    // Opening 5,000; a drop rose 6,000 L while 200 L were sold; 800 L more sold in the day: closing 10,200.
    const day = reconcilePeriod({ openingL: 5_000, closingL: 10_200, deliveries: [{ gaugedL: 6_000, ticketL: null, salesDuringL: 200 }], meteredSalesL: 1_000 });
    expect(day).toMatchObject({ deliveredGaugedL: 6_000, salesDuringDeliveriesL: 200, bookClosingL: 10_200, varianceL: 0 });
    // The rise alone booked those 200 L as a gain.
    expect(reconcilePeriod({ openingL: 5_000, closingL: 10_200, deliveries: [{ gaugedL: 6_000, ticketL: null }], meteredSalesL: 1_000 })).toMatchObject({ salesDuringDeliveriesL: null, bookClosingL: 10_000, varianceL: 200 });
    // A ticket still books the ticket: 50 L more than arrived.
    expect(reconcilePeriod({ openingL: 5_000, closingL: 10_200, deliveries: [{ gaugedL: 6_000, ticketL: 6_250, salesDuringL: 200 }], meteredSalesL: 1_000 })).toMatchObject({ bookClosingL: 10_250, varianceL: -50 });
  });
});
