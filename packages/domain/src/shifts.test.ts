import { describe, expect, it } from 'vitest';
import { ALL_DAY_SHIFT, orderedShifts, parseTimeOfDay, shiftProblems, shiftsOfInput, shiftWindows, shiftWindowsBetween, timeOfDay, type Shift } from './shifts';

const HOUR = 3_600_000;
const THREE: Shift[] = [
  { name: 'Morning', startMinute: 6 * 60 },
  { name: 'Afternoon', startMinute: 14 * 60 },
  { name: 'Night', startMinute: 22 * 60 },
];
const iso = (ms: number) => new Date(ms).toISOString();
const spans = (day: string, shifts: Shift[], zone: string) => shiftWindows(day, shifts, zone).map((w) => [w.name, iso(w.startMs), iso(w.endMs), (w.endMs - w.startMs) / HOUR]);

describe('shift windows (issue 6 item 8: a shift runs from its start, a wall time of the station’s zone, to the next shift’s start)', () => {
  it.each([
    // UTC+8, no DST: 06:00 local is 22:00 UTC the day before.
    [
      'Asia/Shanghai',
      '2026-11-23',
      [
        ['Morning', '2026-11-22T22:00:00.000Z', '2026-11-23T06:00:00.000Z', 8],
        ['Afternoon', '2026-11-23T06:00:00.000Z', '2026-11-23T14:00:00.000Z', 8],
        // The night shift crosses midnight and ends at the next day's morning shift.
        ['Night', '2026-11-23T14:00:00.000Z', '2026-11-23T22:00:00.000Z', 8],
      ],
    ],
    // UTC−6 in winter.
    [
      'America/Chicago',
      '2026-11-23',
      [
        ['Morning', '2026-11-23T12:00:00.000Z', '2026-11-23T20:00:00.000Z', 8],
        ['Afternoon', '2026-11-23T20:00:00.000Z', '2026-11-24T04:00:00.000Z', 8],
        ['Night', '2026-11-24T04:00:00.000Z', '2026-11-24T12:00:00.000Z', 8],
      ],
    ],
    // UTC−5 in summer (CDT).
    [
      'America/Chicago',
      '2026-07-01',
      [
        ['Morning', '2026-07-01T11:00:00.000Z', '2026-07-01T19:00:00.000Z', 8],
        ['Afternoon', '2026-07-01T19:00:00.000Z', '2026-07-02T03:00:00.000Z', 8],
        ['Night', '2026-07-02T03:00:00.000Z', '2026-07-02T11:00:00.000Z', 8],
      ],
    ],
  ])('06:00 / 14:00 / 22:00 in %s on %s', (zone, day, expected) => {
    expect(spans(day, THREE, zone)).toEqual(expected);
  });

  it('the night shift belongs to the day it starts on and crosses midnight into the next', () => {
    const [, , night] = shiftWindows('2026-11-23', THREE, 'Asia/Shanghai');
    expect(night).toMatchObject({ day: '2026-11-23', shiftNo: 3, name: 'Night', startMinute: 1320 });
    const nextMorning = shiftWindows('2026-11-24', THREE, 'Asia/Shanghai')[0]!;
    expect(night!.endMs).toBe(nextMorning.startMs);
  });

  it.each([
    // Spring forward 2026-03-08 02:00 → 03:00 MST→MDT: the night of the 7th is an hour shorter.
    ['2026-03-07', 'Night', '2026-03-08T05:00:00.000Z', '2026-03-08T12:00:00.000Z', 7],
    ['2026-03-08', 'Morning', '2026-03-08T12:00:00.000Z', '2026-03-08T20:00:00.000Z', 8],
    // Fall back 2026-11-01 02:00 → 01:00 MDT→MST: the night of 31 October is an hour longer.
    ['2026-10-31', 'Night', '2026-11-01T04:00:00.000Z', '2026-11-01T13:00:00.000Z', 9],
    ['2026-11-01', 'Afternoon', '2026-11-01T21:00:00.000Z', '2026-11-02T05:00:00.000Z', 8],
  ])('a shift across a DST change in America/Denver (%s %s) is an hour shorter or longer', (day, name, start, end, hours) => {
    const w = shiftWindows(day, THREE, 'America/Denver').find((s) => s.name === name)!;
    expect([iso(w.startMs), iso(w.endMs), (w.endMs - w.startMs) / HOUR]).toEqual([start, end, hours]);
  });

  it('a DST day in America/Denver: two 12-hour shifts make 23 hours, and the shifts of consecutive days tile time', () => {
    const halves: Shift[] = [
      { name: 'Day', startMinute: 0 },
      { name: 'Evening', startMinute: 12 * 60 },
    ];
    expect(spans('2026-03-08', halves, 'America/Denver')).toEqual([
      ['Day', '2026-03-08T07:00:00.000Z', '2026-03-08T18:00:00.000Z', 11],
      ['Evening', '2026-03-08T18:00:00.000Z', '2026-03-09T06:00:00.000Z', 12],
    ]);
    const week = shiftWindowsBetween('2026-03-05', '2026-03-11', THREE, 'America/Denver');
    expect(week).toHaveLength(21);
    for (let i = 1; i < week.length; i++) expect(week[i]!.startMs).toBe(week[i - 1]!.endMs);
  });

  it('a shift starting in the hour a spring-forward skips did not happen that day: it lasts nothing', () => {
    const shifts: Shift[] = [
      { name: 'Late', startMinute: 2 * 60 + 30 },
      { name: 'Early', startMinute: 3 * 60 },
    ];
    expect(spans('2026-03-08', shifts, 'America/Denver')).toEqual([
      ['Late', '2026-03-08T09:00:00.000Z', '2026-03-08T09:00:00.000Z', 0],
      ['Early', '2026-03-08T09:00:00.000Z', '2026-03-09T08:30:00.000Z', 23.5],
    ]);
  });

  it('a station without shifts has one, the whole day from 00:00', () => {
    expect(orderedShifts([])).toEqual([ALL_DAY_SHIFT]);
    expect(spans('2026-11-01', [], 'America/Denver')).toEqual([['All day', '2026-11-01T06:00:00.000Z', '2026-11-02T07:00:00.000Z', 25]]);
  });

  it('orders shifts by start whatever order they were given in', () => {
    expect(shiftWindows('2026-11-23', [THREE[2]!, THREE[0]!, THREE[1]!], 'UTC').map((w) => [w.shiftNo, w.name])).toEqual([
      [1, 'Morning'],
      [2, 'Afternoon'],
      [3, 'Night'],
    ]);
  });
});

