import { describe, expect, it } from 'vitest';
import { knownZoneOr, zonedTimeToUtc, zoneOffsetMs } from './zoned-time';

describe('console wall time → instant, in the station’s zone', () => {
  it.each([
    ['UTC+8, no DST', { year: 2026, month: 11, day: 23, hour: 17, minute: 15 }, 'Asia/Shanghai', '2026-11-23T09:15:00.000Z'],
    ['UTC−6 in winter', { year: 2026, month: 1, day: 10, hour: 0, minute: 5 }, 'America/Chicago', '2026-01-10T06:05:00.000Z'],
    ['UTC−5 in summer', { year: 2026, month: 7, day: 10, hour: 0, minute: 5 }, 'America/Chicago', '2026-07-10T05:05:00.000Z'],
    ['the hour DST skips reads with the offset before it', { year: 2026, month: 3, day: 8, hour: 2, minute: 30 }, 'America/Chicago', '2026-03-08T08:30:00.000Z'],
    ['the hour DST repeats gives the earlier instant', { year: 2026, month: 11, day: 1, hour: 1, minute: 30 }, 'America/Chicago', '2026-11-01T06:30:00.000Z'],
    ['just after the repeated hour', { year: 2026, month: 11, day: 1, hour: 2, minute: 0 }, 'America/Chicago', '2026-11-01T08:00:00.000Z'],
    ['a half-hour zone', { year: 2026, month: 6, day: 1, hour: 12, minute: 0 }, 'Asia/Kolkata', '2026-06-01T06:30:00.000Z'],
    ['southern-hemisphere summer', { year: 2026, month: 1, day: 15, hour: 9, minute: 0 }, 'Australia/Sydney', '2026-01-14T22:00:00.000Z'],
  ])('%s', (_name, wall, zone, iso) => {
    expect(zonedTimeToUtc(wall, zone).toISOString()).toBe(iso);
  });
});

describe('knownZoneOr (the viewer zone an export request names)', () => {
  it.each([
    ['Asia/Shanghai', 'Asia/Shanghai'],
    ['America/New_York', 'America/New_York'],
    ['UTC', 'UTC'],
    ['Mars/Olympus', 'UTC'],
    ['', 'UTC'],
    [undefined, 'UTC'],
    ['x'.repeat(65), 'UTC'],
  ])('%s → %s', (name, zone) => {
    expect(knownZoneOr(name)).toBe(zone);
  });
});

describe('zoneOffsetMs, kept by the hour', () => {
  /** What Intl says, asked afresh (the function keeps hours it has seen). */
  const intlOffset = (instant: number, timeZone: string) => {
    const parts = new Intl.DateTimeFormat('en-US', { timeZone, hourCycle: 'h23', year: 'numeric', month: 'numeric', day: 'numeric', hour: 'numeric', minute: 'numeric', second: 'numeric' }).formatToParts(new Date(instant));
    const get = (type: string) => Number(parts.find((p) => p.type === type)?.value);
    return Date.UTC(get('year'), get('month') - 1, get('day'), get('hour'), get('minute'), get('second')) - Math.floor(instant / 1000) * 1000;
  };

  it('answers what Intl does on both sides of each change, also at half-hour zones and with a second before it', () => {
    // A spring-forward and a fall-back night each (Europe at 01:00 UTC, Chicago at 08:00/07:00 UTC),
    // Lord Howe's half-hour change, which in October falls at 15:30 UTC, inside an hour, as
    // Newfoundland's does at 05:30 UTC, and a zone of quarter hours without DST.
    const cases: [string, string][] = [
      ['Europe/Madrid', '2026-03-29T00:00:00Z'],
      ['Europe/Madrid', '2026-10-25T00:00:00Z'],
      ['America/Chicago', '2026-03-08T06:00:00Z'],
      ['America/Chicago', '2026-11-01T05:00:00Z'],
      ['Australia/Lord_Howe', '2026-04-04T14:00:00Z'],
      ['Australia/Lord_Howe', '2026-10-04T13:00:00Z'],
      ['America/St_Johns', '2026-03-08T04:00:00Z'],
      ['Asia/Kathmandu', '2026-06-01T00:00:00Z'],
    ];
    for (const [zone, from] of cases) {
      const start = Date.parse(from);
      // Every 7 minutes and 13 seconds over four hours, and the second before and after each whole hour.
      const instants = [...Array.from({ length: 34 }, (_, i) => start + i * 433_000), ...[1, 2, 3, 4].flatMap((h) => [start + h * 3_600_000 - 1000, start + h * 3_600_000])];
      for (const instant of instants) expect(zoneOffsetMs(instant, zone), `${zone} ${new Date(instant).toISOString()}`).toBe(intlOffset(instant, zone));
      // Asked again (now from the kept hours): the same.
      for (const instant of instants) expect(zoneOffsetMs(instant, zone)).toBe(intlOffset(instant, zone));
    }
  });

  it('changes at the very second the zone does, also inside an hour', () => {
    const change = Date.parse('2026-03-29T01:00:00Z');
    zoneOffsetMs(change - 1800_000, 'Europe/Madrid');
    expect(zoneOffsetMs(change - 1000, 'Europe/Madrid')).toBe(3_600_000);
    expect(zoneOffsetMs(change, 'Europe/Madrid')).toBe(7_200_000);
    // Newfoundland springs forward at 02:00 NST, 05:30 UTC: the hour from 05:00 UTC holds both offsets.
    const midHour = Date.parse('2026-03-08T05:30:00Z');
    zoneOffsetMs(midHour - 1200_000, 'America/St_Johns');
    expect(zoneOffsetMs(midHour - 1000, 'America/St_Johns')).toBe(-12_600_000);
    expect(zoneOffsetMs(midHour, 'America/St_Johns')).toBe(-9_000_000);
  });
});
