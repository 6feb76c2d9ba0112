import { LEAK_ALARM_CODES, LEVEL_ALARM_CODES } from './alarm-codes';

/**
 * Per-user alarm notification settings (spec §3, §4, §5): for each alarm code of each type
 * (1 level, 2 leak) whether to send an e-mail, whether to show an in-app alert and whether to
 * send a Web Push notification to the user's subscribed devices (issue 38), and how often
 * e-mails go out.
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
  /** Web Push to the user's devices (issue 38; not in the spec, an addition beside its two channels). */
  byPush: 0 | 1;
}

/**
 * An entry as stored: settings saved before push existed (or by a client that knows only the
 * spec's two channels) have no byPush.
 */
export type SavedNoticeEntry = Omit<NoticeEntry, 'byPush'> & { byPush?: 0 | 1 };

/** Spec §5: a positive integer without a leading zero, at most 1440, at most 4 characters. */
export function isValidMailFrequency(value: string | number): boolean {
  const text = String(value);
  return /^[1-9]\d{0,3}$/.test(text) && Number(text) <= MAIL_FREQUENCY_MAX;
}

export function codesOfType(type: 1 | 2): number[] {
  return Object.keys(type === 1 ? LEVEL_ALARM_CODES : LEAK_ALARM_CODES).map(Number);
}

/**
 * A user who never saved settings is alerted in the app and pushed for every alarm, e-mailed
 * for none. Push is on by default because it reaches only devices the user subscribed
 * themselves ("Notify this device"): one who asks for notifications expects to get them.
 */
export function defaultNoticeEntries(): NoticeEntry[] {
  return ([1, 2] as const).flatMap((type) => codesOfType(type).map((remark) => ({ type, remark, byEmail: 0 as const, byAlert: 1 as const, byPush: 1 as const })));
}

/**
 * Saved entries over the defaults: codes not saved keep their default. A saved entry without
 * byPush follows its in-app alert: an alarm the user chose not to be alerted of in the app
 * does not wake their phone either.
 */
export function effectiveNoticeEntries(saved: readonly SavedNoticeEntry[]): NoticeEntry[] {
  const byKey = new Map(saved.map((e) => [`${e.type}:${e.remark}`, e]));
  return defaultNoticeEntries().map((d) => {
    const e = byKey.get(`${d.type}:${d.remark}`);
    return e ? { type: e.type, remark: e.remark, byEmail: e.byEmail, byAlert: e.byAlert, byPush: e.byPush ?? e.byAlert } : d;
  });
}

/** The alarms a user wants pushed, as `type:code` (1 level, 2 leak). */
export function pushCodes(saved: readonly SavedNoticeEntry[]): Set<string> {
  return new Set(effectiveNoticeEntries(saved).filter((e) => e.byPush === 1).map((e) => `${e.type}:${e.remark}`));
}
