import { describe, expect, it } from 'vitest';
import { afterMailFailure, isDigestDue, mailCodes, mailRetryDelayMs, MAIL_GIVE_UP_MS } from './mail-digest';

const t0 = new Date('2026-11-23T08:00:00Z');
const plus = (minutes: number) => new Date(t0.getTime() + minutes * 60_000);

describe('digest timing (spec §5 mail reminder frequency, minutes)', () => {
  it.each([
    ['never sent, e-mail turned on 29 min ago, every 30', null, 29, 30, false],
    ['never sent, e-mail turned on 30 min ago, every 30', null, 30, 30, true],
    ['last digest 59 min ago, every 60', 1, 60, 60, false],
    ['last digest 60 min ago, every 60', 1, 61, 60, true],
    ['every minute, a minute after the last', 5, 6, 1, true],
    ['every 1440 (a day), 23 h 59 min after', 0, 1439, 1440, false],
  ])('%s → %s', (_name, lastAtMinutes, nowMinutes, frequency, due) => {
    expect(isDigestDue(t0, lastAtMinutes === null ? null : plus(lastAtMinutes), frequency, plus(nowMinutes))).toBe(due);
  });
});

describe('retries of a mail the server did not take', () => {
  it.each([
    [0, 0],
    [1, 30_000],
    [2, 60_000],
    [3, 120_000],
    [6, 960_000],
    [7, 1_800_000],
    [20, 1_800_000],
  ])('after %i failure(s) wait %i ms', (attempts, ms) => {
    expect(mailRetryDelayMs(attempts)).toBe(ms);
  });

  it('retries until the mail is a day old, then gives up', () => {
    expect(afterMailFailure(t0, 1, plus(1))).toEqual({ state: 'pending', nextAttemptAt: new Date(plus(1).getTime() + 30_000) });
    expect(afterMailFailure(t0, 40, new Date(t0.getTime() + MAIL_GIVE_UP_MS - 1)).state).toBe('pending');
    expect(afterMailFailure(t0, 40, new Date(t0.getTime() + MAIL_GIVE_UP_MS))).toEqual({ state: 'failed' });
  });
});

describe('which codes go by e-mail', () => {
  it('splits the byEmail entries by kind (1 level, 2 leak) and ignores alert-only ones', () => {
    expect(
      mailCodes([
        { type: 1, remark: 10, byEmail: 1, byAlert: 0 },
        { type: 1, remark: 11, byEmail: 0, byAlert: 1 },
        { type: 2, remark: 8, byEmail: 1, byAlert: 1 },
      ]),
    ).toEqual({ level: [10], leak: [8] });
  });
});
