import { describe, expect, it } from 'vitest';
import { coordinateProblem, isHexColour, passwordProblem, timeZones, usernameProblem } from './field-rules';

describe('station and account field rules', () => {
  it('checks coordinates: in range, five decimals at most, empty allowed', () => {
    expect(coordinateProblem('116.40739', 'longitude')).toBeNull();
    expect(coordinateProblem(' -33.5 ', 'latitude')).toBeNull();
    expect(coordinateProblem('', 'latitude')).toBeNull();
    expect(coordinateProblem('116.407391', 'longitude')).toBe('settingsMore.station.longitudeInvalid');
    expect(coordinateProblem('91', 'latitude')).toBe('settingsMore.station.latitudeInvalid');
    expect(coordinateProblem('abc', 'longitude')).toBe('settingsMore.station.longitudeInvalid');
  });

  it('wants user names of 5 and passwords of 8 characters', () => {
    expect(usernameProblem('abcd')).toBe('settingsMore.account.usernameShort');
    expect(usernameProblem(' ')).toBe('settingsMore.account.usernameRequired');
    expect(usernameProblem('abcde')).toBeNull();
    expect(passwordProblem('1234567')).toBe('settingsMore.account.passwordShort');
    expect(passwordProblem('')).toBe('settingsMore.account.passwordRequired');
    expect(passwordProblem('12345678')).toBeNull();
  });

  it('accepts #rrggbb colours only', () => {
    expect(isHexColour('#1a2B3c')).toBe(true);
    expect(isHexColour('#fff')).toBe(false);
    expect(isHexColour('#1a2b3c80')).toBe(false);
    expect(isHexColour(null)).toBe(false);
  });

  it('lists time zones with UTC first', () => {
    const zones = timeZones();
    expect(zones[0]).toBe('UTC');
    expect(zones.filter((zone) => zone === 'UTC')).toHaveLength(1);
    expect(zones.length).toBeGreaterThan(3);
  });
});
