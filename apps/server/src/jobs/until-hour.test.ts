import { describe, expect, it } from 'vitest';
import { untilHourPlus } from './periodic-jobs';

const H = 3_600_000;
const at = (iso: string) => Date.parse(iso);

describe('a job run after each whole hour (untilHourPlus)', () => {
  it('waits to 30 s past the next hour, or past this one while it is still ahead', () => {
    expect(untilHourPlus(at('2026-11-29T10:59:50Z'), 30_000)).toBe(40_000);
    expect(untilHourPlus(at('2026-11-29T11:00:10Z'), 30_000)).toBe(20_000);
    expect(untilHourPlus(at('2026-11-29T11:00:30Z'), 30_000)).toBe(H);
    expect(untilHourPlus(at('2026-11-29T11:00:31Z'), 30_000)).toBe(H - 1_000);
  });
});
