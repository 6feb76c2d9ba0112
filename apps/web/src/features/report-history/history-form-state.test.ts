import { describe, expect, it } from 'vitest';
import { checkHistoryForm, initialHistoryForm, withStation } from './history-form-state';

const DAY = 86_400_000;
const from = '2026-11-01T00:00:00.000Z';
const plus = (ms: number) => new Date(Date.parse(from) + ms).toISOString();

describe('history form (spec §5, checked before asking the server)', () => {
  it.each([
    ['a valid question', { stationId: 1, tankId: 2, from, to: plus(DAY) }, null, null],
    ['exactly 11 days', { stationId: 1, tankId: 2, from, to: plus(11 * DAY) }, null, null],
    ['12 days', { stationId: 1, tankId: 2, from, to: plus(12 * DAY) }, null, 'query.range.maxElevenDays'],
    ['start after end', { stationId: 1, tankId: 2, from: plus(DAY), to: from }, null, 'query.range.startBeforeEnd'],
    ['no tank, 12 days', { stationId: 1, tankId: undefined, from, to: plus(12 * DAY) }, 'query.trend.stationAndTankRequired', 'query.range.maxElevenDays'],
    ['no range', { stationId: 1, tankId: 2, from: undefined, to: undefined }, null, 'history.form.rangeRequired'],
  ])('%s', (_name, form, tank, range) => {
    const check = checkHistoryForm(form);
    expect([check.tankProblem, check.rangeProblem]).toEqual([tank, range]);
    expect(check.ask === null).toBe(tank !== null || range !== null);
  });

  it('opens on the last 24 hours, to the next whole minute', () => {
    const form = initialHistoryForm(Date.parse('2026-11-01T10:00:30Z'));
    expect([form.from, form.to]).toEqual(['2026-10-31T10:01:00.000Z', '2026-11-01T10:01:00.000Z']);
  });

  it('a new station drops the tank; the same one keeps it', () => {
    const form = { stationId: 1, tankId: 2, from, to: from };
    expect(withStation(form, 3).tankId).toBeUndefined();
    expect(withStation(form, 1).tankId).toBe(2);
  });
});
