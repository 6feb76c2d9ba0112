import { describe, expect, it } from 'vitest';
import { defaultNoticeEntries, effectiveNoticeEntries, isValidMailFrequency, pushCodes } from './notice-settings';

describe('mail reminder frequency (spec §5)', () => {
  it.each([
    ['30', true],
    [30, true],
    ['1', true],
    ['1440', true],
    ['1441', false],
    ['0', false],
    ['030', false],
    ['-5', false],
    ['1.5', false],
    ['12345', false],
    ['', false],
    ['abc', false],
  ])('%j → %s', (value, valid) => {
    expect(isValidMailFrequency(value)).toBe(valid);
  });
});

describe('notice entries', () => {
  it('by default every level and leak code alerts in the app and e-mails nothing', () => {
    const entries = defaultNoticeEntries();
    // Spec §3's 30 level codes and Ullage's own: leak test (60, issue 22), wetstock variance and run-out forecast (61, 62, issue 23).
    expect(entries.filter((e) => e.type === 1)).toHaveLength(33);
    for (const code of [60, 61, 62]) expect(entries.some((e) => e.type === 1 && e.remark === code)).toBe(true);
    expect(entries.filter((e) => e.type === 2)).toHaveLength(11);
    expect(entries.every((e) => e.byAlert === 1 && e.byEmail === 0 && e.byPush === 1)).toBe(true);
  });

  it('saved entries replace their defaults, the rest stay', () => {
    const effective = effectiveNoticeEntries([{ type: 1, remark: 10, byEmail: 1, byAlert: 0, byPush: 1 }]);
    expect(effective.find((e) => e.type === 1 && e.remark === 10)).toEqual({ type: 1, remark: 10, byEmail: 1, byAlert: 0, byPush: 1 });
    expect(effective.find((e) => e.type === 1 && e.remark === 11)).toEqual({ type: 1, remark: 11, byEmail: 0, byAlert: 1, byPush: 1 });
    expect(effective).toHaveLength(44);
  });

  // Settings saved before push existed, or by a client of the spec's two channels, have no byPush.
  it.each([
    [{ byAlert: 1 as const }, 1],
    [{ byAlert: 0 as const }, 0],
    [{ byAlert: 1 as const, byPush: 0 as const }, 0],
    [{ byAlert: 0 as const, byPush: 1 as const }, 1],
  ])('a saved entry %j is pushed: %i', (channels, pushed) => {
    const saved = [{ type: 2 as const, remark: 8, byEmail: 0 as const, ...channels }];
    expect(effectiveNoticeEntries(saved).find((e) => e.type === 2 && e.remark === 8)?.byPush).toBe(pushed);
    expect(pushCodes(saved).has('2:8')).toBe(pushed === 1);
    // Codes not saved are pushed by default.
    expect(pushCodes(saved).has('2:9')).toBe(true);
  });
});
