import { describe, expect, it } from 'vitest';
import { dayRangeProblems, deliveriesInShift, edgeSearch, shiftEdges, shiftFigures, shiftSalesL, sumSales, type DeliveryVolumes } from './shift-sales';

const MIN = 60_000;
const S = Date.parse('2026-11-23T06:00:00Z');
const E = Date.parse('2026-11-23T14:00:00Z');
const window = { startMs: S, endMs: E };
const at = (ms: number, volumeL: number) => ({ tsMs: ms, volumeL });

describe('start and end of a shift (spec §9: start no later than 15 minutes after its start, end no earlier than 15 minutes before its end)', () => {
  it('searches [start, start + 15 min] and [end − 15 min, end]', () => {
    expect(edgeSearch(window)).toEqual({ startFromMs: S, startToMs: S + 15 * MIN, endFromMs: E - 15 * MIN, endToMs: E });
  });

  it.each([
    ['a reading exactly at the start', [at(S, 1)], S],
    ['a reading exactly 15 minutes after the start', [at(S + 15 * MIN, 1)], S + 15 * MIN],
    ['the first of several in the quarter hour', [at(S + 10 * MIN, 2), at(S + 5 * MIN, 1)], S + 5 * MIN],
    ['none: one second too late', [at(S + 15 * MIN + 1000, 1)], null],
    ['none: the reading before the start belongs to the previous shift', [at(S - 1000, 1)], null],
  ])('start: %s', (_, readings, expected) => {
    expect(shiftEdges(readings, window).start?.tsMs ?? null).toBe(expected);
  });

  it.each([
    ['a reading exactly at the end', [at(E, 1)], E],
    ['a reading exactly 15 minutes before the end', [at(E - 15 * MIN, 1)], E - 15 * MIN],
    ['the last of several in the quarter hour', [at(E - 2 * MIN, 2), at(E - 12 * MIN, 1)], E - 2 * MIN],
    ['none: one second too early', [at(E - 15 * MIN - 1000, 1)], null],
    ['none: the reading after the end belongs to the next shift', [at(E + 1000, 1)], null],
  ])('end: %s', (_, readings, expected) => {
    expect(shiftEdges(readings, window).end?.tsMs ?? null).toBe(expected);
  });
});

describe('sales of a shift (spec §9: sales = start volume − end volume + deliveries)', () => {
  const delivery = (startedAtMs: number, endedAtMs: number | null, startVolumeL: number, endVolumeL: number): DeliveryVolumes => ({ startedAtMs, endedAtMs, startVolumeL, endVolumeL });

  it.each([
    ['no delivery', 10_000, 7_000, 0, 3_000],
    ['a delivery of 5,000 L', 10_000, 12_000, 5_000, 3_000],
    ['nothing sold', 8_000, 8_000, 0, 0],
    ['float noise rounded away', 10_000.3, 9_999.9, 0.1, 0.5],
    ['a missing start', null, 7_000, 0, null],
    ['a missing end', 10_000, null, 0, null],
  ])('%s', (_, start, end, delivered, sales) => {
    expect(shiftSalesL(start, end, delivered)).toBe(sales);
  });

  it('counts the ended deliveries by their rise between the start and end readings', () => {
    const ds = [
      delivery(S, S + 30 * MIN, 2_000, 7_000), // from the shift's start; the start reading at S + 5 reads 10,000, held to 7,000: nothing after it
      delivery(S + 4 * 60 * MIN, S + 5 * 60 * MIN, 3_000, 4_500), // wholly inside: 1,500
      delivery(S - 20 * MIN, S + 20 * MIN, 1_000, 2_000), // begun in the previous shift: none of it after the start reading (held to 2,000)
      delivery(E, E + 20 * MIN, 1_000, 2_000), // starts at the end: the next shift's
      delivery(E - 10 * MIN, null, 1_000, 1_600), // still dropping: not yet
    ];
    const readings = [at(S + 5 * MIN, 10_000), at(S + 2 * 60 * MIN, 12_000), at(E - 5 * MIN, 9_000)];
    const { start, end } = shiftEdges(readings, window);
    expect(deliveriesInShift(ds, window, start, end).map((d) => [d.delivery.startedAtMs, d.part.deliveredL])).toEqual([
      [S, 0],
      [S + 4 * 60 * MIN, 1_500],
      [S - 20 * MIN, 0],
    ]);
    expect(shiftFigures(window, readings, ds)).toEqual({
      start: at(S + 5 * MIN, 10_000),
      end: at(E - 5 * MIN, 9_000),
      deliveredL: 1_500,
      deliveryCount: 3,
      // 10,000 − 9,000 + 1,500
      salesL: 2_500,
      missingStart: false,
      missingEnd: false,
    });
  });

  it('splits a drop across a shift change at the reading both shifts share (issue 20 item 1)', () => {
    // 23:45 → 00:20, 120 L a minute; the 00:00 reading is the night shift's end and the day's first shift's start.
    const drop = delivery(E - 15 * MIN, E + 20 * MIN, 7_160, 11_360);
    const night = shiftFigures(window, [at(S, 10_000), at(E - 5 * MIN, 8_360), at(E, 8_960)], [drop]);
    const next = { startMs: E, endMs: E + 8 * 60 * MIN };
    const morning = shiftFigures(next, [at(E, 8_960), at(E + 30 * MIN, 11_300), at(next.endMs, 9_000)], [drop]);
    expect(night).toMatchObject({ deliveredL: 1_800, deliveryCount: 1, salesL: 10_000 - 8_960 + 1_800 });
    expect(morning).toMatchObject({ deliveredL: 2_400, deliveryCount: 1, salesL: 8_960 - 9_000 + 2_400 });
  });

  it('a shift without a start reading has unknown sales and says the start is missing', () => {
    const readings = [at(S + 16 * MIN, 10_000), at(E, 9_000)];
    expect(shiftFigures(window, readings, [])).toMatchObject({ start: null, salesL: null, missingStart: true, missingEnd: false });
  });

  it('a shift without readings misses both', () => {
    expect(shiftFigures(window, [], [])).toMatchObject({ salesL: null, missingStart: true, missingEnd: true, deliveredL: 0, deliveryCount: 0 });
  });

  it('adds tank figures up: known sales summed, unknown ones counted and left out', () => {
    expect(
      sumSales([
        { salesL: 1_000.25, deliveredL: 0 },
        { salesL: null, deliveredL: 500 },
        { salesL: 2_000.5, deliveredL: 5_000 },
      ]),
    ).toEqual({ salesL: 3_000.75, deliveredL: 5_500, unknownCount: 1 });
    expect(sumSales([{ salesL: null, deliveredL: 0 }])).toEqual({ salesL: null, deliveredL: 0, unknownCount: 1 });
    expect(sumSales([])).toEqual({ salesL: null, deliveredL: 0, unknownCount: 0 });
  });
});

describe('days of a shift query (at most 31 station days, the first not after the last)', () => {
  it.each([
    ['one day', '2026-11-23', '2026-11-23', []],
    ['31 days', '2026-11-01', '2026-12-01', []],
    ['32 days', '2026-11-01', '2026-12-02', [{ field: 'toDay', rule: 'maxDays' }]],
    ['backwards', '2026-11-23', '2026-11-22', [{ field: 'fromDay', rule: 'beforeEnd' }]],
    ['not days', '2026-02-30', 'tomorrow', [{ field: 'fromDay', rule: 'invalid' }, { field: 'toDay', rule: 'invalid' }]],
  ])('%s', (_, from, to, problems) => {
    expect(dayRangeProblems(from, to)).toEqual(problems);
  });
});
