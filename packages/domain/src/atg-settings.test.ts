import { describe, expect, it } from 'vitest';
import { ATG_POLL_SECONDS_DEFAULT, atgPollSecondsOf, isValidAtgPollSeconds, isValidAtgSecurityCode } from './atg-settings';

describe('ATG console settings', () => {
  it.each([
    [10, true],
    [60, true],
    [3600, true],
    [9, false],
    [3601, false],
    [30.5, false],
    [Number.NaN, false],
  ])('poll interval %s s: %s', (seconds, valid) => {
    expect(isValidAtgPollSeconds(seconds)).toBe(valid);
  });

  it.each([
    ['A1b2C3', true],
    ['000000', true],
    ['ABCDE', false],
    ['ABCDEFG', false],
    ['AB-123', false],
    ['AB 123', false],
    ['ÁBC123', false],
    ['١٢٣٤٥٦', false],
    ['', false],
  ])('security code %j: %s', (code, valid) => {
    expect(isValidAtgSecurityCode(code)).toBe(valid);
  });

  it('polls every 60 s unless the station says otherwise', () => {
    expect(ATG_POLL_SECONDS_DEFAULT).toBe(60);
    expect(atgPollSecondsOf({ atgPollSeconds: null })).toBe(60);
    expect(atgPollSecondsOf({ atgPollSeconds: 15 })).toBe(15);
  });
});
