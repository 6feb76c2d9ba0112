import { describe, expect, it } from 'vitest';
import { decidingFigure, leakWindow } from './leak-row-display';

describe('leak-test row display', () => {
  it('shows the window on the station’s clock, to the minute', () => {
    const row = { periodStart: '2026-10-24T06:00:00.000Z', periodEnd: '2026-11-23T06:00:00.000Z', timezone: 'America/Denver' };
    expect(leakWindow(row)).toEqual({ from: '2026-10-24 00:00', to: '2026-11-22 23:00' });
    expect(leakWindow({ ...row, timezone: 'Asia/Riyadh' })).toEqual({ from: '2026-10-24 09:00', to: '2026-11-23 09:00' });
    expect(leakWindow({ ...row, periodEnd: 'not a time' })).toBeNull();
  });

  it('marks the figure the result rests on', () => {
    expect(decidingFigure({ result: 'pass', reason: 'under_threshold' })).toBe('leakRate');
    expect(decidingFigure({ result: 'fail', reason: 'at_or_over_threshold' })).toBe('leakRate');
    expect(decidingFigure({ result: 'inconclusive', reason: 'too_little_quiet_time' })).toBe('quietHours');
    expect(decidingFigure({ result: 'inconclusive', reason: 'too_noisy' })).toBe('mdl');
  });
});
