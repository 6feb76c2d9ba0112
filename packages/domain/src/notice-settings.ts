import { LEAK_ALARM_CODES, LEVEL_ALARM_CODES } from './alarm-codes';

/**
 * Per-user alarm notification settings (spec §3, §4, §5): for each alarm code of each type
 * (1 level, 2 leak) whether to send an e-mail and whether to show an in-app alert, and how
 * often e-mails go out.
 */
export const NOTICE_TYPES = { level: 1, leak: 2 } as const;
export const MAIL_FREQUENCY_DEFAULT = 30;
export const MAIL_FREQUENCY_MAX = 1440;

export interface NoticeEntry {
  type: 1 | 2;
  /** The alarm code (spec: remark). */
  remark: number;
  byEmail: 0 | 1;
  byAlert: 0 | 1;
}

/** Spec §5: a positive integer without a leading zero, at most 1440, at most 4 characters. */
export function isValidMailFrequency(value: string | number): boolean {
  const text = String(value);
  return /^[1-9]\d{0,3}$/.test(text) && Number(text) <= MAIL_FREQUENCY_MAX;
}

export function codesOfType(type: 1 | 2): number[] {
  return Object.keys(type === 1 ? LEVEL_ALARM_CODES : LEAK_ALARM_CODES).map(Number);
}

/** A user who never saved settings is alerted in the app for every alarm, e-mailed for none. */
export function defaultNoticeEntries(): NoticeEntry[] {
  return ([1, 2] as const).flatMap((type) => codesOfType(type).map((remark) => ({ type, remark, byEmail: 0 as const, byAlert: 1 as const })));
}

/** Saved entries over the defaults: codes not saved keep their default. */
export function effectiveNoticeEntries(saved: readonly NoticeEntry[]): NoticeEntry[] {
  const byKey = new Map(saved.map((e) => [`${e.type}:${e.remark}`, e]));
  return defaultNoticeEntries().map((d) => byKey.get(`${d.type}:${d.remark}`) ?? d);
}
