import { describe, expect, it } from 'vitest';
import { clockSkew, isOffline, stationStatus } from './station-status';

const now = new Date('2026-11-22T12:00:00Z');
const ago = (minutes: number, seconds = 0) => new Date(now.getTime() - minutes * 60_000 - seconds * 1000);

describe('online / offline / in alarm (spec §4; offline after 15 minutes without data)', () => {
  it.each([
    ['never reported', null, true],
    ['just now', ago(0), false],
    ['exactly 15 minutes ago', ago(15), false],
    ['15 minutes and 1 second ago', ago(15, 1), true],
    ['an hour ago', ago(60), true],
  ])('%s → offline %s', (_name, lastSeen, offline) => {
    expect(isOffline(lastSeen, now)).toBe(offline);
  });

  it('an online station with an active alarm is in alarm; an offline one is offline', () => {
    expect(stationStatus(ago(1), 0, now)).toBe('online');
    expect(stationStatus(ago(1), 2, now)).toBe('alarm');
    expect(stationStatus(ago(20), 2, now)).toBe('offline');
  });
});

describe('device clock', () => {
  it.each([
    [0, 0, false],
    [299, 299, false],
    [-300, -300, false],
    [301, 301, true],
    [-3600, -3600, true],
  ])('%s s off → skew %s, flagged %s', (offset, skew, flagged) => {
    expect(clockSkew(new Date(now.getTime() + offset * 1000), now)).toEqual({ skewSeconds: skew, flagged });
  });
});
