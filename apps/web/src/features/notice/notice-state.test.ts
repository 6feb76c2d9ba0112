import { describe, expect, it } from 'vitest';
import type { NoticeRow } from '@ullage/contracts/notice';
import { codesOfType } from '@ullage/domain/notice-settings';
import { applyCheckAll, buildEditPayload, checkAllState, entriesOfType, formFromRows, mailFrequencyInvalid, setChannel } from './notice-state';

const LEVEL = codesOfType(1);
const LEAK = codesOfType(2);

function rows(byEmail: 0 | 1, byAlert: 0 | 1, mailSendFrq = 30, byPush: 0 | 1 = byAlert): NoticeRow[] {
  return [
    ...LEVEL.map((remark) => ({ type: 1 as const, remark, byEmail, byAlert, byPush, mailSendFrq })),
    ...LEAK.map((remark) => ({ type: 2 as const, remark, byEmail, byAlert, byPush, mailSendFrq })),
  ];
}

describe('formFromRows', () => {
  it('keeps every code of both types and the saved frequency', () => {
    const form = formFromRows(rows(1, 0, 45), true);
    // Spec §3's 30 level codes, the leak test's 60 (issue 22), wetstock variance 61 and run-out forecast 62 (issue 23).
    expect(entriesOfType(form.entries, 1)).toHaveLength(33);
    expect(entriesOfType(form.entries, 2)).toHaveLength(11);
    expect(form.mailSendFrq).toBe('45');
    expect(form.entries.every((e) => e.byEmail === 1 && e.byAlert === 0)).toBe(true);
  });

  it('defaults to 30 minutes and alert-only when nothing came back', () => {
    const form = formFromRows([], true);
    expect(form.mailSendFrq).toBe('30');
    expect(form.entries).toHaveLength(44);
    expect(form.entries.every((e) => e.byEmail === 0 && e.byAlert === 1)).toBe(true);
  });

  it('switches e-mail off when the user has no mail address', () => {
    const form = formFromRows(rows(1, 1), false);
    expect(form.entries.every((e) => e.byEmail === 0 && e.byAlert === 1)).toBe(true);
  });
});

describe('check-all state', () => {
  it('is checked when all are on, unchecked when none, indeterminate when some', () => {
    const all = formFromRows(rows(1, 1), true).entries;
    expect(checkAllState(all, 1, 'byEmail', true)).toEqual({ checked: true, indeterminate: false, disabled: false });
    const none = formFromRows(rows(0, 0), true).entries;
    expect(checkAllState(none, 2, 'byAlert', true)).toEqual({ checked: false, indeterminate: false, disabled: false });
    const some = setChannel(none, 1, LEVEL[0]!, 'byAlert', true, true);
    expect(checkAllState(some, 1, 'byAlert', true)).toEqual({ checked: false, indeterminate: true, disabled: false });
    // The other type is not touched.
    expect(checkAllState(some, 2, 'byAlert', true).indeterminate).toBe(false);
  });

  it('the section box counts both columns', () => {
    const alertOnly = formFromRows(rows(0, 1), true).entries;
    expect(checkAllState(alertOnly, 1, 'both', true)).toEqual({ checked: false, indeterminate: true, disabled: false });
    expect(checkAllState(formFromRows(rows(1, 1), true).entries, 1, 'both', true).checked).toBe(true);
  });

  it('without a mail address, the e-mail column is disabled and the section box looks at the alert only', () => {
    const alertOnly = formFromRows(rows(0, 1), false).entries;
    expect(checkAllState(alertOnly, 1, 'byEmail', false)).toEqual({ checked: false, indeterminate: false, disabled: true });
    expect(checkAllState(alertOnly, 1, 'both', false)).toEqual({ checked: true, indeterminate: false, disabled: false });
  });
});

describe('applyCheckAll', () => {
  it('switches one column of one type', () => {
    const none = formFromRows(rows(0, 0), true).entries;
    const next = applyCheckAll(none, 2, 'byEmail', true, true);
    expect(entriesOfType(next, 2).every((e) => e.byEmail === 1 && e.byAlert === 0)).toBe(true);
    expect(entriesOfType(next, 1).every((e) => e.byEmail === 0)).toBe(true);
    expect(applyCheckAll(next, 2, 'byEmail', false, true).every((e) => e.byEmail === 0)).toBe(true);
  });

  it('the section box switches every channel, or all but e-mail without a mail address', () => {
    const none = formFromRows(rows(0, 0), true).entries;
    expect(entriesOfType(applyCheckAll(none, 1, 'both', true, true), 1).every((e) => e.byEmail === 1 && e.byAlert === 1 && e.byPush === 1)).toBe(true);
    const noMail = applyCheckAll(none, 1, 'both', true, false);
    expect(entriesOfType(noMail, 1).every((e) => e.byEmail === 0 && e.byAlert === 1 && e.byPush === 1)).toBe(true);
    // The push column alone.
    expect(entriesOfType(applyCheckAll(none, 2, 'byPush', true, false), 2).every((e) => e.byPush === 1 && e.byAlert === 0)).toBe(true);
    expect(applyCheckAll(none, 1, 'byEmail', true, false)).toEqual(none);
  });

  it('a single e-mail box cannot be switched on without a mail address', () => {
    const none = formFromRows(rows(0, 0), false).entries;
    expect(setChannel(none, 1, LEVEL[0]!, 'byEmail', true, false)).toEqual(none);
    expect(setChannel(none, 1, LEVEL[0]!, 'byAlert', true, false).find((e) => e.type === 1 && e.remark === LEVEL[0])?.byAlert).toBe(1);
  });
});

describe('mail frequency', () => {
  it.each(['1', '30', '999', '1440'])('%s is valid', (text) => expect(mailFrequencyInvalid(text)).toBe(false));
  it.each(['', '0', '01', '1441', '9999', '-5', '1.5', 'abc', '12345'])('%s is refused', (text) => expect(mailFrequencyInvalid(text)).toBe(true));
});

describe('buildEditPayload', () => {
  it('sends both types with every code and the frequency as text', () => {
    const form = formFromRows(rows(1, 0), true);
    const payload = buildEditPayload(7, { ...form, mailSendFrq: ' 60 ' }, true);
    expect(payload.userId).toBe(7);
    expect(payload.mailSendFrq).toBe('60');
    expect(payload.typeReferList.map((g) => g.type)).toEqual([1, 2]);
    expect(payload.typeReferList[0]!.referList.map((e) => e.remark)).toEqual(LEVEL);
    expect(payload.typeReferList[1]!.referList.map((e) => e.remark)).toEqual(LEAK);
    expect(payload.typeReferList[0]!.referList[0]).toEqual({ remark: LEVEL[0], byEmail: 1, byAlert: 0, byPush: 0 });
  });

  it('sends the push column beside the spec’s two', () => {
    const form = formFromRows(rows(0, 1, 30, 0), true);
    const pushed = setChannel(form.entries, 2, LEAK[0]!, 'byPush', true, true);
    const payload = buildEditPayload(7, { ...form, entries: pushed }, true);
    expect(payload.typeReferList[1]!.referList[0]).toEqual({ remark: LEAK[0], byEmail: 0, byAlert: 1, byPush: 1 });
    expect(payload.typeReferList[1]!.referList[1]).toMatchObject({ byPush: 0 });
  });

  it('never asks for e-mail without a mail address', () => {
    const form = formFromRows(rows(1, 1), true);
    const payload = buildEditPayload(7, form, false);
    expect(payload.typeReferList.flatMap((g) => g.referList).every((e) => e.byEmail === 0 && e.byAlert === 1)).toBe(true);
  });
});
