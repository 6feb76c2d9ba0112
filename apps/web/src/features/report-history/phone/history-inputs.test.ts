import { describe, expect, it } from 'vitest';
import { checkHistoryForm } from '../history-form-state';
import { isoOfLocalInput, lastDays, localInputOf } from './history-inputs';

describe('history range fields on a phone (spec §5: at most 11 days, start before end)', () => {
  it('reads back what it shows, to the minute, in the phone’s zone', () => {
    const iso = new Date(2026, 4, 3, 8, 5).toISOString();
    expect(localInputOf(iso)).toBe('2026-05-03T08:05');
    expect(isoOfLocalInput('2026-05-03T08:05')).toBe(iso);
    expect(isoOfLocalInput('')).toBeUndefined();
    expect(localInputOf(undefined)).toBe('');
  });

  it('the longest quick range is allowed, a day more is refused with the spec’s sentence', () => {
    const now = Date.parse('2026-05-14T10:00:30Z');
    const eleven = lastDays(11, now);
    expect(eleven).toEqual({ from: '2026-05-03T10:01:00.000Z', to: '2026-05-14T10:01:00.000Z' });
    expect(checkHistoryForm({ stationId: 1, tankId: 2, ...eleven }).ask).not.toBeNull();
    const twelve = lastDays(12, now);
    expect(checkHistoryForm({ stationId: 1, tankId: 2, ...twelve }).rangeProblem).toBe('query.range.maxElevenDays');
  });
});