describe('times of day HH:MM', () => {
  it.each([
    ['00:00', 0],
    ['06:00', 360],
    ['23:59', 1439],
    [' 14:30 ', 870],
    ['6:00', null],
    ['24:00', null],
    ['12:60', null],
    ['0600', null],
    ['noon', null],
    ['', null],
  ])('%j → %j', (text, minute) => {
    expect(parseTimeOfDay(text)).toBe(minute);
  });

  it('writes minutes back as HH:MM', () => {
    expect([0, 5, 360, 1439].map(timeOfDay)).toEqual(['00:00', '00:05', '06:00', '23:59']);
  });
});

describe('shift configuration rules (issue 6 item 8: 1..6 shifts, names 1..30 characters unique, start times HH:MM distinct)', () => {
  const valid = [
    { name: 'Morning', start: '06:00' },
    { name: 'Afternoon', start: '14:00' },
  ];
  it.each([
    ['two valid shifts', valid, []],
    ['six shifts', Array.from({ length: 6 }, (_, i) => ({ name: `S${i + 1}`, start: timeOfDay(i * 240) })), []],
    ['no shift', [], [{ field: 'shifts', rule: 'shiftCount', params: { min: 1, max: 6 } }]],
    ['seven shifts', Array.from({ length: 7 }, (_, i) => ({ name: `S${i + 1}`, start: timeOfDay(i * 200) })), [{ field: 'shifts', rule: 'shiftCount', params: { min: 1, max: 6 } }]],
    ['a repeated start', [...valid, { name: 'Night', start: '06:00' }], [{ field: 'shifts.2.start', rule: 'duplicate' }]],
    ['a start that is not HH:MM', [{ name: 'Morning', start: '6:00' }], [{ field: 'shifts.0.start', rule: 'timeOfDay' }]],
    ['24:00', [{ name: 'Morning', start: '24:00' }], [{ field: 'shifts.0.start', rule: 'timeOfDay' }]],
    ['an empty name', [{ name: '', start: '06:00' }], [{ field: 'shifts.0.name', rule: 'required' }]],
    ['a blank name', [{ name: '   ', start: '06:00' }], [{ field: 'shifts.0.name', rule: 'required' }]],
    ['a name of 31 characters', [{ name: 'x'.repeat(31), start: '06:00' }], [{ field: 'shifts.0.name', rule: 'tooLong', params: { max: 30 } }]],
    ['a name of 30 characters', [{ name: 'x'.repeat(30), start: '06:00' }], []],
    ['a name repeated in other letter case', [...valid, { name: 'MORNING ', start: '22:00' }], [{ field: 'shifts.2.name', rule: 'duplicate' }]],
  ])('%s', (_, input, problems) => {
    expect(shiftProblems(input)).toEqual(problems);
  });

  it('stores valid input trimmed and ordered by start', () => {
    expect(shiftsOfInput([{ name: ' Night ', start: '22:00' }, { name: 'Morning', start: '06:00' }])).toEqual([
      { name: 'Morning', startMinute: 360 },
      { name: 'Night', startMinute: 1320 },
    ]);
  });
});
