import { describe, expect, it } from 'vitest';
import { atgPollSecondsProblem, atgSecurityCodeProblem, coordinateProblem, isHexColour, passwordProblem, timeZones, usernameProblem } from './field-rules';

describe('station and account field rules', () => {
  it('checks coordinates: in range, five decimals at most, empty allowed', () => {
    expect(coordinateProblem('116.40739', 'longitude')).toBeNull();
    expect(coordinateProblem(' -33.5 ', 'latitude')).toBeNull();
    expect(coordinateProblem('', 'latitude')).toBeNull();
    expect(coordinateProblem('116.407391', 'longitude')).toBe('settingsMore.station.longitudeInvalid');
    expect(coordinateProblem('91', 'latitude')).toBe('settingsMore.station.latitudeInvalid');
    expect(coordinateProblem('abc', 'longitude')).toBe('settingsMore.station.longitudeInvalid');
  });

  it('takes a console poll interval of 10 to 3600 whole seconds, or none', () => {
    expect([null, undefined, 10, 60, 3600].map(atgPollSecondsProblem)).toEqual([null, null, null, null, null]);
    expect([9, 3601, 30.5].map(atgPollSecondsProblem)).toEqual(Array(3).fill('settingsMore.atg.pollSecondsInvalid'));
  });

  it('takes a console security code of exactly 6 letters or digits, or none', () => {
    expect(['', '  ', null, 'AB12cd', ' 000000 '].map(atgSecurityCodeProblem)).toEqual([null, null, null, null, null]);
    expect(['AB123', 'AB12345', 'AB-123', 'AB 123', 'ÁB1234'].map(atgSecurityCodeProblem)).toEqual(Array(5).fill('settingsMore.atg.securityCodeInvalid'));
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
