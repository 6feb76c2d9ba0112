import type { NoticeEdit, NoticeRow } from '@ullage/contracts/notice';
import { codesOfType, effectiveNoticeEntries, isValidMailFrequency, MAIL_FREQUENCY_DEFAULT, type NoticeEntry } from '@ullage/domain/notice-settings';

/**
 * The pure state of the alarm-notice dialog (spec §3, §4, §5): one entry per alarm code and
 * type, the channels chosen for each, and the mail reminder frequency as typed.
 */
export type NoticeType = 1 | 2;
export type Channel = 'byEmail' | 'byAlert' | 'byPush';
/** A check-all box of one column, or of every column of a section ('both': the name from when there were two). */
export type CheckAllTarget = Channel | 'both';

export interface CheckAllState {
  checked: boolean;
  indeterminate: boolean;
  disabled: boolean;
}

export interface NoticeForm {
  mailSendFrq: string;
  entries: NoticeEntry[];
}

/** The form as the server answered it: every code in order, e-mail off when the user has no mail address. */
export function formFromRows(rows: readonly NoticeRow[], hasMail: boolean): NoticeForm {
  const saved: NoticeEntry[] = rows.map(({ type, remark, byEmail, byAlert, byPush }) => ({ type, remark, byEmail, byAlert, byPush }));
  const entries = effectiveNoticeEntries(saved).map((e) => (hasMail ? e : { ...e, byEmail: 0 as const }));
  const frequency = rows[0]?.mailSendFrq;
  return { mailSendFrq: String(typeof frequency === 'number' && frequency > 0 ? frequency : MAIL_FREQUENCY_DEFAULT), entries };
}

export function entriesOfType(entries: readonly NoticeEntry[], type: NoticeType): NoticeEntry[] {
  return entries.filter((e) => e.type === type);
}

/** The channels a check-all box governs: without a mail address, e-mail is left out. */
function channelsOf(target: CheckAllTarget, hasMail: boolean): Channel[] {
  const channels: Channel[] = target === 'both' ? ['byEmail', 'byAlert', 'byPush'] : [target];
  return channels.filter((c) => c !== 'byEmail' || hasMail);
}

/** One box of one code. E-mail cannot be switched on without a mail address. */
export function setChannel(entries: readonly NoticeEntry[], type: NoticeType, remark: number, channel: Channel, on: boolean, hasMail: boolean): NoticeEntry[] {
  if (channel === 'byEmail' && !hasMail && on) return [...entries];
  return entries.map((e) => (e.type === type && e.remark === remark ? { ...e, [channel]: on ? 1 : 0 } : e));
}

/** Checked when all governed boxes are on, indeterminate when some are, disabled when it governs none. */
export function checkAllState(entries: readonly NoticeEntry[], type: NoticeType, target: CheckAllTarget, hasMail: boolean): CheckAllState {
  const channels = channelsOf(target, hasMail);
  const rows = entriesOfType(entries, type);
  const boxes = rows.flatMap((e) => channels.map((c) => e[c]));
  if (boxes.length === 0) return { checked: false, indeterminate: false, disabled: true };
  const on = boxes.filter((v) => v === 1).length;
  return { checked: on === boxes.length, indeterminate: on > 0 && on < boxes.length, disabled: false };
}

/** Switches every governed box of a type on or off; without a mail address, all but e-mail. */
export function applyCheckAll(entries: readonly NoticeEntry[], type: NoticeType, target: CheckAllTarget, on: boolean, hasMail: boolean): NoticeEntry[] {
  const channels = channelsOf(target, hasMail);
  const value = on ? 1 : 0;
  return entries.map((e) => {
    if (e.type !== type) return e;
    const next = { ...e };
    for (const c of channels) next[c] = value;
    return next;
  });
}

/** Spec §5: the warning shows when the typed frequency is not a positive integer ≤ 1440. */
export function mailFrequencyInvalid(text: string): boolean {
  return !isValidMailFrequency(text.trim());
}

/** POST /api/userNoticeCfg/edit: both types, every known code and its three channels, e-mail off without a mail address. */
export function buildEditPayload(userId: number, form: NoticeForm, hasMail: boolean): NoticeEdit {
  const flag = (v: number): 0 | 1 => (v === 1 ? 1 : 0);
  return {
    userId,
    mailSendFrq: form.mailSendFrq.trim(),
    typeReferList: ([1, 2] as const).map((type) => {
      const known = new Set(codesOfType(type));
      return {
        type,
        referList: entriesOfType(form.entries, type)
          .filter((e) => known.has(e.remark))
          .map((e) => ({ remark: e.remark, byEmail: hasMail ? flag(e.byEmail) : 0, byAlert: flag(e.byAlert), byPush: flag(e.byPush) })),
      };
    }),
  };
}
