import { describe, expect, it } from 'vitest';
import { dayWindow } from './station-day';
import { BOOK_SETTLE_MS, bookIsFinal, endedDaysOf, latestFinalDay, previousDay } from './tank-day-books';

const SH = 'Asia/Shanghai';
const at = (isoLocal: string) => Date.parse(`${isoLocal}+08:00`);

describe('tank-day books', () => {
  it('a day is final BOOK_SETTLE_MS after it ends, not before', () => {
    const w = dayWindow('2026-10-20', SH);
    expect(bookIsFinal(w, w.endMs + BOOK_SETTLE_MS - 1)).toBe(false);
    expect(bookIsFinal(w, w.endMs + BOOK_SETTLE_MS)).toBe(true);
  });

  it.each([
    ['2026-10-21T00:59:59', '2026-10-19'],
    ['2026-10-21T01:00:00', '2026-10-20'],
    ['2026-10-21T23:00:00', '2026-10-20'],
  ])('at %s Shanghai time the latest final day is %s', (now, day) => {
    expect(latestFinalDay(SH, at(now))).toBe(day);
  });

  it('the day before, across months and years', () => {
    expect([previousDay('2026-03-01'), previousDay('2027-01-01'), previousDay('2028-03-01')]).toEqual(['2026-02-28', '2026-12-31', '2028-02-29']);
  });

  it('names only the ended days readings fall in: none for the running day, not the days between two late readings', () => {
    const now = at('2026-10-25T08:00:00');
    const days = (times: string[]) => endedDaysOf(times.map(at), SH, now).map((w) => w.day);
    expect(days(['2026-10-25T07:55:00', '2026-10-25T07:59:00'])).toEqual([]);
    expect(days(['2026-10-20T10:00:00', '2026-10-20T23:59:59', '2026-10-22T00:00:00', '2026-10-25T07:00:00'])).toEqual(['2026-10-20', '2026-10-22']);
    // The bounds are the station's: 23:59:59 local is still the 20th, 00:00 the 21st.
    expect(endedDaysOf([at('2026-10-21T00:00:00')], SH, now)[0]).toEqual(dayWindow('2026-10-21', SH));
  });
});
